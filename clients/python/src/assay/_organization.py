"""The key's organization and project, looked up once when a project client is constructed."""

from typing import NamedTuple

from ._exceptions import ServiceError
from ._operation import Operation, Route
from ._response import Envelope
from .types.organizations import Organization, Project


class Scope(NamedTuple):
    organization: Organization
    #: The key's default project: its organization's first project, the one the client works in.
    project: Project


GET = Route("organizations.get", "GET", "/organizations", Organization, Envelope.DATA)


def organization_op() -> Operation[Organization]:
    return GET.op()


def scope_of(organization: Organization) -> Scope:
    if not organization.projects:
        raise ServiceError(
            "Organization {} has no project; the API key needs a project to work in.".format(organization.id)
        )
    return Scope(organization, organization.projects[0])
