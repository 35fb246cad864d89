from typing import Any, Dict, List, Optional, Sequence

from pydantic import BaseModel

from .._exceptions import APIStatusError
from .._flow import Flow, call, twin
from .._operation import Route, clamp_page_size, query, reading
from .._response import Envelope, validate
from .._types import NOT_GIVEN, RequestTimeout
from ..types.integrations import (
    CreateIntegrationResponse,
    DeleteIntegrationResponse,
    Integration,
    IntegrationDeliveriesResponse,
    IntegrationDelivery,
    IntegrationsResponse,
    TestIntegrationResponse,
)
from ._refs import IdRef, id_of
from ._resource import AsyncAPIResource, ResourceMethods, SyncAPIResource, body
from .evaluations import pagination

DEFAULT_PAGE_SIZE = 100
DEFAULT_DELIVERY_PAGE_SIZE = 50
MAX_PAGE_SIZE = 500


class _DeliveryPage(BaseModel):
    deliveries: List[IntegrationDelivery]
    count: Optional[int] = None
    total_count: Optional[int] = None


def _items(raw: Any, response: Any) -> List[Integration]:
    # As the original client: a bare list in the status+data envelope, or {"integrations": […]}.
    items = raw.get("integrations", []) if isinstance(raw, dict) else raw
    integrations: List[Integration] = validate(items, _INTEGRATION_LIST, response)
    return integrations


def _listed(integrations: List[Integration]) -> IntegrationsResponse:
    # As the original client: count and total_count are the list's length.
    return IntegrationsResponse(integrations=integrations, count=len(integrations), total_count=len(integrations))


_INTEGRATION_LIST: Any = List[Integration]  # a typing alias pydantic validates, not a class
_INTEGRATIONS = "/organizations/{organization_id}/integrations"
_INTEGRATION = _INTEGRATIONS + "/{integration_id}"
LIST = Route[List[Integration]](
    "integrations.list", "GET", _INTEGRATIONS, _INTEGRATION_LIST, Envelope.STATUS_DATA_OR_BARE
)
GET = Route("integrations.get", "GET", _INTEGRATION, Integration, Envelope.STATUS_DATA_OR_BARE)
TEST = Route("integrations.test", "POST", _INTEGRATION + "/test", TestIntegrationResponse, Envelope.STATUS_DATA_OR_BARE)
CREATE = Route("integrations.create", "POST", _INTEGRATIONS, CreateIntegrationResponse, Envelope.STATUS_DATA_OR_BARE)
UPDATE = Route("integrations.update", "PATCH", _INTEGRATION, Integration, Envelope.STATUS_DATA_OR_BARE)
DELETE = Route("integrations.delete", "DELETE", _INTEGRATION, DeleteIntegrationResponse, Envelope.STATUS_DATA_OR_BARE)
DELIVERIES = Route(
    "integrations.listDeliveries",
    "GET",
    _INTEGRATION + "/deliveries",
    _DeliveryPage,
    Envelope.STATUS_DATA_OR_BARE,
)


def _list(values: Optional[Sequence[str]]) -> Optional[List[str]]:
    return None if values is None else list(values)


