"""Opens each process's clients in one place, builds stores and services, closes in reverse."""

from __future__ import annotations

import asyncio
import functools
from dataclasses import dataclass
from typing import Any

from claimsvc.clients.email import email_sender
from claimsvc.clock import Clock, system_clock
from claimsvc.services.admin import AdminService
from claimsvc.services.alert_channels import ChannelService
from claimsvc.services.alerts import AlertService
from claimsvc.services.arrival import ArrivalService
from claimsvc.services.audit import AuditService
from claimsvc.services.auth import AuthService
from claimsvc.services.checkout import CheckoutService
from claimsvc.services.claims import ClaimService
from claimsvc.services.delivery import DeliveryService
from claimsvc.services.devices import DeviceService
from claimsvc.services.limits import LimitService
from claimsvc.services.links import LinkService
from claimsvc.services.merchant_reads import MerchantReadService
from claimsvc.services.one_view import OneViewService
from claimsvc.services.outbox import OutboxService
from claimsvc.services.passwords import Passwords
from claimsvc.services.payments import PaymentsService
from claimsvc.services.reparse import ReparseService
from claimsvc.services.security import SecurityService
from claimsvc.services.session_reads import SessionReadService
from claimsvc.services.sessions import SessionService
from claimsvc.services.settlement import SettlementService
from claimsvc.services.signin import SigninService
from claimsvc.services.simulated_payments import TestPaymentService
from claimsvc.services.sms.core import SmsCore
from claimsvc.services.sms.intake import SmsIntake
from claimsvc.services.sms.pipeline import Pipeline
from claimsvc.services.sms.rereading import TaughtWordings
from claimsvc.services.sms.wallet_chain import WalletChain
from claimsvc.services.sms.work import SmsWork, Tuning
from claimsvc.services.sms_wait import SmsWaitService
from claimsvc.services.transactions import TransactionService
from claimsvc.services.users import UserService
from claimsvc.services.wallet_admin import WalletAdminService
from claimsvc.services.wordings import WordingService
from claimsvc.settings import Settings
from claimsvc.store.accounts import AccountStore, ApiKeyStore, PlatformStore
from claimsvc.store.admission import AdmissionStore
from claimsvc.store.alert_channels import ChannelStore, PollerStore
from claimsvc.store.alerts import AlertStore, SendStore
from claimsvc.store.arrival import ArrivalLimitStore
from claimsvc.store.audit import AuditStore
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.events import EventStore
from claimsvc.store.limits import LimitStore
from claimsvc.store.links import LinkStore
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import CounterStore, is_embedded, open_mongo
from claimsvc.store.one_view import OneViewStore
from claimsvc.store.portal_sessions import PortalSessionStore
from claimsvc.store.redis_client import open_redis
from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.schedule import ScheduleStore
from claimsvc.store.sessions import SessionStore
from claimsvc.store.signin_limits import SigninLimitStore
from claimsvc.store.simulated_wallets import TestWalletStore
from claimsvc.store.sms_gate import SmsGate
from claimsvc.store.sms_queue import SmsQueue
from claimsvc.store.teams import OwnerStore
from claimsvc.store.transactions import TransactionStore
from claimsvc.store.trx_arrivals import TrxArrivalStore
from claimsvc.store.users import UserStore
from claimsvc.store.wake import DEADLINES, SESSIONS, WakeStore
from claimsvc.store.wordings import WordingStore


