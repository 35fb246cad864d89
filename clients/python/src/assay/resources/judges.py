from typing import List, Optional

from pydantic import BaseModel

from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope
from .._types import NOT_GIVEN, RequestTimeout
from ..types.judges import CreateJudgeResponse, DeleteJudgeResponse, Judge, JudgesResponse
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _JudgePage(BaseModel):
    judges: List[Judge]
    count: Optional[int] = None
    total_count: Optional[int] = None


_JUDGES = "/organizations/{organization_id}/projects/{project_id}/judges"
_JUDGE = _JUDGES + "/{judge_id}"
CREATE = Route("judges.create", "POST", _JUDGES, CreateJudgeResponse, Envelope.DATA_OR_BARE)
GET = Route("judges.get", "GET", _JUDGE, Judge, Envelope.DATA_OR_BARE)
LIST = Route("judges.list", "GET", _JUDGES, _JudgePage, Envelope.STATUS_DATA_OR_BARE)
UPDATE = Route("judges.update", "PATCH", _JUDGE, Judge, Envelope.DATA_OR_BARE)
DELETE = Route("judges.delete", "DELETE", _JUDGE, DeleteJudgeResponse, Envelope.DATA_OR_BARE)


class _JudgeMethods(ResourceMethods):
    """``client.judges``: named LLM judges of the project; every change makes a new version."""

    @twin
    def create(
        self,
        *,
        name: str,
        evaluation_goal: str,
        model_id: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[Judge]:
        """
        Creates a judge and returns it as stored (a follow-up GET, as the original SDK does).
        Without ``model_id`` (a model id or key of the project) the server's default judge model
        (``ASSAY_DEFAULT_JUDGE_MODEL``) is used; on a server without one the judge is created
        without a model (``model_id`` None) and its runs fail saying so until
        ``judges.update(judge_id, model_id=...)`` gives it one. A name already taken raises
        ``ConflictError``; a goal under 10 characters ``BadRequestError``.
        """
        fields = body(name=name, evaluation_goal=evaluation_goal, model_id=model_id)
        created = yield from call(CREATE.op(self._scope(), body=fields), timeout)
        return (yield from _JudgeMethods.get.flow(self, created.id, timeout=timeout))

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Judge]:
        """The judge with its versions; an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._scope(), judge_id=id_of(id, "id", Judge)), timeout))

    @twin
    def get_many(
        self, *, page: Optional[int] = None, page_size: Optional[int] = None, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[JudgesResponse]:
        """One page (default 100, at most 500) of the project's judges."""
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def complete(answer: _JudgePage) -> JudgesResponse:
            count = answer.count if answer.count is not None else len(answer.judges)
            total = answer.total_count if answer.total_count is not None else count
            return JudgesResponse(
                judges=answer.judges,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size)
        return (yield from call(reading(LIST.op(self._scope(), params=params), complete), timeout))

    @twin
    def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        evaluation_goal: Optional[str] = None,
        model_id: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[Judge]:
        """Changes the given fields (at least one) and returns the judge with its new version."""
        fields = body(name=name, evaluation_goal=evaluation_goal, model_id=model_id)
        return (yield from call(UPDATE.op(self._scope(), judge_id=id_of(id, "id", Judge), body=fields), timeout))

    @twin
    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[DeleteJudgeResponse]:
        """Deletes the judge; returns ``organization_id``, ``project_id`` and ``id``."""
        return (yield from call(DELETE.op(self._scope(), judge_id=id_of(id, "id", Judge)), timeout))


class Judges(SyncAPIResource, _JudgeMethods):
    """``client.judges``: named LLM judges of the project; every change makes a new version."""


class AsyncJudges(AsyncAPIResource, _JudgeMethods):
    """``client.judges`` of ``AsyncAssay``: the methods of ``Judges``, awaited."""
