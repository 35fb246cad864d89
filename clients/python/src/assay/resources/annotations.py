"""
Assay extension: people's labels on what a judge should say about a trace. One label per
(judge, trace), put through one of that judge's trace evaluations of the trace; a judge's
agreement compares the labels with its verdicts, and its optimization needs at least 10 of them.
"""

from typing import Any, Dict, Optional, Sequence, Union

from .._operation import Operation, clamp_page_size, query
from .._response import Envelope
from .._types import NOT_GIVEN, RequestTimeout
from ..types.annotations import (
    Annotation,
    AnnotationImportItem,
    DeleteAnnotationResponse,
    ImportAnnotationsResponse,
    JudgeAnnotationsResponse,
)
from ..types.judges import Judge
from ..types.trace_evaluations import TraceEvaluation
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource, body

ImportItem = Union[AnnotationImportItem, Dict[str, Any]]

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def label_path(self, trace_evaluation_id: IdRef) -> str:
        run_id = id_of(trace_evaluation_id, "trace_evaluation_id", TraceEvaluation)
        return self.client._project_path("trace-evaluations", run_id, "annotation")

    def put(self, trace_evaluation_id: IdRef, fields: Dict[str, Any]) -> Operation[Annotation]:
        return Operation(
            "PUT", self.label_path(trace_evaluation_id), Annotation, Envelope.STATUS_DATA_OR_BARE, body=fields
        )

    def get(self, trace_evaluation_id: IdRef) -> Operation[Annotation]:
        return Operation("GET", self.label_path(trace_evaluation_id), Annotation, Envelope.STATUS_DATA_OR_BARE)

    def delete(self, trace_evaluation_id: IdRef) -> Operation[DeleteAnnotationResponse]:
        path = self.label_path(trace_evaluation_id)
        return Operation("DELETE", path, DeleteAnnotationResponse, Envelope.STATUS_DATA_OR_BARE)

    def import_many(self, items: Sequence[ImportItem]) -> Operation[ImportAnnotationsResponse]:
        annotations = [_import_item(item) for item in items]
        path = self.client._project_path("annotations", "import")
        return Operation(
            "POST", path, ImportAnnotationsResponse, Envelope.STATUS_DATA_OR_BARE, body={"annotations": annotations}
        )

    def list(
        self, judge_id: IdRef, page: Optional[int], page_size: Optional[int]
    ) -> Operation[JudgeAnnotationsResponse]:
        params = query(
            page=page if page is not None else 1, page_size=clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
        )
        path = self.client._project_path("judges", id_of(judge_id, "judge_id", Judge), "annotations")
        return Operation("GET", path, JudgeAnnotationsResponse, Envelope.STATUS_DATA_OR_BARE, params=params)


def _import_item(item: ImportItem) -> Dict[str, Any]:
    parsed = item if isinstance(item, AnnotationImportItem) else AnnotationImportItem.model_validate(item)
    return parsed.model_dump(exclude_none=True)


class Annotations(SyncAPIResource):
    """``client.annotations`` (Assay extension): labels that judges are measured and optimized against."""

    def put(
        self,
        trace_evaluation_id: IdRef,
        *,
        passed: bool,
        score: Optional[float] = None,
        comment: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Annotation:
        """Labels what the run's judge should have said about its trace; replaces an earlier label."""
        fields = body(passed=passed, score=score, comment=comment)
        return self._client._execute(_Ops(self._client).put(trace_evaluation_id, fields), timeout)

    def get(self, trace_evaluation_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Annotation:
        """The label of the run's (judge, trace); ``NotFoundError`` when there is none."""
        return self._client._execute(_Ops(self._client).get(trace_evaluation_id), timeout)

    def delete(self, trace_evaluation_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> DeleteAnnotationResponse:
        return self._client._execute(_Ops(self._client).delete(trace_evaluation_id), timeout)

    def import_many(
        self, annotations: Sequence[ImportItem], *, timeout: RequestTimeout = NOT_GIVEN
    ) -> ImportAnnotationsResponse:
        """
        Many labels (``trace_id``, ``judge_id``, ``passed``, optional ``score`` and ``comment``) at
        once, all or nothing; a (trace, judge) pair without a run gets one, queued.
        """
        return self._client._execute(_Ops(self._client).import_many(annotations), timeout)

    def get_many(
        self,
        judge_id: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> JudgeAnnotationsResponse:
        """A judge's labels beside its verdicts, newest first, with the agreement (accuracy, kappa)."""
        return self._client._execute(_Ops(self._client).list(judge_id, page, page_size), timeout)


class AsyncAnnotations(AsyncAPIResource):
    """``client.annotations`` of ``AsyncAssay``: the methods of ``Annotations``, awaited."""

    async def put(
        self,
        trace_evaluation_id: IdRef,
        *,
        passed: bool,
        score: Optional[float] = None,
        comment: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Annotation:
        fields = body(passed=passed, score=score, comment=comment)
        return await self._client._execute(_Ops(self._client).put(trace_evaluation_id, fields), timeout)

    async def get(self, trace_evaluation_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Annotation:
        return await self._client._execute(_Ops(self._client).get(trace_evaluation_id), timeout)

    async def delete(
        self, trace_evaluation_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> DeleteAnnotationResponse:
        return await self._client._execute(_Ops(self._client).delete(trace_evaluation_id), timeout)

    async def import_many(
        self, annotations: Sequence[ImportItem], *, timeout: RequestTimeout = NOT_GIVEN
    ) -> ImportAnnotationsResponse:
        return await self._client._execute(_Ops(self._client).import_many(annotations), timeout)

    async def get_many(
        self,
        judge_id: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> JudgeAnnotationsResponse:
        return await self._client._execute(_Ops(self._client).list(judge_id, page, page_size), timeout)


__all__ = ["Annotations", "AsyncAnnotations", "ImportItem"]
