from typing import Any, Dict, List, Literal, Optional

import httpx
from pydantic import BaseModel

from .._operation import Operation, query
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.models import CreateModelResponse, CustomModel, Model, ModelsListResponse, PublicModel
from ._resource import AsyncAPIResource, ProjectClient, SyncAPIResource, body, with_added, with_removed

ModelType = Literal["custom", "public"]


class _ModelList(BaseModel):
    models: List[Dict[str, Any]]


class _Answer(BaseModel):
    """The parts of an answer that are checked where the original returned a bool."""

    id: str


def _one_model(raw: Any, response: httpx.Response) -> Model:
    """A project's own model carries ``organization_id``; catalog models never do (the original SDK's rule)."""
    kind = CustomModel if isinstance(raw, dict) and "organization_id" in raw else PublicModel
    return validate(raw, kind, response)


def _model_list(raw: Any, response: httpx.Response) -> ModelsListResponse:
    listed = validate(raw, _ModelList, response)
    return ModelsListResponse(models=[_one_model(item, response) for item in listed.models])


def _list_op(
    client: ProjectClient, type: Optional[ModelType], filters: Dict[str, Any]
) -> Operation[ModelsListResponse]:
    path = client._project_path("models")
    params = query(type=type, **filters)
    return Operation("GET", path, ModelsListResponse, Envelope.DATA, params=params, convert=_model_list)


def _get_op(client: ProjectClient, id: str) -> Operation[Model]:
    return Operation("GET", client._project_path("models", id), Model, Envelope.DATA, convert=_one_model)


def _attach_op(client: ProjectClient, ids: List[str]) -> Operation[_Answer]:
    return Operation("PATCH", client._project_path(), _Answer, Envelope.DATA, body={"models": ids})


def _create_custom_op(client: ProjectClient, fields: Dict[str, Any]) -> Operation[CreateModelResponse]:
    path = client._project_path("custom-models")
    return Operation("POST", path, CreateModelResponse, Envelope.STATUS_DATA_OR_BARE, body=fields)


def _update_custom_op(client: ProjectClient, model_id: str, fields: Dict[str, Any]) -> Operation[_Answer]:
    return Operation("PATCH", client._project_path("custom-models", model_id), _Answer, Envelope.DATA, body=fields)


def _delete_custom_op(client: ProjectClient, model_id: str) -> Operation[_Answer]:
    return Operation("DELETE", client._project_path("custom-models", model_id), _Answer, Envelope.DATA)


def _exact_key(listed: ModelsListResponse, key: str) -> Optional[Model]:
    return next((model for model in listed.models if model.key == key), None)


