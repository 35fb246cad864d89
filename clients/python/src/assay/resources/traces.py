from typing import Any, Dict, List, Literal, Optional

from pydantic import BaseModel

from .._files import PathLike, inspect_file
from .._operation import Operation, clamp_page_size, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.common import DeletedResource
from ..types.traces import CreateTracesResponse, Trace, TraceSourcesResponse, TracesResponse, TraceWithEvaluations
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource
from ._uploads import upload_async, upload_sync
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
MAX_PAGE_SIZE = 500


class _TracePage(BaseModel):
    traces: List[TraceWithEvaluations]
    count: Optional[int] = None
    total_count: Optional[int] = None


def _created(raw: Any, response: Any) -> CreateTracesResponse:
    # A status+data answer may hold the bare list of ids (wire protocol §9.1).
    return validate({"trace_ids": raw} if isinstance(raw, list) else raw, CreateTracesResponse, response)


class _Ops:
    def __init__(self, client: ProjectClient) -> None:
        self.client = client

    def upload_path(self) -> str:
        return self.client._project_path("traces", "upload")

    def create(self, filename: str) -> Operation[CreateTracesResponse]:
        path = self.client._project_path("traces")
        return Operation(
            "POST",
            path,
            CreateTracesResponse,
            Envelope.STATUS_DATA_OR_BARE,
            body={"filename": filename},
            convert=_created,
        )

    def trace_path(self, id: IdRef) -> str:
        return self.client._project_path("traces", id_of(id, "id", Trace))

    def get(self, id: IdRef) -> Operation[Trace]:
        return Operation("GET", self.trace_path(id), Trace, Envelope.STATUS_DATA_OR_BARE)

    def list(self, page: Optional[int], page_size: Optional[int], filters: Dict[str, Any]) -> Operation[TracesResponse]:
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)

        def convert(raw: Any, response: Any) -> TracesResponse:
            answer = validate(raw, _TracePage, response)
            count = answer.count if answer.count is not None else len(answer.traces)
            total = answer.total_count if answer.total_count is not None else count
            return TracesResponse(
                traces=answer.traces,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size, **filters)
        path = self.client._project_path("traces")
        return Operation("GET", path, TracesResponse, Envelope.STATUS_DATA_OR_BARE, params=params, convert=convert)

    def sources(self) -> Operation[TraceSourcesResponse]:
        path = self.client._project_path("traces", "sources")
        return Operation("GET", path, TraceSourcesResponse, Envelope.STATUS_DATA_OR_BARE)

    def delete(self, id: IdRef) -> Operation[DeletedResource]:
        return Operation("DELETE", self.trace_path(id), DeletedResource, Envelope.STATUS_DATA_OR_BARE)


def _announce(file: Any) -> Dict[str, Any]:
    return {"filename": file.filename, "type": file.content_type, "size": file.size}


def _filters(
    source: Optional[str],
    judge_id: Optional[str],
    status: Optional[str],
    time_range: Optional[str],
    search: Optional[str],
    sort_by: Optional[str],
    sort_order: Optional[str],
) -> Dict[str, Any]:
    return dict(
        source=source,
        judge_id=judge_id,
        status=status,
        time_range=time_range,
        search=search,
        sort_by=sort_by,
        sort_order=sort_order,
    )


class Traces(SyncAPIResource):
    """``client.traces``: records of the team's own AI application, uploaded as JSON or JSONL."""

    def upload(self, file_path: PathLike, *, timeout: RequestTimeout = NOT_GIVEN) -> CreateTracesResponse:
        """
        Uploads a trace file and creates one trace per record, in file order: ``trace_ids``. The
        client announces the file, PUTs it to the presigned URL it gets back (streamed from disk)
        and has the server parse it. A file over 50 MiB raises ``FileTooLargeError`` before any
        request; a file with a bad record is refused whole (``UnprocessableEntityError``).
        """
        file = inspect_file(file_path, "trace")
        ops = _Ops(self._client)
        upload_sync(self._client, ops.upload_path(), _announce(file), file, timeout)
        return self._client._execute(ops.create(file.filename), timeout)

    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Trace:
        """One trace with its whole record (``data``); an unknown id raises ``NotFoundError``."""
        return self._client._execute(_Ops(self._client).get(id), timeout)

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
    ) -> TracesResponse:
        """
        One page (default 100) of traces, each with its latest verdicts. ``source`` is a file name
        (``get_sources()``), ``status`` the latest verdict (``pass``/``fail``), ``time_range``
        ``24h``, ``7d`` or ``2w``, ``sort_by`` ``created_at``, ``filename`` or ``position``.
        """
        filters = _filters(source, judge_id, status, time_range, search, sort_by, sort_order)
        return self._client._execute(_Ops(self._client).list(page, page_size, filters), timeout)

    def get_sources(self, *, timeout: RequestTimeout = NOT_GIVEN) -> List[str]:
        """The names of the files the project's traces came from."""
        return self._client._execute(_Ops(self._client).sources(), timeout).sources

    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        """Deletes the trace and its evaluations."""
        self._client._execute(_Ops(self._client).delete(id), timeout)
        return True


class AsyncTraces(AsyncAPIResource):
    """``client.traces`` of ``AsyncAssay``: the methods of ``Traces``, awaited."""

    async def upload(self, file_path: PathLike, *, timeout: RequestTimeout = NOT_GIVEN) -> CreateTracesResponse:
        file = inspect_file(file_path, "trace")
        ops = _Ops(self._client)
        await upload_async(self._client, ops.upload_path(), _announce(file), file, timeout)
        return await self._client._execute(ops.create(file.filename), timeout)

    async def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Trace:
        return await self._client._execute(_Ops(self._client).get(id), timeout)

    async def get_many(
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
    ) -> TracesResponse:
        filters = _filters(source, judge_id, status, time_range, search, sort_by, sort_order)
        return await self._client._execute(_Ops(self._client).list(page, page_size, filters), timeout)

    async def get_sources(self, *, timeout: RequestTimeout = NOT_GIVEN) -> List[str]:
        return (await self._client._execute(_Ops(self._client).sources(), timeout)).sources

    async def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        await self._client._execute(_Ops(self._client).delete(id), timeout)
        return True
