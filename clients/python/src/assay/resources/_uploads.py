"""
The presigned upload flow shared by benchmark and trace files (wire protocol §5.6, §5.8, §9.1):
announce the file, PUT it to the URL the server answers with, then refer to it by its name.
"""

from typing import Any, Dict

from .._exceptions import ServiceError
from .._files import LocalFile
from .._flow import Flow, call, put
from .._operation import Route
from .._response import Envelope
from .._types import RequestTimeout
from ..types.common import UploadURL

_PROJECT = "/organizations/{organization_id}/projects/{project_id}"
BENCHMARK_UPLOAD = Route(
    "uploads.createBenchmarkUpload", "POST", _PROJECT + "/upload", UploadURL, Envelope.STATUS_DATA_OR_BARE
)
TRACE_UPLOAD = Route(
    "uploads.createTraceUpload", "POST", _PROJECT + "/traces/upload", UploadURL, Envelope.STATUS_DATA_OR_BARE
)


def put_headers(target: UploadURL, file: LocalFile) -> Dict[str, str]:
    """Exactly the headers the server announced (a signed URL may cover them), with the length."""
    if not target.url.startswith(("http://", "https://")):
        raise ServiceError("Upload URL is not absolute: {}".format(target.url))
    headers = {str(k): str(v) for k, v in (target.headers or {}).items()}
    if not any(name.lower() == "content-type" for name in headers):
        headers["Content-Type"] = file.content_type
    headers["Content-Length"] = str(file.size)
    return headers


def upload(
    route: Route[UploadURL], scope: Dict[str, str], fields: Dict[str, Any], file: LocalFile, timeout: RequestTimeout
) -> Flow[None]:
    """Announces ``file`` (with ``fields``) by ``route``, then PUTs it to the presigned URL answered."""
    announced = {**fields, "filename": file.filename, "type": file.content_type, "size": file.size}
    target = yield from call(route.op(scope, body=announced), timeout)
    yield from put(target.url, put_headers(target, file), file.path, timeout)
