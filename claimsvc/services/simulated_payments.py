"""Making a test payment arrive for a test session, as if the merchant's phone had forwarded it.

The SMS is written in the provider's wording, stored in the account's test ledger from the
test phone (domain/simulated_payments.py) and put on the SMS stream exactly as the intake puts
a forwarded one; `sms-ingest` parses it, records its transaction, chains the test wallet's
balance and finalises any claim waiting on it, as for any SMS. Nothing here sets a session's status.
"""

from __future__ import annotations

import asyncio
import hashlib

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import simulated_payments as rules
from claimsvc.domain.balances import WalletKey
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.modes import is_test, owner_of
from claimsvc.domain.sessions import OPEN, Session
from claimsvc.domain.simulated_payments import TestPayment, TestPaymentRequest
from claimsvc.store.accounts import AccountStore
from claimsvc.store.balances import BalanceStore
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import new_id
from claimsvc.store.sessions import SessionStore
from claimsvc.store.simulated_wallets import TestWalletStore
from claimsvc.store.sms_queue import SmsQueue
from claimsvc.store.transactions import TransactionStore

WAIT_POLL_S = 0.1
"""How often a caller that waits for its SMS to be processed looks again."""


class TestPaymentService:
    """Test payments for test sessions; never a live session, never a live wallet."""

    def __init__(
        self,
        sessions: SessionStore,
        accounts: AccountStore,
        messages: MessageStore,
        queue: SmsQueue,
        balances: BalanceStore,
        wallets: TestWalletStore,
        transactions: TransactionStore,
        clock: Clock,
    ) -> None:
        self._sessions = sessions
        self._accounts = accounts
        self._messages = messages
        self._queue = queue
        self._balances = balances
        self._wallets = wallets
        self._transactions = transactions
        self._clock = clock

    async def pay(
        self, ledger: str | None, req: TestPaymentRequest, wait_s: float = 0
    ) -> TestPayment:
        """Make `req`'s payment arrive for a session of the test ledger `ledger` (the
        operator, None: any test session). Any other session, live ones included, is NotFound,
        as a session of another account is. A TrxID one of the account's live transactions has
        is refused (400). With `wait_s`, wait up to that long for the SMS worker to process the
        SMS."""
        if ledger is not None and not is_test(ledger):
            raise errors.TestKeyRequired()
        session = await self._sessions.get(req.session_id)
        if session is None or not session.test or ledger not in (None, session.account_id):
            raise errors.SessionNotFound()
        if session.status != OPEN:
            raise errors.TestSessionNotOpen()
        if req.trx_id and await self._transactions.has_trx_id(
            owner_of(session.account_id), req.trx_id
        ):
            raise errors.TestTrxIdLive()
        provider = req.provider or await self._provider(session)
        trx_id = req.trx_id or rules.new_trx_id(provider)
        amount = rules.sms_amount(req.outcome, session.amount_poisha)
        if req.outcome == rules.LATE_SMS:
            # The buyer claims this TrxID first; a later `paid` call with it sends the SMS.
            return TestPayment(session.id, req.outcome, provider, trx_id, amount, None)
        message = await self._send(session, req.outcome, provider, trx_id, amount)
        processed = await self._wait(message.id, wait_s) if wait_s > 0 else False
        return TestPayment(session.id, req.outcome, provider, trx_id, amount, message.id, processed)

    async def _provider(self, session: Session) -> str:
        """The wallet a buyer would most likely pay: the account's first, else bKash."""
        account = await self._accounts.get(session.owner_id)
        wallets = () if account is None else account.wallets
        return wallets[0].provider if wallets else "bkash"

    async def _send(
        self, session: Session, outcome: str, provider: str, trx_id: str, amount: int
    ) -> SmsMessage:
        """Store the SMS in the test ledger and queue it, as the intake does a forwarded one."""
        now = self._clock()
        step = rules.balance_step(outcome, amount)
        balance = await self._wallets.credit(session.account_id, provider, step)
        if balance == step:
            # The counter was new (a first test payment, or Redis lost it): the test phone's
            # chain restarts at zero, as an operator's anchor restarts a real one.
            key = WalletKey(session.account_id, rules.TEST_DEVICE_ID, provider, None)
            await self._balances.anchor(key, 0, now)
        sender = rules.sender_of(provider)
        stated = rules.stated_balance(outcome, amount, balance)
        text = rules.sms_text(provider, trx_id, amount, stated, now)
        message = SmsMessage(
            id=new_id("msg"),
            account_id=session.account_id,
            device_id=rules.TEST_DEVICE_ID,
            form=rules.TEST_FORM,
            sender=sender,
            text=text,
            sim_slot=None,
            received_at=now,
            received_at_source="intake",
            reported_received_at=None,
            content_key=_content_key(session.account_id, sender, text),
            stored_at=now,
            queued_at=now,
        )
        await self._messages.insert_many([message])
        await self._queue.add(message.id)
        return message

    async def _wait(self, message_id: str, wait_s: float) -> bool:
        """Whether the message was processed within `wait_s` (polled; the worker runs apart)."""
        for _ in range(max(1, int(wait_s / WAIT_POLL_S))):
            stored = await self._messages.get(message_id)
            if stored is not None and stored.processed_at is not None:
                return True
            await asyncio.sleep(WAIT_POLL_S)
        return False


def _content_key(ledger: str, sender: str, text: str) -> str:
    """A test SMS's content key: unique per text, as a forwarded SMS's (its balance and TrxID
    make every test SMS's text new)."""
    parts = (ledger, rules.TEST_DEVICE_ID, sender.casefold(), text)
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
