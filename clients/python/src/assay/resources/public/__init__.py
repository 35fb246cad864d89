"""Resources of the public client: the catalog, evaluations visible to the key, comparisons."""

from .benchmarks import AsyncPublicBenchmarksResource, PublicBenchmarksResource
from .comparisons import AsyncComparisons, Comparisons
from .evaluations import AsyncPublicEvaluationsResource, PublicEvaluationsResource
from .models import AsyncPublicModelsResource, PublicModelsResource

__all__ = [
    "AsyncComparisons",
    "AsyncPublicBenchmarksResource",
    "AsyncPublicEvaluationsResource",
    "AsyncPublicModelsResource",
    "Comparisons",
    "PublicBenchmarksResource",
    "PublicEvaluationsResource",
    "PublicModelsResource",
]
