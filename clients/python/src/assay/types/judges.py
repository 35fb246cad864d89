from typing import List, Optional

from ._base import AssayModel
from .annotations import Agreement
from .common import DeletedResource, Pagination


class JudgeVersion(AssayModel):
    version: int
    name: str
    evaluation_goal: str
    updated_at: str
    updated_by: str
    model_id: Optional[str] = None
    model_name: Optional[str] = None
    model_company: Optional[str] = None


class Judge(AssayModel):
    """A named, versioned LLM judge; every change makes a new version (``versions``, oldest first)."""

    id: str
    organization_id: str
    project_id: str
    name: str
    evaluation_goal: str
    version: int
    created_at: str
    updated_at: str
    model_id: Optional[str] = None
    model_name: Optional[str] = None
    model_company: Optional[str] = None
    run_count: int = 0
    versions: List[JudgeVersion] = []
    # Assay extensions: people's labels and how the judge's verdicts agree with them.
    annotation_count: Optional[int] = None
    agreement: Optional[Agreement] = None


class JudgesResponse(AssayModel):
    judges: List[Judge]
    #: Judges on this page.
    count: int
    #: Judges on all pages.
    total_count: int
    pagination: Optional[Pagination] = None


class CreateJudgeResponse(AssayModel):
    id: str


#: ``judges.update()`` answers the whole updated judge, which carries these three ids.
UpdateJudgeResponse = Judge


class DeleteJudgeResponse(DeletedResource):
    pass
