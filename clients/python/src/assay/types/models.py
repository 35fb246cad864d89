from typing import Any, Dict, List, Optional

from ._base import AssayModel, ItemList


class Model(AssayModel):
    """
    A model attached to the project: a catalog entry (``PublicModel``) or the project's own
    OpenAI-compatible endpoint (``CustomModel``). Which one it is decides ``is_custom_model`` when an
    evaluation is created.
    """

    id: str
    key: str
    name: str
    description: str


class PublicModel(Model):
    """A catalog model."""

    company: Optional[str] = None
    #: Unix seconds.
    released_at: Optional[int] = None
    parameters: Optional[float] = None
    modality: Optional[str] = None
    context_length: Optional[int] = None
    architecture_type: Optional[str] = None
    license: Optional[str] = None
    open_weights: Optional[bool] = None
    region: Optional[str] = None
    deprecated: Optional[bool] = None
    # Assay extensions.
    key_takeaways: Optional[List[str]] = None
    #: USD per token as decimal text.
    cost_per_input_token: Optional[str] = None
    cost_per_output_token: Optional[str] = None
    #: The provider serving it, and whether its key is configured on the server.
    provider: Optional[str] = None
    runnable: Optional[bool] = None
    #: How the model is asked (its token parameter, temperatures, reasoning): a ``RequestProfileName``.
    request_profile: Optional[str] = None
    size: Optional[str] = None
    categories: Optional[List[str]] = None


class CustomModel(Model):
    """One of the project's own OpenAI-compatible endpoints. The provider key is never returned."""

    max_tokens: Optional[int] = None
    api_url: Optional[str] = None
    disabled: Optional[bool] = None
    organization_id: Optional[str] = None
    project_id: Optional[str] = None
    #: Merged into every chat-completions request for this model.
    extra_payload: Optional[Dict[str, Any]] = None
    # Assay extensions.
    #: The ``model`` value sent to the endpoint; None means the part of the key after ``/``.
    provider_model: Optional[str] = None
    #: Whether a provider key is stored.
    api_key_set: Optional[bool] = None
    #: How the endpoint is asked: a ``RequestProfileName``, ``openai-compatible`` unless chosen.
    request_profile: Optional[str] = None
    #: The model's own prices, USD per token as decimal text (None: none; its runs have no cost).
    cost_per_input_token: Optional[str] = None
    cost_per_output_token: Optional[str] = None
    created_at: Optional[str] = None
    updated_at: Optional[str] = None


class ModelsListResponse(ItemList[Model]):
    """
    What ``client.models.get()`` answers: ``models``, the project's own first (``CustomModel``),
    then catalog ones (``PublicModel``). It is also a sequence of them: ``len(r)``, ``r[0]``,
    ``for model in r``.
    """

    models: List[Model]

    def _items(self) -> List[Model]:
        return self.models


class CreateModelResponse(AssayModel):
    organization_id: str
    project_id: str
    model_id: str