@dataclass
class Stores:
    """One object per collection or Redis key family."""

    accounts: AccountStore
    api_keys: ApiKeyStore
    platform: PlatformStore
    sessions: SessionStore
    counters: CounterStore
    limits: LimitStore
    arrival_limits: ArrivalLimitStore
    one_view: OneViewStore
    admission: AdmissionStore
    schedule: ScheduleStore
    transactions: TransactionStore
    events: EventStore
    devices: DeviceStore
    messages: MessageStore
    balances: BalanceStore
    sms_queue: SmsQueue
    sms_gate: SmsGate
    links: LinkStore
    users: UserStore
    owners: OwnerStore
    portal_sessions: PortalSessionStore
    signin_limits: SigninLimitStore
    audit: AuditStore
    wordings: WordingStore
    test_wallets: TestWalletStore
    alerts: AlertStore
    alert_sends: SendStore
    alert_channels: ChannelStore
    alert_poller: PollerStore
    wake: WakeStore
    trx_arrivals: TrxArrivalStore

    def all(self) -> list[Any]:
        return list(vars(self).values())


@dataclass
class Services:
    """The use-cases handlers and workers call."""

    auth: AuthService
    admin: AdminService
    checkout: CheckoutService
    limits: LimitService
    arrival: ArrivalService
    one_view: OneViewService
    delivery: DeliveryService
    outbox: OutboxService
    sessions: SessionService
    session_reads: SessionReadService
    merchant_reads: MerchantReadService
    claims: ClaimService
    transactions: TransactionService
    devices: DeviceService
    wallet_admin: WalletAdminService
    reparse: ReparseService
    payments: PaymentsService
    links: LinkService
    audit: AuditService
    users: UserService
    security: SecurityService
    signin: SigninService
    wordings: WordingService
    settlement: SettlementService
    test_payments: TestPaymentService
    alerts: AlertService
    alert_channels: ChannelService
    sms: SmsCore


async def ping_all(checks: dict[str, Any], timeout_s: float = 1.0) -> dict[str, bool]:
    """Run named readiness probes concurrently; a probe that raises or hangs is False."""

    async def one(probe: Any) -> bool:
        try:
            await asyncio.wait_for(probe(), timeout_s)
            return True
        except Exception:
            return False

    results = await asyncio.gather(*(one(p) for p in checks.values()))
    return dict(zip(checks, results, strict=True))


@dataclass
class Deps:
    """Everything a process holds: settings, clock, clients, stores and services."""

    settings: Settings
    clock: Clock
    mongo: Any
    db: Any
    redis: Any
    keys: RedisKeys
    stores: Stores
    services: Services
    http: Any = None
    """The worker's one outbound aiohttp session (webhooks); None in other processes."""

    async def check_ready(self) -> dict[str, bool]:
        """Readiness: MongoDB and Redis both answer."""
        return await ping_all({"mongodb": self._ping_mongo, "redis": self.redis.ping})

    async def _ping_mongo(self) -> None:
        await self.db.command("ping")

    async def close(self) -> None:
        """Close clients in reverse order of opening."""
        await self.redis.aclose()
        await self.mongo.close()


def build_stores(
    db: Any, redis: Any, keys: RedisKeys, *, bulk_updates: bool = True, ttl_indexes: bool = True
) -> Stores:
    """Every store; `ttl_indexes=False` on the in-process fake, whose TTL monitor runs on the
    wall clock (a test's frozen clock is behind it, so it would delete live documents)."""
    return Stores(
        accounts=AccountStore(db),
        api_keys=ApiKeyStore(db),
        platform=PlatformStore(db),
        sessions=SessionStore(db),
        counters=CounterStore(db),
        limits=LimitStore(redis, keys),
        arrival_limits=ArrivalLimitStore(redis, keys),
        one_view=OneViewStore(redis, keys),
        admission=AdmissionStore(redis, keys),
        schedule=ScheduleStore(redis, keys),
        transactions=TransactionStore(db, bulk_updates=bulk_updates),
        events=EventStore(db, bulk_updates=bulk_updates),
        devices=DeviceStore(db),
        messages=MessageStore(db, bulk_updates=bulk_updates),
        balances=BalanceStore(db, bulk_updates=bulk_updates),
        sms_queue=SmsQueue(redis, keys),
        sms_gate=SmsGate(redis, keys),
        links=LinkStore(db),
        users=UserStore(db),
        owners=OwnerStore(db),
        portal_sessions=PortalSessionStore(db, ttl_index=ttl_indexes),
        signin_limits=SigninLimitStore(redis, keys),
        audit=AuditStore(db),
        wordings=WordingStore(db),
        test_wallets=TestWalletStore(redis, keys),
        alerts=AlertStore(db),
        alert_sends=SendStore(db),
        alert_channels=ChannelStore(db),
        alert_poller=PollerStore(db),
        wake=WakeStore(redis, keys),
        trx_arrivals=TrxArrivalStore(redis, keys),
    )


