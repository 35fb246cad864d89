"""
The operations of the API as data. A ``Route`` describes one, once, as the protocol's route table
(``packages/protocol/src/routes.ts``) names it: its ``operationId``, method, path template, the
envelope of its answer and the type the payload is read as. ``tests/test_openapi_types.py``
checks every ``Route`` of ``assay.resources`` against the server's OpenAPI document. An
``Operation`` is one call of a route (path filled, query, body) that a client executes.
"""

import enum
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generic, Iterable, Mapping, Optional, Type, TypeVar
from urllib.parse import quote

from ._response import Envelope, validate
from ._types import NOT_GIVEN

T = TypeVar("T")
R = TypeVar("R")


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


@dataclass(frozen=True)
class Route(Generic[T]):
    """One operation of the API; resources build every request of theirs from one of these."""

    #: The route table's ``operationId`` (``judges.get``), also the OpenAPI document's.
    operation_id: str
    method: str
    #: The path template under the API prefix, as in the route table (``/…/judges/{judge_id}``).
    path: str
    #: What the payload (inside ``envelope``) is validated as: the wire shape, field for field.
    response: Type[T]
    envelope: Envelope

    def op(
        self,
        scope: Optional[Mapping[str, str]] = None,
        *,
        params: Optional[Dict[str, str]] = None,
        body: Any = NOT_GIVEN,
        convert: Optional[Callable[[Any, Any], T]] = None,
        **ids: Any,
    ) -> Operation[T]:
        """
        A call of this route: ``scope`` gives ``organization_id`` and ``project_id`` (a client's
        ``_scope_params()``), ``ids`` the route's other path parameters. ``convert`` reads a
        payload the route answers in more than one shape into ``response`` itself.
        """
        path = self.fill({**(scope or {}), **ids})
        return Operation(self.method, path, self.response, self.envelope, params, body, convert)

    def fill(self, values: Mapping[str, Any]) -> str:
        def value(match: "re.Match[str]") -> str:
            name = match.group(1)
            if name not in values:
                raise KeyError("missing path parameter {} for {}".format(name, self.operation_id))
            return segment(values[name])

        return _PLACEHOLDER.sub(value, self.path)


_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


def reading(op: Operation[T], then: Callable[[T], R]) -> Operation[R]:
    """``op`` answering ``then`` of its payload as read (a page the SDK completes with its pagination)."""
    cast_to, read = op.cast_to, op.convert

    def convert(raw: Any, response: Any) -> R:
        return then(read(raw, response) if read is not None else validate(raw, cast_to, response))

    wire: Any = cast_to
    return Operation(op.method, op.path, wire, op.envelope, op.params, op.body, convert)


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
