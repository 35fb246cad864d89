from typing import Any, Dict, List, Literal, Optional

from pydantic import BaseModel

from .._files import PathLike, inspect_file
from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.common import DeletedResource
from ..types.traces import CreateTracesResponse, Trace, TraceSourcesResponse, TracesResponse, TraceWithEvaluations
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource
from ._uploads import TRACE_UPLOAD, upload
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _TracePage(BaseModel):
    traces: List[TraceWithEvaluations]
    count: Optional[int] = None
    total_count: Optional[int] = None


_TRACES = "/organizations/{organization_id}/projects/{project_id}/traces"
_TRACE = _TRACES + "/{trace_id}"
CREATE = Route("traces.create", "POST", _TRACES, CreateTracesResponse, Envelope.STATUS_DATA_OR_BARE)
GET = Route("traces.get", "GET", _TRACE, Trace, Envelope.STATUS_DATA_OR_BARE)
LIST = Route("traces.list", "GET", _TRACES, _TracePage, Envelope.STATUS_DATA_OR_BARE)
SOURCES = Route("traces.sources", "GET", _TRACES + "/sources", TraceSourcesResponse, Envelope.STATUS_DATA_OR_BARE)
DELETE = Route("traces.delete", "DELETE", _TRACE, DeletedResource, Envelope.STATUS_DATA_OR_BARE)


def _created(raw: Any, response: Any) -> CreateTracesResponse:
    # A status+data answer may hold the bare list of ids (wire protocol §9.1).
    return validate({"trace_ids": raw} if isinstance(raw, list) else raw, CreateTracesResponse, response)


class _TraceMethods(ResourceMethods):
    """``client.traces``: records of the team's own AI application, uploaded as JSON or JSONL."""

    def _trace(self, id: IdRef) -> Dict[str, str]:
        return {**self._scope(), "trace_id": id_of(id, "id", Trace)}

    @twin
    def upload(self, file_path: PathLike, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[CreateTracesResponse]:
        """
        Uploads a trace file and creates one trace per record, in file order: ``trace_ids``. The
        client announces the file, PUTs it to the presigned URL it gets back (streamed from disk)
        and has the server parse it. A file over 50 MiB raises ``FileTooLargeError`` before any
        request; a file with a bad record is refused whole (``UnprocessableEntityError``).
        """
        file = inspect_file(file_path, "trace")
        yield from upload(TRACE_UPLOAD, self._scope(), {}, file, timeout)
        op = CREATE.op(self._scope(), body={"filename": file.filename}, convert=_created)
        return (yield from call(op, timeout))

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Trace]:
        """One trace with its whole record (``data``); an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._trace(id)), timeout))

    @twin
    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        source: Optional[str] = None,
        judge_id: Optional[str] = None,
        status: Optional[Literal["pass", "fail"]] = None,
        time_range: Optional[str] = None,
        search: Optional[str] = None,
        sort_by: Optional[str] = None,
        sort_order: Optional[Literal["asc", "desc"]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[TracesResponse]:
        """
        One page (default 100) of traces, each with its latest verdicts. ``source`` is a file name
        (``get_sources()``), ``status`` the latest verdict (``pass``/``fail``), ``time_range``
        ``24h``, ``7d`` or ``2w``, ``sort_by`` ``created_at``, ``filename`` or ``position``.
        """
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def complete(answer: _TracePage) -> TracesResponse:
            count = answer.count if answer.count is not None else len(answer.traces)
            total = answer.total_count if answer.total_count is not None else count
            return TracesResponse(
                traces=answer.traces,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(
            page=effective_page,
            page_size=effective_size,
            source=source,
            judge_id=judge_id,
            status=status,
            time_range=time_range,
            search=search,
            sort_by=sort_by,
            sort_order=sort_order,
        )
        return (yield from call(reading(LIST.op(self._scope(), params=params), complete), timeout))

    @twin
    def get_sources(self, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[List[str]]:
        """The names of the files the project's traces came from."""
        return (yield from call(SOURCES.op(self._scope()), timeout)).sources

    @twin
    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """Deletes the trace and its evaluations."""
        yield from call(DELETE.op(self._trace(id)), timeout)
        return True


class Traces(SyncAPIResource, _TraceMethods):
    __doc__ = _TraceMethods.__doc__


class AsyncTraces(AsyncAPIResource, _TraceMethods):
    """``client.traces`` of ``AsyncAssay``: the methods of ``Traces``, awaited."""
