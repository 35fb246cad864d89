from typing import Any, Dict, List, Literal, Optional

from ..._flow import Flow, call, twin
from ..._operation import Route, clamp_page_size, query
from ..._response import Envelope
from ..._types import NOT_GIVEN, RequestTimeout
from ...types.public import PublicModelsListResponse
from .._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500

ModelSortBy = Literal[
    "name", "created_at", "released_at", "architecture_type", "context_length", "license", "region", "releasedAt"
]


def catalog_params(
    *, page: Optional[int], page_size: Optional[int], include_deprecated: Optional[bool], **filters: Any
) -> Dict[str, str]:
    """What every catalog page takes (wire protocol §12.1): page and size always, the rest when given."""
    return query(
        **filters,
        page=page if page is not None else 1,
        page_size=clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
        include_deprecated=include_deprecated,
    )


LIST = Route("public.models.list", "GET", "/models", PublicModelsListResponse, Envelope.BARE)


class _PublicModelMethods(ResourceMethods):
    """``public.models``: the model catalog, whichever models a project has attached."""

    @twin
    def get(
        self,
        *,
        query: Optional[str] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        ids: Optional[List[str]] = None,
        categories: Optional[List[str]] = None,
        companies: Optional[List[str]] = None,
        regions: Optional[List[str]] = None,
        licenses: Optional[List[str]] = None,
        sizes: Optional[List[str]] = None,
        sort_by: Optional[ModelSortBy] = None,
        order: Optional[Literal["asc", "desc"]] = None,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        include_deprecated: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[PublicModelsListResponse]:
        """One page (default 100) of matching models, with facets and the total count."""
        params = catalog_params(
            page=page,
            page_size=page_size,
            include_deprecated=include_deprecated,
            query=query,
            name=name,
            key=key,
            ids=ids,
            categories=categories,
            companies=companies,
            regions=regions,
            licenses=licenses,
            sizes=sizes,
            sort_by=sort_by,
            order=order,
        )
        return (yield from call(LIST.op(params=params), timeout))


class PublicModelsResource(SyncAPIResource, _PublicModelMethods):
    __doc__ = _PublicModelMethods.__doc__


class AsyncPublicModelsResource(AsyncAPIResource, _PublicModelMethods):
    """``public.models`` of ``AsyncPublicClient``: the methods of ``PublicModelsResource``, awaited."""
