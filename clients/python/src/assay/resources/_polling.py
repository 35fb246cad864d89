"""
How every ``wait_for_completion()`` waits, sync and async alike: read the work at once, then after
each pause, until it has finished or the deadline has passed.

Without an interval the pauses grow: 0.5 s first, then each at most 1.5 times the last, at most a
fifth of the time waited so far and at most 10 s (the schedule of the TypeScript SDK). A run is so
reported within about a fifth of its duration — within a second of a 5 s run's end — and a long
wait costs one request every 10 s. An explicit ``interval_seconds`` is used as given.
"""

import time
from typing import Any, Callable, Optional, TypeVar

from .._exceptions import InvalidInputError, WaitTimeoutError
from .._flow import Flow, sleep

T = TypeVar("T")

FIRST_PAUSE_SECONDS = 0.5
PAUSE_GROWTH = 1.5
#: A pause as a share of the time waited so far.
SHARE_OF_WAITED = 0.2
LONGEST_PAUSE_SECONDS = 10.0


class PollSchedule:
    """The pauses between polls and the deadline; ``clock`` (monotonic seconds) is a seam for tests."""

    def __init__(
        self,
        interval_seconds: Optional[float],
        timeout_seconds: Optional[float],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if interval_seconds is not None and not _is_seconds(interval_seconds):
            raise InvalidInputError("interval_seconds must be a number >= 0 or None, got {!r}".format(interval_seconds))
        if timeout_seconds is not None and not _is_seconds(timeout_seconds):
            raise InvalidInputError("timeout_seconds must be a number >= 0 or None, got {!r}".format(timeout_seconds))
        self.interval = None if interval_seconds is None else float(interval_seconds)
        self.timeout = timeout_seconds
        self._clock = clock
        self._started = clock()
        self._end = None if timeout_seconds is None else self._started + timeout_seconds
        self._last: Optional[float] = None

    def next_sleep(self) -> Optional[float]:
        """Seconds to sleep before the next poll (never past the deadline), or None when time is up."""
        now = self._clock()
        pause = self.interval if self.interval is not None else self._adaptive_pause(now - self._started)
        if self._end is None:
            return pause
        left = self._end - now
        return None if left <= 0 else min(pause, left)

    def _adaptive_pause(self, waited: float) -> float:
        if self._last is None:
            pause = FIRST_PAUSE_SECONDS
        else:
            proportional = max(FIRST_PAUSE_SECONDS, waited * SHARE_OF_WAITED)
            pause = min(LONGEST_PAUSE_SECONDS, self._last * PAUSE_GROWTH, proportional)
        self._last = pause
        return pause


def poll(label: str, read: Callable[[], Flow[T]], finished: Callable[[T], bool], schedule: PollSchedule) -> Flow[T]:
    """Reads until ``finished``; ``WaitTimeoutError`` (with the last state) when the schedule runs out."""
    while True:
        current = yield from read()
        if finished(current):
            return current
        pause = schedule.next_sleep()
        if pause is None:
            raise _timed_out(label, current, schedule)
        yield from sleep(pause)


def _timed_out(label: str, current: Any, schedule: PollSchedule) -> WaitTimeoutError:
    status = getattr(current.status, "value", current.status)
    return WaitTimeoutError(
        "{} was still {} after {} seconds; it goes on on the server.".format(label, status, schedule.timeout),
        timeout_seconds=schedule.timeout or 0.0,
        last=current,
    )


def _is_seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
