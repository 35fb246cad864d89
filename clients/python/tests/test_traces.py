"""``client.traces`` against a real server: upload (presigned PUT), list, get, sources, delete."""

import json
from pathlib import Path

import pytest

from assay import Assay, AsyncAssay, NotFoundError, Trace
from assay._exceptions import UnprocessableEntityError
from assay.types import CreateTracesResponse, TracesResponse, TraceWithEvaluations

from .conftest import unique
from .support.assay_server import AssayServer
from .support.files import TRACE_ROWS, write_jsonl


def test_upload_creates_one_trace_per_record_in_file_order(client: Assay, tmp_path: Path) -> None:
    filename = unique("traces") + ".jsonl"
    uploaded = client.traces.upload(str(write_jsonl(tmp_path / filename, TRACE_ROWS)))
    assert isinstance(uploaded, CreateTracesResponse) and len(uploaded.trace_ids) == 3

    first = client.traces.get(uploaded.trace_ids[0])
    assert isinstance(first, Trace)
    assert first.filename == filename and first.position == 1
    assert first.data == TRACE_ROWS[0] and first.input == "What is the capital of France?"
    assert client.traces.get(uploaded.trace_ids[2]).input == "Name a city in France."

    assert filename in client.traces.get_sources()
    page = client.traces.get_many(source=filename, sort_by="position", sort_order="asc")
    assert isinstance(page, TracesResponse)
    assert [t.id for t in page.traces] == uploaded.trace_ids
    assert page.total_count == 3 and page.count == 3
    assert all(isinstance(t, TraceWithEvaluations) and t.evaluations_count == 0 for t in page.traces)
    assert [t.id for t in client.traces.get_many(search="Spain", source=filename).traces] == [uploaded.trace_ids[1]]
    second_page = client.traces.get_many(source=filename, page=2, page_size=2, sort_by="position", sort_order="asc")
    assert [t.id for t in second_page.traces] == uploaded.trace_ids[2:]

    assert client.traces.delete(uploaded.trace_ids[1]) is True
    with pytest.raises(NotFoundError):
        client.traces.get(uploaded.trace_ids[1])
    assert client.traces.get_many(source=filename).total_count == 2


def test_a_json_file_with_one_object_is_one_trace(client: Assay, tmp_path: Path) -> None:
    path = tmp_path / (unique("agent") + ".json")
    path.write_text(json.dumps({"trace_id": "t-1", "agent_name": "planner", "events": [{"type": "start"}]}))
    uploaded = client.traces.upload(path)
    assert len(uploaded.trace_ids) == 1
    assert client.traces.get(uploaded.trace_ids[0]).data["agent_name"] == "planner"


def test_a_file_with_a_bad_record_creates_nothing(client: Assay, tmp_path: Path) -> None:
    path = tmp_path / (unique("bad") + ".jsonl")
    path.write_text('{"input": "ok", "output": "fine"}\n[1, 2, 3]\n')
    with pytest.raises(UnprocessableEntityError):
        client.traces.upload(path)
    assert path.name not in client.traces.get_sources()


@pytest.mark.anyio
async def test_async_traces(assay_server: AssayServer, tmp_path: Path) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        filename = unique("async") + ".jsonl"
        uploaded = await client.traces.upload(write_jsonl(tmp_path / filename, TRACE_ROWS))
        assert len(uploaded.trace_ids) == 3
        assert (await client.traces.get(uploaded.trace_ids[0])).filename == filename
        assert filename in await client.traces.get_sources()
        assert (await client.traces.get_many(source=filename)).total_count == 3
        assert await client.traces.delete(uploaded.trace_ids[0]) is True
        with pytest.raises(NotFoundError):
            await client.traces.get(uploaded.trace_ids[0])