def build_services(settings: Settings, stores: Stores, clock: Clock) -> Services:
    outbox = OutboxService(stores.events, stores.sessions, stores.counters, clock)
    machine = SessionService(stores.sessions, stores.accounts, clock, stores.links)
    sms_wait = SmsWaitService(stores.transactions, stores.trx_arrivals)
    claims = ClaimService(machine, stores.sessions, stores.transactions, clock, sms_wait)
    transactions = TransactionService(stores.transactions, claims, clock, stores.trx_arrivals)
    delivery = DeliveryService(stores.events, stores.accounts, stores.schedule, clock)
    auth = AuthService(stores.api_keys, stores.accounts, stores.admission, clock)
    checkout = CheckoutService(
        stores.sessions,
        stores.platform,
        stores.admission,
        auth,
        clock,
        settings.public_base_url,
    )
    limits = LimitService(stores.limits, stores.admission, stores.accounts, clock)
    audit, passwords = AuditService(stores.audit, clock), Passwords()
    security = SecurityService(stores.users, stores.portal_sessions, passwords, clock)
    reparse = ReparseService(stores.messages, stores.sms_queue, clock)
    devices = DeviceService(stores.devices, stores.accounts, stores.sms_gate, clock)
    wordings = WordingService(stores.wordings, stores.messages, reparse, clock)
    email = email_sender(settings)
    wallet_admin = WalletAdminService(
        stores.accounts,
        stores.devices,
        stores.balances,
        stores.transactions,
        stores.messages,
        transactions,
        clock,
        reparse.reread,
    )
    payments = PaymentsService(
        stores.sessions,
        stores.transactions,
        stores.events,
        stores.devices,
        stores.balances,
        clock,
        stores.api_keys,
    )
    return Services(
        auth=auth,
        admin=AdminService(
            stores.accounts, stores.api_keys, stores.platform, stores.admission, clock
        ),
        checkout=checkout,
        limits=limits,
        arrival=ArrivalService(
            stores.sessions, stores.transactions, stores.arrival_limits, limits, clock
        ),
        one_view=OneViewService(stores.one_view),
        delivery=delivery,
        outbox=outbox,
        sessions=machine,
        session_reads=SessionReadService(stores.sessions, clock, settings.public_base_url),
        merchant_reads=MerchantReadService(stores.transactions, stores.events, delivery),
        claims=claims,
        transactions=transactions,
        devices=devices,
        wallet_admin=wallet_admin,
        reparse=reparse,
        payments=payments,
        links=LinkService(
            stores.links,
            stores.sessions,
            machine,
            checkout,
            stores.accounts,
            limits,
            clock,
            settings,
        ),
        audit=audit,
        users=UserService(
            stores.users, stores.owners, stores.portal_sessions, stores.accounts, passwords, clock
        ),
        signin=SigninService(
            stores.users,
            stores.portal_sessions,
            stores.signin_limits,
            stores.accounts,
            passwords,
            security,
            audit,
            clock,
        ),
        security=security,
        wordings=wordings,
        settlement=SettlementService(
            machine, stores.sessions, stores.transactions, stores.accounts, clock
        ),
        test_payments=TestPaymentService(
            stores.sessions,
            stores.accounts,
            stores.messages,
            stores.sms_queue,
            stores.balances,
            stores.test_wallets,
            stores.transactions,
            clock,
        ),
        alerts=AlertService(
            stores.alerts,
            stores.alert_sends,
            stores.alert_channels,
            stores.sessions,
            stores.messages,
            stores.events,
            stores.devices,
            stores.balances,
            stores.users,
            clock,
            settings.public_base_url,
            email,
            stores.accounts,
            payments,
        ),
        alert_channels=ChannelService(
            stores.alert_channels,
            stores.alert_sends,
            stores.alerts,
            stores.users,
            stores.accounts,
            wallet_admin,
            audit,
            clock,
            email,
        ),
        sms=sms_core(settings, stores, devices, transactions, claims, reparse, wordings, clock),
    )


