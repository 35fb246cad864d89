"""Configuration from arguments and the environment, the organization lookup, names and headers."""

from pathlib import Path

import httpx
import pytest

from assay import (
    Assay,
    AsyncAssay,
    AsyncAtlas,
    AsyncClient,
    AsyncPublicClient,
    AsyncStratix,
    Atlas,
    Client,
    PublicClient,
    ServiceError,
    Stratix,
)
from assay._exceptions import AtlasError, StratixError

from .support.assay_server import AssayServer
from .support.scripted_server import Reply, ScriptedServer


def test_the_product_names_and_the_legacy_aliases() -> None:
    assert Client is Assay and AsyncClient is AsyncAssay
    assert Stratix is Assay and AsyncStratix is AsyncAssay
    assert Atlas is Assay and AsyncAtlas is AsyncAssay
    assert StratixError is ServiceError and AtlasError is ServiceError
    import assay.models

    assert assay.models.Evaluation is assay.types.Evaluation
    assert (Path(assay.__file__).parent / "py.typed").exists()


def test_api_key_and_base_url_from_service_variables(monkeypatch: pytest.MonkeyPatch, scripted: ScriptedServer) -> None:
    monkeypatch.setenv("SERVICE_API_KEY", "from-service")
    monkeypatch.setenv("SERVICE_BASE_URL", scripted.base_url)
    client = Assay()
    assert client.api_key == "from-service" and str(client.base_url) == scripted.base_url
    assert scripted.requests_to("/organizations")[0].headers["x-api-key"] == "from-service"


def test_env_precedence_service_then_stratix_then_atlas(
    monkeypatch: pytest.MonkeyPatch, scripted: ScriptedServer
) -> None:
    monkeypatch.setenv("LAYERLENS_ATLAS_API_KEY", "atlas")
    monkeypatch.setenv("LAYERLENS_ATLAS_BASE_URL", scripted.base_url)
    assert Assay().api_key == "atlas"
    monkeypatch.setenv("LAYERLENS_STRATIX_API_KEY", "stratix")
    monkeypatch.setenv("LAYERLENS_STRATIX_BASE_URL", scripted.base_url + "/")
    assert Stratix().api_key == "stratix"
    monkeypatch.setenv("SERVICE_API_KEY", "service")
    assert Assay().api_key == "service"
    assert Assay(api_key="explicit").api_key == "explicit"
    monkeypatch.setenv("SERVICE_BASE_URL", "  ")
    assert str(Assay().base_url) == scripted.base_url, "blank counts as unset; trailing slashes go"


def test_a_dotenv_file_loaded_into_the_environment_works_the_same(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, assay_server: AssayServer
) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("SERVICE_API_KEY={}\nSERVICE_BASE_URL={}\n".format(assay_server.api_key, assay_server.base_url))
    for line in dotenv.read_text().splitlines():  # what python-dotenv's load_dotenv() does
        name, _, value = line.partition("=")
        monkeypatch.setenv(name, value)
    with Assay() as client:
        assert client.project_id and client.models.get(type="custom") is not None


def test_the_default_base_url_includes_the_api_prefix() -> None:
    assert str(PublicClient(api_key="k").base_url) == "http://localhost:8080/api/v1"
    assert str(PublicClient(api_key="k", base_url=httpx.URL("http://h:1/api/v1/")).base_url) == "http://h:1/api/v1"
    with pytest.raises(ServiceError, match="absolute"):
        PublicClient(api_key="k", base_url="localhost:8080/api/v1")


def test_a_missing_api_key_raises_before_any_request(monkeypatch: pytest.MonkeyPatch, scripted: ScriptedServer) -> None:
    monkeypatch.setenv("SERVICE_BASE_URL", scripted.base_url)
    for make in (Assay, AsyncAssay, PublicClient, AsyncPublicClient):
        with pytest.raises(ServiceError, match="SERVICE_API_KEY"):
            make()
    monkeypatch.setenv("SERVICE_API_KEY", "")
    with pytest.raises(ServiceError, match="No API key"):
        Assay(api_key="   ")
    assert scripted.requests == []


def test_construction_scopes_every_request_to_the_keys_organization_and_first_project(
    scripted: ScriptedServer,
) -> None:
    scripted.script(
        Reply(
            200,
            {
                "status": "success",
                "data": {
                    "id": "o-9",
                    "name": "O",
                    "projects": [{"id": "p-1", "name": "A"}, {"id": "p-2", "name": "B"}],
                },
            },
        ),
        path="/organizations",
    )
    client = Assay(api_key="secret", base_url=scripted.base_url)
    assert (client.organization_id, client.project_id) == ("o-9", "p-1")
    assert client.organization.name == "O" and client.project.name == "A"
    scripted.script(Reply(200, {"status": "success", "data": {"models": []}}), path="/models")
    assert client.models.get() == []
    lookup, listing = scripted.requests
    assert lookup.method == "GET" and lookup.path == "/api/v1/organizations"
    assert listing.path == "/api/v1/organizations/o-9/projects/p-1/models"
    for request in (lookup, listing):
        assert request.headers["x-api-key"] == "secret" and request.headers["accept"] == "application/json"
        assert "content-type" not in request.headers and request.body == b""


def test_query_values_go_out_as_the_original_client_sent_them(scripted: ScriptedServer) -> None:
    client = Assay(api_key="k", base_url=scripted.base_url)
    scripted.script(Reply(200, {"evaluations": [], "total_count": 0}), path="/evaluations")
    page = client.evaluations.get_many(page_size=9999, model_ids=["m1", "m2"], status="success", unique=True)
    assert page.pagination.page_size == 500 and page.pagination.total_pages == 0
    sent = httpx.URL(scripted.requests_to("/evaluations")[0].path).params
    assert sent["organization_id"] == "org-1" and sent["project_id"] == "proj-1"
    assert (sent["page"], sent["page_size"], sent["models"], sent["status"], sent["unique"]) == (
        "1",
        "500",
        "m1,m2",
        "success",
        "true",
    )
    scripted.script(Reply(200, {"evaluations": [], "total_count": 0}), path="/evaluations")
    client.public.evaluations.get_many()
    assert "organization_id" not in httpx.URL(scripted.requests_to("/evaluations")[1].path).params


@pytest.mark.anyio
async def test_async_configuration(monkeypatch: pytest.MonkeyPatch, scripted: ScriptedServer) -> None:
    monkeypatch.setenv("LAYERLENS_STRATIX_API_KEY", "legacy")
    monkeypatch.setenv("LAYERLENS_STRATIX_BASE_URL", scripted.base_url)
    async with AsyncStratix() as client:
        assert client.api_key == "legacy" and client.organization_id == "org-1"
    async with AsyncPublicClient() as public:
        assert public.api_key == "legacy"
