from typing import Any, Dict, List, Optional, Union

from ._base import AssayModel, ItemList


class Benchmark(AssayModel):
    """
    A benchmark attached to the project (``dataset`` on the wire): a built-in one
    (``PublicBenchmark``) or the project's own dataset or smart benchmark (``CustomBenchmark``).
    """

    id: str
    key: str
    name: str


class ScoringDefinition(AssayModel):
    prompt_template: str
    answer_extraction: str
    scorer: str
    regex_pattern: Optional[str] = None


class BenchmarkSourceInfo(AssayModel):
    """Where a built-in benchmark's data comes from: its file, the authors' page, its license."""

    url: str
    homepage: str
    license: str
    #: For a gated dataset, which Assay never downloads: where a user gets the file.
    gated: Optional[str] = None


class BenchmarkFigureInfo(AssayModel):
    """A figure a built-in benchmark's runs report besides accuracy."""

    name: str
    description: str


class PublicBenchmark(Benchmark):
    """A built-in benchmark."""

    description: Optional[str] = None
    full_description: Optional[str] = None
    language: Optional[str] = None
    categories: Optional[List[str]] = None
    prompt_count: Optional[int] = None
    deprecated: Optional[bool] = None
    # Assay extensions.
    is_public: Optional[bool] = None
    scoring: Optional[ScoringDefinition] = None
    #: sha256 of the source file once its data is loaded.
    version: Optional[str] = None
    loaded: Optional[bool] = None
    source: Optional[BenchmarkSourceInfo] = None
    #: The figures its runs report besides accuracy (IFEval's, SimpleQA's F-score).
    figures: List[BenchmarkFigureInfo] = []


class CustomBenchmark(Benchmark):
    """A project's own benchmark: an uploaded dataset, or one generated from documents."""

    description: Optional[str] = None
    system_prompt: Optional[str] = None
    regex_pattern: Optional[str] = None
    llm_judge_model_id: Optional[str] = None
    custom_instructions: Optional[str] = None
    scoring_metric: Optional[str] = None
    prompt_count: Optional[int] = None
    version_count: Optional[int] = None
    metrics: Optional[List[str]] = None
    files: Optional[List[str]] = None
    disabled: Optional[bool] = None
    # Assay extensions.
    organization_id: Optional[str] = None
    project_id: Optional[str] = None
    #: ``custom`` or ``smart``.
    kind: Optional[str] = None
    input_type: Optional[str] = None
    #: ``ready``, ``generating`` (smart benchmarks until their job has run) or ``failed``.
    generation_status: Optional[str] = None
    status_description: Optional[str] = None
    created_at: Optional[str] = None
    #: Ids of the scorers grading its runs' results, in order.
    custom_scorers: List[str] = []


class BenchmarksListResponse(ItemList[Benchmark]):
    """
    What ``client.benchmarks.get()`` answers: ``benchmarks``, the project's own first
    (``CustomBenchmark``), then built-in ones (``PublicBenchmark``). It is also a sequence of them.
    """

    benchmarks: List[Benchmark]

    def _items(self) -> List[Benchmark]:
        return self.benchmarks


class BenchmarkPrompt(AssayModel):
    id: str
    #: Text, a JSON object, or chat messages.
    input: Union[str, Dict[str, Any], List[Dict[str, Any]]]
    truth: str
    subset: Optional[str] = None


class BenchmarkPromptsData(AssayModel):
    prompts: List[BenchmarkPrompt]
    #: Prompts matching on all pages.
    count: int


class BenchmarkPromptsResponse(AssayModel):
    """What ``public.benchmarks.get_prompts()`` answers (a status+data envelope, as the original)."""

    status: str
    data: BenchmarkPromptsData


class CreateBenchmarkResponse(AssayModel):
    organization_id: str
    project_id: str
    benchmark_id: str
