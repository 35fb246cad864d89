from typing import Any, Dict, List, Optional

from ._base import AssayModel
from .common import Pagination


class Trace(AssayModel):
    """One record of a team's own AI application, from an uploaded JSON or JSONL file."""

    id: str
    organization_id: str
    project_id: str
    created_at: str
    #: The uploaded file's name (also the trace's source).
    filename: str
    #: The record as uploaded.
    data: Dict[str, Any] = {}
    #: Its input flattened to text.
    input: Optional[str] = None
    integration_id: Optional[str] = None
    # Assay extensions.
    #: The recognized shape: input_output, openai_chat, otel_genai, agent_events or json.
    format: Optional[str] = None
    #: The record's position in its file, 1-based.
    position: Optional[int] = None
    #: What the trace says of itself (its own fields and OpenTelemetry attributes), each None when
    #: it does not say: wall time, tokens summed over model calls, cost in USD where the model's
    #: prices are known, the model, service, session and user.
    duration_ms: Optional[float] = None
    input_tokens: Optional[int] = None
    output_tokens: Optional[int] = None
    total_tokens: Optional[int] = None
    cost_usd: Optional[float] = None
    model: Optional[str] = None
    service_name: Optional[str] = None
    session_id: Optional[str] = None
    user_id: Optional[str] = None


class TraceEvaluationSummary(AssayModel):
    judge_id: str
    judge_name: str
    judge_version: int
    created_at: str
    passed: Optional[bool] = None
    #: Assay extension: pending, in_progress, success or failure (a run that errored has no verdict).
    status: Optional[str] = None


class TraceLabel(AssayModel):
    """A person's label: what the judge should have said."""

    passed: bool
    created_by: str
    updated_at: str
    #: The judge whose queue it was given in (on a trace's latest label).
    judge_id: Optional[str] = None


class TraceWithEvaluations(Trace):
    evaluations_count: int = 0
    last_evaluations: List[TraceEvaluationSummary] = []
    #: Assay extension: the latest label a person gave the trace, in any judge's queue.
    latest_label: Optional[TraceLabel] = None


class TracesResponse(AssayModel):
    traces: List[TraceWithEvaluations]
    count: int
    total_count: int
    pagination: Optional[Pagination] = None


class CreateTracesResponse(AssayModel):
    #: One id per record, in file order.
    trace_ids: List[str]


class TraceSourcesResponse(AssayModel):
    sources: List[str]
