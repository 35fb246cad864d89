"""One module per resource, each with its synchronous and asynchronous class."""

from .annotations import Annotations, AsyncAnnotations
from .benchmarks import AsyncBenchmarks, Benchmarks
from .evaluation_spaces import AsyncEvaluationSpaces, EvaluationSpaces
from .evaluations import AsyncEvaluations, Evaluations
from .integrations import AsyncIntegrations, Integrations
from .judge_optimizations import AsyncJudgeOptimizations, JudgeOptimizations
from .judges import AsyncJudges, Judges
from .models import AsyncModels, Models
from .results import AsyncResults, Results
from .scorers import AsyncScorers, Scorers
from .trace_evaluations import AsyncTraceEvaluations, TraceEvaluations
from .traces import AsyncTraces, Traces

__all__ = [
    "Annotations",
    "AsyncAnnotations",
    "AsyncBenchmarks",
    "AsyncEvaluationSpaces",
    "AsyncEvaluations",
    "AsyncIntegrations",
    "AsyncJudgeOptimizations",
    "AsyncJudges",
    "AsyncModels",
    "AsyncResults",
    "AsyncScorers",
    "AsyncTraceEvaluations",
    "AsyncTraces",
    "Benchmarks",
    "EvaluationSpaces",
    "Evaluations",
    "Integrations",
    "JudgeOptimizations",
    "Judges",
    "Models",
    "Results",
    "Scorers",
    "TraceEvaluations",
    "Traces",
]
