from typing import Any, Dict, List, Mapping, Optional, Union

from pydantic import BaseModel

from .._exceptions import APIStatusError
from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.evaluation_spaces import (
    DeleteEvaluationSpaceResponse,
    EvaluationSpace,
    EvaluationSpaceEvaluationsResponse,
    EvaluationSpaceFilters,
    EvaluationSpacesResponse,
)
from ..types.evaluations import Evaluation
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource, body
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500

#: Filters as the model or as a plain mapping (``{"model_filters": {"vendors": ["openai"]}}``).
FiltersInput = Union[EvaluationSpaceFilters, Mapping[str, Any]]


class _SpacePage(BaseModel):
    evaluation_spaces: List[EvaluationSpace]
    count: Optional[int] = None
    total_count: Optional[int] = None


def _filters(filters: Optional[FiltersInput]) -> Optional[Dict[str, Any]]:
    if filters is None:
        return None
    if isinstance(filters, EvaluationSpaceFilters):
        return filters.model_dump(exclude_none=True)
    return dict(filters)


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def path(self, id: Optional[IdRef] = None, *rest: str) -> str:
        if id is None:
            return self.client._project_path("evaluation-spaces")
        return self.client._project_path("evaluation-spaces", id_of(id, "id", EvaluationSpace), *rest)

    def create(self, fields: Dict[str, Any]) -> Operation[EvaluationSpace]:
        return Operation("POST", self.path(), EvaluationSpace, Envelope.STATUS_DATA_OR_BARE, body=fields)

    def get(self, id: IdRef) -> Operation[EvaluationSpace]:
        return Operation("GET", self.path(id), EvaluationSpace, Envelope.STATUS_DATA_OR_BARE)

    def list(
        self, page: Optional[int], page_size: Optional[int], sort_by: Optional[str], order: Optional[str]
    ) -> Operation[EvaluationSpacesResponse]:
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def convert(raw: Any, response: Any) -> EvaluationSpacesResponse:
            answer = validate(raw, _SpacePage, response)
            count = answer.count if answer.count is not None else len(answer.evaluation_spaces)
            total = answer.total_count if answer.total_count is not None else count
            return EvaluationSpacesResponse(
                evaluation_spaces=answer.evaluation_spaces,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size, sort_by=sort_by, order=order)
        return Operation(
            "GET", self.path(), EvaluationSpacesResponse, Envelope.STATUS_DATA_OR_BARE, params=params, convert=convert
        )

    def update(self, id: IdRef, fields: Dict[str, Any]) -> Operation[EvaluationSpace]:
        return Operation("PATCH", self.path(id), EvaluationSpace, Envelope.STATUS_DATA_OR_BARE, body=fields)

    def delete(self, id: IdRef) -> Operation[DeleteEvaluationSpaceResponse]:
        return Operation("DELETE", self.path(id), DeleteEvaluationSpaceResponse, Envelope.STATUS_DATA_OR_BARE)

    def evaluations(self, id: IdRef) -> Operation[EvaluationSpaceEvaluationsResponse]:
        path = self.path(id, "evaluations")
        return Operation("GET", path, EvaluationSpaceEvaluationsResponse, Envelope.STATUS_DATA_OR_BARE)


def _create_fields(
    name: str,
    description: Optional[str],
    visibility: Optional[str],
    filters: Optional[FiltersInput],
    weight: Optional[int],
    is_featured: Optional[bool],
) -> Dict[str, Any]:
    # As the original SDK: an empty description or visibility is not sent.
    return body(
        name=name,
        description=description or None,
        visibility=visibility or None,
        filters=_filters(filters),
        weight=weight,
        is_featured=is_featured,
    )


