from decimal import Decimal
from typing import Any, Dict, List, Literal, Optional, Union

import httpx
from pydantic import BaseModel

from .._flow import Flow, call, twin
from .._operation import Route, query, reading
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.models import CreateModelResponse, CustomModel, Model, ModelsListResponse, PublicModel
from ..types.sampling import RequestProfileName
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body, with_added, with_removed

ModelType = Literal["custom", "public"]


class _ModelList(BaseModel):
    models: List[Dict[str, Any]]


#: How one model is read: as one of these, told apart by ``_one_model`` (not by pydantic).
_AnyModel: Any = Union[CustomModel, PublicModel]


class _ModelId(BaseModel):
    """What a custom model's change answers (the methods answer True)."""

    id: str


class _ModelPage(BaseModel):
    """``models.list``'s payload as read: each model a ``CustomModel`` or a ``PublicModel``."""

    models: List[Union[CustomModel, PublicModel]]


class _Attachments(BaseModel):
    """The project's attachments after a change (``projects.update``); the methods answer True."""

    id: str
    name: str
    models: List[str]
    datasets: List[str]


def _one_model(raw: Any, response: httpx.Response) -> Model:
    """A project's own model carries ``organization_id``; catalog models never do (the original SDK's rule)."""
    kind = CustomModel if isinstance(raw, dict) and "organization_id" in raw else PublicModel
    return validate(raw, kind, response)


def _model_page(raw: Any, response: httpx.Response) -> _ModelPage:
    listed = validate(raw, _ModelList, response)
    return _ModelPage.model_construct(models=[_one_model(item, response) for item in listed.models])


def _listed(page: _ModelPage) -> ModelsListResponse:
    models: List[Model] = list(page.models)
    return ModelsListResponse(models=models)


_PROJECT = "/organizations/{organization_id}/projects/{project_id}"
_CUSTOM = _PROJECT + "/custom-models/{model_id}"
LIST = Route("models.list", "GET", _PROJECT + "/models", _ModelPage, Envelope.DATA)
GET = Route[Model]("models.get", "GET", _PROJECT + "/models/{model_id}", _AnyModel, Envelope.DATA)
ATTACH = Route("projects.update", "PATCH", _PROJECT, _Attachments, Envelope.DATA)
CREATE_CUSTOM = Route(
    "models.createCustom", "POST", _PROJECT + "/custom-models", CreateModelResponse, Envelope.STATUS_DATA_OR_BARE
)
UPDATE_CUSTOM = Route("models.updateCustom", "PATCH", _CUSTOM, _ModelId, Envelope.DATA)
DELETE_CUSTOM = Route("models.deleteCustom", "DELETE", _CUSTOM, _ModelId, Envelope.DATA)


#: A token price as the methods take it: decimal text (``"0.0000025"``), a ``Decimal`` or a float.
TokenPrice = Union[str, Decimal, float]


def _price_text(price: Optional[TokenPrice]) -> Optional[str]:
    """USD per token as the API keeps prices: plain decimal text, never an exponent (``2.5e-06``)."""
    if price is None or isinstance(price, str):
        return price
    # repr() of a float is its shortest exact decimal, so 2.5e-06 becomes "0.0000025", not its binary expansion.
    exact = price if isinstance(price, Decimal) else Decimal(repr(price))
    return format(exact, "f")


def _exact_key(listed: ModelsListResponse, key: str) -> Optional[Model]:
    return next((model for model in listed.models if model.key == key), None)


