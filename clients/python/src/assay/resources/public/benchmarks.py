from typing import Dict, List, Literal, Optional

from ..._operation import Operation, segment
from ..._response import Envelope
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.benchmarks import BenchmarkPrompt, BenchmarkPromptsResponse
from ...types.public import PublicBenchmarksListResponse
from .._prompts import ALL_PROMPTS_PAGE_SIZE, PromptField, SortOrder, is_last_page, prompts_query
from .._resource import AsyncAPIResource, SyncAPIResource
from .models import catalog_params


def _list_op(params: Dict[str, str]) -> Operation[PublicBenchmarksListResponse]:
    return Operation("GET", "/datasets", PublicBenchmarksListResponse, Envelope.BARE, params=params)


def _prompts_op(benchmark_id: str, params: Dict[str, str]) -> Operation[BenchmarkPromptsResponse]:
    # The one route whose answer keeps its status+data envelope (wire protocol §12.2).
    path = "/datasets/{}/prompts".format(segment(benchmark_id))
    return Operation("GET", path, BenchmarkPromptsResponse, Envelope.BARE, params=params)


class PublicBenchmarksResource(SyncAPIResource):
    """``public.benchmarks``: the built-in benchmark catalog and its prompts."""

    def get(
        self,
        *,
        query: Optional[str] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        ids: Optional[List[str]] = None,
        categories: Optional[List[str]] = None,
        languages: Optional[List[str]] = None,
        sort_by: Optional[Literal["name", "prompt_count"]] = None,
        order: Optional[Literal["asc", "desc"]] = None,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        include_deprecated: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> PublicBenchmarksListResponse:
        params = catalog_params(
            page=page,
            page_size=page_size,
            include_deprecated=include_deprecated,
            query=query,
            name=name,
            key=key,
            ids=ids,
            categories=categories,
            languages=languages,
            sort_by=sort_by,
            order=order,
        )
        return self._client._execute(_list_op(params), timeout)

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
    ) -> BenchmarkPromptsResponse:
        """One page of a built-in benchmark's prompts (its data is downloaded on first use)."""
        params = prompts_query(page, page_size, search_field, search_value, sort_by, sort_order)
        return self._client._execute(_prompts_op(benchmark_id, params), timeout)

    def get_all_prompts(self, benchmark_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> List[BenchmarkPrompt]:
        prompts: List[BenchmarkPrompt] = []
        page = 1
        while True:
            answer = self.get_prompts(benchmark_id, page=page, page_size=ALL_PROMPTS_PAGE_SIZE, timeout=timeout).data
            prompts.extend(answer.prompts)
            if is_last_page(page, answer.count, len(answer.prompts)):
                return prompts
            page += 1


class AsyncPublicBenchmarksResource(AsyncAPIResource):
    async def get(
        self,
        *,
        query: Optional[str] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        ids: Optional[List[str]] = None,
        categories: Optional[List[str]] = None,
        languages: Optional[List[str]] = None,
        sort_by: Optional[Literal["name", "prompt_count"]] = None,
        order: Optional[Literal["asc", "desc"]] = None,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        include_deprecated: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> PublicBenchmarksListResponse:
        params = catalog_params(
            page=page,
            page_size=page_size,
            include_deprecated=include_deprecated,
            query=query,
            name=name,
            key=key,
            ids=ids,
            categories=categories,
            languages=languages,
            sort_by=sort_by,
            order=order,
        )
        return await self._client._execute(_list_op(params), timeout)

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
    ) -> BenchmarkPromptsResponse:
        params = prompts_query(page, page_size, search_field, search_value, sort_by, sort_order)
        return await self._client._execute(_prompts_op(benchmark_id, params), timeout)

    async def get_all_prompts(self, benchmark_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> List[BenchmarkPrompt]:
        prompts: List[BenchmarkPrompt] = []
        page = 1
        while True:
            answer = (
                await self.get_prompts(benchmark_id, page=page, page_size=ALL_PROMPTS_PAGE_SIZE, timeout=timeout)
            ).data
            prompts.extend(answer.prompts)
            if is_last_page(page, answer.count, len(answer.prompts)):
                return prompts
            page += 1
