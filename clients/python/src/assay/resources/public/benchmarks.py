from typing import List, Literal, Optional

from ..._flow import Flow, call, twin
from ..._operation import Route
from ..._response import Envelope
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.benchmarks import BenchmarkPrompt, BenchmarkPromptsResponse
from ...types.public import PublicBenchmarksListResponse
from .._prompts import ALL_PROMPTS_PAGE_SIZE, PromptField, SortOrder, is_last_page, prompts_query
from .._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource
from .models import catalog_params

LIST = Route("public.benchmarks.list", "GET", "/datasets", PublicBenchmarksListResponse, Envelope.BARE)
# The one route whose answer keeps its status+data envelope (wire protocol §12.2).
LIST_PROMPTS = Route(
    "public.benchmarks.listPrompts",
    "GET",
    "/datasets/{benchmark_id}/prompts",
    BenchmarkPromptsResponse,
    Envelope.BARE,
)


class _PublicBenchmarkMethods(ResourceMethods):
    """``public.benchmarks``: the built-in benchmark catalog and its prompts."""

    @twin
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
    ) -> Flow[PublicBenchmarksListResponse]:
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
        return (yield from call(LIST.op(params=params), timeout))

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
    ) -> Flow[BenchmarkPromptsResponse]:
        """One page of a built-in benchmark's prompts (its data is downloaded on first use)."""
        params = prompts_query(page, page_size, search_field, search_value, sort_by, sort_order)
        return (yield from call(LIST_PROMPTS.op(benchmark_id=benchmark_id, params=params), timeout))

    @twin
    def get_all_prompts(self, benchmark_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[List[BenchmarkPrompt]]:
        prompts: List[BenchmarkPrompt] = []
        page = 1
        while True:
            read = _PublicBenchmarkMethods.get_prompts.flow
            answer = (
                yield from read(self, benchmark_id, page=page, page_size=ALL_PROMPTS_PAGE_SIZE, timeout=timeout)
            ).data
            prompts.extend(answer.prompts)
            if is_last_page(page, answer.count, len(answer.prompts)):
                return prompts
            page += 1


class PublicBenchmarksResource(SyncAPIResource, _PublicBenchmarkMethods):
    __doc__ = _PublicBenchmarkMethods.__doc__


class AsyncPublicBenchmarksResource(AsyncAPIResource, _PublicBenchmarkMethods):
    """``public.benchmarks`` of ``AsyncPublicClient``: the methods of ``PublicBenchmarksResource``, awaited."""