class EvaluationSpaces(SyncAPIResource):
    """
    ``client.evaluation_spaces``: the project's leaderboards. A space is a set of filters over
    models, benchmarks and providers; its counts and evaluations are computed from the project's
    successful evaluations whenever it is read.
    """

    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> EvaluationSpace:
        """The space with its counts; an unknown id raises ``NotFoundError``."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        sort_by: Optional[str] = None,
        order: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> EvaluationSpacesResponse:
        """
        One page (default 100, at most 500) of the project's spaces, by ``weight`` unless
        ``sort_by`` says ``created_at``, ``updated_at`` or ``name``; ``order`` is ``asc`` or ``desc``.
        """
        return self._client._execute(_Ops(self._client).list(page, page_size, sort_by, order), timeout)

    def create(
        self,
        *,
        name: str,
        description: Optional[str] = None,
        visibility: Optional[str] = None,
        filters: Optional[FiltersInput] = None,
        weight: Optional[int] = None,
        is_featured: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> EvaluationSpace:
        """
        Creates a space (``visibility`` ``private`` unless ``tenant`` or ``public``); ``filters``,
        ``weight`` and ``is_featured`` are Assay extensions. A name already taken in the project
        raises ``ConflictError``.
        """
        fields = _create_fields(name, description, visibility, filters, weight, is_featured)
        return self._client._execute(_Ops(self._client).create(fields), timeout)

    def update(
        self,
        id: IdRef,
        *,
        description: Optional[str] = None,
        visibility: Optional[str] = None,
        name: Optional[str] = None,
        filters: Optional[FiltersInput] = None,
        weight: Optional[int] = None,
        is_featured: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> EvaluationSpace:
        """Changes the given fields (at least one); new ``filters`` replace the old ones."""
        fields = body(
            description=description,
            visibility=visibility,
            name=name,
            filters=_filters(filters),
            weight=weight,
            is_featured=is_featured,
        )
        return self._client._execute(_Ops(self._client).update(id, fields), timeout)

    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        """
        Deletes the space (never its evaluations). As the original SDK: ``True`` when deleted,
        ``False`` when the server refused (an unknown id); transport errors still raise.
        """
        try:
            self._client._execute(_Ops(self._client).delete(id), timeout)
        except APIStatusError:
            return False
        return True

    def get_evaluations(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> List[Evaluation]:
        """
        Assay extension: the leaderboard's cells, the latest successful evaluation of each model
        and benchmark the space matches, each with ``accuracy`` and ``assay.accuracy_ci95``.
        """
        return self._client._execute(_Ops(self._client).evaluations(id), timeout).evaluations


class AsyncEvaluationSpaces(AsyncAPIResource):
    """``client.evaluation_spaces`` of ``AsyncAssay``: the methods of ``EvaluationSpaces``, awaited."""

    async def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> EvaluationSpace:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        sort_by: Optional[str] = None,
        order: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> EvaluationSpacesResponse:
        return await self._client._execute(_Ops(self._client).list(page, page_size, sort_by, order), timeout)

    async def create(
        self,
        *,
        name: str,
        description: Optional[str] = None,
        visibility: Optional[str] = None,
        filters: Optional[FiltersInput] = None,
        weight: Optional[int] = None,
        is_featured: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> EvaluationSpace:
        fields = _create_fields(name, description, visibility, filters, weight, is_featured)
        return await self._client._execute(_Ops(self._client).create(fields), timeout)

    async def update(
        self,
        id: IdRef,
        *,
        description: Optional[str] = None,
        visibility: Optional[str] = None,
        name: Optional[str] = None,
        filters: Optional[FiltersInput] = None,
        weight: Optional[int] = None,
        is_featured: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> EvaluationSpace:
        fields = body(
            description=description,
            visibility=visibility,
            name=name,
            filters=_filters(filters),
            weight=weight,
            is_featured=is_featured,
        )
        return await self._client._execute(_Ops(self._client).update(id, fields), timeout)

    async def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        try:
            await self._client._execute(_Ops(self._client).delete(id), timeout)
        except APIStatusError:
            return False
        return True

    async def get_evaluations(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> List[Evaluation]:
        return (await self._client._execute(_Ops(self._client).evaluations(id), timeout)).evaluations
