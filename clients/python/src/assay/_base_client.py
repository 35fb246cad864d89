"""
What every client has in common: configuration, request building, retries, timeouts, error mapping,
response validation and presigned uploads. ``SyncAPIClient`` and ``AsyncAPIClient`` differ only in
how they wait; the resources' methods (flows, ``assay._flow``) hand them ``Operation``s to run.
"""

import asyncio
import random as _random
import time
import uuid
from typing import Any, Callable, Dict, Optional, TypeVar, Union

import httpx

from ._config import check_max_retries, resolve_api_key, resolve_base_url, to_httpx_timeout
from ._exceptions import ServiceError
from ._operation import Operation, segment
from ._response import parse
from ._transport import send_async, send_sync
from ._types import NOT_GIVEN, NotGiven, TimeoutTypes
from ._version import __version__

T = TypeVar("T")

HttpClient = Union[httpx.Client, httpx.AsyncClient]


class Shared:
    """
    Configuration and connections resolved once and shared, unchanged, by a client, its
    ``with_options()`` views and its ``public`` client. ``sleep``, ``async_sleep`` and ``random``
    are seams for tests of the retry policy.
    """

    def __init__(self, *, api_key: str, base_url: str, http: Optional[HttpClient], owns_http: bool) -> None:
        self.api_key = api_key
        self.base_url = base_url
        self.http = http
        self.owns_http = owns_http
        self.sleep: Callable[[float], None] = time.sleep
        self.async_sleep: Callable[[float], Any] = asyncio.sleep
        self.random: Callable[[], float] = _random.random

    @classmethod
    def resolve(
        cls,
        api_key: Optional[str],
        base_url: Union[str, httpx.URL, None],
        http_client: Optional[HttpClient],
        make_http: Callable[[], HttpClient],
    ) -> "Shared":
        key = resolve_api_key(api_key)
        url = resolve_base_url(base_url)
        http = http_client if http_client is not None else make_http()
        return cls(api_key=key, base_url=url, http=http, owns_http=http_client is None)


class _ClientCore:
    _shared: Shared
    timeout: httpx.Timeout
    max_retries: int

    def _configure(self, shared: Shared, timeout: TimeoutTypes, max_retries: int) -> None:
        self._shared = shared
        self.timeout = to_httpx_timeout(timeout)
        self.max_retries = check_max_retries(max_retries)

    @property
    def api_key(self) -> str:
        return self._shared.api_key

    @property
    def base_url(self) -> httpx.URL:
        return httpx.URL(self._shared.base_url)

    def _project_path(self, *segments: Any) -> str:
        """``/organizations/{org}/projects/{proj}/…``: only clients with a project have one."""
        raise ServiceError("This client has no project; use Assay (Client) for project-scoped calls.")

    def _scope_params(self) -> Dict[str, str]:
        """``organization_id`` and ``project_id`` as query parameters: only clients with a project have them."""
        raise ServiceError("This client has no project; use Assay (Client) for project-scoped calls.")

    def _headers(self, has_body: bool) -> Dict[str, str]:
        headers = {
            "Accept": "application/json",
            "x-api-key": self._shared.api_key,
            "x-assay-client": "python/" + __version__,
        }
        if has_body:
            headers["Content-Type"] = "application/json"
        return headers

    def _timeout_of(self, timeout: Union[TimeoutTypes, NotGiven]) -> httpx.Timeout:
        return self.timeout if isinstance(timeout, NotGiven) else to_httpx_timeout(timeout)

    def _builder(self, http: HttpClient, op: Operation[Any], timeout: httpx.Timeout) -> Callable[[], httpx.Request]:
        has_body = not isinstance(op.body, NotGiven)
        url = self._shared.base_url + op.path
        headers = self._headers(has_body)
        if op.method == "POST":
            # One key for every attempt of this call: the service answers a repeat with its first
            # answer, so a create whose answer was lost is never made twice by the retry.
            headers["Idempotency-Key"] = uuid.uuid4().hex

        def build() -> httpx.Request:
            return http.build_request(
                op.method,
                url,
                params=op.params or None,
                json=op.body if has_body else None,
                headers=headers,
                timeout=timeout,
            )

        return build

    def _upload_builder(
        self, http: HttpClient, url: str, headers: Dict[str, str], content: Callable[[], Any], timeout: httpx.Timeout
    ) -> Callable[[], httpx.Request]:
        # The URL carries its own authorization: exactly the announced headers, never the API key.
        def build() -> httpx.Request:
            return http.build_request("PUT", url, content=content(), headers=headers, timeout=timeout)

        return build


