"""
Error mapping: real server answers for 400, 401, 404, 409 and 422 (the others are in the resource
tests too); a scripted server for 403, 429, 5xx, other statuses, broken bodies and connections.
"""

import socket

import httpx
import pytest

import assay
from assay import (
    APIError,
    Assay,
    AsyncAssay,
    AuthenticationError,
    BadRequestError,
    NotFoundError,
    PublicClient,
    ServiceError,
)
from assay._exceptions import (
    APIConnectionError,
    APIResponseValidationError,
    APIStatusError,
    ConflictError,
    InternalServerError,
    PermissionDeniedError,
    RateLimitError,
    UnprocessableEntityError,
)

from .conftest import unique
from .support.assay_server import AssayServer, generate_api_key
from .support.scripted_server import Reply, ScriptedServer

EVALUATION = {
    "id": "ev-1",
    "status": "success",
    "submitted_at": 1767225600,
    "finished_at": 1767225700,
    "model_id": "m-1",
    "dataset_id": "d-1",
    "average_duration": 12,
    "accuracy": 0.5,
}


def test_the_hierarchy() -> None:
    assert issubclass(APIError, ServiceError) and issubclass(APIStatusError, APIError)
    assert issubclass(APIConnectionError, APIError) and issubclass(APIResponseValidationError, APIError)
    for cls in (BadRequestError, AuthenticationError, PermissionDeniedError, NotFoundError, ConflictError):
        assert issubclass(cls, APIStatusError)
    for cls in (UnprocessableEntityError, RateLimitError, InternalServerError):
        assert issubclass(cls, APIStatusError)


def test_unknown_key_is_an_authentication_error_at_construction(assay_server: AssayServer) -> None:
    with pytest.raises(AuthenticationError) as caught:
        Assay(api_key=generate_api_key(), base_url=assay_server.base_url)
    error = caught.value
    assert error.status_code == 401 and error.request_id
    assert isinstance(error.body, dict) and error.body["code"] == "UNAUTHENTICATED"
    assert str(error).startswith("Error code: 401 - {'error': {")


def test_unknown_key_is_an_authentication_error_for_the_async_client_too(assay_server: AssayServer) -> None:
    with pytest.raises(AuthenticationError):
        AsyncAssay(api_key=generate_api_key(), base_url=assay_server.base_url)


def test_a_base_url_without_the_api_prefix_is_explained(assay_server: AssayServer) -> None:
    expected = (
        "Error code: 404 - 404 page not found at {0}/organizations: the base URL must include the API prefix, "
        "e.g. {0}/api/v1".format(assay_server.origin)
    )
    for base_url in (assay_server.origin, assay_server.origin + "/"):
        with pytest.raises(NotFoundError) as caught:
            Assay(api_key=assay_server.api_key, base_url=base_url)
        assert str(caught.value) == expected and caught.value.body == "404 page not found"
    with pytest.raises(NotFoundError, match=r"e\.g\. {}/api/v1$".format(assay_server.origin)):
        AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.origin + "/api")
    public = PublicClient(api_key=assay_server.api_key, base_url=assay_server.origin + "/v1")
    with pytest.raises(NotFoundError, match=r"at {0}/v1/models: .* e\.g\. {0}/v1/api/v1$".format(assay_server.origin)):
        public.models.get()


def test_a_plain_404_under_the_api_prefix_is_left_as_it_is(scripted: ScriptedServer) -> None:
    """A server configured with another ASSAY_API_PREFIX is not second-guessed: only a missing prefix is explained."""
    client = Assay(api_key="k", base_url=scripted.base_url)
    scripted.script(Reply(404, "404 page not found"), path="/models")
    with pytest.raises(NotFoundError) as caught:
        client.models.get()
    assert str(caught.value) == "Error code: 404 - 404 page not found"
    other = Assay(api_key="k", base_url=scripted.origin + "/custom")
    scripted.script(Reply(404, {"error": {"message": "model not found", "code": "NOT_FOUND"}}), path="/models")
    with pytest.raises(NotFoundError, match="model not found"):
        other.models.get()


def test_400_404_409_from_the_real_server(client: Assay) -> None:
    with pytest.raises(BadRequestError) as bad:
        client.models.create_custom(
            name="x", key="Not A Key", description="", api_url="http://127.0.0.1:1/v1", max_tokens=1
        )
    assert bad.value.status_code == 400 and "key" in str(bad.value)
    with pytest.raises(NotFoundError):
        client.judges.get("00000000-0000-4000-8000-000000000000")
    name = unique("dup")
    client.judges.create(name=name, evaluation_goal="Pass when the answer is polite.")
    with pytest.raises(ConflictError):
        client.judges.create(name=name, evaluation_goal="Pass when the answer is polite.")


