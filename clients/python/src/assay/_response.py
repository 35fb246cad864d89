"""
Reading a 2xx answer: JSON, then the route's envelope (wire protocol §1.7, §14), then the expected
schema. Anything that does not fit raises ``APIResponseValidationError``: callers get typed data
or a precise error, never ``None`` for a half-valid answer.
"""

import enum
import json
from typing import Any, Callable, Optional, Type, TypeVar, cast

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError

from ._exceptions import APIResponseValidationError

T = TypeVar("T")


class Envelope(enum.Enum):
    """Where the payload sits in an answer; which one a route uses is part of its contract."""

    #: The payload is the top-level object.
    BARE = "bare"
    #: ``{"data": payload}``; other top-level keys (``status``) are ignored.
    DATA = "data"
    #: ``{"status": …, "data": payload}``, both keys required.
    STATUS_DATA = "status+data"
    #: ``{"status", "data"}`` when both keys are there, else the whole object.
    STATUS_DATA_OR_BARE = "status+data or bare"
    #: ``data`` when there is such a key, else the whole object.
    DATA_OR_BARE = "data or bare"


def read_json(response: httpx.Response) -> Any:
    text = response.text
    if text.strip() == "":
        raise APIResponseValidationError(response, text, message=_describe(response, "has an empty body"))
    try:
        return json.loads(text)
    except ValueError:
        raise APIResponseValidationError(response, text, message=_describe(response, "is not JSON")) from None


def unwrap(payload: Any, envelope: Envelope, response: httpx.Response) -> Any:
    is_object = isinstance(payload, dict)
    if envelope is Envelope.BARE:
        return payload
    if envelope is Envelope.DATA:
        if is_object and "data" in payload:
            return payload["data"]
        raise APIResponseValidationError(response, payload, message=_describe(response, 'has no "data" key'))
    if envelope is Envelope.STATUS_DATA:
        if is_object and "data" in payload and "status" in payload:
            return payload["data"]
        raise APIResponseValidationError(
            response, payload, message=_describe(response, 'is not a {"status", "data"} envelope')
        )
    if envelope is Envelope.STATUS_DATA_OR_BARE:
        return payload["data"] if is_object and "data" in payload and "status" in payload else payload
    return payload["data"] if is_object and "data" in payload else payload


def validate(value: Any, cast_to: Type[T], response: httpx.Response) -> T:
    """``value`` as ``cast_to`` (a pydantic model or any type pydantic can validate)."""
    try:
        if isinstance(cast_to, type) and issubclass(cast_to, BaseModel):
            return cast(T, cast_to.model_validate(value))
        return TypeAdapter(cast_to).validate_python(value)
    except ValidationError as error:
        raise APIResponseValidationError(
            response, value, message=_describe(response, "does not match its schema: " + _summarize(error))
        ) from error


def parse(
    response: httpx.Response,
    cast_to: Type[T],
    envelope: Envelope,
    convert: Optional[Callable[[Any, httpx.Response], T]] = None,
) -> T:
    payload = unwrap(read_json(response), envelope, response)
    return convert(payload, response) if convert is not None else validate(payload, cast_to, response)


def _describe(response: httpx.Response, problem: str) -> str:
    request = response.request
    return "Response to {} {} (status {}) {}.".format(request.method, request.url.path, response.status_code, problem)


def _summarize(error: ValidationError) -> str:
    issues = error.errors()
    shown = ["{}: {}".format(".".join(str(p) for p in issue["loc"]) or "(root)", issue["msg"]) for issue in issues[:3]]
    more = " (+{} more)".format(len(issues) - 3) if len(issues) > 3 else ""
    return "; ".join(shown) + more