class _ModelMethods(ResourceMethods):
    """``client.models``: the models attached to the project, and its own OpenAI-compatible endpoints."""

    @twin
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
    ) -> Flow[ModelsListResponse]:
        """
        The attached models matching the filters, as ``.models``: the project's own
        (``CustomModel``) first, then catalog ones (``PublicModel``). The answer is also a sequence
        of them (``len()``, ``[0]``, ``for``). ``name`` and ``key`` are case-insensitive substrings;
        any of the lists leaves only catalog models matching one of its values.
        """
        params = query(
            type=type,
            name=name,
            key=key,
            categories=categories,
            companies=companies,
            regions=regions,
            licenses=licenses,
        )
        return (yield from call(reading(LIST.op(self._scope(), params=params, convert=_model_page), _listed), timeout))

    @twin
    def get_by_key(self, key: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Optional[Model]]:
        """The attached model whose key is exactly ``key``, or None."""
        return _exact_key((yield from _ModelMethods.get.flow(self, key=key, timeout=timeout)), key)

    @twin
    def get_by_id(self, id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Model]:
        """A catalog model or one of the project's own; an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._scope(), model_id=id, convert=_one_model), timeout))

    @twin
    def add(self, *model_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """Attaches models (catalog or custom ids) to the project."""
        current = [m.id for m in (yield from _ModelMethods.get.flow(self, timeout=timeout)).models]
        yield from call(ATTACH.op(self._scope(), body={"models": with_added(current, list(model_ids))}), timeout)
        return True

    @twin
    def remove(self, *model_ids: str, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """Detaches models from the project (a custom model stays; ``delete_custom`` removes it)."""
        current = [m.id for m in (yield from _ModelMethods.get.flow(self, timeout=timeout)).models]
        yield from call(ATTACH.op(self._scope(), body={"models": with_removed(current, list(model_ids))}), timeout)
        return True

    @twin
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
        request_profile: Optional[RequestProfileName] = None,
        cost_per_input_token: Optional[TokenPrice] = None,
        cost_per_output_token: Optional[TokenPrice] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[CreateModelResponse]:
        """
        Registers an OpenAI-compatible chat-completions endpoint (``api_url``: its base URL or its
        full ``…/chat/completions`` URL) as a model of the project, attached at once.
        ``extra_payload`` is merged into every request to it; ``key`` looks like ``<org>/<name>``.
        Assay extensions: ``provider_model``, ``request_profile`` (how the endpoint is asked,
        e.g. ``"vllm"``; ``"openai-compatible"`` unless given), and the model's prices
        ``cost_per_input_token`` / ``cost_per_output_token`` (USD per token, both or neither), which
        give its runs a cost, a plan and a budget.
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
            request_profile=request_profile,
            cost_per_input_token=_price_text(cost_per_input_token),
            cost_per_output_token=_price_text(cost_per_output_token),
        )
        return (yield from call(CREATE_CUSTOM.op(self._scope(), body=fields), timeout))

    @twin
    def update_custom(
        self,
        model_id: str,
        *,
        api_url: Optional[str] = None,
        api_key: Optional[str] = None,
        max_tokens: Optional[int] = None,
        extra_payload: Optional[Dict[str, Any]] = None,
        request_profile: Optional[RequestProfileName] = None,
        cost_per_input_token: Optional[TokenPrice] = None,
        cost_per_output_token: Optional[TokenPrice] = None,
        remove_prices: bool = False,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[bool]:
        """
        Changes the given fields; a new ``api_url`` without ``api_key`` clears the stored key.
        Assay extensions: ``request_profile`` changes how the endpoint is asked;
        ``cost_per_input_token`` / ``cost_per_output_token`` set the model's prices (USD per token;
        it has both or neither afterwards), and ``remove_prices=True`` removes them.
        """
        if remove_prices and (cost_per_input_token is not None or cost_per_output_token is not None):
            raise TypeError("remove_prices=True goes without cost_per_input_token and cost_per_output_token")
        fields = body(
            api_url=api_url,
            api_key=api_key,
            max_tokens=max_tokens,
            extra_payload=extra_payload,
            request_profile=request_profile,
            cost_per_input_token=_price_text(cost_per_input_token),
            cost_per_output_token=_price_text(cost_per_output_token),
        )
        if remove_prices:
            fields.update(cost_per_input_token=None, cost_per_output_token=None)
        yield from call(UPDATE_CUSTOM.op(self._scope(), model_id=model_id, body=fields), timeout)
        return True

    @twin
    def delete_custom(self, model_id: str, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """Disables the model (evaluations keep it), detaches it and frees its key."""
        yield from call(DELETE_CUSTOM.op(self._scope(), model_id=model_id), timeout)
        return True


class Models(SyncAPIResource, _ModelMethods):
    __doc__ = _ModelMethods.__doc__


class AsyncModels(AsyncAPIResource, _ModelMethods):
    """``client.models`` of ``AsyncAssay``: the methods of ``Models``, awaited."""
