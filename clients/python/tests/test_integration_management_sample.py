"""
The original client's ``integration_management`` sample (wire protocol §13.2, §18), call for call:
``Stratix()`` from the environment, ``integrations.get_many()`` and the fields it prints, the
paginated form, ``get(id)`` with its ``config``, and ``test(id)`` with ``success`` and ``message``.
The integration it finds is made first with Assay's extension, pointing at a receiver on loopback.
"""

from typing import Iterator

import pytest

from assay import Assay, Stratix

from .conftest import unique
from .support.assay_server import AssayServer
from .support.receiver import Receiver


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


def test_the_samples_calls(assay_server: AssayServer, receiver: Receiver, monkeypatch: pytest.MonkeyPatch) -> None:
    with Assay(api_key=assay_server.api_key, base_url=assay_server.base_url) as setup:
        made = setup.integrations.create(name=unique("Sample hook"), type="webhook", host_url=receiver.url)
    monkeypatch.setenv("LAYERLENS_STRATIX_API_KEY", assay_server.api_key)
    monkeypatch.setenv("LAYERLENS_STRATIX_BASE_URL", assay_server.base_url)
    client = Stratix()

    # List all integrations: the sample prints each one's id, name, type, status and creation time.
    response = client.integrations.get_many()
    assert response is not None and response.integrations
    assert response.total_count == len(response.integrations)
    listed = next(i for i in response.integrations if i.id == made.id)
    assert (listed.name, listed.type, listed.status) == (made.name, "webhook", "new")
    assert listed.created_at is not None

    # The paginated form: "showing <count> of <total_count>".
    page1 = client.integrations.get_many(page=1, page_size=5)
    assert page1 is not None and 1 <= page1.count <= 5 and page1.total_count == page1.count

    # Get the first one by id, then print its detail (config is a plain mapping there).
    first = response.integrations[0]
    integration = client.integrations.get(first.id)
    assert integration is not None
    assert (integration.id, integration.name, integration.type) == (first.id, first.name, first.type)
    assert isinstance(integration.config, dict) and "signature_header" in integration.config

    # Test the first one: "OK" or "FAILED" by success, then the message. The first may be another
    # test's, whose receiver is gone: an answer all the same.
    result = client.integrations.test(first.id)
    assert result is not None and isinstance(result.success, bool) and result.message
    ours = client.integrations.test(made.id)
    assert ours.success is True and receiver.requests, "the test event reached the receiver"
    client.close()
