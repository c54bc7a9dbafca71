"""Turns a call builder of claimsvc_sdk.calls into a method of a resource: the same
signature and docstring for the sync and the async client, so neither repeats a parameter."""

from __future__ import annotations

import functools
import warnings
from collections.abc import AsyncIterator, Awaitable, Iterator
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

from claimsvc_sdk._call import Call
from claimsvc_sdk.models import Page

if TYPE_CHECKING:
    from typing import Concatenate, ParamSpec

    P = ParamSpec("P")

T = TypeVar("T")


class Runner(Protocol):
    def run(self, call: Call[T]) -> T: ...


class AsyncRunner(Protocol):
    async def run(self, call: Call[T]) -> T: ...


class Resource:
    """A group of calls (`client.sessions`, ...) sent by its client's runner."""

    def __init__(self, runner: Runner) -> None:
        self._runner = runner


class AsyncResource:
    def __init__(self, runner: AsyncRunner) -> None:
        self._runner = runner


def _named(method: Any, build: Callable[..., Any], doc: str | None = None) -> None:
    functools.update_wrapper(method, build)
    if doc is not None:
        method.__doc__ = doc


def call(build: Callable[P, Call[T]]) -> Callable[Concatenate[Resource, P], T]:
    def method(self: Resource, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return self._runner.run(build(*args, **kwargs))

    _named(method, build)
    return method


def async_call(
    build: Callable[P, Call[T]],
) -> Callable[Concatenate[AsyncResource, P], Awaitable[T]]:
    async def method(self: AsyncResource, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return await self._runner.run(build(*args, **kwargs))

    _named(method, build)
    return method


ITERATE_DOC = "Every item of every page, newest first, fetching the next page as needed."


def pages(build: Callable[P, Call[Page[T]]]) -> Callable[Concatenate[Resource, P], Iterator[T]]:
    def method(self: Resource, /, *args: P.args, **kwargs: P.kwargs) -> Iterator[T]:
        next_call: Call[Page[T]] | None = build(*args, **kwargs)
        while next_call is not None:
            page = self._runner.run(next_call)
            yield from page.items
            next_call = next_call.with_cursor(page.next_cursor) if page.next_cursor else None

    _named(method, build, ITERATE_DOC)
    return method


def async_pages(
    build: Callable[P, Call[Page[T]]],
) -> Callable[Concatenate[AsyncResource, P], AsyncIterator[T]]:
    async def method(self: AsyncResource, /, *args: P.args, **kwargs: P.kwargs) -> AsyncIterator[T]:
        next_call: Call[Page[T]] | None = build(*args, **kwargs)
        while next_call is not None:
            page = await self._runner.run(next_call)
            for item in page.items:
                yield item
            next_call = next_call.with_cursor(page.next_cursor) if page.next_cursor else None

    _named(method, build, ITERATE_DOC)
    return method


def deprecated(method: Callable[P, T], replacement: str) -> Callable[P, T]:
    """An old name of `method`, warning DeprecationWarning on each call."""

    def old(*args: P.args, **kwargs: P.kwargs) -> T:
        warnings.warn(f"deprecated: use {replacement}", DeprecationWarning, stacklevel=2)
        return method(*args, **kwargs)

    _named(old, method, f"Deprecated alias of {replacement}.")
    return old
