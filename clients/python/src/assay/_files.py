"""Local files to upload: checked (size, kind) before any request, then streamed, never read whole."""

import mimetypes
import os
from typing import AsyncIterator, Iterator, NamedTuple, Union

from ._exceptions import FileTooLargeError, InvalidInputError

#: Upload limit shared with the server: 50 MiB.
MAX_UPLOAD_BYTES = 52_428_800
CHUNK_BYTES = 64 * 1024

PathLike = Union[str, "os.PathLike[str]"]

_BENCHMARK_CONTENT_TYPES = {
    ".jsonl": "application/jsonl",
    ".json": "application/json",
    ".csv": "text/csv",
    ".parquet": "application/x-parquet",
    ".txt": "text/plain",
    ".md": "text/markdown",
    ".pdf": "application/pdf",
}


class LocalFile(NamedTuple):
    path: str
    #: The base name: what the file is announced as and later referred to by.
    filename: str
    size: int
    content_type: str


def trace_content_type(filename: str) -> str:
    """JSONL for ``.jsonl``/``.ndjson``, JSON for ``.json``, else the platform's guess or JSON."""
    lower = filename.lower()
    if lower.endswith((".jsonl", ".ndjson")):
        return "application/jsonl"
    if lower.endswith(".json"):
        return "application/json"
    return mimetypes.guess_type(filename)[0] or "application/json"


def benchmark_content_type(filename: str) -> str:
    extension = os.path.splitext(filename)[1].lower()
    return _BENCHMARK_CONTENT_TYPES.get(extension) or mimetypes.guess_type(filename)[0] or "application/octet-stream"


def inspect_file(path: PathLike, kind: str) -> LocalFile:
    """Names and sizes a file; one over the limit raises ``FileTooLargeError`` before any request."""
    resolved = os.path.abspath(os.fspath(path))
    filename = os.path.basename(resolved)
    try:
        stat = os.stat(resolved)
    except OSError as error:
        raise InvalidInputError("Cannot read {}: {}".format(resolved, error.strerror or error)) from error
    if not os.path.isfile(resolved):
        raise InvalidInputError("{} is not a regular file".format(resolved))
    if stat.st_size > MAX_UPLOAD_BYTES:
        raise FileTooLargeError(
            "{} is {} bytes; {} files are limited to {} bytes (50 MiB).".format(
                filename, stat.st_size, kind, MAX_UPLOAD_BYTES
            ),
            size=stat.st_size,
            limit=MAX_UPLOAD_BYTES,
        )
    content_type = trace_content_type(filename) if kind == "trace" else benchmark_content_type(filename)
    return LocalFile(resolved, filename, stat.st_size, content_type)


def iter_file(path: str) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while True:
            chunk = handle.read(CHUNK_BYTES)
            if not chunk:
                return
            yield chunk


async def aiter_file(path: str) -> AsyncIterator[bytes]:
    # Local reads of 64 KiB are short enough to do on the event loop.
    with open(path, "rb") as handle:
        while True:
            chunk = handle.read(CHUNK_BYTES)
            if not chunk:
                return
            yield chunk