class SyncAPIClient(_ClientCore):
    """Base of the synchronous clients (``Assay``, ``PublicClient``)."""

    _is_async = False

    @staticmethod
    def _make_http() -> httpx.Client:
        return httpx.Client(follow_redirects=False)

    def _execute(self, op: Operation[T], timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN) -> T:
        response = self._send(op, timeout)
        return parse(response, op.cast_to, op.envelope, op.convert)

    def _send(self, op: Operation[Any], timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN) -> httpx.Response:
        http = self._http()
        return send_sync(
            http,
            self._builder(http, op, self._timeout_of(timeout)),
            max_retries=self.max_retries,
            sleep=self._shared.sleep,
            random=self._shared.random,
            base_url=self._shared.base_url,
        )

    def _put_upload(
        self,
        url: str,
        headers: Dict[str, str],
        content: Callable[[], Any],
        timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN,
    ) -> httpx.Response:
        http = self._http()
        return send_sync(
            http,
            self._upload_builder(http, url, headers, content, self._timeout_of(timeout)),
            max_retries=self.max_retries,
            sleep=self._shared.sleep,
            random=self._shared.random,
        )

    def _http(self) -> httpx.Client:
        http = self._shared.http
        assert isinstance(http, httpx.Client), "a synchronous client needs an httpx.Client"
        return http

    def close(self) -> None:
        """Closes the connections (shared with ``with_options()`` views); a given ``http_client`` stays open."""
        if self._shared.owns_http:
            self._http().close()

    def __enter__(self: T) -> T:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncAPIClient(_ClientCore):
    """Base of the asynchronous clients (``AsyncAssay``, ``AsyncPublicClient``)."""

    _is_async = True

    @staticmethod
    def _make_http() -> httpx.AsyncClient:
        return httpx.AsyncClient(follow_redirects=False)

    async def _execute(self, op: Operation[T], timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN) -> T:
        response = await self._send(op, timeout)
        return parse(response, op.cast_to, op.envelope, op.convert)

    async def _send(self, op: Operation[Any], timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN) -> httpx.Response:
        http = self._http()
        return await send_async(
            http,
            self._builder(http, op, self._timeout_of(timeout)),
            max_retries=self.max_retries,
            sleep=self._shared.async_sleep,
            random=self._shared.random,
            base_url=self._shared.base_url,
        )

    async def _put_upload(
        self,
        url: str,
        headers: Dict[str, str],
        content: Callable[[], Any],
        timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN,
    ) -> httpx.Response:
        http = self._http()
        return await send_async(
            http,
            self._upload_builder(http, url, headers, content, self._timeout_of(timeout)),
            max_retries=self.max_retries,
            sleep=self._shared.async_sleep,
            random=self._shared.random,
        )

    def _http(self) -> httpx.AsyncClient:
        http = self._shared.http
        assert isinstance(http, httpx.AsyncClient), "an asynchronous client needs an httpx.AsyncClient"
        return http

    async def close(self) -> None:
        """Closes the connections (shared with ``with_options()`` views); a given ``http_client`` stays open."""
        if self._shared.owns_http:
            await self._http().aclose()

    async def __aenter__(self: T) -> T:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()


def project_path(organization_id: str, project_id: str, *segments: Any) -> str:
    parts = ["organizations", segment(organization_id), "projects", segment(project_id)]
    parts.extend(segment(s) for s in segments)
    return "/" + "/".join(parts)
