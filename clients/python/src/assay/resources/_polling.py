"""The clock of the waiting helpers: poll at once, then every interval, until done or a deadline."""

import time
from typing import Optional

from .._exceptions import InvalidInputError


class Deadline:
    def __init__(self, interval_seconds: float, timeout_seconds: Optional[float]) -> None:
        if not isinstance(interval_seconds, (int, float)) or interval_seconds < 0:
            raise InvalidInputError("interval_seconds must be a number >= 0, got {!r}".format(interval_seconds))
        if timeout_seconds is not None and (not isinstance(timeout_seconds, (int, float)) or timeout_seconds < 0):
            raise InvalidInputError("timeout_seconds must be a number >= 0 or None, got {!r}".format(timeout_seconds))
        self.interval = float(interval_seconds)
        self.timeout = timeout_seconds
        self._end = None if timeout_seconds is None else time.monotonic() + timeout_seconds

    def next_sleep(self) -> Optional[float]:
        """Seconds to sleep before the next poll, or None when the time is up."""
        if self._end is None:
            return self.interval
        left = self._end - time.monotonic()
        return None if left <= 0 else min(self.interval, left)
