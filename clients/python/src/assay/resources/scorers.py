from typing import List, Optional

from pydantic import BaseModel

from .._exceptions import APIStatusError
from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope
from .._types import NOT_GIVEN, RequestTimeout
from ..types.scorers import DeleteScorerResponse, Scorer, ScorersResponse
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _ScorerPage(BaseModel):
    scorers: List[Scorer]
    count: Optional[int] = None
    total_count: Optional[int] = None


_SCORERS = "/organizations/{organization_id}/projects/{project_id}/scorers"
_SCORER = _SCORERS + "/{scorer_id}"
CREATE = Route("scorers.create", "POST", _SCORERS, Scorer, Envelope.STATUS_DATA_OR_BARE)
GET = Route("scorers.get", "GET", _SCORER, Scorer, Envelope.STATUS_DATA_OR_BARE)
LIST = Route("scorers.list", "GET", _SCORERS, _ScorerPage, Envelope.STATUS_DATA_OR_BARE)
UPDATE = Route("scorers.update", "PATCH", _SCORER, Scorer, Envelope.STATUS_DATA_OR_BARE)
DELETE = Route("scorers.delete", "DELETE", _SCORER, DeleteScorerResponse, Envelope.STATUS_DATA_OR_BARE)


class _ScorerMethods(ResourceMethods):
    """
    ``client.scorers``: the project's grading rubrics, each judged by a model of the project. A
    custom benchmark created with ``custom_scorer_ids`` has every result of its runs graded by
    each scorer: ``evaluation.assay.scorers`` holds each one's average with a 95% interval, and
    each result's ``scorer_scores`` its grades.
    """

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Scorer]:
        """The scorer; an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._scope(), scorer_id=id_of(id, "id", Scorer)), timeout))

    @twin
    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[ScorersResponse]:
        """One page (default 100, at most 500) of the project's scorers, newest first."""
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def complete(answer: _ScorerPage) -> ScorersResponse:
            count = answer.count if answer.count is not None else len(answer.scorers)
            total = answer.total_count if answer.total_count is not None else count
            return ScorersResponse(
                scorers=answer.scorers,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size)
        return (yield from call(reading(LIST.op(self._scope(), params=params), complete), timeout))

    @twin
    def create(
        self,
        *,
        name: str,
        description: str,
        model_id: str,
        prompt: str,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[Scorer]:
        """
        Creates a scorer: ``model_id`` is a model of the project (catalog or custom, by id or key),
        ``prompt`` the rubric (at least 10 characters). A name already taken in the project raises
        ``ConflictError``; a bad field ``BadRequestError`` naming it.
        """
        fields = {"name": name, "description": description, "model_id": model_id, "prompt": prompt}
        return (yield from call(CREATE.op(self._scope(), body=fields), timeout))

    @twin
    def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        description: Optional[str] = None,
        model_id: Optional[str] = None,
        prompt: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[bool]:
        """
        Changes the given fields. As the original SDK: ``True`` when changed, ``False`` when the
        server refused (an unknown id, a bad value); transport errors still raise. Evaluations
        already created keep grading with the scorer as it was.
        """
        try:
            fields = body(name=name, description=description, model_id=model_id, prompt=prompt)
            op = UPDATE.op(self._scope(), scorer_id=id_of(id, "id", Scorer), body=fields)
            yield from call(op, timeout)
        except APIStatusError:
            return False
        return True

    @twin
    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """
        Deletes the scorer (benchmarks stop using it; finished runs keep its grades). ``True`` when
        deleted, ``False`` when the server refused (an unknown id); transport errors still raise.
        """
        try:
            yield from call(DELETE.op(self._scope(), scorer_id=id_of(id, "id", Scorer)), timeout)
        except APIStatusError:
            return False
        return True


class Scorers(SyncAPIResource, _ScorerMethods):
    __doc__ = _ScorerMethods.__doc__


class AsyncScorers(AsyncAPIResource, _ScorerMethods):
    """``client.scorers`` of ``AsyncAssay``: the methods of ``Scorers``, awaited."""
