"""The retry policy (the TypeScript client's): which failures, how many times, how long between."""

import time
from typing import List

import pytest

from assay import Assay, AsyncAssay
from assay._exceptions import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    BadRequestError,
    InternalServerError,
    RateLimitError,
)
from assay._retry import parse_retry_after, retry_delay

from .support.scripted_server import Reply, ScriptedServer
from .test_errors import EVALUATION


def recording_client(scripted: ScriptedServer, **options: object) -> "tuple[Assay, List[float]]":
    client = Assay(api_key="k", base_url=scripted.base_url, **options)  # type: ignore[arg-type]
    delays: List[float] = []
    client._shared.sleep = delays.append
    client._shared.random = lambda: 0.0
    return client, delays


@pytest.mark.parametrize("status", [408, 429, 500, 502, 503, 504])
def test_retryable_statuses_are_retried_with_backoff(scripted: ScriptedServer, status: int) -> None:
    client, delays = recording_client(scripted)
    scripted.script(Reply(status), Reply(status), Reply(200, EVALUATION), path="/evaluations/ev-1")
    assert client.evaluations.get_by_id("ev-1").id == "ev-1"
    assert len(scripted.requests_to("/evaluations/ev-1")) == 3
    assert delays == [0.5, 1.0]


@pytest.mark.parametrize("status", [400, 401, 403, 404, 409, 422, 501])
def test_other_statuses_are_not_retried(scripted: ScriptedServer, status: int) -> None:
    client, delays = recording_client(scripted)
    scripted.script(Reply(status, {"error": "no"}), path="/evaluations/ev-1")
    with pytest.raises(APIStatusError) as caught:
        client.evaluations.get_by_id("ev-1")
    assert caught.value.status_code == status
    assert len(scripted.requests_to("/evaluations/ev-1")) == 1 and delays == []


def test_after_the_last_retry_the_status_is_raised(scripted: ScriptedServer) -> None:
    client, delays = recording_client(scripted, max_retries=3)
    scripted.script(*[Reply(503)] * 4, path="/evaluations/ev-1")
    with pytest.raises(InternalServerError):
        client.evaluations.get_by_id("ev-1")
    assert len(scripted.requests_to("/evaluations/ev-1")) == 4
    assert delays == [0.5, 1.0, 2.0]


def test_backoff_doubles_to_eight_seconds_with_jitter() -> None:
    assert [retry_delay(n, None, lambda: 0.0) for n in range(6)] == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0]
    assert retry_delay(0, None, lambda: 1.0) == pytest.approx(0.375)


def test_a_numeric_retry_after_is_honoured(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    scripted.script(Reply(429, headers={"Retry-After": "0.3"}), Reply(200, EVALUATION), path="/evaluations/ev-1")
    started = time.monotonic()
    client.evaluations.get_by_id("ev-1")
    first, second = scripted.requests_to("/evaluations/ev-1")
    assert second.at - first.at >= 0.3 and time.monotonic() - started < 2


def test_an_unreasonable_or_non_numeric_retry_after_falls_back_to_backoff(scripted: ScriptedServer) -> None:
    client, delays = recording_client(scripted)
    scripted.script(
        Reply(429, headers={"Retry-After": "120"}),
        Reply(503, headers={"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}),
        Reply(200, EVALUATION),
        path="/evaluations/ev-1",
    )
    client.evaluations.get_by_id("ev-1")
    assert delays == [0.5, 1.0]
    assert parse_retry_after("1.5") == 1.5 and parse_retry_after("2") == 2.0
    assert parse_retry_after("-1") is None and parse_retry_after("1.") is None and parse_retry_after("") is None


def test_posts_are_retried_too(scripted: ScriptedServer) -> None:
    client, _ = recording_client(scripted)
    scripted.script(Reply(500), Reply(201, {"status": "success", "data": {"id": "j-1"}}), path="/judges")
    judge = {
        "id": "j-1",
        "organization_id": "org-1",
        "project_id": "proj-1",
        "name": "n",
        "evaluation_goal": "a goal long enough",
        "version": 1,
        "created_at": "2026-01-01T00:00:00.000Z",
        "updated_at": "2026-01-01T00:00:00.000Z",
    }
    scripted.script(Reply(200, {"status": "success", "data": judge}), path="/judges/j-1")
    assert client.judges.create(name="n", evaluation_goal="a goal long enough").id == "j-1"
    posts = [r for r in scripted.requests_to("/judges") if r.method == "POST"]
    assert len(posts) == 2 and posts[0].json() == posts[1].json() == {
        "name": "n",
        "evaluation_goal": "a goal long enough",
    }
    # One Idempotency-Key for both attempts: the service answers the repeat with the first answer.
    key = posts[0].headers.get("idempotency-key")
    assert key is not None and len(key) == 32 and posts[1].headers.get("idempotency-key") == key
    gets = [r for r in scripted.requests_to("/judges/j-1") if r.method == "GET"]
    assert gets and gets[0].headers.get("idempotency-key") is None


def test_connection_errors_and_timeouts_are_retried(scripted: ScriptedServer) -> None:
    client, delays = recording_client(scripted, timeout=0.3)
    scripted.script(
        Reply(reset=True), Reply(200, EVALUATION, delay=1.0), Reply(200, EVALUATION), path="/evaluations/ev-1"
    )
    assert client.evaluations.get_by_id("ev-1").id == "ev-1"
    assert len(scripted.requests_to("/evaluations/ev-1")) == 3 and delays == [0.5, 1.0]
    scripted.script(Reply(reset=True), Reply(reset=True), Reply(reset=True), path="/evaluations/ev-1")
    with pytest.raises(APIConnectionError):
        client.evaluations.get_by_id("ev-1")


def test_max_retries_zero_makes_one_attempt(scripted: ScriptedServer) -> None:
    client, delays = recording_client(scripted, max_retries=0)
    scripted.script(Reply(429, {"error": "slow down"}), path="/evaluations/ev-1")
    with pytest.raises(RateLimitError):
        client.evaluations.get_by_id("ev-1")
    assert len(scripted.requests_to("/evaluations/ev-1")) == 1 and delays == []


def test_the_organization_lookup_is_retried(scripted: ScriptedServer) -> None:
    scripted.script(Reply(503, headers={"Retry-After": "0"}), path="/organizations")
    client = Assay(api_key="k", base_url=scripted.base_url)
    assert client.organization_id == "org-1" and len(scripted.requests_to("/organizations")) == 2


@pytest.mark.anyio
async def test_async_retries(scripted: ScriptedServer) -> None:
    scripted.script(Reply(502, headers={"Retry-After": "0"}), path="/organizations")
    async with AsyncAssay(api_key="k", base_url=scripted.base_url, timeout=0.3) as client:
        assert client.project_id == "proj-1"
        delays: List[float] = []

        async def record(seconds: float) -> None:
            delays.append(seconds)

        client._shared.async_sleep = record
        client._shared.random = lambda: 0.0
        scripted.script(Reply(503), Reply(200, EVALUATION, delay=1.0), Reply(200, EVALUATION), path="/evaluations/ev-1")
        assert (await client.evaluations.get_by_id("ev-1")).id == "ev-1"
        assert delays == [0.5, 1.0]
        scripted.script(*[Reply(200, EVALUATION, delay=1.0)] * 3, path="/evaluations/ev-1")
        with pytest.raises(APITimeoutError):
            await client.evaluations.get_by_id("ev-1")
        scripted.script(Reply(400, {"error": "bad"}), path="/evaluations/ev-1")
        with pytest.raises(BadRequestError):
            await client.evaluations.get_by_id("ev-1")
