from typing import Any, Dict, List, Optional

from pydantic import BaseModel

from .._exceptions import APIStatusError
from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.scorers import DeleteScorerResponse, Scorer, ScorersResponse
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource, body
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _ScorerPage(BaseModel):
    scorers: List[Scorer]
    count: Optional[int] = None
    total_count: Optional[int] = None


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def path(self, id: Optional[IdRef] = None) -> str:
        if id is None:
            return self.client._project_path("scorers")
        return self.client._project_path("scorers", id_of(id, "id", Scorer))

    def create(self, fields: Dict[str, Any]) -> Operation[Scorer]:
        return Operation("POST", self.path(), Scorer, Envelope.STATUS_DATA_OR_BARE, body=fields)

    def get(self, id: IdRef) -> Operation[Scorer]:
        return Operation("GET", self.path(id), Scorer, Envelope.STATUS_DATA_OR_BARE)

    def list(self, page: Optional[int], page_size: Optional[int]) -> Operation[ScorersResponse]:
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def convert(raw: Any, response: Any) -> ScorersResponse:
            answer = validate(raw, _ScorerPage, response)
            count = answer.count if answer.count is not None else len(answer.scorers)
            total = answer.total_count if answer.total_count is not None else count
            return ScorersResponse(
                scorers=answer.scorers,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size)
        return Operation(
            "GET", self.path(), ScorersResponse, Envelope.STATUS_DATA_OR_BARE, params=params, convert=convert
        )

    def update(self, id: IdRef, fields: Dict[str, Any]) -> Operation[Scorer]:
        return Operation("PATCH", self.path(id), Scorer, Envelope.STATUS_DATA_OR_BARE, body=fields)

    def delete(self, id: IdRef) -> Operation[DeleteScorerResponse]:
        return Operation("DELETE", self.path(id), DeleteScorerResponse, Envelope.STATUS_DATA_OR_BARE)


def _update_fields(
    name: Optional[str], description: Optional[str], model_id: Optional[str], prompt: Optional[str]
) -> Dict[str, Any]:
    return body(name=name, description=description, model_id=model_id, prompt=prompt)


class Scorers(SyncAPIResource):
    """
    ``client.scorers``: the project's grading rubrics, each judged by a model of the project. A
    custom benchmark created with ``custom_scorer_ids`` has every result of its runs graded by
    each scorer: ``evaluation.assay.scorers`` holds each one's average with a 95% interval, and
    each result's ``scorer_scores`` its grades.
    """

    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Scorer:
        """The scorer; an unknown id raises ``NotFoundError``."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ScorersResponse:
        """One page (default 100, at most 500) of the project's scorers, newest first."""
        return self._client._execute(_Ops(self._client).list(page, page_size), timeout)

    def create(
        self,
        *,
        name: str,
        description: str,
        model_id: str,
        prompt: str,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Scorer:
        """
        Creates a scorer: ``model_id`` is a model of the project (catalog or custom, by id or key),
        ``prompt`` the rubric (at least 10 characters). A name already taken in the project raises
        ``ConflictError``; a bad field ``BadRequestError`` naming it.
        """
        fields = {"name": name, "description": description, "model_id": model_id, "prompt": prompt}
        return self._client._execute(_Ops(self._client).create(fields), timeout)

    def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        description: Optional[str] = None,
        model_id: Optional[str] = None,
        prompt: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> bool:
        """
        Changes the given fields. As the original SDK: ``True`` when changed, ``False`` when the
        server refused (an unknown id, a bad value); transport errors still raise. Evaluations
        already created keep grading with the scorer as it was.
        """
        try:
            fields = _update_fields(name, description, model_id, prompt)
            self._client._execute(_Ops(self._client).update(id, fields), timeout)
        except APIStatusError:
            return False
        return True

    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        """
        Deletes the scorer (benchmarks stop using it; finished runs keep its grades). ``True`` when
        deleted, ``False`` when the server refused (an unknown id); transport errors still raise.
        """
        try:
            self._client._execute(_Ops(self._client).delete(id), timeout)
        except APIStatusError:
            return False
        return True


class AsyncScorers(AsyncAPIResource):
    """``client.scorers`` of ``AsyncAssay``: the methods of ``Scorers``, awaited."""

    async def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Scorer:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ScorersResponse:
        return await self._client._execute(_Ops(self._client).list(page, page_size), timeout)

    async def create(
        self,
        *,
        name: str,
        description: str,
        model_id: str,
        prompt: str,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Scorer:
        fields = {"name": name, "description": description, "model_id": model_id, "prompt": prompt}
        return await self._client._execute(_Ops(self._client).create(fields), timeout)

    async def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        description: Optional[str] = None,
        model_id: Optional[str] = None,
        prompt: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> bool:
        try:
            fields = _update_fields(name, description, model_id, prompt)
            await self._client._execute(_Ops(self._client).update(id, fields), timeout)
        except APIStatusError:
            return False
        return True

    async def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        try:
            await self._client._execute(_Ops(self._client).delete(id), timeout)
        except APIStatusError:
            return False
        return True
