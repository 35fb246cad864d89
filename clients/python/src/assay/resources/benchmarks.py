from typing import Any, Dict, List, Literal, Optional, Sequence, Union

import httpx
from pydantic import BaseModel

from .._files import PathLike, inspect_file
from .._flow import Flow, call, twin
from .._operation import Route, query, reading
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.benchmarks import (
    Benchmark,
    BenchmarkPrompt,
    BenchmarkPromptsData,
    BenchmarksListResponse,
    CreateBenchmarkResponse,
    CustomBenchmark,
    PublicBenchmark,
)
from ._prompts import ALL_PROMPTS_PAGE_SIZE, PromptField, SortOrder, is_last_page, prompts_query
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body, with_added, with_removed
from ._uploads import BENCHMARK_UPLOAD, upload

BenchmarkType = Literal["custom", "public"]
AdditionalMetric = Literal["readability", "toxicity", "hallucination"]


class _BenchmarkList(BaseModel):
    datasets: List[Dict[str, Any]]


#: How one benchmark is read: as one of these, told apart by ``_one_benchmark`` (not by pydantic).
_AnyBenchmark: Any = Union[CustomBenchmark, PublicBenchmark]


class _BenchmarkPage(BaseModel):
    """``benchmarks.list``'s payload as read: each a ``CustomBenchmark`` or a ``PublicBenchmark``."""

    datasets: List[Union[CustomBenchmark, PublicBenchmark]]


class _ProjectUpdated(BaseModel):
    """``projects.update``'s whole answer (benchmarks read it bare, §5.4); the methods answer True."""

    status: str
    id: str
    data: Dict[str, Any]


def _one_benchmark(raw: Any, response: httpx.Response) -> Benchmark:
    """A project's own benchmark carries ``organization_id``; built-in ones never do."""
    kind = CustomBenchmark if isinstance(raw, dict) and "organization_id" in raw else PublicBenchmark
    return validate(raw, kind, response)


def _benchmark_page(raw: Any, response: httpx.Response) -> _BenchmarkPage:
    if isinstance(raw, dict) and "datasets" not in raw and "benchmarks" in raw:
        raw = {"datasets": raw["benchmarks"]}
    listed = validate(raw, _BenchmarkList, response)
    return _BenchmarkPage.model_construct(datasets=[_one_benchmark(item, response) for item in listed.datasets])


def _listed(page: _BenchmarkPage) -> BenchmarksListResponse:
    benchmarks: List[Benchmark] = list(page.datasets)
    return BenchmarksListResponse(benchmarks=benchmarks)


_PROJECT = "/organizations/{organization_id}/projects/{project_id}"
_BENCHMARK = _PROJECT + "/benchmarks/{benchmark_id}"
LIST = Route("benchmarks.list", "GET", _PROJECT + "/benchmarks", _BenchmarkPage, Envelope.DATA)
GET = Route[Benchmark]("benchmarks.get", "GET", _BENCHMARK, _AnyBenchmark, Envelope.DATA)
# Benchmarks read the project id at the top level of the answer (§5.4).
ATTACH = Route("projects.update", "PATCH", _PROJECT, _ProjectUpdated, Envelope.BARE)
LIST_PROMPTS = Route(
    "benchmarks.listPrompts", "GET", _BENCHMARK + "/prompts", BenchmarkPromptsData, Envelope.STATUS_DATA_OR_BARE
)
CREATE_CUSTOM = Route(
    "benchmarks.createCustom",
    "POST",
    _PROJECT + "/custom-benchmarks",
    CreateBenchmarkResponse,
    Envelope.STATUS_DATA_OR_BARE,
)
CREATE_SMART = Route(
    "benchmarks.createSmart",
    "POST",
    _PROJECT + "/smart-benchmarks",
    CreateBenchmarkResponse,
    Envelope.STATUS_DATA_OR_BARE,
)


def _exact_key(listed: BenchmarksListResponse, key: str) -> Optional[Benchmark]:
    return next((b for b in listed.benchmarks if b.key == key), None)


def _custom_fields(name: str, description: str, filename: str, extra: Dict[str, Any]) -> Dict[str, Any]:
    fields = {"name": name, "description": description, "file": filename}
    fields.update(body(**extra))
    # Lists go out only when non-empty, as the original SDK sends them.
    return {k: v for k, v in fields.items() if not (isinstance(v, list) and not v)}


