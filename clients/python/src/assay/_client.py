from typing import Any, Dict, Optional, Union

import httpx

from ._base_client import AsyncAPIClient, Shared, SyncAPIClient, project_path
from ._config import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, resolve_api_key, resolve_base_url
from ._organization import Scope, organization_op, scope_of
from ._public_client import AsyncPublicClient, PublicClient
from ._response import parse
from ._transport import send_sync
from ._types import NOT_GIVEN, NotGiven, TimeoutTypes
from .resources.annotations import Annotations, AsyncAnnotations
from .resources.benchmarks import AsyncBenchmarks, Benchmarks
from .resources.evaluation_spaces import AsyncEvaluationSpaces, EvaluationSpaces
from .resources.evaluations import AsyncEvaluations, Evaluations
from .resources.integrations import AsyncIntegrations, Integrations
from .resources.judge_optimizations import AsyncJudgeOptimizations, JudgeOptimizations
from .resources.judges import AsyncJudges, Judges
from .resources.models import AsyncModels, Models
from .resources.results import AsyncResults, Results
from .resources.scorers import AsyncScorers, Scorers
from .resources.trace_evaluations import AsyncTraceEvaluations, TraceEvaluations
from .resources.traces import AsyncTraces, Traces
from .types.organizations import Organization, Project

__all__ = ["Assay", "AsyncAssay", "AsyncAtlas", "AsyncClient", "AsyncStratix", "Atlas", "Client", "Stratix"]


class _ProjectScoped:
    """What both project clients add to their base: the key's organization and project."""

    _scope: Scope
    _shared: Shared

    @property
    def organization(self) -> Organization:
        return self._scope.organization

    @property
    def project(self) -> Project:
        return self._scope.project

    @property
    def organization_id(self) -> str:
        return self._scope.organization.id

    @property
    def project_id(self) -> str:
        """The key's default project (its organization's first); every project-scoped call goes there."""
        return self._scope.project.id

    def _project_path(self, *segments: Any) -> str:
        return project_path(self.organization_id, self.project_id, *segments)

    def _scope_params(self) -> Dict[str, str]:
        return {"organization_id": self.organization_id, "project_id": self.project_id}


class Assay(_ProjectScoped, SyncAPIClient):
    """
    The synchronous client of an API key's project. Construction looks up the key's organization
    and default project (``GET /organizations``) and every later request is scoped to them.

    ``api_key`` defaults to ``SERVICE_API_KEY``, then ``LAYERLENS_STRATIX_API_KEY``, then
    ``LAYERLENS_ATLAS_API_KEY``; ``base_url`` to ``SERVICE_BASE_URL`` (then the ``LAYERLENS_*``
    names), then ``http://localhost:8080/api/v1`` — it must include the API prefix ``/api/v1``.
    ``timeout`` is seconds, an ``httpx.Timeout`` or None (no timeout); ``max_retries`` counts retries
    after the first attempt.
    """

    models: Models
    benchmarks: Benchmarks
    evaluations: Evaluations
    results: Results
    judges: Judges
    traces: Traces
    trace_evaluations: TraceEvaluations
    judge_optimizations: JudgeOptimizations
    #: Assay extension: people's labels on traces, for judge agreement and optimization.
    annotations: Annotations
    evaluation_spaces: EvaluationSpaces
    scorers: Scorers
    #: The organization's webhooks and Slack notifications when runs end (list, get, test; the
    #: rest are Assay extensions).
    integrations: Integrations

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
        self._configure(shared, timeout, max_retries)
        try:
            scope = scope_of(self._execute(organization_op()))
        except BaseException:
            self.close()
            raise
        self._setup(shared, timeout, max_retries, scope)

    def _setup(self, shared: Shared, timeout: TimeoutTypes, max_retries: int, scope: Scope) -> None:
        self._configure(shared, timeout, max_retries)
        self._scope = scope
        self._public: Optional[PublicClient] = None
        self.models = Models(self)
        self.benchmarks = Benchmarks(self)
        self.evaluations = Evaluations(self)
        self.results = Results(self)
        self.judges = Judges(self)
        self.traces = Traces(self)
        self.trace_evaluations = TraceEvaluations(self)
        self.judge_optimizations = JudgeOptimizations(self)
        self.annotations = Annotations(self)
        self.evaluation_spaces = EvaluationSpaces(self)
        self.scorers = Scorers(self)
        self.integrations = Integrations(self)

    @property
    def public(self) -> PublicClient:
        """The public catalog, evaluations and comparisons with this client's key, options and connections."""
        if self._public is None:
            self._public = PublicClient._view(self._shared, self.timeout, self.max_retries)
        return self._public

    def with_options(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Union[str, httpx.URL, None] = None,
        timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
    ) -> "Assay":
        """
        A client whose calls use these options. With only ``timeout``/``max_retries`` it is a view
        sharing this client's key, organization, project and connections (no request is made);
        another ``api_key`` or ``base_url`` makes a new client (with its own lookup).
        """
        new_timeout = self.timeout if isinstance(timeout, NotGiven) else timeout
        new_retries = self.max_retries if isinstance(max_retries, NotGiven) else max_retries
        if api_key is not None or base_url is not None:
            return type(self)(
                api_key=api_key or self.api_key,
                base_url=base_url or self._shared.base_url,
                timeout=new_timeout,
                max_retries=new_retries,
            )
        view = type(self).__new__(type(self))
        view._setup(self._shared, new_timeout, new_retries, self._scope)
        return view

    copy = with_options


