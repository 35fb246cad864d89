from typing import Optional

from pydantic import Field

from ._base import AssayModel


class PlanTokens(AssayModel):
    """Estimated tokens over every call; ``description`` says how they were estimated."""

    prompt: int
    #: Reasoning included.
    completion: int
    #: The most the answers may use: calls × the token limit sent.
    completion_max: int
    #: The token limit each call sends.
    max_tokens: int
    completion_per_call: float
    #: ``earlier_run`` (an earlier run's average) or ``typical`` (an assumed answer length).
    completion_basis: str
    description: str = ""


class PlanCost(AssayModel):
    """The estimated cost in US dollars; None when the model has no prices (``description`` says)."""

    usd: Optional[float] = None
    #: If every answer used its whole token limit.
    max_usd: Optional[float] = None
    #: ``catalog`` or ``model`` (a custom model's own prices).
    price_source: Optional[str] = None
    #: USD per token as decimal text.
    cost_per_input_token: Optional[str] = None
    cost_per_output_token: Optional[str] = None
    #: The run's budget as asked.
    max_cost_usd: Optional[float] = None
    description: str = ""


class PlanInterval(AssayModel):
    """
    How wide the run's 95% accuracy interval should be: ``half_width`` on the 0–1 scale, either
    ``expected`` (from an earlier run) or a ``bound``; ``description`` gives the basis in words.
    """

    half_width: float
    kind: str
    #: ``earlier_run`` or ``worst_case`` (accuracy 0.5).
    basis: str
    #: ``wilson`` (one answer per prompt) or ``clustered`` (with repeats).
    method: str
    #: The accuracy assumed.
    accuracy: float
    between_prompt_variance: Optional[float] = None
    within_prompt_variance: Optional[float] = None
    description: str = ""


class EarlierRun(AssayModel):
    """The project's latest successful run of the model on the benchmark, which the plan learned from."""

    id: str
    accuracy: float
    #: Answers it stored.
    answers: int
    repeats: int = 1
    finished_at: Optional[str] = None


class EvaluationPlan(AssayModel):
    """
    Assay extension: what ``evaluations.create()`` with the same arguments would cost and tell,
    before anything runs: its calls (prompts × repeats), tokens, cost and interval width.
    """

    model_id: str
    model_key: str = ""
    benchmark_id: str = Field(..., alias="dataset_id")
    #: Prompts the run asks (after ``limit``).
    prompts: int
    repeats: int
    calls: int
    tokens: PlanTokens
    cost: PlanCost
    ci95: PlanInterval
    earlier_run: Optional[EarlierRun] = None
