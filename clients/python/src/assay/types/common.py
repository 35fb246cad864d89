from typing import Dict, Optional

from ._base import AssayModel


class Interval(AssayModel):
    """A 95% confidence interval."""

    low: float
    high: float


class Pagination(AssayModel):
    """Computed by the SDK from what it asked for and the server's total (wire protocol §6.3, §7.1)."""

    page: int
    page_size: int
    #: ``ceil(total_count / page_size)``; 0 when there is nothing.
    total_pages: int
    total_count: int


class DeletedResource(AssayModel):
    """What deleting a project's resource answers: which one it was."""

    organization_id: str
    project_id: str
    id: str


class UploadURL(AssayModel):
    """Where to PUT a file (``POST …/upload``, ``POST …/traces/upload``)."""

    url: str
    upload_id: Optional[str] = None
    method: Optional[str] = None
    headers: Optional[Dict[str, str]] = None
    expires_at: Optional[str] = None
