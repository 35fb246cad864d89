from typing import List, Optional

from ._base import AssayModel
from .common import DeletedResource, Pagination


class Scorer(AssayModel):
    """
    A grading rubric of the project, judged by ``model_id``. Custom benchmarks created with
    ``custom_scorer_ids`` have every result of their runs graded by each of their scorers.
    """

    name: str
    id: Optional[str] = None
    organization_id: Optional[str] = None
    project_id: Optional[str] = None
    description: Optional[str] = None
    model_id: Optional[str] = None
    model_name: Optional[str] = None
    model_key: Optional[str] = None
    model_company: Optional[str] = None
    #: The rubric the model grades each response by.
    prompt: Optional[str] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None


class ScorersResponse(AssayModel):
    scorers: List[Scorer]
    #: Scorers on this page.
    count: int
    #: Scorers on all pages.
    total_count: int
    pagination: Optional[Pagination] = None


class DeleteScorerResponse(DeletedResource):
    pass
