from typing import Dict, List, Optional

from ._base import AssayModel
from .common import DeletedResource, Pagination
from .evaluations import Evaluation


class EvaluationSpaceModelFilter(AssayModel):
    """Which models a space shows; an empty list constrains nothing."""

    ids: List[str] = []
    #: Catalog companies (``openai``), any case.
    vendors: List[str] = []
    #: Catalog regions (``usa``), any case.
    regions: List[str] = []


class EvaluationSpaceDatasetFilter(AssayModel):
    """Which benchmarks a space shows; an empty list constrains nothing."""

    ids: List[str] = []
    #: Built-in benchmark categories (``math``), any case.
    categories: List[str] = []
    #: Built-in benchmark languages (``English``), any case.
    languages: List[str] = []


class EvaluationSpaceFilters(AssayModel):
    model_filters: Optional[EvaluationSpaceModelFilter] = None
    dataset_filters: Optional[EvaluationSpaceDatasetFilter] = None
    #: Catalog providers serving the model; a custom model's provider is ``custom``.
    providers: List[str] = []


class EvaluationSpace(AssayModel):
    """A leaderboard of the project: filters over its successful evaluations, with computed counts."""

    id: str
    organization_id: Optional[str] = None
    project_id: Optional[str] = None
    name: str
    description: Optional[str] = None
    filters: Optional[EvaluationSpaceFilters] = None
    owner: Optional[str] = None
    #: ``private`` (default), ``tenant`` or ``public``.
    visibility: Optional[str] = None
    is_featured: bool = False
    is_partner: bool = False
    partner_name: Optional[str] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None
    image_path: Optional[str] = None
    weight: int = 0
    slug: Optional[str] = None
    models_count: int = 0
    benchmarks_count: int = 0
    evaluations_count: int = 0


class EvaluationSpacesResponse(AssayModel):
    evaluation_spaces: List[EvaluationSpace]
    #: Spaces on this page.
    count: int
    #: Spaces on all pages.
    total_count: int
    pagination: Optional[Pagination] = None


class EvaluationSpaceEvaluationsResponse(AssayModel):
    """The leaderboard's cells: the latest successful evaluation per model and benchmark."""

    evaluation_space_id: str
    evaluations: List[Evaluation]
    count: int
    #: Per shown evaluation's id, how many successful evaluations of its model on its benchmark
    #: the space matched (1 when it is the only one): a cell may show the newest of several runs.
    runs: Optional[Dict[str, int]] = None


class DeleteEvaluationSpaceResponse(DeletedResource):
    pass
