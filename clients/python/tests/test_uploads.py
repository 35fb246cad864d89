"""Uploads: the 50 MiB limit checked before sending, and the presigned PUT the client performs."""

from pathlib import Path

import pytest

from assay import MAX_UPLOAD_BYTES, Assay, AsyncAssay, ServiceError
from assay._exceptions import FileTooLargeError, InvalidInputError

from .support.files import sparse_file
from .support.scripted_server import Reply, ScriptedServer

OVER = MAX_UPLOAD_BYTES + 1  # 52,428,801 bytes


def test_the_limit_is_50_mib() -> None:
    assert MAX_UPLOAD_BYTES == 52_428_800


def test_a_trace_file_over_the_limit_is_refused_before_any_request(scripted: ScriptedServer, tmp_path: Path) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    big = sparse_file(tmp_path / "big.jsonl", OVER)
    with pytest.raises(FileTooLargeError) as caught:
        client.traces.upload(big)
    error = caught.value
    assert isinstance(error, ValueError) and isinstance(error, ServiceError)
    assert (error.size, error.limit) == (OVER, MAX_UPLOAD_BYTES) and "52428801" in str(error)
    assert [r.path for r in scripted.requests] == ["/api/v1/organizations"]


def test_benchmark_files_over_the_limit_are_refused_before_any_request(
    scripted: ScriptedServer, tmp_path: Path
) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    small = tmp_path / "doc.txt"
    small.write_text("fine")
    big = sparse_file(tmp_path / "big.jsonl", OVER)
    with pytest.raises(FileTooLargeError):
        client.benchmarks.create_custom(name="b", description="", file_path=big)
    with pytest.raises(FileTooLargeError):
        client.benchmarks.create_smart(name="s", description="", system_prompt="", file_paths=[small, big])
    with pytest.raises(InvalidInputError):
        client.traces.upload(tmp_path / "missing.jsonl")
    assert [r.path for r in scripted.requests] == ["/api/v1/organizations"]


def test_a_file_of_exactly_the_limit_is_announced_and_put_without_the_api_key(
    scripted: ScriptedServer, tmp_path: Path
) -> None:
    client = Assay(api_key="secret", base_url=scripted.base_url)
    path = sparse_file(tmp_path / "edge.jsonl", MAX_UPLOAD_BYTES)
    upload_url = scripted.origin + "/blobs/signed-token"
    scripted.script(
        Reply(
            200, {"status": "success", "data": {"url": upload_url, "headers": {"content-type": "application/jsonl"}}}
        ),
        path="/traces/upload",
    )
    scripted.script(Reply(200, {"status": "success", "data": {"size": MAX_UPLOAD_BYTES}}), path="/blobs/signed-token")
    scripted.script(Reply(201, {"status": "success", "data": {"trace_ids": ["t-1"]}}), path="/traces")
    assert client.traces.upload(path).trace_ids == ["t-1"]

    announce, put, create = scripted.requests[1:]
    assert announce.json() == {"filename": "edge.jsonl", "type": "application/jsonl", "size": MAX_UPLOAD_BYTES}
    assert put.method == "PUT" and put.path == "/blobs/signed-token"
    assert len(put.body) == MAX_UPLOAD_BYTES and put.headers["content-length"] == str(MAX_UPLOAD_BYTES)
    assert put.headers["content-type"] == "application/jsonl" and "x-api-key" not in put.headers
    assert create.json() == {"filename": "edge.jsonl"}


def test_a_bare_list_of_trace_ids_in_a_status_data_envelope_is_accepted(
    scripted: ScriptedServer, tmp_path: Path
) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    path = tmp_path / "t.json"
    path.write_text("{}")
    scripted.script(Reply(200, {"url": scripted.origin + "/blobs/x"}), path="/traces/upload")
    scripted.script(Reply(200, {}), path="/blobs/x")
    scripted.script(Reply(201, {"status": "success", "data": ["a", "b"]}), path="/traces")
    assert client.traces.upload(path).trace_ids == ["a", "b"]
    assert scripted.requests_to("/traces/upload")[0].json()["type"] == "application/json"


@pytest.mark.anyio
async def test_async_uploads(scripted: ScriptedServer, tmp_path: Path) -> None:
    async with AsyncAssay(api_key="k", base_url=scripted.base_url) as client:
        with pytest.raises(FileTooLargeError):
            await client.traces.upload(sparse_file(tmp_path / "big.jsonl", OVER))
        with pytest.raises(FileTooLargeError):
            await client.benchmarks.create_custom(name="b", description="", file_path=tmp_path / "big.jsonl")
        assert [r.path for r in scripted.requests] == ["/api/v1/organizations"]

        data = tmp_path / "rows.jsonl"
        data.write_text('{"input": "1 + 1?", "truth": "2"}\n')
        scripted.script(
            Reply(200, {"status": "success", "data": {"url": scripted.origin + "/blobs/b"}}), path="/upload"
        )
        scripted.script(Reply(200, {}), path="/blobs/b")
        created = {"organization_id": "org-1", "project_id": "proj-1", "benchmark_id": "b-1"}
        scripted.script(Reply(201, {"status": "success", "data": created}), path="/custom-benchmarks")
        answer = await client.benchmarks.create_custom(
            name="Rows", description="d", file_path=data, input_type="messages"
        )
        assert answer.benchmark_id == "b-1"
        put = scripted.requests_to("/blobs/b")[0]
        assert put.body == data.read_bytes() and put.headers["content-type"] == "application/jsonl"
        assert scripted.requests_to("/upload")[0].json()["key"] == "Rows"
        assert scripted.requests_to("/custom-benchmarks")[0].json() == {
            "name": "Rows",
            "description": "d",
            "file": "rows.jsonl",
            "input_type": "messages",
        }
