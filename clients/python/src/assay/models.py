"""``assay.models`` is ``assay.types`` under the name the original client used (``layerlens.models``)."""

from .types import *  # noqa: F401,F403
from .types import __all__  # noqa: F401
