"""
Assay extension: people's labels on what a judge should say about a trace. One label per
(judge, trace), put through one of that judge's trace evaluations of the trace; a judge's
agreement compares the labels with its verdicts, and its optimization needs at least 10 of them.
"""

from typing import Any, Dict, Optional, Sequence, Union

from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query
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
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body

ImportItem = Union[AnnotationImportItem, Dict[str, Any]]

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500

_PROJECT = "/organizations/{organization_id}/projects/{project_id}"
_LABEL = _PROJECT + "/trace-evaluations/{trace_evaluation_id}/annotation"
PUT = Route("annotations.put", "PUT", _LABEL, Annotation, Envelope.STATUS_DATA_OR_BARE)
GET = Route("annotations.get", "GET", _LABEL, Annotation, Envelope.STATUS_DATA_OR_BARE)
DELETE = Route("annotations.delete", "DELETE", _LABEL, DeleteAnnotationResponse, Envelope.STATUS_DATA_OR_BARE)
IMPORT = Route(
    "annotations.import",
    "POST",
    _PROJECT + "/annotations/import",
    ImportAnnotationsResponse,
    Envelope.STATUS_DATA_OR_BARE,
)
LIST_FOR_JUDGE = Route(
    "annotations.listForJudge",
    "GET",
    _PROJECT + "/judges/{judge_id}/annotations",
    JudgeAnnotationsResponse,
    Envelope.STATUS_DATA_OR_BARE,
)


def _import_item(item: ImportItem) -> Dict[str, Any]:
    parsed = item if isinstance(item, AnnotationImportItem) else AnnotationImportItem.model_validate(item)
    return parsed.model_dump(exclude_none=True)


class _AnnotationMethods(ResourceMethods):
    """``client.annotations`` (Assay extension): labels that judges are measured and optimized against."""

    def _label(self, trace_evaluation_id: IdRef) -> Dict[str, str]:
        run_id = id_of(trace_evaluation_id, "trace_evaluation_id", TraceEvaluation)
        return {**self._scope(), "trace_evaluation_id": run_id}

    @twin
    def put(
        self,
        trace_evaluation_id: IdRef,
        *,
        passed: bool,
        score: Optional[float] = None,
        comment: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[Annotation]:
        """Labels what the run's judge should have said about its trace; replaces an earlier label."""
        fields = body(passed=passed, score=score, comment=comment)
        return (yield from call(PUT.op(self._label(trace_evaluation_id), body=fields), timeout))

    @twin
    def get(self, trace_evaluation_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Annotation]:
        """The label of the run's (judge, trace); ``NotFoundError`` when there is none."""
        return (yield from call(GET.op(self._label(trace_evaluation_id)), timeout))

    @twin
    def delete(
        self, trace_evaluation_id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[DeleteAnnotationResponse]:
        return (yield from call(DELETE.op(self._label(trace_evaluation_id)), timeout))

    @twin
    def import_many(
        self, annotations: Sequence[ImportItem], *, timeout: RequestTimeout = NOT_GIVEN
    ) -> Flow[ImportAnnotationsResponse]:
        """
        Many labels (``trace_id``, ``judge_id``, ``passed``, optional ``score`` and ``comment``) at
        once, all or nothing; a (trace, judge) pair without a run gets one, queued.
        """
        fields = {"annotations": [_import_item(item) for item in annotations]}
        return (yield from call(IMPORT.op(self._scope(), body=fields), timeout))

    @twin
    def get_many(
        self,
        judge_id: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[JudgeAnnotationsResponse]:
        """A judge's labels beside its verdicts, newest first, with the agreement (accuracy, kappa)."""
        params = query(
            page=page if page is not None else 1, page_size=clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
        )
        op = LIST_FOR_JUDGE.op(self._scope(), judge_id=id_of(judge_id, "judge_id", Judge), params=params)
        return (yield from call(op, timeout))


class Annotations(SyncAPIResource, _AnnotationMethods):
    __doc__ = _AnnotationMethods.__doc__


class AsyncAnnotations(AsyncAPIResource, _AnnotationMethods):
    """``client.annotations`` of ``AsyncAssay``: the methods of ``Annotations``, awaited."""


__all__ = ["Annotations", "AsyncAnnotations", "ImportItem"]