class AsyncAssay(_ProjectScoped, AsyncAPIClient):
    """
    ``Assay`` whose methods are awaited. Construction looks up the key's organization and project
    right away (a short blocking request, as the original client does), so ``organization_id`` and
    ``project_id`` are known from the start.
    """

    models: AsyncModels
    benchmarks: AsyncBenchmarks
    evaluations: AsyncEvaluations
    results: AsyncResults
    judges: AsyncJudges
    traces: AsyncTraces
    trace_evaluations: AsyncTraceEvaluations
    judge_optimizations: AsyncJudgeOptimizations
    annotations: AsyncAnnotations
    evaluation_spaces: AsyncEvaluationSpaces
    scorers: AsyncScorers
    integrations: AsyncIntegrations

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Union[str, httpx.URL, None] = None,
        timeout: TimeoutTypes = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        key, url = resolve_api_key(api_key), resolve_base_url(base_url)
        # Until the key is known to work, no connection of the async kind is opened.
        self._configure(Shared(api_key=key, base_url=url, http=None, owns_http=False), timeout, max_retries)
        scope = self._lookup_blocking()
        shared = Shared(
            api_key=key,
            base_url=url,
            http=http_client if http_client is not None else self._make_http(),
            owns_http=http_client is None,
        )
        self._setup(shared, timeout, max_retries, scope)

    def _lookup_blocking(self) -> Scope:
        """``GET /organizations`` with a short-lived synchronous connection, retries and typed errors."""
        with httpx.Client(follow_redirects=False) as http:
            op = organization_op()
            response = send_sync(
                http,
                self._builder(http, op, self.timeout),
                max_retries=self.max_retries,
                sleep=self._shared.sleep,
                random=self._shared.random,
                base_url=self._shared.base_url,
            )
            return scope_of(parse(response, op.cast_to, op.envelope))

    def _setup(self, shared: Shared, timeout: TimeoutTypes, max_retries: int, scope: Scope) -> None:
        self._configure(shared, timeout, max_retries)
        self._scope = scope
        self._public: Optional[AsyncPublicClient] = None
        self.models = AsyncModels(self)
        self.benchmarks = AsyncBenchmarks(self)
        self.evaluations = AsyncEvaluations(self)
        self.results = AsyncResults(self)
        self.judges = AsyncJudges(self)
        self.traces = AsyncTraces(self)
        self.trace_evaluations = AsyncTraceEvaluations(self)
        self.judge_optimizations = AsyncJudgeOptimizations(self)
        self.annotations = AsyncAnnotations(self)
        self.evaluation_spaces = AsyncEvaluationSpaces(self)
        self.scorers = AsyncScorers(self)
        self.integrations = AsyncIntegrations(self)

    @property
    def public(self) -> AsyncPublicClient:
        if self._public is None:
            self._public = AsyncPublicClient._view(self._shared, self.timeout, self.max_retries)
        return self._public

    def with_options(
        self,
        *,
        api_key: Optional[str] = None,
        base_url: Union[str, httpx.URL, None] = None,
        timeout: Union[TimeoutTypes, NotGiven] = NOT_GIVEN,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
    ) -> "AsyncAssay":
        new_timeout = self.timeout if isinstance(timeout, NotGiven) else timeout
        new_retries = self.max_retries if isinstance(max_retries, NotGiven) else max_retries
        if api_key is not None or base_url is not None:
            return type(self)(
                api_key=api_key or self.api_key,
                base_url=base_url or self._shared.base_url,
                timeout=new_timeout,
                max_retries=new_retries,
            )
        view = type(self).__new__(type(self))
        view._setup(self._shared, new_timeout, new_retries, self._scope)
        return view

    copy = with_options


#: The names of the original clients: code written for them runs by changing only its import.
Client = Assay
AsyncClient = AsyncAssay
Stratix = Assay
AsyncStratix = AsyncAssay
Atlas = Assay
AsyncAtlas = AsyncAssay
