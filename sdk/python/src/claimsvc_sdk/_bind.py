"""How a resource (`client.sessions`, ...) is written once for both clients: each method is a
call builder of claimsvc_sdk.calls, bound by a descriptor that sends its `Call` through the
client's runner. On a `Client` the method returns the answer; on an `AsyncClient` it returns
an awaitable (and `iterate` an async iterator). The type checker sees the same split, through
the overloads of `__get__` on the resource's mode."""

from __future__ import annotations

import functools
import warnings
from collections.abc import AsyncIterator, Awaitable, Iterator
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar, overload

from claimsvc_sdk._call import Call
from claimsvc_sdk.models import Page

if TYPE_CHECKING:
    from typing import ParamSpec

    P = ParamSpec("P")
else:  # only the type checker reads P; at run time any stand-in does
    P = TypeVar("P")

T = TypeVar("T")


class SyncMode:
    """The mode of a `Client`'s resources: methods answer."""


class AsyncMode:
    """The mode of an `AsyncClient`'s resources: methods are awaited."""


M = TypeVar("M", SyncMode, AsyncMode)


class Resource(Generic[M]):
    """A group of calls, sent by its client's `run` (a coroutine function on AsyncClient)."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self._asynchronous = bool(getattr(client, "asynchronous", False))


class Method(Generic[P, T]):
    """A resource method made from a call builder: its parameters and docstring."""

    def __init__(self, build: Callable[P, Call[T]]) -> None:
        self.build = build
        functools.update_wrapper(self, build)  # type: ignore[arg-type]

    @overload
    def __get__(self, resource: None, owner: Any) -> Method[P, T]: ...
    @overload
    def __get__(self, resource: Resource[SyncMode], owner: Any) -> Callable[P, T]: ...
    @overload
    def __get__(self, resource: Resource[AsyncMode], owner: Any) -> Callable[P, Awaitable[T]]: ...
    def __get__(self, resource: Resource[Any] | None, owner: Any) -> Any:
        if resource is None:
            return self
        run = resource._client.run
        build = self.build

        def method(*args: Any, **kwargs: Any) -> Any:
            self.before_call()
            return run(build(*args, **kwargs))

        return functools.update_wrapper(method, build)

    def before_call(self) -> None:
        """Hook: what a call of this method does before it is built (see `Deprecated`)."""


class Deprecated(Method[P, T]):
    """An old name kept working: warns DeprecationWarning, pointing at `replacement`."""

    def __init__(self, build: Callable[P, Call[T]], replacement: str) -> None:
        super().__init__(build)
        self.replacement = replacement
        self.__doc__ = f"Deprecated: use {replacement}."

    def before_call(self) -> None:
        message = f"deprecated: use {self.replacement}"
        warnings.warn(message, DeprecationWarning, stacklevel=3)


class Pages(Generic[P, T]):
    """`iterate`: every item of every page of a list call, newest first, each next page
    fetched (with the previous page's `next_cursor`) when the items before are used up."""

    def __init__(self, build: Callable[P, Call[Page[T]]]) -> None:
        self.build = build

    @overload
    def __get__(self, resource: None, owner: Any) -> Pages[P, T]: ...
    @overload
    def __get__(self, resource: Resource[SyncMode], owner: Any) -> Callable[P, Iterator[T]]: ...
    @overload
    def __get__(
        self, resource: Resource[AsyncMode], owner: Any
    ) -> Callable[P, AsyncIterator[T]]: ...
    def __get__(self, resource: Resource[Any] | None, owner: Any) -> Any:
        if resource is None:
            return self
        run, build = resource._client.run, self.build
        walk = _walk_async if resource._asynchronous else _walk
        return lambda *args, **kwargs: walk(run, build(*args, **kwargs))


def _walk(run: Callable[[Call[Page[T]]], Page[T]], first: Call[Page[T]]) -> Iterator[T]:
    call: Call[Page[T]] | None = first
    while call is not None:
        page = run(call)
        yield from page.items
        call = call.with_cursor(page.next_cursor) if page.next_cursor else None


async def _walk_async(
    run: Callable[[Call[Page[T]]], Awaitable[Page[T]]], first: Call[Page[T]]
) -> AsyncIterator[T]:
    call: Call[Page[T]] | None = first
    while call is not None:
        page = await run(call)
        for item in page.items:
            yield item
        call = call.with_cursor(page.next_cursor) if page.next_cursor else None
