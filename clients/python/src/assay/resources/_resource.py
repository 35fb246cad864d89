"""Base of every resource (``client.models``, ``public.benchmarks``, …): it holds its client."""

from typing import TYPE_CHECKING, Any, Dict, List

if TYPE_CHECKING:
    from .._base_client import AsyncAPIClient, SyncAPIClient


class ResourceMethods:
    """
    Base of a resource's methods, written once as ``@twin`` flows (``assay._flow``) for its sync
    and async class. A flow yields the requests; the client runs them. Of the client itself it
    reads only its project's scope (and attaches it to the evaluations it returns).
    """

    # The sync or async client the resource class gives (``Any``: mypy refuses a narrower type
    # here that the two classes' own ``_client`` would both have to repeat exactly).
    _client: Any

    def _scope(self) -> Dict[str, str]:
        """``organization_id`` and ``project_id``: the scope of a project route's path."""
        scope: Dict[str, str] = self._client._scope_params()
        return scope


class SyncAPIResource:
    def __init__(self, client: "SyncAPIClient") -> None:
        self._client = client


class AsyncAPIResource:
    def __init__(self, client: "AsyncAPIClient") -> None:
        self._client = client


def with_added(current: List[str], added: List[str]) -> List[str]:
    """Current ids, then the new ones, each once, in first-seen order (the project PATCH replaces the set)."""
    return list(dict.fromkeys([*current, *added]))


def with_removed(current: List[str], removed: List[str]) -> List[str]:
    gone = set(removed)
    return [i for i in dict.fromkeys(current) if i not in gone]


def body(**fields: Any) -> Dict[str, Any]:
    """A JSON body of the fields that were given (``None`` means "not given")."""
    return {name: value for name, value in fields.items() if value is not None}
