"""
Every error the SDK raises, as one hierarchy so a caller can catch at the level it cares about::

    ServiceError                       configuration and client-side checks (missing key, file too large)
    ├─ InvalidInputError (ValueError)  an argument the SDK refuses before any request
    │  └─ FileTooLargeError            an upload over 50 MiB
    ├─ ArgumentTypeError (TypeError)   an argument of the wrong type (None where a Model is required…)
    ├─ WaitTimeoutError (TimeoutError) a waiting helper gave up; the work goes on on the server
    └─ APIError                        something went wrong talking to the API
       ├─ APIConnectionError           no answer: network failure
       │  └─ APITimeoutError           no answer within the timeout (after all retries)
       ├─ APIResponseValidationError   a 2xx answer that does not match the expected schema
       └─ APIStatusError               a non-2xx answer; one subclass per status worth branching on

The package root exports only the common ones; this module exports them all. ``StratixError`` and
``AtlasError`` are the names the original clients gave ``ServiceError``.
"""

import json
from typing import Any, Optional, Tuple

import httpx

__all__ = [
    "APIConnectionError",
    "APIError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "ArgumentTypeError",
    "AtlasError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "FileTooLargeError",
    "InternalServerError",
    "InvalidInputError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServiceError",
    "StratixError",
    "UnprocessableEntityError",
    "WaitTimeoutError",
    "make_status_error",
]


class ServiceError(Exception):
    """Base of every error the SDK raises."""


StratixError = ServiceError
AtlasError = ServiceError


class InvalidInputError(ServiceError, ValueError):
    """An argument refused before any request (the original clients raised ``ValueError`` here)."""


class GateError(ServiceError):
    """``evaluations.gate()`` cannot decide: the run did not succeed, or carries no statistics."""


class ArgumentTypeError(ServiceError, TypeError):
    """
    An argument of the wrong type, refused before any request: a string or ``None`` where a
    ``Model``, ``Benchmark`` or ``Evaluation`` is required, an object of another kind for an id.
    The message names the parameter and what it takes.
    """


class FileTooLargeError(InvalidInputError):
    """A file over the 50 MiB upload limit; nothing was sent."""

    def __init__(self, message: str, *, size: int, limit: int) -> None:
        super().__init__(message)
        self.size = size
        self.limit = limit


class WaitTimeoutError(ServiceError, TimeoutError):
    """A ``wait_for_completion()`` gave up. Nothing was cancelled; ``last`` is what the final poll saw."""

    def __init__(self, message: str, *, timeout_seconds: float, last: Any) -> None:
        super().__init__(message)
        self.timeout_seconds = timeout_seconds
        self.last = last


class APIError(ServiceError):
    """Something went wrong talking to the API."""

    message: str
    request: Optional[httpx.Request]
    #: The ``error`` value of a JSON error body, else the parsed JSON, else the raw text; None without an answer.
    body: object

    def __init__(self, message: str, request: Optional[httpx.Request] = None, *, body: object = None) -> None:
        super().__init__(message)
        self.message = message
        self.request = request
        self.body = body


class APIConnectionError(APIError):
    """No answer: the connection failed or broke."""

    def __init__(self, *, message: str = "Connection error.", request: Optional[httpx.Request] = None) -> None:
        super().__init__(message, request, body=None)


class APITimeoutError(APIConnectionError):
    """No answer within the timeout."""

    def __init__(self, request: Optional[httpx.Request] = None, *, message: str = "Request timed out.") -> None:
        super().__init__(message=message, request=request)


class APIResponseValidationError(APIError):
    """A 2xx answer whose body does not match the schema the SDK expects."""

    response: httpx.Response
    status_code: int

    def __init__(self, response: httpx.Response, body: object, *, message: Optional[str] = None) -> None:
        super().__init__(message or "Data returned by API invalid for expected schema.", response.request, body=body)
        self.response = response
        self.status_code = response.status_code


