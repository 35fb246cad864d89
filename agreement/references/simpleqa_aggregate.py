"""SimpleQA's aggregate figures by inspect-evals 0.28.0's simpleqa_metric (see simpleqa.py).

case: {"response": "", "values": [{"correct", "incorrect", "not_attempted"}, ...]}
  ->  {"passed": true, "metrics": {correct, not_attempted, incorrect, attempted,
       correct_given_attempted, f_score}}
"""

from references.simpleqa import aggregate


def score(case: dict) -> dict:
    # JSON from JavaScript writes 1.0 as 1; the metric keeps only float-valued scores.
    values = [{k: float(v) for k, v in value.items()} for value in case["values"]]
    return {"passed": True, "metrics": aggregate(values)}
