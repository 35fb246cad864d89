from typing import List, Optional, Union

from pydantic import AliasChoices, Field

from ._base import AssayModel, ItemList
from .benchmarks import BenchmarkFigureInfo, BenchmarkSourceInfo, ScoringDefinition
from .common import Interval


class PublicModelDetail(AssayModel):
    """A model of the public catalog."""

    id: str
    key: str
    name: str
    description: Optional[str] = None
    company: Optional[str] = None
    modality: Optional[str] = None
    architecture_type: Optional[str] = None
    license: Optional[str] = None
    region: Optional[str] = None
    created_at: Optional[Union[int, str]] = None
    released_at: Optional[Union[int, str]] = None
    parameters: Optional[float] = None
    context_length: Optional[int] = None
    open_weights: Optional[bool] = None
    deprecated: Optional[bool] = None
    key_takeaways: Optional[List[str]] = None
    #: USD per token as decimal text.
    cost_per_input_token: Optional[str] = None
    cost_per_output_token: Optional[str] = None
    # Assay extensions.
    provider: Optional[str] = None
    runnable: Optional[bool] = None
    #: How the model is asked (its token parameter, temperatures, reasoning): a ``RequestProfileName``.
    request_profile: Optional[str] = None
    size: Optional[str] = None
    categories: Optional[List[str]] = None


class PublicModelsListResponse(ItemList[PublicModelDetail]):
    """One page of the model catalog: ``models``, with facets and counts; also a sequence of the models."""

    models: List[PublicModelDetail]
    categories: List[str] = []
    companies: List[str] = []
    regions: List[str] = []
    licenses: List[str] = []
    sizes: List[str] = []
    #: Models on this page.
    count: int
    #: Matching models on all pages.
    total_count: int

    def _items(self) -> List[PublicModelDetail]:
        return self.models


class PublicBenchmarkDetail(AssayModel):
    """A built-in benchmark of the public catalog."""

    id: str
    key: str
    name: str
    description: Optional[str] = None
    created_at: Optional[Union[int, str]] = None
    prompt_count: Optional[int] = None
    language: Optional[str] = None
    categories: Optional[List[str]] = None
    characteristics: Optional[List[str]] = None
    deprecated: Optional[bool] = None
    is_public: Optional[bool] = None
    # Assay extensions.
    full_description: Optional[str] = None
    scoring: Optional[ScoringDefinition] = None
    version: Optional[str] = None
    loaded: Optional[bool] = None
    source: Optional[BenchmarkSourceInfo] = None
    figures: List[BenchmarkFigureInfo] = []


class PublicBenchmarksListResponse(ItemList[PublicBenchmarkDetail]):
    """
    One page of the benchmark catalog: ``benchmarks`` (``datasets`` on the wire, and as the
    original client named it), with facets and counts; also a sequence of the benchmarks.
    """

    benchmarks: List[PublicBenchmarkDetail] = Field(validation_alias=AliasChoices("datasets", "benchmarks"))
    categories: List[str] = []
    languages: List[str] = []
    count: int
    total_count: int

    @property
    def datasets(self) -> List[PublicBenchmarkDetail]:
        """``benchmarks``, by the name the original client gave it."""
        return self.benchmarks

    def _items(self) -> List[PublicBenchmarkDetail]:
        return self.benchmarks


class ComparisonResult(AssayModel):
    """One prompt answered by both evaluations; evaluation 1 is the reference."""

    prompt: str
    truth: str
    result_id_1: Optional[int] = None
    result_id_2: Optional[int] = None
    result1: Optional[str] = None
    result2: Optional[str] = None
    score1: Optional[float] = None
    score2: Optional[float] = None
    # Assay extensions.
    prompt_id: Optional[str] = None
    subset: Optional[str] = None
    passed1: Optional[bool] = None
    passed2: Optional[bool] = None


class SubsetPairedStats(AssayModel):
    """
    Assay extension: the paired statistics of one subset, with McNemar's p adjusted (Holm) for
    testing every subset together. Subsets are many small tests: read a difference as a lead.
    """

    subset: str
    pairs: int
    both_correct: int
    both_wrong: int
    only_1_correct: int
    only_2_correct: int
    difference: float
    difference_interval: Interval
    p_value: float
    p_value_holm: float


class PairedStats(AssayModel):
    """
    Assay extension: paired statistics over every prompt both evaluations answered. ``difference``
    is accuracy 2 minus accuracy 1 with a 95% interval and ``p_value`` its test, both as ``method``
    says: ``"mcnemar_tango"`` is McNemar's score test with Tango's score interval, which inverts
    it, so ``significant`` (p < 0.05) holds exactly when the interval excludes 0; ``"paired_t"``
    (either run has repeats) is Student's t interval and test on the per-prompt differences of the
    runs' means, significant exactly when the interval excludes 0, with the four counts counting
    prompts by majority vote.
    """

    pairs: int
    both_correct: int
    both_wrong: int
    only_1_correct: int
    only_2_correct: int
    accuracy_1: float
    accuracy_2: float
    difference: float
    difference_interval: Interval
    p_value: float
    significant: bool
    verdict: str
    #: How ``p_value`` and ``difference_interval`` were computed (``"mcnemar_tango"``, ``"paired_t"``).
    method: Optional[str] = None
    #: The same figures per subset.
    subsets: Optional[List[SubsetPairedStats]] = None


class ComparisonResponse(AssayModel):
    results: Optional[List[ComparisonResult]] = None
    #: Rows the outcome filter keeps.
    total_count: int
    correct_count_1: int
    total_results_1: int
    correct_count_2: int
    total_results_2: int
    assay: Optional[PairedStats] = None
