"""
The only place the SDK reads environment variables, and where constructor arguments get their
defaults. A ``.env`` file loaded into the environment (python-dotenv, docker, systemd…) works the
same as variables set by hand: they are read when a client is constructed.
"""

import os
from typing import Mapping, Optional, Sequence, Union

import httpx

from ._exceptions import ServiceError
from ._types import TimeoutTypes

#: Newest name first; the ``LAYERLENS_*`` names keep scripts written for the original clients working.
API_KEY_ENV_VARS = ("SERVICE_API_KEY", "LAYERLENS_STRATIX_API_KEY", "LAYERLENS_ATLAS_API_KEY")
BASE_URL_ENV_VARS = ("SERVICE_BASE_URL", "LAYERLENS_STRATIX_BASE_URL", "LAYERLENS_ATLAS_BASE_URL")

#: Where ``assay serve`` listens by default. The path must include the API prefix (``/api/v1``).
DEFAULT_BASE_URL = "http://localhost:8080/api/v1"

#: 10 minutes per request phase (read, write, pool), 5 seconds to connect.
DEFAULT_TIMEOUT = httpx.Timeout(600.0, connect=5.0)
DEFAULT_MAX_RETRIES = 2


def first_present(
    explicit: Optional[str], names: Sequence[str], environ: Optional[Mapping[str, str]] = None
) -> Optional[str]:
    """The explicit value, else the first variable set; unset, empty and blank all count as absent."""
    env = os.environ if environ is None else environ
    for value in [explicit, *(env.get(name) for name in names)]:
        if value is not None and value.strip() != "":
            return value.strip()
    return None


def resolve_api_key(explicit: Optional[str]) -> str:
    api_key = first_present(explicit, API_KEY_ENV_VARS)
    if api_key is None:
        raise ServiceError(
            "No API key: pass api_key to the client or set one of {} (e.g. export SERVICE_API_KEY=assay_…).".format(
                ", ".join(API_KEY_ENV_VARS)
            )
        )
    return api_key


def resolve_base_url(explicit: Union[str, httpx.URL, None]) -> str:
    """An absolute http(s) URL without trailing slashes, so ``base + "/path"`` never doubles a slash."""
    raw = first_present(None if explicit is None else str(explicit), BASE_URL_ENV_VARS) or DEFAULT_BASE_URL
    base = raw.rstrip("/")
    try:
        url = httpx.URL(base)
    except Exception as error:  # httpx.InvalidURL and friends
        raise ServiceError("base_url is not a valid URL: {!r} ({})".format(raw, error)) from error
    if url.scheme not in ("http", "https") or not url.host:
        raise ServiceError(
            "base_url must be an absolute http(s) URL such as {}, got {!r}".format(DEFAULT_BASE_URL, raw)
        )
    return base


def to_httpx_timeout(timeout: TimeoutTypes) -> httpx.Timeout:
    """Seconds, an ``httpx.Timeout`` or ``None`` (no timeout) as an ``httpx.Timeout``."""
    if isinstance(timeout, httpx.Timeout):
        return timeout
    if timeout is None:
        return httpx.Timeout(None)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
        raise ServiceError(
            "timeout must be a number of seconds > 0, an httpx.Timeout or None, got {!r}".format(timeout)
        )
    return httpx.Timeout(float(timeout))


def check_max_retries(max_retries: int) -> int:
    if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
        raise ServiceError("max_retries must be a whole number >= 0, got {!r}".format(max_retries))
    return max_retries
