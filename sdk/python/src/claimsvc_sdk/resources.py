"""The API's resources, written once for `Client` and `AsyncClient` (see claimsvc_sdk._bind):
each method is a call of claimsvc_sdk.calls, with its parameters and docstring."""

from __future__ import annotations

from claimsvc_sdk import calls
from claimsvc_sdk._bind import Deprecated, M, Method, Pages, Resource


class Sessions(Resource[M]):
    """Checkout sessions: open one per order, claim its payment, cancel it, read them."""

    initialize = Method(calls.initialize)
    verify = Method(calls.verify)
    cancel = Method(calls.cancel)
    retrieve = Method(calls.retrieve_session)
    retrieve_public = Method(calls.retrieve_public)
    find_by_order = Method(calls.find_session_by_order)
    list = Method(calls.list_sessions)
    iterate = Pages(calls.list_sessions)
    get = Deprecated(calls.retrieve_public_as_dict, "sessions.retrieve_public")


class PaymentLinks(Resource[M]):
    """Payment links: an address to share in a chat; every buyer opening it gets a session."""

    create = Method(calls.create_link)
    list = Method(calls.list_links)
    iterate = Pages(calls.list_links)
    retrieve = Method(calls.retrieve_link)
    get = Deprecated(calls.retrieve_link, "links.retrieve")
    disable = Method(calls.disable_link)


class Transactions(Resource[M]):
    """Money that moved in your wallets, read from the SMS your phone forwards."""

    list = Method(calls.list_transactions)
    iterate = Pages(calls.list_transactions)
    retrieve = Method(calls.retrieve_transaction)


class WebhookEvents(Resource[M]):
    """The webhook events sent to you, their delivery, and redelivery."""

    list = Method(calls.list_events)
    iterate = Pages(calls.list_events)
    retrieve = Method(calls.retrieve_event)
    redeliver = Method(calls.redeliver_event)


class TestPayments(Resource[M]):
    """Test payments for test sessions (test keys, `sk_test_...`, only)."""

    __test__ = False  # not a pytest test class

    create = Method(calls.create_test_payment)
