from pydantic import BaseModel, ConfigDict


class AssayModel(BaseModel):
    """
    Base of every resource model. Unknown keys are kept (as attributes and in ``model_dump()``), so
    fields a newer server adds are reachable before the SDK names them. Field names starting with
    ``model_`` (``model_id``) are the wire protocol's, hence no protected namespace.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=())
