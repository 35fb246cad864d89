from typing import Any, Union

#: A resource as methods take it: the object a method returned (anything with an ``id``), or the id.
IdRef = Union[str, Any]


def id_of(ref: IdRef) -> str:
    return ref if isinstance(ref, str) else str(ref.id)
