from typing import Any, Dict, List, Optional

from pydantic import BaseModel

from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.judges import CreateJudgeResponse, DeleteJudgeResponse, Judge, JudgesResponse
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource, body
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _JudgePage(BaseModel):
    judges: List[Judge]
    count: Optional[int] = None
    total_count: Optional[int] = None


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def create(self, fields: Dict[str, Any]) -> Operation[CreateJudgeResponse]:
        path = self.client._project_path("judges")
        return Operation("POST", path, CreateJudgeResponse, Envelope.DATA_OR_BARE, body=fields)

    def judge_path(self, id: IdRef) -> str:
        return self.client._project_path("judges", id_of(id, "id", Judge))

    def get(self, id: IdRef) -> Operation[Judge]:
        return Operation("GET", self.judge_path(id), Judge, Envelope.DATA_OR_BARE)

    def list(self, page: Optional[int], page_size: Optional[int]) -> Operation[JudgesResponse]:
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def convert(raw: Any, response: Any) -> JudgesResponse:
            answer = validate(raw, _JudgePage, response)
            count = answer.count if answer.count is not None else len(answer.judges)
            total = answer.total_count if answer.total_count is not None else count
            return JudgesResponse(
                judges=answer.judges,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size)
        path = self.client._project_path("judges")
        return Operation("GET", path, JudgesResponse, Envelope.STATUS_DATA_OR_BARE, params=params, convert=convert)

    def update(self, id: IdRef, fields: Dict[str, Any]) -> Operation[Judge]:
        return Operation("PATCH", self.judge_path(id), Judge, Envelope.DATA_OR_BARE, body=fields)

    def delete(self, id: IdRef) -> Operation[DeleteJudgeResponse]:
        return Operation("DELETE", self.judge_path(id), DeleteJudgeResponse, Envelope.DATA_OR_BARE)


class Judges(SyncAPIResource):
    """``client.judges``: named LLM judges of the project; every change makes a new version."""

    def create(
        self,
        *,
        name: str,
        evaluation_goal: str,
        model_id: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Judge:
        """
        Creates a judge and returns it as stored (a follow-up GET, as the original SDK does).
        Without ``model_id`` (a model id or key of the project) the server's default judge model
        (``ASSAY_DEFAULT_JUDGE_MODEL``) is used; on a server without one the judge is created
        without a model (``model_id`` None) and its runs fail saying so until
        ``judges.update(judge_id, model_id=...)`` gives it one. A name already taken raises
        ``ConflictError``; a goal under 10 characters ``BadRequestError``.
        """
        fields = body(name=name, evaluation_goal=evaluation_goal, model_id=model_id)
        created = self._client._execute(_Ops(self._client).create(fields), timeout)
        return self.get(created.id, timeout=timeout)

    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Judge:
        """The judge with its versions; an unknown id raises ``NotFoundError``."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

    def get_many(
        self, *, page: Optional[int] = None, page_size: Optional[int] = None, timeout: RequestTimeout = NOT_GIVEN
    ) -> JudgesResponse:
        """One page (default 100, at most 500) of the project's judges."""
        return self._client._execute(_Ops(self._client).list(page, page_size), timeout)

    def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        evaluation_goal: Optional[str] = None,
        model_id: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Judge:
        """Changes the given fields (at least one) and returns the judge with its new version."""
        fields = body(name=name, evaluation_goal=evaluation_goal, model_id=model_id)
        return self._client._execute(_Ops(self._client).update(id, fields), timeout)

    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> DeleteJudgeResponse:
        """Deletes the judge; returns ``organization_id``, ``project_id`` and ``id``."""
        return self._client._execute(_Ops(self._client).delete(id), timeout)


class AsyncJudges(AsyncAPIResource):
    """``client.judges`` of ``AsyncAssay``: the methods of ``Judges``, awaited."""

    async def create(
        self,
        *,
        name: str,
        evaluation_goal: str,
        model_id: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Judge:
        fields = body(name=name, evaluation_goal=evaluation_goal, model_id=model_id)
        created = await self._client._execute(_Ops(self._client).create(fields), timeout)
        return await self.get(created.id, timeout=timeout)

    async def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Judge:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def get_many(
        self, *, page: Optional[int] = None, page_size: Optional[int] = None, timeout: RequestTimeout = NOT_GIVEN
    ) -> JudgesResponse:
        return await self._client._execute(_Ops(self._client).list(page, page_size), timeout)

    async def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        evaluation_goal: Optional[str] = None,
        model_id: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Judge:
        fields = body(name=name, evaluation_goal=evaluation_goal, model_id=model_id)
        return await self._client._execute(_Ops(self._client).update(id, fields), timeout)

    async def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> DeleteJudgeResponse:
        return await self._client._execute(_Ops(self._client).delete(id), timeout)