class _BenchmarkMethods(ResourceMethods):
    """``client.benchmarks``: the benchmarks attached to the project, and its own datasets."""

    @twin
    def get(
        self,
        *,
        type: Optional[BenchmarkType] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        categories: Optional[List[str]] = None,
        languages: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[BenchmarksListResponse]:
        """
        The attached benchmarks, as ``.benchmarks``: the project's own (``CustomBenchmark``) first,
        then built-in ones. The answer is also a sequence of them (``len()``, ``[0]``, ``for``).
        """
        params = query(type=type, name=name, key=key, categories=categories, languages=languages)
        op = reading(LIST.op(self._scope(), params=params, convert=_benchmark_page), _listed)
        return (yield from call(op, timeout))

    @twin
    def get_by_key(self, key: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Optional[Benchmark]]:
        """The attached benchmark whose key is exactly ``key``, or None."""
        return _exact_key((yield from _BenchmarkMethods.get.flow(self, key=key, timeout=timeout)), key)

    @twin
    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Benchmark]:
        """A built-in benchmark or one of the project's own; an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._scope(), benchmark_id=id, convert=_one_benchmark), timeout))

    @twin
    def add(self, *benchmark_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        current = [b.id for b in (yield from _BenchmarkMethods.get.flow(self, timeout=timeout)).benchmarks]
        fields = {"datasets": with_added(current, list(benchmark_ids))}
        yield from call(ATTACH.op(self._scope(), body=fields), timeout)
        return True

    @twin
    def remove(self, *benchmark_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        current = [b.id for b in (yield from _BenchmarkMethods.get.flow(self, timeout=timeout)).benchmarks]
        fields = {"datasets": with_removed(current, list(benchmark_ids))}
        yield from call(ATTACH.op(self._scope(), body=fields), timeout)
        return True

    @twin
    def get_prompts(
        self,
        benchmark_id: str,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        search_field: Optional[PromptField] = None,
        search_value: Optional[str] = None,
        sort_by: Optional[PromptField] = None,
        sort_order: Optional[SortOrder] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[BenchmarkPromptsData]:
        """One page of prompts; ``count`` is the number matching on all pages."""
        params = prompts_query(page, page_size, search_field, search_value, sort_by, sort_order)
        return (yield from call(LIST_PROMPTS.op(self._scope(), benchmark_id=benchmark_id, params=params), timeout))

    @twin
    def get_all_prompts(self, benchmark_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[List[BenchmarkPrompt]]:
        prompts: List[BenchmarkPrompt] = []
        page = 1
        while True:
            answer = yield from _BenchmarkMethods.get_prompts.flow(
                self, benchmark_id, page=page, page_size=ALL_PROMPTS_PAGE_SIZE, timeout=timeout
            )
            prompts.extend(answer.prompts)
            if is_last_page(page, answer.count, len(answer.prompts)):
                return prompts
            page += 1

    @twin
    def create_custom(
        self,
        *,
        name: str,
        description: str,
        file_path: PathLike,
        additional_metrics: Optional[List[AdditionalMetric]] = None,
        custom_scorer_ids: Optional[List[str]] = None,
        input_type: Optional[Literal["messages", "json_payload"]] = None,
        system_prompt: Optional[str] = None,
        regex_pattern: Optional[str] = None,
        scoring_metric: Optional[str] = None,
        llm_judge_model_id: Optional[str] = None,
        custom_instructions: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[CreateBenchmarkResponse]:
        """
        Uploads a dataset (JSONL/JSON rows ``{"input", "truth", "subset"?}``, at most 50 MiB, checked
        before any request) and creates a benchmark from it. A file with bad rows is refused
        (``UnprocessableEntityError``) and nothing is created. The arguments after ``input_type``
        are Assay extensions (how answers are scored).
        """
        file = inspect_file(file_path, "benchmark")
        yield from upload(BENCHMARK_UPLOAD, self._scope(), {"key": name}, file, timeout)
        extra = dict(
            additional_metrics=additional_metrics,
            custom_scorers=custom_scorer_ids,
            input_type=input_type,
            system_prompt=system_prompt,
            regex_pattern=regex_pattern,
            scoring_metric=scoring_metric,
            llm_judge_model_id=llm_judge_model_id,
            custom_instructions=custom_instructions,
        )
        fields = _custom_fields(name, description, file.filename, extra)
        return (yield from call(CREATE_CUSTOM.op(self._scope(), body=fields), timeout))

    @twin
    def create_smart(
        self,
        *,
        name: str,
        description: str,
        system_prompt: str,
        file_paths: Sequence[PathLike],
        metrics: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[CreateBenchmarkResponse]:
        """
        Uploads 1–20 documents one after the other (each checked against the 50 MiB limit before
        the first request) and creates a benchmark generated from them by a background job.
        """
        files = [inspect_file(path, "benchmark") for path in file_paths]
        for file in files:
            yield from upload(BENCHMARK_UPLOAD, self._scope(), {"key": name}, file, timeout)
        fields = _smart_fields(name, description, system_prompt, [f.filename for f in files], metrics)
        return (yield from call(CREATE_SMART.op(self._scope(), body=fields), timeout))


class Benchmarks(SyncAPIResource, _BenchmarkMethods):
    __doc__ = _BenchmarkMethods.__doc__


class AsyncBenchmarks(AsyncAPIResource, _BenchmarkMethods):
    """``client.benchmarks`` of ``AsyncAssay``: the methods of ``Benchmarks``, awaited."""


def _smart_fields(
    name: str, description: str, system_prompt: str, filenames: List[str], metrics: Optional[List[str]]
) -> Dict[str, Any]:
    fields: Dict[str, Any] = {
        "name": name,
        "description": description,
        "system_prompt": system_prompt,
        "files": filenames,
    }
    if metrics:
        fields["metrics"] = metrics
    return fields
