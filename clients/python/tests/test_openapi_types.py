"""
The SDK's types against the server's OpenAPI document (``GET /openapi.json``, generated from the
protocol's route table): every operation the SDK calls is a ``Route`` (``assay._operation``)
declared in one of its modules, named by its ``operationId``; its method and path must be the
document's, and the type it reads the payload with must hold every field the document declares,
typed compatibly (``support/openapi_types.py`` says what compatible means).
"""

import importlib
import inspect
import pkgutil
from types import ModuleType
from typing import Any, Dict, List, Optional, Tuple

import httpx
import pytest
from pydantic import BaseModel

import assay
from assay._operation import Route

from .support.assay_server import AssayServer
from .support.openapi_types import payload_schema, problems


def sdk_modules() -> List[ModuleType]:
    names = [info.name for info in pkgutil.walk_packages(assay.__path__, assay.__name__ + ".")]
    return [importlib.import_module(name) for name in sorted(names)]


def sdk_routes() -> List[Tuple[str, Route[Any]]]:
    """Every Route of the package, named ``module.CONSTANT`` (one operation may be read two ways)."""
    return [
        ("{}.{}".format(module.__name__.replace("assay.", ""), name), value)
        for module in sdk_modules()
        for name, value in vars(module).items()
        if isinstance(value, Route)
    ]


ROUTES = sdk_routes()


@pytest.fixture(scope="module")
def document(assay_server: AssayServer) -> Dict[str, Any]:
    response = httpx.get(assay_server.base_url + "/openapi.json", timeout=30)
    response.raise_for_status()
    answer: Dict[str, Any] = response.json()
    return answer


def operation(document: Dict[str, Any], operation_id: str) -> Optional[Dict[str, Any]]:
    for path, methods in document["paths"].items():
        for method, described in methods.items():
            if described.get("operationId") == operation_id:
                return {"path": path, "method": method.upper(), **described}
    return None


def test_every_request_of_a_resource_is_built_from_a_route() -> None:
    # A hand-built Operation (or a call around the @twin flows) would escape the check below.
    resources = [module for module in sdk_modules() if module.__name__.startswith("assay.resources.")]
    for module in resources:
        source = inspect.getsource(module)
        assert "Operation(" not in source and "._execute(" not in source, module.__name__
    assert len(ROUTES) >= 50


@pytest.mark.parametrize("route", [route for _, route in ROUTES], ids=[name for name, _ in ROUTES])
def test_each_route_is_the_documents_and_reads_every_field_it_declares(
    route: Route[Any], document: Dict[str, Any]
) -> None:
    described = operation(document, route.operation_id)
    assert described is not None, "{} is not an operation of the OpenAPI document".format(route.operation_id)
    assert (route.method, route.path) == (described["method"], described["path"])
    success = next(answer for status, answer in described["responses"].items() if status.startswith("2"))
    schema = payload_schema(success["content"]["application/json"]["schema"], route.envelope.value, document)
    assert problems(route.response, schema, document) == []


class _Version(BaseModel):
    version: int


class _Judge(BaseModel):
    id: str
    versions: List[_Version] = []
    model_id: Optional[str] = None


JUDGE_SCHEMA = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "versions": {"type": "array", "items": {"$ref": "#/components/schemas/Version"}},
        "model_id": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    },
    "required": ["id", "versions", "model_id"],
}
DOCUMENT = {
    "components": {
        "schemas": {"Version": {"type": "object", "properties": {"version": {"type": "integer"}}, "required": []}}
    }
}


def test_the_check_finds_a_missing_a_mistyped_and_a_not_nullable_field() -> None:
    assert problems(_Judge, JUDGE_SCHEMA, DOCUMENT) == [
        "_Version.version: the document lets the server leave it out, the SDK's model requires it"
    ]
    more = dict(JUDGE_SCHEMA, properties=dict(JUDGE_SCHEMA["properties"], name={"type": "string"}))  # type: ignore[arg-type]
    assert "_Judge.name: declared by the document, missing from the SDK's model" in problems(_Judge, more, DOCUMENT)
    mistyped = dict(JUDGE_SCHEMA, properties=dict(JUDGE_SCHEMA["properties"], id={"type": "integer"}))  # type: ignore[arg-type]
    assert problems(_Judge, mistyped, DOCUMENT)[0] == "_Judge.id: the document says integer, the SDK's type is str"

    class Strict(BaseModel):
        id: str
        versions: List[_Version] = []
        model_id: str = ""

    found = problems(Strict, JUDGE_SCHEMA, DOCUMENT)
    assert "Strict.model_id: the document allows null, the SDK's type str does not" in found
