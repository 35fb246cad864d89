"""
One request with retries, for both flavours of client: each attempt builds a fresh request (an upload
re-opens its file), maps httpx failures to the SDK's errors, and waits between attempts as
``_retry`` says. Resolves with a 2xx answer or raises the error of the last attempt. ``base_url``
is given for API requests (not for presigned uploads), so a 404 can say when it is the cause.
"""

from typing import Awaitable, Callable, Optional, Tuple

import httpx

from ._exceptions import APIConnectionError, APIError, APITimeoutError, make_status_error
from ._retry import is_retryable_status, retry_delay

BuildRequest = Callable[[], httpx.Request]


def send_sync(
    http: httpx.Client,
    build: BuildRequest,
    *,
    max_retries: int,
    sleep: Callable[[float], None],
    random: Callable[[], float],
    base_url: Optional[str] = None,
) -> httpx.Response:
    retry = 0
    while True:
        request = build()
        try:
            response: Optional[httpx.Response] = http.send(request)
            failure = None
        except httpx.TransportError as error:
            response, failure = None, _transport_failure(error, request)
        outcome, failure, headers = _judge(response, failure, base_url)
        if outcome is not None:
            return outcome
        if retry >= max_retries or failure is None or not _retryable(failure):
            raise _not_none(failure)
        sleep(retry_delay(retry, headers, random))
        retry += 1


async def send_async(
    http: httpx.AsyncClient,
    build: BuildRequest,
    *,
    max_retries: int,
    sleep: Callable[[float], Awaitable[None]],
    random: Callable[[], float],
    base_url: Optional[str] = None,
) -> httpx.Response:
    retry = 0
    while True:
        request = build()
        try:
            response: Optional[httpx.Response] = await http.send(request)
            failure = None
        except httpx.TransportError as error:
            response, failure = None, _transport_failure(error, request)
        outcome, failure, headers = _judge(response, failure, base_url)
        if outcome is not None:
            return outcome
        if retry >= max_retries or failure is None or not _retryable(failure):
            raise _not_none(failure)
        await sleep(retry_delay(retry, headers, random))
        retry += 1


def _judge(
    response: Optional[httpx.Response], failure: Optional[APIError], base_url: Optional[str]
) -> Tuple[Optional[httpx.Response], Optional[APIError], Optional[httpx.Headers]]:
    """(2xx answer, None, None), or (None, the error, the headers that may say when to retry)."""
    if response is None:
        return None, failure, None
    if response.is_success:
        return response, None, None
    return None, make_status_error(response, base_url), response.headers


def _retryable(failure: APIError) -> bool:
    if isinstance(failure, APIConnectionError):
        return True
    status = getattr(failure, "status_code", None)
    return isinstance(status, int) and is_retryable_status(status)


def _transport_failure(error: httpx.TransportError, request: httpx.Request) -> APIError:
    if isinstance(error, httpx.TimeoutException):
        failure: APIError = APITimeoutError(request, message="Request timed out ({}).".format(type(error).__name__))
    else:
        failure = APIConnectionError(
            message="Connection error: {}".format(error or type(error).__name__), request=request
        )
    failure.__cause__ = error
    return failure


def _not_none(failure: Optional[APIError]) -> APIError:
    assert failure is not None
    return failure
