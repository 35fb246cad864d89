"""BIG-Bench Hard as lm-evaluation-harness 0.4.13 grades its chain-of-thought tasks, the
reference of Assay's `bbh` scorer: the "strict-match" filter of lm_eval/tasks/bbh/cot_zeroshot
(lm-eval's own RegexFilter and take_first, with the pattern read from the task file) and the
template's exact_match (lm-eval's exact_match_hf_evaluate with the template's ignore_case and
regexes_to_ignore).

case: {"response": str, "truth": str}  ->  {"passed": bool, "extracted": str}
"""

import yaml

from lm_eval.api.metrics import exact_match_hf_evaluate
from lm_eval.filters.extraction import RegexFilter
from references.load import package_file

_TASKS = "lm_eval/tasks/bbh/cot_zeroshot/"
with open(package_file(_TASKS + "boolean_expressions.yaml")) as f:
    _task = yaml.load(f, Loader=yaml.BaseLoader)
_strict = next(f for f in _task["filter_list"] if f["name"] == "strict-match")["filter"]
assert [step["function"] for step in _strict] == ["regex", "take_first"]
FILTER = RegexFilter(regex_pattern=_strict[0]["regex_pattern"])

with open(package_file(_TASKS + "_cot_zeroshot_template_yaml")) as f:
    _metric = yaml.safe_load(f)["metric_list"][0]
assert _metric["metric"] == "exact_match"


def score(case: dict) -> dict:
    extracted = list(FILTER.apply([[case["response"]]], [{}]))[0][0]
    result = exact_match_hf_evaluate(
        [extracted],
        [case["truth"]],
        regexes_to_ignore=_metric["regexes_to_ignore"],
        ignore_case=_metric["ignore_case"],
    )
    return {"passed": bool(result["exact_match"] == 1.0), "extracted": extracted}
