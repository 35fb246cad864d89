from typing import List, Optional

from ._base import AssayModel


class Project(AssayModel):
    id: str
    name: str


class Organization(AssayModel):
    """The API key's organization; ``projects[0]`` is the key's default project, the one clients use."""

    id: str
    name: str
    owner_id: Optional[str] = None
    projects: Optional[List[Project]] = None
