"""MMLU-Pro's answer extraction, the reference of Assay's `mmlu_pro` scorer.

The authors' extraction (TIGER-AI-Lab/MMLU-Pro, commit 7eca4cee303b85033bf371bb9f00fe9278d0e30d,
compute_accuracy.py, Apache-2.0) is not published on PyPI; it is three regular expressions, tried
in turn, restated here from that file: "answer is (X)", then the first line's last "answer: X",
then the last standalone capital A-J (with re.DOTALL). Its first tier is also lm-eval 0.4.13's
`custom-extract` filter for mmlu_pro, read here from that package's own task file, so the test
also reports where the first tier and lm-eval's filter differ (they must not).

case: {"response": str, "truth": str}  ->  {"passed": bool, "letter": str | None, "lm_eval": str | None}
"""

import re

import yaml

from references.load import package_file

# Tier 1, exactly as lm-eval's mmlu_pro task file states it.
with open(package_file("lm_eval/tasks/mmlu_pro/_default_template_yaml")) as f:
    _template = yaml.load(f, Loader=yaml.BaseLoader)
LM_EVAL_PATTERN = _template["filter_list"][0]["filter"][0]["regex_pattern"]


def extract_answer(text: str):
    match = re.search(r"answer is \(?([A-J])\)?", text)
    return match.group(1) if match else extract_again(text)


def extract_again(text: str):
    match = re.search(r".*[aA]nswer:\s*([A-J])", text)
    return match.group(1) if match else extract_final(text)


def extract_final(text: str):
    match = re.search(r"\b[A-J]\b(?!.*\b[A-J]\b)", text, re.DOTALL)
    return match.group(0) if match else None


def score(case: dict) -> dict:
    letter = extract_answer(case["response"])
    lm_eval = re.search(LM_EVAL_PATTERN, case["response"])
    return {
        "passed": letter is not None and letter == case["truth"],
        "letter": letter,
        "lm_eval": lm_eval.group(1) if lm_eval else None,
    }
