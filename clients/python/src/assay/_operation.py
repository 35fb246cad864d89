"""
One HTTP operation of the API as data: method, path, query, body, and how to read its answer.
Resources build these (the same for their sync and async classes) and hand them to their client.
"""

import enum
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generic, Iterable, Optional, Type, TypeVar
from urllib.parse import quote

from ._response import Envelope
from ._types import NOT_GIVEN

T = TypeVar("T")


@dataclass(frozen=True)
class Operation(Generic[T]):
    method: str
    #: Relative to the base URL, starting with ``/``; ids already percent-encoded.
    path: str
    cast_to: Type[T]
    envelope: Envelope
    params: Optional[Dict[str, str]] = None
    #: The JSON body; ``NOT_GIVEN`` sends none.
    body: Any = NOT_GIVEN
    #: Turns the unwrapped payload into the result instead of validating it as ``cast_to``.
    convert: Optional[Callable[[Any, Any], T]] = None


def segment(value: Any) -> str:
    """A path segment: percent-encoded, so an odd id can never change the route."""
    text = value.value if isinstance(value, enum.Enum) else str(value)
    if text == "":
        raise ValueError("an id must not be empty")
    return quote(text, safe="")


def query(**values: Any) -> Dict[str, str]:
    """
    Query values as the original SDK sends them (wire protocol §1.3): left out when ``None`` (or an
    empty list/string), lists comma-joined into one parameter, booleans ``"true"``/``"false"``.
    """
    params: Dict[str, str] = {}
    for name, value in values.items():
        text = _query_value(value)
        if text is not None:
            params[name] = text
    return params


def _query_value(value: Any) -> Optional[str]:
    if value is None:
        return None
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value != "" else None
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, Iterable):
        items = [_query_value(item) for item in value]
        joined = ",".join(item for item in items if item)
        return joined or None
    raise TypeError("unsupported query value: {!r}".format(value))


def clamp_page_size(page_size: Optional[int], default: int, maximum: int) -> int:
    """Page sizes the list routes accept; larger asks are clamped, as the original SDK does."""
    return min(maximum, max(1, int(page_size if page_size is not None else default)))
