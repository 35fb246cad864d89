"""MATH-style answers as lm-evaluation-harness grades AIME (lm-eval 0.4.13,
lm_eval/tasks/aime/utils.py: the $...$ span, then the last \\boxed{}, then Hendrycks et al.'s
is_equiv), the reference of Assay's `math_equiv` scorer.

case: {"response": str, "truth": str}  ->  {"passed": bool}
"""

from references.load import load_module

aime = load_module("lm_eval_aime_utils", "lm_eval/tasks/aime/utils.py")


def score(case: dict) -> dict:
    result = aime.process_results({"answer": case["truth"]}, [case["response"]])
    return {"passed": result["exact_match"] == 1}
