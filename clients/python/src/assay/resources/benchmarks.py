from typing import Any, Dict, List, Literal, Optional, Sequence

import httpx
from pydantic import BaseModel

from .._files import PathLike, inspect_file
from .._operation import Operation, query
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
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource, body, with_added, with_removed
from ._uploads import upload_async, upload_sync

BenchmarkType = Literal["custom", "public"]
AdditionalMetric = Literal["readability", "toxicity", "hallucination"]


class _BenchmarkList(BaseModel):
    datasets: List[Dict[str, Any]]


class _Answer(BaseModel):
    id: str


def _one_benchmark(raw: Any, response: httpx.Response) -> Benchmark:
    """A project's own benchmark carries ``organization_id``; built-in ones never do."""
    kind = CustomBenchmark if isinstance(raw, dict) and "organization_id" in raw else PublicBenchmark
    return validate(raw, kind, response)


def _benchmark_list(raw: Any, response: httpx.Response) -> BenchmarksListResponse:
    if isinstance(raw, dict) and "datasets" not in raw and "benchmarks" in raw:
        raw = {"datasets": raw["benchmarks"]}
    listed = validate(raw, _BenchmarkList, response)
    return BenchmarksListResponse(benchmarks=[_one_benchmark(item, response) for item in listed.datasets])


class _Ops:
    """The operations of ``client.benchmarks``, the same for the sync and async classes."""

    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def list(self, type: Optional[str], filters: Dict[str, Any]) -> Operation[BenchmarksListResponse]:
        path = self.client._project_path("benchmarks")
        params = query(type=type, **filters)
        return Operation("GET", path, BenchmarksListResponse, Envelope.DATA, params=params, convert=_benchmark_list)

    def get(self, id: str) -> Operation[Benchmark]:
        path = self.client._project_path("benchmarks", id)
        return Operation("GET", path, Benchmark, Envelope.DATA, convert=_one_benchmark)

    def attach(self, ids: List[str]) -> Operation[_Answer]:
        # Benchmarks read the project id at the top level of the answer (§5.4).
        return Operation("PATCH", self.client._project_path(), _Answer, Envelope.BARE, body={"datasets": ids})

    def prompts(self, benchmark_id: str, params: Dict[str, str]) -> Operation[BenchmarkPromptsData]:
        path = self.client._project_path("benchmarks", benchmark_id, "prompts")
        return Operation("GET", path, BenchmarkPromptsData, Envelope.STATUS_DATA_OR_BARE, params=params)

    def upload_path(self) -> str:
        return self.client._project_path("upload")

    def create(self, route: str, fields: Dict[str, Any]) -> Operation[CreateBenchmarkResponse]:
        path = self.client._project_path(route)
        return Operation("POST", path, CreateBenchmarkResponse, Envelope.STATUS_DATA_OR_BARE, body=fields)


def _exact_key(listed: BenchmarksListResponse, key: str) -> Optional[Benchmark]:
    return next((b for b in listed.benchmarks if b.key == key), None)


def _custom_fields(name: str, description: str, filename: str, extra: Dict[str, Any]) -> Dict[str, Any]:
    fields = {"name": name, "description": description, "file": filename}
    fields.update(body(**extra))
    # Lists go out only when non-empty, as the original SDK sends them.
    return {k: v for k, v in fields.items() if not (isinstance(v, list) and not v)}


