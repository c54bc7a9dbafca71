"""The bounded retry every real Redis client uses: retries connection errors, then gives up."""

from __future__ import annotations

import ssl

import pytest
from redis.exceptions import ConnectionError, ResponseError

from claimsvc.store.redis_client import DeadlineRetry


class Flaky:
    """Fails with `error` the first `failures` calls, then answers "ok"."""

    def __init__(self, failures: int, error: Exception) -> None:
        self.left, self.error, self.calls, self.disconnects = failures, error, 0, 0

    async def do(self) -> str:
        self.calls += 1
        if self.left:
            self.left -= 1
            raise self.error
        return "ok"

    async def fail(self, error: Exception) -> None:
        self.disconnects += 1


async def test_a_connection_error_is_retried_until_the_command_succeeds():
    flaky = Flaky(3, ConnectionError("refused"))
    assert await DeadlineRetry(budget_s=5).call_with_retry(flaky.do, flaky.fail) == "ok"
    assert (flaky.calls, flaky.disconnects) == (4, 3)


async def test_a_server_that_never_comes_back_fails_the_command_once_the_budget_is_spent():
    flaky = Flaky(10**9, ConnectionError("refused"))
    with pytest.raises(ConnectionError):
        await DeadlineRetry(budget_s=0.3).call_with_retry(flaky.do, flaky.fail)
    assert 1 < flaky.calls < 10**9


async def test_a_command_error_is_not_retried():
    flaky = Flaky(1, ResponseError("WRONGTYPE"))
    with pytest.raises(ResponseError):
        await DeadlineRetry(budget_s=5).call_with_retry(flaky.do, flaky.fail)
    assert flaky.calls == 1


@pytest.mark.parametrize("link", ["__context__", "__cause__"])
async def test_a_certificate_that_fails_verification_is_not_retried(link):
    # redis-py raises its ConnectionError while handling the ssl error, or `from` it.
    refused = ConnectionError("Error connecting to cache:6380. certificate verify failed")
    setattr(refused, link, ssl.SSLCertVerificationError(1, "certificate verify failed"))
    flaky = Flaky(1, refused)
    with pytest.raises(ConnectionError, match="certificate verify failed"):
        await DeadlineRetry(budget_s=5).call_with_retry(flaky.do, flaky.fail)
    assert flaky.calls == 1


async def test_a_retry_inside_a_retry_shares_the_outer_deadline():
    # redis-py retries the connect inside the retried command; the two must not multiply.
    inner = Flaky(10**9, ConnectionError("refused"))
    retry = DeadlineRetry(budget_s=0.3)
    outer_calls = 0

    async def outer() -> str:
        nonlocal outer_calls
        outer_calls += 1
        return await retry.call_with_retry(inner.do, inner.fail)

    async def ignore(error: Exception) -> None:
        return None

    with pytest.raises(ConnectionError):
        await retry.call_with_retry(outer, ignore)
    # The inner loop spends the whole shared budget; the outer one then has none left.
    assert outer_calls == 1
