"""
When and how long to wait before retrying; the same policy as the TypeScript client. Every method is
retried, POST included: each POST carries an Idempotency-Key, the same on every attempt
(``_base_client.py``), and the service answers a repeat with its first answer, so a create whose
answer was lost is not made twice.
"""

from typing import Callable, Optional

import httpx

#: Statuses that mean "try again later"; others will not change on a retry.
RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504})

INITIAL_DELAY = 0.5
MAX_DELAY = 8.0
#: Up to this share of the delay is taken off at random, so clients that failed together spread out.
JITTER = 0.25
#: A longer ``Retry-After`` is treated as unreasonable and replaced by backoff.
MAX_RETRY_AFTER = 60.0


def is_retryable_status(status_code: int) -> bool:
    return status_code in RETRYABLE_STATUSES


def parse_retry_after(value: Optional[str]) -> Optional[float]:
    """
    Seconds, possibly fractional (``1.5``). The server always sends a number; an HTTP-date or any
    other text is ignored rather than guessed at.
    """
    if value is None:
        return None
    text = value.strip()
    integral, _, fraction = text.partition(".")
    if not integral.isdigit() or (fraction and not fraction.isdigit()) or text.endswith("."):
        return None
    return float(text)


def retry_delay(retry: int, headers: Optional[httpx.Headers], random: Callable[[], float]) -> float:
    """
    Seconds before retry number ``retry`` (0 for the first retry): the server's numeric
    ``Retry-After`` when it has one within reason, else 0.5 s doubling up to 8 s, minus jitter.
    """
    value: Optional[str] = headers.get("retry-after") if headers is not None else None
    retry_after = parse_retry_after(value)
    if retry_after is not None and retry_after <= MAX_RETRY_AFTER:
        return retry_after
    backoff = min(INITIAL_DELAY * 2.0**retry, MAX_DELAY)
    return backoff * (1 - random() * JITTER)
