"""
The synchronous and asynchronous resource classes are twins (``assay._flow``): the same public
methods with the same signatures and docstrings, blocking in one and coroutine functions in the other.
"""

import inspect
from typing import Any, Dict, List, Tuple

import pytest

import assay.resources
import assay.resources.public

PAIRS: List[Tuple[Any, Any]] = [
    (getattr(module, name), getattr(module, "Async" + name))
    for module in (assay.resources, assay.resources.public)
    for name in module.__all__
    if not name.startswith("Async") and hasattr(module, "Async" + name)
]


class _FakeClient:
    def __init__(self, is_async: bool) -> None:
        self._is_async = is_async


def methods(cls: Any, is_async: bool) -> Dict[str, Any]:
    resource = cls.__new__(cls)
    resource._client = _FakeClient(is_async)
    return {name: getattr(resource, name) for name in dir(cls) if not name.startswith("_")}


def test_every_resource_has_its_twin() -> None:
    assert len(PAIRS) == 16, "one sync and one async class per resource (integrations is the 16th)"


@pytest.mark.parametrize("sync_class, async_class", PAIRS, ids=[pair[0].__name__ for pair in PAIRS])
def test_twins_have_the_same_methods_blocking_and_awaited(sync_class: Any, async_class: Any) -> None:
    blocking, awaited = methods(sync_class, False), methods(async_class, True)
    assert sorted(blocking) == sorted(awaited)
    for name, method in blocking.items():
        assert inspect.signature(method) == inspect.signature(awaited[name]), name
        assert "self" not in inspect.signature(method).parameters, name
        assert not inspect.iscoroutinefunction(method) and inspect.iscoroutinefunction(awaited[name]), name
        assert method.__doc__ == awaited[name].__doc__, name
