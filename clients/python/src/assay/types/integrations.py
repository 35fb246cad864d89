from typing import Any, Dict, List, Optional

from ._base import AssayModel
from .common import Pagination


class Integration(AssayModel):
    """
    An outbound connection of the organization: a ``webhook`` (any http(s) URL gets a signed JSON
    event) or a ``slack`` incoming webhook (gets a message), sent when the organization's runs end.
    """

    id: str
    organization_id: str
    name: str
    #: ``webhook`` or ``slack``.
    type: Optional[str] = None
    #: Where events are POSTed.
    host_url: Optional[str] = None
    created_at: Optional[str] = None
    #: The creating API key's display form.
    created_by: Optional[str] = None
    #: The one project the integration is limited to; None when it has none or several.
    project_id: Optional[str] = None
    #: ``new`` before the first attempt, ``ok`` when the last one was acknowledged, else ``failing``.
    status: Optional[str] = None
    #: Inactive integrations keep their settings and log but are sent nothing.
    active: Optional[bool] = None
    #: Non-secret settings: ``signature_header`` and ``secret_last4`` (the signing secret's end).
    config: Dict[str, Any] = {}
    #: Assay extensions: the events it wants, the projects whose runs notify it (empty: all).
    events: List[str] = []
    project_ids: List[str] = []
    updated_at: Optional[str] = None


class CreateIntegrationResponse(Integration):
    """What creating answers: the integration and its signing secret, shown this once only."""

    secret: str


class IntegrationsResponse(AssayModel):
    integrations: List[Integration]
    #: As the original client: the list's length (an organization's integrations fit one page).
    count: int
    total_count: int


class TestIntegrationResponse(AssayModel):
    """Whether the receiver acknowledged the test event (a 2xx), and what it or the network said."""

    # Not a test class, whatever pytest makes of the name when a test imports it.
    __test__ = False

    success: bool
    message: Optional[str] = None


class IntegrationDelivery(AssayModel):
    """One attempt to deliver one event to an integration."""

    id: str
    integration_id: str
    #: The same on every attempt of one event: receivers deduplicate on it.
    event_id: str
    event_type: str
    #: 1 for the event's first attempt.
    attempt: int
    #: ``succeeded`` (acknowledged with a 2xx) or ``failed``.
    status: str
    #: The receiver's status; None when no answer came (refused address, timeout, network).
    http_status: Optional[int] = None
    latency_ms: int = 0
    #: The beginning of the receiver's answer.
    response_excerpt: str = ""
    #: Why the attempt failed, when no status explains it.
    error: Optional[str] = None
    created_at: Optional[str] = None
    #: When the event is tried again; None once delivered, given up, or for a test.
    next_attempt_at: Optional[str] = None


class IntegrationDeliveriesResponse(AssayModel):
    #: Newest attempt first.
    deliveries: List[IntegrationDelivery]
    #: Attempts on this page.
    count: int
    #: Attempts on all pages.
    total_count: int
    pagination: Optional[Pagination] = None


class DeleteIntegrationResponse(AssayModel):
    organization_id: str
    id: str
