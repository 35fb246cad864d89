"""SimpleQA's grading, the reference of Assay's `simpleqa` scorer: inspect-evals 0.28.0's own
simpleqa_scorer (inspect_evals/simpleqa/scorer.py, MIT) with grade_parse="paper", which mirrors
OpenAI simple-evals' parse, and its simpleqa_metric for the aggregate figures.

inspect-evals is installed without its dependencies (no-deps.txt): the framework names its scorer
module imports from inspect_ai are stood in for below by minimal stand-ins (decorators that return
the function, a Score that keeps its value, a grader model that answers the case's scripted
reply). The grader prompt, the parse and the aggregation that run are the package's own code.

case: {"response", "truth", "question", "grader_reply"}  ->  {"passed", "grade", "prompt", "value"}
"""

import asyncio
import sys
import types

_scripted = {"reply": "", "prompt": ""}


def _stand_in(name: str, **attributes) -> None:
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    sys.modules[name] = module


class _Score:
    def __init__(self, value, answer=None, metadata=None, explanation=None):
        self.value = value

    def as_dict(self):
        return self.value


class _Grader:
    async def generate(self, prompt):
        _scripted["prompt"] = prompt
        return types.SimpleNamespace(completion=_scripted["reply"])


_stand_in("inspect_ai")
_stand_in("inspect_ai.model", Model=object, get_model=lambda **_: _Grader())
_stand_in(
    "inspect_ai.scorer",
    CORRECT="C",
    INCORRECT="I",
    NOANSWER="N",
    Metric=object,
    SampleScore=object,
    Score=_Score,
    Scorer=object,
    Target=object,
    Value=object,
    metric=lambda f: f,
    scorer=lambda **_: (lambda f: f),
)
_stand_in("inspect_ai.solver", TaskState=object)
_stand_in("inspect_evals.utils.scorers", schema_tool_graded_scorer=None)

from references.load import load_module  # noqa: E402

load_module("inspect_evals.simpleqa.grader_templates", "inspect_evals/simpleqa/grader_templates.py")
reference = load_module("inspect_evals_simpleqa_scorer", "inspect_evals/simpleqa/scorer.py")
_score = reference.simpleqa_scorer(grade_parse="paper")
_GRADES = {"correct": "CORRECT", "incorrect": "INCORRECT", "not_attempted": "NOT_ATTEMPTED"}


def score(case: dict) -> dict:
    _scripted["reply"] = case["grader_reply"]
    state = types.SimpleNamespace(
        input_text=case["question"], output=types.SimpleNamespace(completion=case["response"])
    )
    result = asyncio.run(_score(state, types.SimpleNamespace(text=case["truth"])))
    grade = next(_GRADES[k] for k, v in result.value.items() if v == 1.0)
    return {
        "passed": grade == "CORRECT",
        "grade": grade,
        "prompt": _scripted["prompt"],
        "value": result.value,
    }


def aggregate(values: list) -> dict:
    """simpleqa_metric over these per-answer values (references/simpleqa_aggregate.py)."""
    scores = [types.SimpleNamespace(score=_Score(v)) for v in values]
    return reference.simpleqa_metric()(scores)
