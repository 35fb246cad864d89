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


class TraceEvaluationSummary(AssayModel):
    judge_id: str
    judge_name: str
    judge_version: int
    created_at: str
    passed: Optional[bool] = None


class TraceWithEvaluations(Trace):
    evaluations_count: int = 0
    last_evaluations: List[TraceEvaluationSummary] = []


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
