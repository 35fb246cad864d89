"""
Methods written once for the synchronous and the asynchronous client. A method's body is a
generator (a *flow*) that yields what it needs done — a ``Call`` of an operation, a ``Put`` of a
file to a presigned URL, a ``Sleep`` between polls — and gets each result back; it does no I/O of
its own. ``@twin`` makes it a method of both resource classes: on a ``SyncAPIResource`` the
steps run blocking, on an ``AsyncAPIResource`` the method is a coroutine that awaits them. An
error a step raises is raised inside the flow, so its ``try``/``except`` works as written.

    class _JudgeMethods:
        @twin
        def get(self, id: IdRef, *, timeout: RequestTimeout = NOT_GIVEN) -> Flow[Judge]:
            \"""The judge with its versions; an unknown id raises ``NotFoundError``.\"""
            return (yield from call(GET.op(self._scope(), judge_id=id_of(id, "id", Judge)), timeout))

    class Judges(SyncAPIResource, _JudgeMethods): ...        # judges.get(id) -> Judge
    class AsyncJudges(AsyncAPIResource, _JudgeMethods): ...  # await judges.get(id) -> Judge
"""

import functools
import inspect
from typing import (
    TYPE_CHECKING,
    Any,
    AsyncIterator,
    Awaitable,
    Callable,
    Dict,
    Generator,
    Generic,
    Iterator,
    NamedTuple,
    TypeVar,
    Union,
    cast,
    overload,
)

from typing_extensions import Concatenate, ParamSpec, get_args

from ._files import aiter_file, iter_file
from ._operation import Operation
from ._types import RequestTimeout

if TYPE_CHECKING:
    from ._base_client import AsyncAPIClient, SyncAPIClient
    from .resources._resource import AsyncAPIResource, SyncAPIResource

T = TypeVar("T")
P = ParamSpec("P")


class Call(NamedTuple):
    """Execute ``op`` (retries, errors, validation as the client does); the flow gets its result."""

    op: Operation[Any]
    timeout: RequestTimeout


class Put(NamedTuple):
    """PUT the file at ``path`` to a presigned ``url`` with exactly ``headers``, streamed from disk."""

    url: str
    headers: Dict[str, str]
    path: str
    timeout: RequestTimeout


class Sleep(NamedTuple):
    """Pause, with the client's (test-replaceable) sleep."""

    seconds: float


Step = Union[Call, Put, Sleep]
#: What a method body is: a generator of steps that returns the method's result.
Flow = Generator[Step, Any, T]


def call(op: Operation[T], timeout: RequestTimeout) -> Flow[T]:
    """``result = yield from call(op, timeout)``: a ``Call`` step, typed as ``op`` answers."""
    result: T = yield Call(op, timeout)
    return result


def put(url: str, headers: Dict[str, str], path: str, timeout: RequestTimeout) -> Flow[None]:
    yield Put(url, headers, path, timeout)


def sleep(seconds: float) -> Flow[None]:
    yield Sleep(seconds)


def run_sync(client: "SyncAPIClient", flow: Flow[T]) -> T:
    send: Callable[[Any], Step] = flow.send
    value: Any = None
    while True:
        try:
            step = send(value)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        try:
            value, send = _perform_sync(client, step), flow.send
        except Exception as error:
            value, send = error, flow.throw


async def run_async(client: "AsyncAPIClient", flow: Flow[T]) -> T:
    send: Callable[[Any], Step] = flow.send
    value: Any = None
    while True:
        try:
            step = send(value)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
        try:
            value, send = await _perform_async(client, step), flow.send
        except Exception as error:
            value, send = error, flow.throw


def _perform_sync(client: "SyncAPIClient", step: Step) -> Any:
    if isinstance(step, Call):
        return client._execute(step.op, step.timeout)
    if isinstance(step, Put):
        path = step.path
        content: Callable[[], Iterator[bytes]] = lambda: iter_file(path)  # noqa: E731
        return client._put_upload(step.url, step.headers, content, step.timeout)
    return client._shared.sleep(step.seconds)


async def _perform_async(client: "AsyncAPIClient", step: Step) -> Any:
    if isinstance(step, Call):
        return await client._execute(step.op, step.timeout)
    if isinstance(step, Put):
        path = step.path
        content: Callable[[], AsyncIterator[bytes]] = lambda: aiter_file(path)  # noqa: E731
        return await client._put_upload(step.url, step.headers, content, step.timeout)
    return await client._shared.async_sleep(step.seconds)


class twin(Generic[P, T]):
    """
    A method of both a sync and an async resource class from one flow (see the module's text).
    On the class it is the flow's description (``__doc__``, ``__wrapped__``; ``.flow`` for other
    flows to ``yield from``); on an instance a bound method with the flow's signature, blocking
    or a coroutine function according to the instance's kind.
    """

    def __init__(self, flow: Callable[Concatenate[Any, P], Flow[T]]) -> None:
        self.flow = flow
        functools.update_wrapper(cast(Any, self), flow)
        # What a bound method shows: no ``self``, and the flow's result as its return type.
        signature = inspect.signature(flow)
        flow_args = get_args(signature.return_annotation)
        result = flow_args[2] if len(flow_args) == 3 else signature.return_annotation
        parameters = list(signature.parameters.values())[1:]
        self._signature = signature.replace(parameters=parameters, return_annotation=result)
        self._annotations = {**getattr(flow, "__annotations__", {}), "return": result}

    @overload
    def __get__(self, obj: None, owner: Any) -> "twin[P, T]": ...

    @overload
    def __get__(self, obj: "SyncAPIResource", owner: Any) -> Callable[P, T]: ...

    @overload
    def __get__(self, obj: "AsyncAPIResource", owner: Any) -> Callable[P, Awaitable[T]]: ...

    def __get__(self, obj: Any, owner: Any) -> Any:
        if obj is None:
            return self
        flow, client = self.flow, obj._client
        bound: Any
        if client._is_async:

            async def bound(*args: Any, **kwargs: Any) -> Any:
                return await run_async(client, flow(obj, *args, **kwargs))

        else:

            def bound(*args: Any, **kwargs: Any) -> Any:
                return run_sync(client, flow(obj, *args, **kwargs))

        functools.update_wrapper(bound, flow)
        del bound.__wrapped__  # the signature below is the bound one, without ``self``
        bound.__signature__ = self._signature
        bound.__annotations__ = self._annotations
        return bound