class Models(SyncAPIResource):
    """``client.models``: the models attached to the project, and its own OpenAI-compatible endpoints."""

    def get(
        self,
        *,
        type: Optional[ModelType] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        categories: Optional[List[str]] = None,
        companies: Optional[List[str]] = None,
        regions: Optional[List[str]] = None,
        licenses: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ModelsListResponse:
        """
        The attached models matching the filters, as ``.models``: the project's own
        (``CustomModel``) first, then catalog ones (``PublicModel``). The answer is also a sequence
        of them (``len()``, ``[0]``, ``for``). ``name`` and ``key`` are case-insensitive substrings;
        any of the lists leaves only catalog models matching one of its values.
        """
        filters = dict(
            name=name, key=key, categories=categories, companies=companies, regions=regions, licenses=licenses
        )
        return self._client._execute(_list_op(self._client, type, filters), timeout)

    def get_by_key(self, key: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Optional[Model]:
        """The attached model whose key is exactly ``key``, or None."""
        return _exact_key(self.get(key=key, timeout=timeout), key)

    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Model:
        """A catalog model or one of the project's own; an unknown id raises ``NotFoundError``."""
        return self._client._execute(_get_op(self._client, id), timeout)

    def add(self, *model_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        """Attaches models (catalog or custom ids) to the project."""
        current = [m.id for m in self.get(timeout=timeout).models]
        self._client._execute(_attach_op(self._client, with_added(current, list(model_ids))), timeout)
        return True

    def remove(self, *model_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        """Detaches models from the project (a custom model stays; ``delete_custom`` removes it)."""
        current = [m.id for m in self.get(timeout=timeout).models]
        self._client._execute(_attach_op(self._client, with_removed(current, list(model_ids))), timeout)
        return True

    def create_custom(
        self,
        *,
        name: str,
        key: str,
        description: str,
        api_url: str,
        max_tokens: int,
        api_key: Optional[str] = None,
        extra_payload: Optional[Dict[str, Any]] = None,
        provider_model: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> CreateModelResponse:
        """
        Registers an OpenAI-compatible chat-completions endpoint (``api_url``: its base URL or its
        full ``…/chat/completions`` URL) as a model of the project, attached at once.
        ``extra_payload`` is merged into every request to it; ``key`` looks like ``<org>/<name>``.
        """
        fields = body(
            name=name,
            key=key,
            description=description,
            api_url=api_url,
            max_tokens=max_tokens,
            api_key=api_key,
            extra_payload=extra_payload,
            provider_model=provider_model,
        )
        return self._client._execute(_create_custom_op(self._client, fields), timeout)

    def update_custom(
        self,
        model_id: str,
        *,
        api_url: Optional[str] = None,
        api_key: Optional[str] = None,
        max_tokens: Optional[int] = None,
        extra_payload: Optional[Dict[str, Any]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> bool:
        """Changes the given fields; a new ``api_url`` without ``api_key`` clears the stored key."""
        fields = body(api_url=api_url, api_key=api_key, max_tokens=max_tokens, extra_payload=extra_payload)
        self._client._execute(_update_custom_op(self._client, model_id, fields), timeout)
        return True

    def delete_custom(self, model_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        """Disables the model (evaluations keep it), detaches it and frees its key."""
        self._client._execute(_delete_custom_op(self._client, model_id), timeout)
        return True


class AsyncModels(AsyncAPIResource):
    """``client.models`` of ``AsyncAssay``: the methods of ``Models``, awaited."""

    async def get(
        self,
        *,
        type: Optional[ModelType] = None,
        name: Optional[str] = None,
        key: Optional[str] = None,
        categories: Optional[List[str]] = None,
        companies: Optional[List[str]] = None,
        regions: Optional[List[str]] = None,
        licenses: Optional[List[str]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> ModelsListResponse:
        filters = dict(
            name=name, key=key, categories=categories, companies=companies, regions=regions, licenses=licenses
        )
        return await self._client._execute(_list_op(self._client, type, filters), timeout)

    async def get_by_key(self, key: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Optional[Model]:
        return _exact_key(await self.get(key=key, timeout=timeout), key)

    async def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Model:
        return await self._client._execute(_get_op(self._client, id), timeout)

    async def add(self, *model_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        current = [m.id for m in (await self.get(timeout=timeout)).models]
        await self._client._execute(_attach_op(self._client, with_added(current, list(model_ids))), timeout)
        return True

    async def remove(self, *model_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        current = [m.id for m in (await self.get(timeout=timeout)).models]
        await self._client._execute(_attach_op(self._client, with_removed(current, list(model_ids))), timeout)
        return True

    async def create_custom(
        self,
        *,
        name: str,
        key: str,
        description: str,
        api_url: str,
        max_tokens: int,
        api_key: Optional[str] = None,
        extra_payload: Optional[Dict[str, Any]] = None,
        provider_model: Optional[str] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> CreateModelResponse:
        fields = body(
            name=name,
            key=key,
            description=description,
            api_url=api_url,
            max_tokens=max_tokens,
            api_key=api_key,
            extra_payload=extra_payload,
            provider_model=provider_model,
        )
        return await self._client._execute(_create_custom_op(self._client, fields), timeout)

    async def update_custom(
        self,
        model_id: str,
        *,
        api_url: Optional[str] = None,
        api_key: Optional[str] = None,
        max_tokens: Optional[int] = None,
        extra_payload: Optional[Dict[str, Any]] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> bool:
        fields = body(api_url=api_url, api_key=api_key, max_tokens=max_tokens, extra_payload=extra_payload)
        await self._client._execute(_update_custom_op(self._client, model_id, fields), timeout)
        return True

    async def delete_custom(self, model_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> bool:
        await self._client._execute(_delete_custom_op(self._client, model_id), timeout)
        return True
