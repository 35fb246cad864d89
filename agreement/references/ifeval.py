"""IFEval as lm-evaluation-harness 0.4.13 scores it, the reference of Assay's `ifeval` scorer:
lm_eval/tasks/ifeval/utils.py `process_results` with Google's instruction checkers
(instructions.py, instructions_registry.py, instructions_util.py, vendored by lm-eval from
google-research/instruction_following_eval, Apache-2.0), loaded by file path.

Two settings make the reference deterministic and runnable offline, and are the only changes:
- langdetect is seeded (`DetectorFactory.seed = 0`, as its documentation advises for
  reproducible results); lm-eval leaves it unseeded, so a borderline text may be detected
  differently from one run to the next.
- NLTK reads its punkt_tab English model from the copy llama-index-core ships (NLTK_DATA), since
  lm-eval's import-time `nltk.download("punkt_tab")` cannot reach NLTK's server from here.

case: {"response": str, "prompt": str, "instruction_id_list": [str], "kwargs": [dict]}
  ->  {"passed": prompt-level strict, "loose": prompt-level loose,
       "strict_list": [bool], "loose_list": [bool]}
"""

import os
import sys
import sysconfig
import types

os.environ["NLTK_DATA"] = os.path.join(
    sysconfig.get_paths()["purelib"], "llama_index", "core", "_static", "nltk_cache"
)

import langdetect  # noqa: E402

from references.load import load_module, package_file  # noqa: E402

langdetect.DetectorFactory.seed = 0

# `from lm_eval.tasks.ifeval import x` would run lm_eval/tasks/__init__.py (the task registry and
# its model stack): the package is stood in for, and its three modules loaded by path into it.
_PACKAGE = "lm_eval.tasks.ifeval"
if _PACKAGE not in sys.modules:
    package = types.ModuleType(_PACKAGE)
    package.__path__ = [str(package_file("lm_eval/tasks/ifeval/utils.py").parent)]
    sys.modules[_PACKAGE] = package
for _name in ("instructions_util", "instructions", "instructions_registry", "utils"):
    setattr(
        sys.modules[_PACKAGE],
        _name,
        load_module(f"{_PACKAGE}.{_name}", f"lm_eval/tasks/ifeval/{_name}.py"),
    )
utils = sys.modules[f"{_PACKAGE}.utils"]


def score(case: dict) -> dict:
    doc = {
        "key": case.get("key", 0),
        "prompt": case.get("prompt", ""),
        "instruction_id_list": case["instruction_id_list"],
        "kwargs": case["kwargs"],
    }
    result = utils.process_results(doc, [case["response"]])
    return {
        "passed": bool(result["prompt_level_strict_acc"]),
        "loose": bool(result["prompt_level_loose_acc"]),
        "strict_list": [bool(v) for v in result["inst_level_strict_acc"]],
        "loose_list": [bool(v) for v in result["inst_level_loose_acc"]],
    }
