from typing import Optional, Union

import httpx

from ._base_client import AsyncAPIClient, Shared, SyncAPIClient
from ._config import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT
from ._types import NOT_GIVEN, NotGiven, TimeoutTypes
from .resources.public import (
    AsyncComparisons,
    AsyncPublicBenchmarksResource,
    AsyncPublicEvaluationsResource,
    AsyncPublicModelsResource,
    Comparisons,
    PublicBenchmarksResource,
    PublicEvaluationsResource,
    PublicModelsResource,
)

__all__ = ["AsyncPublicClient", "PublicClient"]


class PublicClient(SyncAPIClient):
    """
    The public catalog (models, benchmarks), the evaluations visible to the key, and comparisons.
    Same key, configuration, retries and errors as ``Assay``, but no organization lookup.
    ``Assay(...).public`` is one sharing its client's configuration and connections.
    """

    models: PublicModelsResource
    benchmarks: PublicBenchmarksResource
    evaluations: PublicEvaluationsResource
    comparisons: Comparisons

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Union[str, httpx.URL, None] = None,
        timeout: TimeoutTypes = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        shared = Shared.resolve(api_key, base_url, http_client, self._make_http)
        self._setup(shared, timeout, max_retries)

    @classmethod
    def _view(cls, shared: Shared, timeout: TimeoutTypes, max_retries: int) -> "PublicClient":
        client = cls.__new__(cls)
        client._setup(shared, timeout, max_retries)
        return client

    def _setup(self, shared: Shared, timeout: TimeoutTypes, max_retries: int) -> None:
        self._configure(shared, timeout, max_retries)
        self.models = PublicModelsResource(self)
        self.benchmarks = PublicBenchmarksResource(self)
        self.evaluations = PublicEvaluationsResource(self)
        self.comparisons = Comparisons(self)

    def with_options(
        self,
        *,
        timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
    ) -> "PublicClient":
        """A view sharing key, base URL and connections, whose calls use these options."""
        return self._view(
            self._shared,
            self.timeout if isinstance(timeout, NotGiven) else timeout,
            self.max_retries if isinstance(max_retries, NotGiven) else max_retries,
        )

    copy = with_options


class AsyncPublicClient(AsyncAPIClient):
    """``PublicClient`` whose methods are awaited."""

    models: AsyncPublicModelsResource
    benchmarks: AsyncPublicBenchmarksResource
    evaluations: AsyncPublicEvaluationsResource
    comparisons: AsyncComparisons

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Union[str, httpx.URL, None] = None,
        timeout: TimeoutTypes = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        shared = Shared.resolve(api_key, base_url, http_client, self._make_http)
        self._setup(shared, timeout, max_retries)

    @classmethod
    def _view(cls, shared: Shared, timeout: TimeoutTypes, max_retries: int) -> "AsyncPublicClient":
        client = cls.__new__(cls)
        client._setup(shared, timeout, max_retries)
        return client

    def _setup(self, shared: Shared, timeout: TimeoutTypes, max_retries: int) -> None:
        self._configure(shared, timeout, max_retries)
        self.models = AsyncPublicModelsResource(self)
        self.benchmarks = AsyncPublicBenchmarksResource(self)
        self.evaluations = AsyncPublicEvaluationsResource(self)
        self.comparisons = AsyncComparisons(self)

    def with_options(
        self,
        *,
        timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
    ) -> "AsyncPublicClient":
        return self._view(
            self._shared,
            self.timeout if isinstance(timeout, NotGiven) else timeout,
            self.max_retries if isinstance(max_retries, NotGiven) else max_retries,
        )

    copy = with_options
