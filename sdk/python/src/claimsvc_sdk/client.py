"""The API client over urllib (the standard library only), retried only where it is safe."""

from __future__ import annotations

import socket
import time
import urllib.error
import urllib.request
from typing import Callable, TypeVar

from claimsvc_sdk._base import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, ClientBase
from claimsvc_sdk._bind import SyncMode
from claimsvc_sdk._call import VERSION, Answer, Call, Request, attempt_failed
from claimsvc_sdk._call import read as read_answer
from claimsvc_sdk.errors import ApiConnectionError, ApiTimeoutError, ClaimsvcError

__all__ = ["DEFAULT_MAX_RETRIES", "DEFAULT_TIMEOUT", "VERSION", "Client"]

T = TypeVar("T")


class Client(ClientBase[SyncMode, None]):
    """`Client(api_key, base_url)`, standard library only. Options: see `ClientBase`."""

    def _default_sleep(self) -> Callable[[float], None]:
        return time.sleep

    def run(self, call: Call[T]) -> T:
        """Sends `call` (retrying it where the policy allows) and reads its answer."""
        request = self.settings.prepare(call)
        attempt = 0
        while True:
            attempt += 1
            try:
                return call.parse(self._send(request))
            except ClaimsvcError as exc:
                self._sleep(attempt_failed(self.settings.retry, call, attempt, exc))

    def _send(self, request: Request) -> Answer:
        req = urllib.request.Request(
            request.url, data=request.data, method=request.method, headers=request.headers
        )
        where = f"{request.method} {request.url}"
        try:
            with urllib.request.urlopen(req, timeout=request.timeout) as resp:
                status, raw, headers = resp.status, resp.read(), dict(resp.headers)
        except urllib.error.HTTPError as err:  # any answer but 2xx and a followed redirect
            status, raw, headers = err.code, err.read(), dict(err.headers)
        except (socket.timeout, TimeoutError) as exc:
            raise ApiTimeoutError(f"no answer within {request.timeout} s: {where}") from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, (socket.timeout, TimeoutError)):
                raise ApiTimeoutError(f"no answer within {request.timeout} s: {where}") from exc
            raise ApiConnectionError(f"{where}: {exc.reason}") from exc
        except OSError as exc:
            raise ApiConnectionError(f"{where}: {exc}") from exc
        return read_answer(status, raw, headers, request)