class APIStatusError(APIError):
    """A non-2xx answer. ``str(error)`` is ``Error code: <status> - <body>``."""

    response: httpx.Response
    status_code: int
    #: The server's ``x-request-id``, to quote when reporting a problem.
    request_id: Optional[str]

    def __init__(self, message: str, *, response: httpx.Response, body: object) -> None:
        super().__init__(message, response.request, body=body)
        self.response = response
        self.status_code = response.status_code
        self.request_id = response.headers.get("x-request-id")

    @property
    def headers(self) -> httpx.Headers:
        return self.response.headers


class BadRequestError(APIStatusError):
    """400: the request is invalid; the body names the field."""


class AuthenticationError(APIStatusError):
    """401: missing, unknown or revoked API key."""


class PermissionDeniedError(APIStatusError):
    """403: authenticated but not allowed (also a bad or expired signed upload URL)."""


class NotFoundError(APIStatusError):
    """404: not found (another organization's ids look exactly like missing ones)."""


class ConflictError(APIStatusError):
    """409: a duplicate (name or key already taken)."""


class UnprocessableEntityError(APIStatusError):
    """422: a well-formed request naming invalid content, e.g. bad lines in an uploaded file."""


class RateLimitError(APIStatusError):
    """429: over the per-key rate limit (retried first, honouring ``Retry-After``)."""


class InternalServerError(APIStatusError):
    """A 5xx answer (retried first for 500, 502, 503 and 504)."""


_STATUS_ERRORS = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


#: The API prefix every base URL ends with, unless the server was configured otherwise.
API_PREFIX = "/api/v1"
#: What the server answers, as plain text, for any path outside its API prefix.
PAGE_NOT_FOUND = "404 page not found"


def make_status_error(response: httpx.Response, base_url: Optional[str] = None) -> APIStatusError:
    """
    The one place that turns a non-2xx answer into an error (wire protocol §1.8). ``base_url`` is
    the client's, for API requests: a plain ``404 page not found`` then says what it likely means.
    """
    message, body = describe_error_body(response.status_code, response.text)
    status = response.status_code
    if base_url is not None and status == 404 and response.text.strip() == PAGE_NOT_FOUND:
        message = _missing_prefix_message(message, response, base_url)
    cls = _STATUS_ERRORS.get(status) or (InternalServerError if status >= 500 else APIStatusError)
    return cls(message, response=response, body=body)


def _missing_prefix_message(message: str, response: httpx.Response, base_url: str) -> str:
    """
    A base URL without the API prefix (``http://host:8080``) makes every request miss the API,
    which answers a bare ``404 page not found``; say so, with the URL to use. A base URL that has
    the prefix keeps the plain message (a server with another ASSAY_API_PREFIX is not second-guessed).
    """
    base = base_url.rstrip("/")
    path = httpx.URL(base).path.rstrip("/")
    if path.endswith(API_PREFIX):
        return message
    suggested = base + ("/v1" if path.endswith("/api") else API_PREFIX)
    url = str(response.request.url.copy_with(query=None))
    return "Error code: 404 - {} at {}: the base URL must include the API prefix, e.g. {}".format(
        PAGE_NOT_FOUND, url, suggested
    )


def describe_error_body(status_code: int, text: str) -> Tuple[str, object]:
    """
    ``message`` as the original Python client wrote it: ``Error code: <status> - <repr of the JSON>``;
    a body that is not JSON (a proxy's page, ``404 page not found``) follows the status as it is.
    ``body`` is the value of an ``error`` key when there is one, else the parsed JSON, else the raw
    text.
    """
    stripped = text.strip()
    try:
        parsed = json.loads(stripped) if stripped else None
        is_json = bool(stripped)
    except ValueError:
        parsed, is_json = None, False
    if not is_json:
        message = (
            "Error code: {} - {}".format(status_code, stripped) if stripped else "Error code: {}".format(status_code)
        )
        return message, text
    body = parsed["error"] if isinstance(parsed, dict) and "error" in parsed else parsed
    return "Error code: {} - {!r}".format(status_code, parsed), body
