"""The SMS core's use-cases as one service (issue 34): the `sms-ingest` process calls only this.

`intake` stores and queues a forwarder's messages, `work` is the worker's side of the queue
(each batch through `pipeline`: reading, recording, the balance chain over stored wallets in
`wallets`). Built once per process in `claimsvc/bootstrap.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from claimsvc.services.devices import DeviceService
from claimsvc.services.sms.intake import SmsIntake
from claimsvc.services.sms.pipeline import Pipeline
from claimsvc.services.sms.wallet_chain import WalletChain
from claimsvc.services.sms.work import SmsWork, Tuning


@dataclass(frozen=True)
class SmsCore:
    """The SMS core's services, wired together."""

    intake: SmsIntake
    pipeline: Pipeline
    wallets: WalletChain
    work: SmsWork
    devices: DeviceService
    """The forwarder devices (their health gauges)."""

    def paced(self, tuning: Tuning, consumer: str | None = None) -> SmsCore:
        """The same core with the worker paced by `tuning` (and named `consumer`): a test's
        worker that never waits, a second consumer taking over another's entries."""
        return replace(self, work=self.work.paced(tuning, consumer))
