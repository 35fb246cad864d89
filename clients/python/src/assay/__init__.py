"""
The Python SDK of Assay, a self-hosted evaluation service for AI models. Wire-compatible with the
LayerLens Stratix API: ``Stratix``/``Atlas`` (and their async forms) are aliases of ``Assay``.

    from assay import Assay

    client = Assay()  # SERVICE_API_KEY, SERVICE_BASE_URL
    model = client.models.get_by_key("openai/gpt-4o")
    benchmark = client.benchmarks.get_by_key("gsm8k")
    evaluation = client.evaluations.create(model=model, benchmark=benchmark)
    evaluation = client.evaluations.wait_for_completion(evaluation)
    print(evaluation.accuracy)
"""

from ._client import Assay, AsyncAssay, AsyncAtlas, AsyncClient, AsyncStratix, Atlas, Client, Stratix
from ._exceptions import APIError, AuthenticationError, BadRequestError, NotFoundError, ServiceError
from ._files import MAX_UPLOAD_BYTES
from ._public_client import AsyncPublicClient, PublicClient
from ._version import __version__
from .types import (
    Benchmark,
    BenchmarkPrompt,
    BenchmarkPromptsResponse,
    BenchmarksListResponse,
    ComparisonResponse,
    ComparisonResult,
    CustomBenchmark,
    CustomModel,
    Evaluation,
    EvaluationStatus,
    Judge,
    JudgeOptimizationRun,
    JudgeSnapshot,
    JudgeVersion,
    Model,
    ModelsListResponse,
    OptimizationBudget,
    OptimizationRunStatus,
    PublicBenchmark,
    PublicBenchmarkDetail,
    PublicBenchmarksListResponse,
    PublicModel,
    PublicModelDetail,
    PublicModelsListResponse,
    Result,
    Trace,
    TraceEvaluation,
    TraceEvaluationResult,
    TraceEvaluationStatus,
    TraceEvaluationStep,
    TraceEvaluationSummary,
    TraceWithEvaluations,
)

__all__ = [
    "MAX_UPLOAD_BYTES",
    "APIError",
    "Assay",
    "AsyncAssay",
    "AsyncAtlas",
    "AsyncClient",
    "AsyncPublicClient",
    "AsyncStratix",
    "Atlas",
    "AuthenticationError",
    "BadRequestError",
    "Benchmark",
    "BenchmarkPrompt",
    "BenchmarkPromptsResponse",
    "BenchmarksListResponse",
    "Client",
    "ComparisonResponse",
    "ComparisonResult",
    "CustomBenchmark",
    "CustomModel",
    "Evaluation",
    "EvaluationStatus",
    "Judge",
    "JudgeOptimizationRun",
    "JudgeSnapshot",
    "JudgeVersion",
    "Model",
    "ModelsListResponse",
    "NotFoundError",
    "OptimizationBudget",
    "OptimizationRunStatus",
    "PublicBenchmark",
    "PublicBenchmarkDetail",
    "PublicBenchmarksListResponse",
    "PublicClient",
    "PublicModel",
    "PublicModelDetail",
    "PublicModelsListResponse",
    "Result",
    "ServiceError",
    "Stratix",
    "Trace",
    "TraceEvaluation",
    "TraceEvaluationResult",
    "TraceEvaluationStatus",
    "TraceEvaluationStep",
    "TraceEvaluationSummary",
    "TraceWithEvaluations",
    "__version__",
]