@pytest.mark.parametrize(
    "status, cls",
    [
        (400, BadRequestError),
        (401, AuthenticationError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (422, UnprocessableEntityError),
        (429, RateLimitError),
        (500, InternalServerError),
        (502, InternalServerError),
        (503, InternalServerError),
        (504, InternalServerError),
        (507, InternalServerError),
        (418, APIStatusError),
        (307, APIStatusError),
    ],
)
def test_each_status_maps_to_its_error(scripted: ScriptedServer, status: int, cls: type) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url, max_retries=0)
    scripted.script(
        Reply(status, {"error": {"message": "scripted", "code": "X"}}, headers={"Location": "/elsewhere"}),
        path="/evaluations/ev-1",
    )
    with pytest.raises(cls) as caught:
        client.evaluations.get_by_id("ev-1")
    error = caught.value
    assert type(error) is cls
    assert error.status_code == status
    assert error.body == {"message": "scripted", "code": "X"}
    assert (
        error.message
        == str(error)
        == "Error code: {} - {{'error': {{'message': 'scripted', 'code': 'X'}}}}".format(status)
    )
    assert error.request_id is not None and error.response.status_code == status


def test_a_text_error_body_follows_the_status(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url, max_retries=0)
    scripted.script(Reply(502, "Bad Gateway"), Reply(500, ""), path="/evaluations/ev-1")
    with pytest.raises(InternalServerError) as caught:
        client.evaluations.get_by_id("ev-1")
    assert str(caught.value) == "Error code: 502 - Bad Gateway" and caught.value.body == "Bad Gateway"
    with pytest.raises(InternalServerError) as empty:
        client.evaluations.get_by_id("ev-1")
    assert str(empty.value) == "Error code: 500"


def test_an_answer_that_does_not_match_the_schema_raises_validation_error(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    scripted.script(Reply(200, dict(EVALUATION, accuracy=None)), path="/evaluations/ev-1")
    with pytest.raises(APIResponseValidationError) as caught:
        client.evaluations.get_by_id("ev-1")
    assert caught.value.status_code == 200 and "accuracy" in str(caught.value)
    scripted.script(Reply(200, {"data": EVALUATION}), path="/evaluations/ev-1")
    with pytest.raises(APIResponseValidationError):
        client.evaluations.get_by_id("ev-1")  # this route answers bare objects
    scripted.script(Reply(200, "<html>not json</html>"), path="/evaluations/ev-1")
    with pytest.raises(APIResponseValidationError, match="is not JSON"):
        client.evaluations.get_by_id("ev-1")
    scripted.script(Reply(200, {"models": []}), path="/models")
    with pytest.raises(APIResponseValidationError, match='"data"'):
        client.models.get()
    scripted.script(Reply(200, {"status": "success", "data": {"judges": [{"id": "j-1"}]}}), path="/judges")
    with pytest.raises(APIResponseValidationError):
        client.judges.get_many()
    scripted.script(Reply(200, {"status": "success", "data": {"id": "j-1"}}), path="/judges/j-1")
    with pytest.raises(APIResponseValidationError):
        client.judges.get("j-1")  # the original returned None here


def test_an_organization_without_projects_is_a_service_error(scripted: ScriptedServer) -> None:
    scripted.script(Reply(200, {"data": {"id": "org-9", "name": "Empty", "projects": []}}), path="/organizations")
    with pytest.raises(ServiceError, match="org-9 has no project"):
        Assay(api_key="k", base_url=scripted.base_url)


def test_network_failures_are_connection_errors_not_httpx_errors() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(APIConnectionError) as caught:
        Assay(api_key="k", base_url="http://127.0.0.1:{}/api/v1".format(port), max_retries=0)
    assert not isinstance(caught.value, httpx.HTTPError)
    assert isinstance(caught.value.__cause__, httpx.ConnectError)


def test_a_reset_connection_is_a_connection_error(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url, max_retries=0)
    scripted.script(Reply(reset=True), path="/evaluations/ev-1")
    with pytest.raises(APIConnectionError):
        client.evaluations.get_by_id("ev-1")


@pytest.mark.anyio
async def test_async_errors(scripted: ScriptedServer, assay_server: AssayServer) -> None:
    async with AsyncAssay(api_key="k", base_url=scripted.base_url, max_retries=0) as client:
        scripted.script(Reply(403, {"error": "bad signature"}), path="/evaluations/ev-1")
        with pytest.raises(PermissionDeniedError) as caught:
            await client.evaluations.get_by_id("ev-1")
        assert caught.value.body == "bad signature"
        scripted.script(Reply(200, {"nope": True}), path="/evaluations/ev-1")
        with pytest.raises(APIResponseValidationError):
            await client.evaluations.get_by_id("ev-1")
        scripted.script(Reply(reset=True), path="/evaluations/ev-1")
        with pytest.raises(APIConnectionError):
            await client.evaluations.get_by_id("ev-1")
    async with AsyncAssay(api_key=assay_server.api_key, base_url=assay_server.base_url) as real:
        with pytest.raises(NotFoundError):
            await real.judges.get("00000000-0000-4000-8000-000000000000")


def test_only_the_common_errors_are_exported_from_the_package() -> None:
    exported = {name for name in assay.__all__ if name.endswith("Error")}
    assert exported == {"ServiceError", "APIError", "BadRequestError", "AuthenticationError", "NotFoundError"}
