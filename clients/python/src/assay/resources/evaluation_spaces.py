from typing import Any, Dict, List, Mapping, Optional, Union

from pydantic import BaseModel

from .._exceptions import APIStatusError
from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope
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
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body
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


_SPACES = "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces"
_SPACE = _SPACES + "/{evaluation_space_id}"
CREATE = Route("evaluationSpaces.create", "POST", _SPACES, EvaluationSpace, Envelope.STATUS_DATA_OR_BARE)
GET = Route("evaluationSpaces.get", "GET", _SPACE, EvaluationSpace, Envelope.STATUS_DATA_OR_BARE)
LIST = Route("evaluationSpaces.list", "GET", _SPACES, _SpacePage, Envelope.STATUS_DATA_OR_BARE)
UPDATE = Route("evaluationSpaces.update", "PATCH", _SPACE, EvaluationSpace, Envelope.STATUS_DATA_OR_BARE)
DELETE = Route("evaluationSpaces.delete", "DELETE", _SPACE, DeleteEvaluationSpaceResponse, Envelope.STATUS_DATA_OR_BARE)
LIST_EVALUATIONS = Route(
    "evaluationSpaces.listEvaluations",
    "GET",
    _SPACE + "/evaluations",
    EvaluationSpaceEvaluationsResponse,
    Envelope.STATUS_DATA_OR_BARE,
)


def _create_fields(
    name: str,
    description: Optional[str],
    visibility: Optional[str],
    filters: Optional[FiltersInput],
    weight: Optional[int],
    is_featured: Optional[bool],
    slug: Optional[str] = None,
) -> Dict[str, Any]:
    # As the original SDK: an empty description or visibility is not sent.
    return body(
        name=name,
        slug=slug,
        description=description or None,
        visibility=visibility or None,
        filters=_filters(filters),
        weight=weight,
        is_featured=is_featured,
    )


class _EvaluationSpaceMethods(ResourceMethods):
    """
    ``client.evaluation_spaces``: the project's leaderboards. A space is a set of filters over
    models, benchmarks and providers; its counts and evaluations are computed from the project's
    successful evaluations whenever it is read.
    """

    def _space(self, id: IdRef) -> Dict[str, str]:
        return {**self._scope(), "evaluation_space_id": id_of(id, "id", EvaluationSpace)}

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[EvaluationSpace]:
        """
        The space with its counts, by id or by slug (``get("math-leaderboard")``, as the original
        CLI's "ID or slug"); an unknown one raises ``NotFoundError``.
        """
        return (yield from call(GET.op(self._space(id)), timeout))

    @twin
    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        sort_by: Optional[str] = None,
        order: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[EvaluationSpacesResponse]:
        """
        One page (default 100, at most 500) of the project's spaces, by ``weight`` unless
        ``sort_by`` says ``created_at``, ``updated_at`` or ``name``; ``order`` is ``asc`` or ``desc``.
        """
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def complete(answer: _SpacePage) -> EvaluationSpacesResponse:
            count = answer.count if answer.count is not None else len(answer.evaluation_spaces)
            total = answer.total_count if answer.total_count is not None else count
            return EvaluationSpacesResponse(
                evaluation_spaces=answer.evaluation_spaces,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size, sort_by=sort_by, order=order)
        return (yield from call(reading(LIST.op(self._scope(), params=params), complete), timeout))

    @twin
    def create(
        self,
        *,
        name: str,
        description: Optional[str] = None,
        visibility: Optional[str] = None,
        filters: Optional[FiltersInput] = None,
        weight: Optional[int] = None,
        is_featured: Optional[bool] = None,
        slug: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[EvaluationSpace]:
        """
        Creates a space (``visibility`` ``private`` unless ``tenant`` or ``public``); ``filters``,
        ``weight``, ``is_featured`` and ``slug`` are Assay extensions. Without ``slug`` the server
        derives one from the name (``"Math Board"`` → ``math-board``, then ``math-board-2`` …).
        A name or slug already taken in the project raises ``ConflictError``.
        """
        fields = _create_fields(name, description, visibility, filters, weight, is_featured, slug)
        return (yield from call(CREATE.op(self._scope(), body=fields), timeout))

    @twin
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
        slug: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[EvaluationSpace]:
        """
        Changes the given fields (at least one); new ``filters`` replace the old ones. ``id`` may
        be the slug. Renaming keeps the slug; ``slug`` (an extension) sets a new one.
        """
        fields = body(
            slug=slug,
            description=description,
            visibility=visibility,
            name=name,
            filters=_filters(filters),
            weight=weight,
            is_featured=is_featured,
        )
        return (yield from call(UPDATE.op(self._space(id), body=fields), timeout))

    @twin
    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """
        Deletes the space (never its evaluations). As the original SDK: ``True`` when deleted,
        ``False`` when the server refused (an unknown id); transport errors still raise.
        """
        try:
            yield from call(DELETE.op(self._space(id)), timeout)
        except APIStatusError:
            return False
        return True

    @twin
    def get_evaluations(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[List[Evaluation]]:
        """
        Assay extension: the leaderboard's cells, the latest successful evaluation of each model
        and benchmark the space matches, each with ``accuracy`` and ``assay.accuracy_ci95``.
        """
        return (yield from call(LIST_EVALUATIONS.op(self._space(id)), timeout)).evaluations


class EvaluationSpaces(SyncAPIResource, _EvaluationSpaceMethods):
    __doc__ = _EvaluationSpaceMethods.__doc__


class AsyncEvaluationSpaces(AsyncAPIResource, _EvaluationSpaceMethods):
    """``client.evaluation_spaces`` of ``AsyncAssay``: the methods of ``EvaluationSpaces``, awaited."""
