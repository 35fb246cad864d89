"""The waiting helpers' stopping rules, on statuses a real run rarely reaches (scripted answers)."""

import pytest

from assay import Assay, AsyncAssay, Evaluation
from assay._exceptions import InvalidInputError

from .support.scripted_server import Reply, ScriptedServer
from .test_errors import EVALUATION


def _evaluation(status: str) -> Reply:
    return Reply(200, dict(EVALUATION, status=status))


@pytest.mark.parametrize("final", ["success", "failure", "timeout", "cancelled"])
def test_evaluations_wait_until_any_finished_status(scripted: ScriptedServer, final: str) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    scripted.script(
        _evaluation("pending"), _evaluation("in-progress"), _evaluation("paused"), _evaluation(final), path="/ev-1"
    )
    done = client.evaluations.wait_for_completion("ev-1", interval_seconds=0.01)
    assert done.status == final and done.is_finished
    assert len(scripted.requests_to("/evaluations/ev-1")) == 4


def test_trace_evaluation_waiting_returns_none_after_a_failure(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    run = {"id": "te-1", "trace_id": "t-1", "judge_id": "j-1", "status": "in_progress"}
    scripted.script(
        Reply(200, {"status": "success", "data": run}),
        Reply(200, {"status": "success", "data": dict(run, status="failure", status_description="judge said nothing")}),
        path="/trace-evaluations/te-1",
    )
    assert client.trace_evaluations.wait_for_completion("te-1", interval_seconds=0.01) is None
    assert scripted.requests_to("/te-1/results") == []


def test_helpers_need_a_client_and_sane_intervals(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    with pytest.raises(ValueError, match="No client attached"):
        Evaluation.model_validate(EVALUATION).wait_for_completion()
    with pytest.raises(InvalidInputError):
        client.evaluations.wait_for_completion("ev-1", interval_seconds=-1)
    assert scripted.requests_to("/ev-1") == []


@pytest.mark.anyio
async def test_async_waiting(scripted: ScriptedServer) -> None:
    async with AsyncAssay(api_key="k", base_url=scripted.base_url) as client:
        scripted.script(_evaluation("in-progress"), _evaluation("cancelled"), path="/ev-1")
        done = await client.evaluations.wait_for_completion("ev-1", interval_seconds=0.01)
        assert done.status == "cancelled"
        scripted.script(_evaluation("success"), path="/ev-1")
        synced = Assay(api_key="k", base_url=scripted.base_url).evaluations.get_by_id("ev-1")
        with pytest.raises(RuntimeError, match="sync client"):
            await synced.wait_for_completion_async()