def sms_core(
    settings: Settings,
    stores: Stores,
    devices: DeviceService,
    transactions: TransactionService,
    claims: ClaimService,
    reparse: ReparseService,
    wordings: WordingService,
    clock: Clock,
    tuning: Tuning | None = None,
) -> SmsCore:
    """The SMS core's services (the `sms-ingest` process runs them; others build them unused),
    its worker paced by `tuning` (by default as the settings say)."""
    wallets = WalletChain(stores.balances, stores.transactions, claims, clock)
    pipeline = Pipeline(
        stores.messages,
        transactions,
        wallets,
        clock,
        reread=reparse.reread,
        taught=TaughtWordings(stores.wordings),
    )
    tuning = tuning or Tuning(
        reclaim_idle_ms=settings.sms_reclaim_idle_s * 1000,
        requeue_after_s=settings.sms_requeue_after_s,
    )
    work = SmsWork(
        stores.sms_queue,
        stores.messages,
        pipeline,
        wallets,
        clock,
        tuning,
        rereads=wordings.reread_due,
    )
    # Alerts the SMS path leaves owed wake the worker's alert pass at once (issue 35's wake).
    wallets.on_owed = functools.partial(stores.wake.notify, SESSIONS)
    intake = SmsIntake(devices, stores.messages, stores.sms_gate, clock)
    return SmsCore(intake=intake, pipeline=pipeline, wallets=wallets, work=work, devices=devices)


def own_sms_core(deps: Deps, tuning: Tuning | None = None) -> SmsCore:
    """A new SMS core on `deps`' stores and services, with its own process-local state (the
    wallets it last saved): what one more `sms-ingest` process would hold."""
    s = deps.services
    return sms_core(
        deps.settings,
        deps.stores,
        s.devices,
        s.transactions,
        s.claims,
        s.reparse,
        s.wordings,
        deps.clock,
        tuning,
    )


async def open_deps(
    settings: Settings, clock: Clock = system_clock, *, mongo: Any = None, redis: Any = None
) -> Deps:
    """Open clients (or take the given ones, which tests share), build everything, index."""
    settings.require_stores()
    mongo = mongo if mongo is not None else open_mongo(settings.mongo_url or "")
    redis = (
        redis if redis is not None else open_redis(settings.redis_url or "", settings.redis_ca_file)
    )
    db = mongo[settings.mongo_db]
    keys = RedisKeys(settings.redis_prefix)
    embedded = is_embedded(settings.mongo_url or "")
    stores = build_stores(db, redis, keys, bulk_updates=not embedded, ttl_indexes=not embedded)
    for store in stores.all():
        if hasattr(store, "ensure_indexes"):
            await store.ensure_indexes()
    services = build_services(settings, stores, clock)
    services.admin.on_delivery_settings_changed = services.delivery.requeue_stopped
    services.outbox.on_events_recorded = services.delivery.enqueue
    services.sessions.on_owed = functools.partial(stores.wake.notify, SESSIONS)
    services.sessions.on_deadline_moved = functools.partial(stores.wake.notify, DEADLINES)
    services.delivery.on_alert_owed = functools.partial(stores.wake.notify, SESSIONS)
    return Deps(settings, clock, mongo, db, redis, keys, stores, services)
