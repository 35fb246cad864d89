"""Timeouts (client, per call, ``with_options``) and the views ``with_options`` makes."""

import time

import httpx
import pytest

from assay import Assay, AsyncAssay, PublicClient, ServiceError
from assay._exceptions import APIConnectionError, APITimeoutError

from .support.assay_server import AssayServer
from .support.scripted_server import Reply, ScriptedServer
from .test_errors import EVALUATION


def test_the_default_timeout_is_ten_minutes() -> None:
    client = PublicClient(api_key="k")
    assert client.timeout.read == client.timeout.write == client.timeout.pool == 600
    assert client.max_retries == 2


def test_a_client_timeout_in_seconds_raises_a_timeout_error(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url, timeout=0.2, max_retries=0)
    assert client.timeout == httpx.Timeout(0.2)
    scripted.script(Reply(200, EVALUATION, delay=1.0), path="/evaluations/ev-1")
    started = time.monotonic()
    with pytest.raises(APITimeoutError) as caught:
        client.evaluations.get_by_id("ev-1")
    assert time.monotonic() - started < 0.9
    assert isinstance(caught.value, APIConnectionError) and not isinstance(caught.value, httpx.HTTPError)


def test_a_per_call_timeout_overrides_the_clients(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url, max_retries=0)
    scripted.script(Reply(200, EVALUATION, delay=0.6), Reply(200, EVALUATION, delay=0.3), path="/evaluations/ev-1")
    with pytest.raises(APITimeoutError):
        client.evaluations.get_by_id("ev-1", timeout=0.2)
    assert client.evaluations.get_by_id("ev-1", timeout=httpx.Timeout(5.0)).id == "ev-1"


def test_with_options_returns_a_view_whose_calls_use_its_timeout(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    lookups = len(scripted.requests_to("/organizations"))
    fast = client.with_options(timeout=0.2, max_retries=0)
    assert isinstance(fast, Assay) and fast is not client
    assert fast.timeout == httpx.Timeout(0.2) and fast.max_retries == 0
    assert (fast.organization_id, fast.project_id) == (client.organization_id, client.project_id)
    assert len(scripted.requests_to("/organizations")) == lookups, "a view makes no request"

    scripted.script(Reply(200, EVALUATION, delay=0.6), Reply(200, EVALUATION, delay=0.6), path="/evaluations/ev-1")
    with pytest.raises(APITimeoutError):
        fast.evaluations.get_by_id("ev-1")
    assert client.evaluations.get_by_id("ev-1").id == "ev-1", "the original keeps its own timeout"
    assert client.timeout.read == 600 and fast.public.timeout == httpx.Timeout(0.2)
    assert client.copy(timeout=None).timeout == httpx.Timeout(None)


def test_with_options_for_another_key_makes_a_new_client(assay_server: AssayServer, client: Assay) -> None:
    other = client.with_options(api_key=assay_server.api_key, timeout=30)
    assert other.organization_id == client.organization_id and other.timeout == httpx.Timeout(30.0)


def test_no_timeout_and_invalid_timeouts(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url, timeout=None)
    scripted.script(Reply(200, EVALUATION, delay=0.2), path="/evaluations/ev-1")
    assert client.evaluations.get_by_id("ev-1").id == "ev-1"
    for bad in (0, -1, "10"):
        with pytest.raises(ServiceError):
            Assay(api_key="k", base_url=scripted.base_url, timeout=bad)  # type: ignore[arg-type]
    with pytest.raises(ServiceError):
        Assay(api_key="k", base_url=scripted.base_url, max_retries=-1)


def test_views_share_connections_and_close_together(scripted: ScriptedServer) -> None:
    with Assay(api_key="k", base_url=scripted.base_url) as client:
        view = client.with_options(timeout=5)
        assert view._shared is client._shared and view.public._shared is client._shared
    assert client._http().is_closed


def test_a_given_http_client_is_used_and_left_open(scripted: ScriptedServer) -> None:
    seen = []
    http = httpx.Client(event_hooks={"request": [lambda request: seen.append(request.url.path)]})
    with Assay(api_key="k", base_url=scripted.base_url, http_client=http):
        pass
    assert seen == ["/api/v1/organizations"] and not http.is_closed
    http.close()


@pytest.mark.anyio
async def test_async_timeouts_and_with_options(scripted: ScriptedServer) -> None:
    async with AsyncAssay(api_key="k", base_url=scripted.base_url, max_retries=0) as client:
        fast = client.with_options(timeout=0.2)
        assert isinstance(fast, AsyncAssay) and fast.project_id == client.project_id
        scripted.script(Reply(200, EVALUATION, delay=0.6), Reply(200, EVALUATION, delay=0.3), path="/evaluations/ev-1")
        with pytest.raises(APITimeoutError):
            await fast.evaluations.get_by_id("ev-1")
        assert (await client.evaluations.get_by_id("ev-1", timeout=5)).id == "ev-1"
        scripted.script(Reply(200, EVALUATION, delay=0.6), path="/evaluations/ev-1")
        with pytest.raises(APITimeoutError):
            await client.evaluations.get_by_id("ev-1", timeout=0.2)
