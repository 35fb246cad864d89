"""
The presigned upload flow shared by benchmark and trace files (wire protocol §5.6, §5.8, §9.1):
announce the file, PUT it to the URL the server answers with, then refer to it by its name.
"""

from typing import Any, Dict

from .._exceptions import ServiceError
from .._files import LocalFile, aiter_file, iter_file
from .._operation import Operation
from .._response import Envelope
from .._types import RequestTimeout
from ..types.common import UploadURL


def announce_op(path: str, fields: Dict[str, Any]) -> Operation[UploadURL]:
    return Operation("POST", path, UploadURL, Envelope.STATUS_DATA_OR_BARE, body=fields)


def put_headers(target: UploadURL, file: LocalFile) -> Dict[str, str]:
    """Exactly the headers the server announced (a signed URL may cover them), with the length."""
    if not target.url.startswith(("http://", "https://")):
        raise ServiceError("Upload URL is not absolute: {}".format(target.url))
    headers = {str(k): str(v) for k, v in (target.headers or {}).items()}
    if not any(name.lower() == "content-type" for name in headers):
        headers["Content-Type"] = file.content_type
    headers["Content-Length"] = str(file.size)
    return headers


def upload_sync(client: Any, path: str, fields: Dict[str, Any], file: LocalFile, timeout: RequestTimeout) -> None:
    target = client._execute(announce_op(path, fields), timeout)
    client._put_upload(target.url, put_headers(target, file), lambda: iter_file(file.path), timeout)


async def upload_async(
    client: Any, path: str, fields: Dict[str, Any], file: LocalFile, timeout: RequestTimeout
) -> None:
    target = await client._execute(announce_op(path, fields), timeout)
    await client._put_upload(target.url, put_headers(target, file), lambda: aiter_file(file.path), timeout)
