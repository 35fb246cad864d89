"""
``client.integrations`` against a real server and a webhook receiver on loopback: the original
client's ``get_many``, ``get`` and ``test``, and the extensions (create, update, delete, the
delivery log), sync and async.
"""

import json
from typing import Iterator

import pytest

from assay import Assay, AsyncAssay, BadRequestError, NotFoundError
from assay._exceptions import ConflictError
from assay.types import (
    CreateIntegrationResponse,
    Integration,
    IntegrationDeliveriesResponse,
    IntegrationsResponse,
)

from .conftest import unique
from .support.assay_server import AssayServer
from .support.receiver import Receiver, signature_matches
from .support.scripted_server import Reply, ScriptedServer


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


def test_create_list_get_and_the_secret_shown_once(client: Assay, receiver: Receiver) -> None:
    name = unique("Hook")
    created = client.integrations.create(
        name=name, type="webhook", host_url=receiver.url, events=["evaluation.finished", "evaluation.failed"]
    )
    assert isinstance(created, CreateIntegrationResponse)
    assert created.secret.startswith("whsec_")
    assert (created.name, created.type, created.host_url, created.active) == (name, "webhook", receiver.url, True)
    assert created.status == "new" and created.organization_id == client.organization_id
    assert created.events == ["evaluation.finished", "evaluation.failed"] and created.project_ids == []
    assert created.config["secret_last4"] == created.secret[-4:]

    shown = client.integrations.get(created.id)
    assert isinstance(shown, Integration) and not isinstance(shown, CreateIntegrationResponse)
    assert "secret" not in shown.model_dump(), "the secret is answered only when created"
    assert shown.model_dump() == {k: v for k, v in created.model_dump().items() if k != "secret"}

    listed = client.integrations.get_many()
    assert isinstance(listed, IntegrationsResponse)
    assert created.id in [i.id for i in listed.integrations]
    assert listed.count == listed.total_count == len(listed.integrations)
    assert client.integrations.get(shown) == shown, "an Integration object is taken for its id"


def test_test_sends_a_signed_event_and_the_log_records_each_answer(client: Assay, receiver: Receiver) -> None:
    created = client.integrations.create(name=unique("Tested"), type="webhook", host_url=receiver.url)

    result = client.integrations.test(created.id)
    assert result.success is True, result.message
    assert "200" in (result.message or "")
    assert len(receiver.requests) == 1
    request = receiver.requests[0]
    assert signature_matches(created.secret, request)
    event = json.loads(request.body)
    assert event["type"] == "integration.test" and request.headers["assay-event-id"] == event["id"]
    assert event["data"]["id"] == created.id

    receiver.reply = (503, "down for maintenance")
    refused = client.integrations.test(created)
    assert refused.success is False
    assert "503" in (refused.message or "")

    log = client.integrations.deliveries(created.id)
    assert isinstance(log, IntegrationDeliveriesResponse)
    assert (log.count, log.total_count) == (2, 2)
    assert log.pagination is not None and log.pagination.page_size == 50
    newest, oldest = log.deliveries
    assert (newest.status, newest.http_status, newest.event_type) == ("failed", 503, "integration.test")
    assert "down for maintenance" in newest.response_excerpt
    assert (oldest.status, oldest.http_status, oldest.attempt) == ("succeeded", 200, 1)
    assert newest.latency_ms >= 0 and newest.next_attempt_at is None, "a test is never retried"
    assert client.integrations.get(created.id).status == "failing"
    assert client.integrations.deliveries(created.id, page=2, page_size=1).deliveries[0].id == oldest.id


def test_update_and_delete(client: Assay, receiver: Receiver) -> None:
    created = client.integrations.create(name=unique("Changing"), type="slack", host_url=receiver.url, active=False)
    assert created.active is False and created.type == "slack"
    renamed = unique("Renamed")
    updated = client.integrations.update(created, name=renamed, active=True, events=["evaluation.failed"])
    assert (updated.name, updated.active, updated.events) == (renamed, True, ["evaluation.failed"])
    assert updated.config["secret_last4"] == created.secret[-4:], "the secret stays"

    assert client.integrations.delete(created.id) is True
    assert client.integrations.delete(created.id) is False, "as the SDK's other deletes: refused, not raised"
    with pytest.raises(NotFoundError):
        client.integrations.get(created.id)
    assert created.id not in [i.id for i in client.integrations.get_many().integrations]


def test_refusals_name_the_field(client: Assay, receiver: Receiver) -> None:
    name = unique("Twice")
    client.integrations.create(name=name, type="webhook", host_url=receiver.url)
    with pytest.raises(ConflictError):
        client.integrations.create(name=name, type="webhook", host_url=receiver.url)
    with pytest.raises(BadRequestError) as caught:
        client.integrations.create(name=unique("Bad"), type="webhook", host_url="ftp://example.com/x")
    assert "body.host_url" in str(caught.value)
    with pytest.raises(BadRequestError) as caught:
        client.integrations.create(name=unique("Bad"), type="email", host_url=receiver.url)
    assert "body.type" in str(caught.value)
    with pytest.raises(NotFoundError):
        client.integrations.test("00000000-0000-4000-8000-000000000000")


@pytest.mark.anyio
async def test_async_integrations(assay_server: AssayServer, receiver: Receiver) -> None:
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as client:
        created = await client.integrations.create(name=unique("Async hook"), type="webhook", host_url=receiver.url)
        assert created.secret.startswith("whsec_")
        assert (await client.integrations.get(created)).name == created.name
        listed = await client.integrations.get_many(page=1, page_size=5)
        assert listed.count == len(listed.integrations) <= 5
        assert (await client.integrations.test(created.id)).success is True
        assert signature_matches(created.secret, receiver.requests[-1])
        log = await client.integrations.deliveries(created)
        assert [d.status for d in log.deliveries] == ["succeeded"]
        assert (await client.integrations.update(created, active=False)).active is False
        assert await client.integrations.delete(created) is True
        assert await client.integrations.delete(created) is False
        with pytest.raises(NotFoundError):
            await client.integrations.get(created.id)


def test_the_original_clients_answer_shapes(scripted: ScriptedServer) -> None:
    # §13.2: a bare array in status+data (Assay's), or {"integrations": […]}; only id,
    # organization_id and name are required, config defaults to {}, test's message may be absent.
    minimal = {"id": "int-1", "organization_id": "org-1", "name": "Hook"}
    scripted.script(
        Reply(200, {"status": "success", "data": [minimal]}),
        Reply(200, {"integrations": [minimal, dict(minimal, id="int-2")]}),
        path="/organizations/org-1/integrations",
    )
    scripted.script(Reply(200, {"status": "success", "data": {"success": True}}), path="/int-1/test")
    with Assay(api_key="k", base_url=scripted.base_url, max_retries=0) as client:
        first = client.integrations.get_many(page=3, page_size=9999)
        assert [i.id for i in first.integrations] == ["int-1"] and (first.count, first.total_count) == (1, 1)
        assert first.integrations[0].config == {} and first.integrations[0].active is None
        second = client.integrations.get_many()
        assert [i.id for i in second.integrations] == ["int-1", "int-2"] and second.total_count == 2
        result = client.integrations.test(first.integrations[0])
        assert (result.success, result.message) == (True, None)
    listed = scripted.requests_to("/integrations")[0]
    assert listed.path.endswith("/organizations/org-1/integrations?page=3&page_size=500")
    tested = scripted.requests_to("/int-1/test")[0]
    assert (tested.method, tested.json()) == ("POST", {})
