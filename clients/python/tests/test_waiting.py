"""The waiting helpers' stopping rules, on statuses a real run rarely reaches (scripted answers)."""

from typing import List, Optional

import pytest

from assay import Assay, AsyncAssay, Evaluation, TraceEvaluation
from assay._exceptions import InvalidInputError
from assay.resources._polling import PollSchedule
from assay.types import TraceEvaluationStatus

from .support.scripted_server import Reply, ScriptedServer
from .test_errors import EVALUATION


class FakeClock:
    """Monotonic seconds that pass only when a test sleeps."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> float:
        self.now += seconds
        return seconds


def _not_none(pause: Optional[float]) -> float:
    assert pause is not None
    return pause


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


def test_trace_evaluation_waiting_returns_the_failed_run_with_its_error(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    run = {"id": "te-1", "trace_id": "t-1", "judge_id": "j-1", "status": "in_progress"}
    scripted.script(
        Reply(200, {"status": "success", "data": run}),
        Reply(200, {"status": "success", "data": dict(run, status="failure", status_description="judge said nothing")}),
        path="/trace-evaluations/te-1",
    )
    done = client.trace_evaluations.wait_for_completion("te-1", interval_seconds=0.01)
    assert isinstance(done, TraceEvaluation)
    assert (done.id, done.status, done.error) == ("te-1", TraceEvaluationStatus.FAILURE, "judge said nothing")
    assert scripted.requests_to("/te-1/results") == []


def test_the_adaptive_schedule_grows_from_half_a_second_to_ten() -> None:
    clock = FakeClock()
    schedule = PollSchedule(None, None, clock=clock)
    pauses = [clock.sleep(_not_none(schedule.next_sleep())) for _ in range(40)]
    assert pauses[:6] == [0.5] * 6, "a fifth of the time waited stays under half a second at first"
    assert pauses[6:9] == pytest.approx([0.6, 0.72, 0.864])
    assert all(b <= a * 1.5 + 1e-9 for a, b in zip(pauses, pauses[1:])), "at most x1.5 each time"
    assert max(pauses) == 10.0 and pauses[-10:] == [10.0] * 10


@pytest.mark.parametrize("finishes_after", [0.2, 1.0, 5.0, 12.0, 60.0, 3600.0])
def test_a_run_is_reported_soon_after_it_finishes(finishes_after: float) -> None:
    """When the polls see a run that ends at ``finishes_after`` seconds (polls take no time here)."""
    clock = FakeClock()
    schedule = PollSchedule(None, None, clock=clock)
    polls = 1
    while clock.now < finishes_after:
        clock.sleep(_not_none(schedule.next_sleep()))
        polls += 1
    late = clock.now - finishes_after
    assert late <= max(0.5, 0.2 * finishes_after) and late <= 10
    if finishes_after == 5.0:
        assert late <= 1.0, "a 5 s run is reported within a second of finishing"
    if finishes_after == 3600.0:
        assert polls < 400, "an hour costs a few hundred polls"


def test_an_explicit_interval_is_used_as_given_and_the_deadline_cuts_the_last_pause() -> None:
    clock = FakeClock()
    schedule = PollSchedule(7, 20, clock=clock)
    assert [clock.sleep(_not_none(schedule.next_sleep())) for _ in range(3)] == [7.0, 7.0, 6.0]
    assert schedule.next_sleep() is None
    zero = PollSchedule(0, None, clock=clock)
    assert [zero.next_sleep() for _ in range(3)] == [0.0, 0.0, 0.0]


def test_every_helper_waits_on_the_shared_schedule(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    slept: List[float] = []
    client._shared.sleep = slept.append
    scripted.script(*[_evaluation("in-progress")] * 3, _evaluation("success"), path="/ev-1")
    assert client.evaluations.wait_for_completion("ev-1").status == "success"
    assert slept == [0.5, 0.5, 0.5]

    slept.clear()
    run = {
        "id": "op-1",
        "organization_id": "org-1",
        "project_id": "proj-1",
        "judge_id": "j-1",
        "created_at": "2026-01-01T00:00:00Z",
        "status": "in_progress",
    }
    scripted.script(
        Reply(200, {"status": "success", "data": run}),
        Reply(200, {"status": "success", "data": dict(run, status="success")}),
        path="/judge-optimizations/op-1",
    )
    assert client.judge_optimizations.wait_for_completion("op-1", interval_seconds=4).is_finished
    assert slept == [4.0]


@pytest.mark.anyio
async def test_async_helpers_wait_on_the_same_schedule(scripted: ScriptedServer) -> None:
    async with AsyncAssay(api_key="k", base_url=scripted.base_url) as client:
        slept: List[float] = []

        async def record(seconds: float) -> None:
            slept.append(seconds)

        client._shared.async_sleep = record
        run = {"id": "te-1", "trace_id": "t-1", "judge_id": "j-1", "status": "pending"}
        scripted.script(
            Reply(200, {"status": "success", "data": run}),
            Reply(200, {"status": "success", "data": dict(run, status="in_progress")}),
            Reply(200, {"status": "success", "data": dict(run, status="failure", status_description="no model")}),
            path="/trace-evaluations/te-1",
        )
        done = await client.trace_evaluations.wait_for_completion("te-1")
        assert isinstance(done, TraceEvaluation) and done.error == "no model"
        assert slept == [0.5, 0.5]


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