class Benchmarks(SyncAPIResource):
    """``client.benchmarks``: the benchmarks attached to the project, and its own datasets."""

    def get(
        self,
        *,
        type: Optional[BenchmarkType] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        categories: Optional[List[str]] = None,
        languages: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> BenchmarksListResponse:
        """
        The attached benchmarks, as ``.benchmarks``: the project's own (``CustomBenchmark``) first,
        then built-in ones. The answer is also a sequence of them (``len()``, ``[0]``, ``for``).
        """
        filters = dict(name=name, key=key, categories=categories, languages=languages)
        return self._client._execute(_Ops(self._client).list(type, filters), timeout)

    def get_by_key(self, key: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Optional[Benchmark]:
        """The attached benchmark whose key is exactly ``key``, or None."""
        return _exact_key(self.get(key=key, timeout=timeout), key)

    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Benchmark:
        """A built-in benchmark or one of the project's own; an unknown id raises ``NotFoundError``."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

    def add(self, *benchmark_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        current = [b.id for b in self.get(timeout=timeout).benchmarks]
        self._client._execute(_Ops(self._client).attach(with_added(current, list(benchmark_ids))), timeout)
        return True

    def remove(self, *benchmark_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        current = [b.id for b in self.get(timeout=timeout).benchmarks]
        self._client._execute(_Ops(self._client).attach(with_removed(current, list(benchmark_ids))), timeout)
        return True

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
    ) -> BenchmarkPromptsData:
        """One page of prompts; ``count`` is the number matching on all pages."""
        params = prompts_query(page, page_size, search_field, search_value, sort_by, sort_order)
        return self._client._execute(_Ops(self._client).prompts(benchmark_id, params), timeout)

    def get_all_prompts(self, benchmark_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> List[BenchmarkPrompt]:
        prompts: List[BenchmarkPrompt] = []
        page = 1
        while True:
            answer = self.get_prompts(benchmark_id, page=page, page_size=ALL_PROMPTS_PAGE_SIZE, timeout=timeout)
            prompts.extend(answer.prompts)
            if is_last_page(page, answer.count, len(answer.prompts)):
                return prompts
            page += 1

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
    ) -> CreateBenchmarkResponse:
        """
        Uploads a dataset (JSONL/JSON rows ``{"input", "truth", "subset"?}``, at most 50 MiB, checked
        before any request) and creates a benchmark from it. A file with bad rows is refused
        (``UnprocessableEntityError``) and nothing is created. The arguments after ``input_type``
        are Assay extensions (how answers are scored).
        """
        file = inspect_file(file_path, "benchmark")
        ops = _Ops(self._client)
        upload_sync(self._client, ops.upload_path(), _announce(name, file), file, timeout)
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
        return self._client._execute(ops.create("custom-benchmarks", fields), timeout)

    def create_smart(
        self,
        *,
        name: str,
        description: str,
        system_prompt: str,
        file_paths: Sequence[PathLike],
        metrics: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> CreateBenchmarkResponse:
        """
        Uploads 1–20 documents one after the other (each checked against the 50 MiB limit before
        the first request) and creates a benchmark generated from them by a background job.
        """
        files = [inspect_file(path, "benchmark") for path in file_paths]
        ops = _Ops(self._client)
        for file in files:
            upload_sync(self._client, ops.upload_path(), _announce(name, file), file, timeout)
        fields = _smart_fields(name, description, system_prompt, [f.filename for f in files], metrics)
        return self._client._execute(ops.create("smart-benchmarks", fields), timeout)


class AsyncBenchmarks(AsyncAPIResource):
    """``client.benchmarks`` of ``AsyncAssay``: the methods of ``Benchmarks``, awaited."""

    async def get(
        self,
        *,
        type: Optional[BenchmarkType] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        categories: Optional[List[str]] = None,
        languages: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> BenchmarksListResponse:
        filters = dict(name=name, key=key, categories=categories, languages=languages)
        return await self._client._execute(_Ops(self._client).list(type, filters), timeout)

    async def get_by_key(self, key: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Optional[Benchmark]:
        return _exact_key(await self.get(key=key, timeout=timeout), key)

    async def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Benchmark:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def add(self, *benchmark_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        current = [b.id for b in (await self.get(timeout=timeout)).benchmarks]
        await self._client._execute(_Ops(self._client).attach(with_added(current, list(benchmark_ids))), timeout)
        return True

    async def remove(self, *benchmark_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        current = [b.id for b in (await self.get(timeout=timeout)).benchmarks]
        await self._client._execute(_Ops(self._client).attach(with_removed(current, list(benchmark_ids))), timeout)
        return True

    async def get_prompts(
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
    ) -> BenchmarkPromptsData:
        params = prompts_query(page, page_size, search_field, search_value, sort_by, sort_order)
        return await self._client._execute(_Ops(self._client).prompts(benchmark_id, params), timeout)

    async def get_all_prompts(self, benchmark_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> List[BenchmarkPrompt]:
        prompts: List[BenchmarkPrompt] = []
        page = 1
        while True:
            answer = await self.get_prompts(benchmark_id, page=page, page_size=ALL_PROMPTS_PAGE_SIZE, timeout=timeout)
            prompts.extend(answer.prompts)
            if is_last_page(page, answer.count, len(answer.prompts)):
                return prompts
            page += 1

    async def create_custom(
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
    ) -> CreateBenchmarkResponse:
        file = inspect_file(file_path, "benchmark")
        ops = _Ops(self._client)
        await upload_async(self._client, ops.upload_path(), _announce(name, file), file, timeout)
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
        return await self._client._execute(ops.create("custom-benchmarks", fields), timeout)

    async def create_smart(
        self,
        *,
        name: str,
        description: str,
        system_prompt: str,
        file_paths: Sequence[PathLike],
        metrics: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> CreateBenchmarkResponse:
        files = [inspect_file(path, "benchmark") for path in file_paths]
        ops = _Ops(self._client)
        for file in files:
            await upload_async(self._client, ops.upload_path(), _announce(name, file), file, timeout)
        fields = _smart_fields(name, description, system_prompt, [f.filename for f in files], metrics)
        return await self._client._execute(ops.create("smart-benchmarks", fields), timeout)


def _announce(key: str, file: Any) -> Dict[str, Any]:
    return {"key": key, "filename": file.filename, "type": file.content_type, "size": file.size}


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
