"""Small shared types: the timeout union and the "argument not given" sentinel."""

from typing import Union

import httpx

#: Seconds as a float, an ``httpx.Timeout`` (per phase), or ``None`` for no timeout at all.
TimeoutTypes = Union[float, httpx.Timeout, None]


class NotGiven:
    """Marks an argument the caller left out, where ``None`` has a meaning of its own (no timeout)."""

    _instance = None

    def __new__(cls) -> "NotGiven":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()


#: A per-call ``timeout=`` argument: left out (the client's), seconds, an ``httpx.Timeout`` or None.
RequestTimeout = Union[float, httpx.Timeout, None, NotGiven]