class _IntegrationMethods(ResourceMethods):
    """
    ``client.integrations``: the organization's outbound notifications. When a run of the
    organization ends, every active integration that wants the event is sent a signed JSON body (a
    webhook) or a message (Slack), retried with backoff for a day; each attempt is in its delivery
    log. ``get_many``, ``get`` and ``test`` are the original client's; the rest are Assay extensions.
    """

    def _organization(self) -> Dict[str, str]:
        return {"organization_id": self._scope()["organization_id"]}

    def _integration(self, id: IdRef) -> Dict[str, str]:
        return {**self._organization(), "integration_id": id_of(id, "id", Integration)}

    @twin
    def get_many(
        self,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[IntegrationsResponse]:
        """
        The organization's integrations (at most 100, so the first page holds them all). As the
        original client, ``count`` and ``total_count`` are the length of the list answered.
        """
        params = query(
            page=page if page is not None else 1,
            page_size=clamp_page_size(page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
        )
        op = reading(LIST.op(self._organization(), params=params, convert=_items), _listed)
        return (yield from call(op, timeout))

    @twin
    def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Integration]:
        """The integration; an unknown id raises ``NotFoundError``."""
        return (yield from call(GET.op(self._integration(id)), timeout))

    @twin
    def test(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[TestIntegrationResponse]:
        """
        Sends a real, signed test event now (never retried): ``success`` says whether the receiver
        acknowledged it with a 2xx, ``message`` what it or the network said. A refused delivery is
        an answer, not an exception; the attempt is in the delivery log either way.
        """
        return (yield from call(TEST.op(self._integration(id), body={}), timeout))

    @twin
    def create(
        self,
        *,
        name: str,
        type: str,
        host_url: str,
        events: Optional[Sequence[str]] = None,
        project_ids: Optional[Sequence[str]] = None,
        active: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[CreateIntegrationResponse]:
        """
        Assay extension: creates an integration (``type`` ``webhook`` or ``slack``) wanting
        ``events`` (every event when not given) of the runs of ``project_ids`` (every project when
        not given). The answer's ``secret`` signs its deliveries: keep it now, it is never shown
        again. A name already taken raises ``ConflictError``; a bad field ``BadRequestError``.
        """
        fields = body(
            name=name,
            type=type,
            host_url=host_url,
            events=_list(events),
            project_ids=_list(project_ids),
            active=active,
        )
        return (yield from call(CREATE.op(self._organization(), body=fields), timeout))

    @twin
    def update(
        self,
        id: IdRef,
        *,
        name: Optional[str] = None,
        host_url: Optional[str] = None,
        events: Optional[Sequence[str]] = None,
        project_ids: Optional[Sequence[str]] = None,
        active: Optional[bool] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[Integration]:
        """
        Assay extension: changes the given fields (at least one; the secret stays). ``events`` and
        ``project_ids`` replace the lists; ``active=False`` pauses deliveries without losing the log.
        """
        fields = body(
            name=name,
            host_url=host_url,
            events=_list(events),
            project_ids=_list(project_ids),
            active=active,
        )
        return (yield from call(UPDATE.op(self._integration(id), body=fields), timeout))

    @twin
    def delete(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[bool]:
        """
        Assay extension: deletes the integration with its delivery log (deliveries not yet made are
        dropped). As the SDK's other deletes: ``True`` when deleted, ``False`` when the server
        refused (an unknown id); transport errors still raise.
        """
        try:
            yield from call(DELETE.op(self._integration(id)), timeout)
        except APIStatusError:
            return False
        return True

    @twin
    def deliveries(
        self,
        id: IdRef,
        *,
        page: Optional[int] = None,
        page_size: Optional[int] = None,
        timeout: RequestTimeout = NOT_GIVEN,
    ) -> Flow[IntegrationDeliveriesResponse]:
        """
        Assay extension: one page (default 50, at most 500) of the integration's delivery log,
        newest attempt first: each attempt's outcome, the receiver's status and answer, its
        latency, and when the event is tried again.
        """
        effective_page = page if page is not None else 1
        effective_size = clamp_page_size(page_size, DEFAULT_DELIVERY_PAGE_SIZE, MAX_PAGE_SIZE)

        def complete(answer: _DeliveryPage) -> IntegrationDeliveriesResponse:
            count = answer.count if answer.count is not None else len(answer.deliveries)
            total = answer.total_count if answer.total_count is not None else count
            return IntegrationDeliveriesResponse(
                deliveries=answer.deliveries,
                count=count,
                total_count=total,
                pagination=pagination(effective_page, effective_size, total),
            )

        params = query(page=effective_page, page_size=effective_size)
        op = DELIVERIES.op(self._integration(id), params=params)
        return (yield from call(reading(op, complete), timeout))


class Integrations(SyncAPIResource, _IntegrationMethods):
    __doc__ = _IntegrationMethods.__doc__


class AsyncIntegrations(AsyncAPIResource, _IntegrationMethods):
    """``client.integrations`` of ``AsyncAssay``: the methods of ``Integrations``, awaited."""
