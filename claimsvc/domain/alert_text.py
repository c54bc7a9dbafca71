"""The words of alert messages in English and Bangla, and a message made of one group of alerts
(plain text: no markup to escape, so nothing in a fact can change how a message looks)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from claimsvc.domain import i18n
from claimsvc.domain.accounts import PROVIDER_NAMES
from claimsvc.domain.alerts import (
    AMOUNT_DIFFERS,
    CHAIN_BROKEN,
    CHAIN_GAP,
    DAILY_SUMMARY,
    PAYMENT_COMPLETED,
    PAYMENT_HELD,
    PHONE_BACK,
    PHONE_QUIET,
    SMS_NOT_UNDERSTOOD,
    WEBHOOK_FAILED,
    Alert,
)

EN: dict[str, str | tuple[str, str]] = {
    "head_" + PAYMENT_HELD: "Payments waiting for you to confirm ({n}):",
    "line_" + PAYMENT_HELD: "• {amount}, {provider} TrxID {trx_id}, order {order_id}",
    "foot_" + PAYMENT_HELD: "Confirm only once you see the money in your wallet. Or open {url}",
    "head_" + AMOUNT_DIFFERS: "A buyer claimed a payment of another amount ({n}):",
    "line_" + AMOUNT_DIFFERS: "• order {order_id} ({amount}): {provider} TrxID {trx_id}",
    "foot_" + AMOUNT_DIFFERS: "See the payment: {url}",
    "head_" + SMS_NOT_UNDERSTOOD: "SMS from a wallet that we could not read ({n}):",
    "line_" + SMS_NOT_UNDERSTOOD: "• {provider}, from {sender}, received {when}",
    "foot_" + SMS_NOT_UNDERSTOOD: "Teach its wording: {url}",
    "head_" + WEBHOOK_FAILED: "Webhooks your server did not get ({n}):",
    "line_" + WEBHOOK_FAILED: "• order {order_id}: {state}",
    "foot_" + WEBHOOK_FAILED: "Fix it on the Webhooks page, then send them again: {url}",
    "state_dead": "gave up after {attempts} attempts",
    "state_stopped": "not sent (no callback secret, or a host no longer allowed)",
    "head_" + PHONE_QUIET: "Phones not heard from ({n}):",
    "line_" + PHONE_QUIET: "• {device}, last heard {when}",
    "foot_" + PHONE_QUIET: "Payments cannot be confirmed until it forwards SMS again: {url}",
    "head_" + PHONE_BACK: "Phones forwarding again ({n}):",
    "line_" + PHONE_BACK: "• {device}, quiet since {when}",
    "foot_" + PHONE_BACK: "See your devices: {url}",
    "head_" + CHAIN_BROKEN: "Balance checks waiting for a missing SMS ({n}):",
    "line_" + CHAIN_BROKEN: "• {wallet}, since {when}",
    "foot_" + CHAIN_BROKEN: "Payments there wait. Set the balance you see in the app: {url}",
    "head_" + CHAIN_GAP: "Balance checks that went on past missing SMS ({n}):",
    "line_" + CHAIN_GAP: "• {wallet}, at {when}",
    "foot_" + CHAIN_GAP: "Payments in the gap stay unconfirmed until you check them: {url}",
    "head_" + PAYMENT_COMPLETED: "Payments completed ({n}):",
    "line_" + PAYMENT_COMPLETED: "• {amount}, {provider} TrxID {trx_id}, order {order_id}: {link}",
    "foot_" + PAYMENT_COMPLETED: "All payments: {url}",
    "summary_head": "Your day to {when} (Dhaka time):",
    "summary_paid": ("{n} payment completed, {amount}.", "{n} payments completed, {amount}."),
    "summary_calm": "Nothing waits for you.",
    "summary_held": "• Waiting for you to confirm: {n}",
    "summary_differing": "• Paid another amount than the order's: {n}",
    "summary_stopped": "• Webhooks stopped: {n}",
    "summary_dead": "• Webhooks given up on: {n}",
    "summary_quiet": "• Phones not heard from: {n}",
    "summary_foot": "Open the portal: {url}",
    "sim": "SIM {slot}",
    "confirm": "✓ Confirm {trx_id}",
    "reject": "✗ Not received {trx_id}",
    "done_confirmed": "✓ {trx_id} confirmed.",
    "done_completed": "✓ {trx_id} confirmed; order {order_id} is paid.",
    "done_rejected": "✗ {trx_id} not confirmed; it stays in the portal.",
    "press_used": "This button was used already.",
    "press_refused": "You may not confirm payments of this shop.",
    "press_suspect": "This payment looks forged: confirm it in the portal if you are sure.",
    "press_failed": "That did not work. Try again, or use the portal.",
    "linked": "Linked. Alerts of {shop} will come here. Send /stop to unlink.",
    "link_unknown": "That code is not valid (or it expired). Make a new one in the portal.",
    "link_private": "Link alerts in a private chat with this bot, not in a group.",
    "stopped": "Unlinked: no more alerts here.",
    "hello": "Send the code the portal shows you (Alerts page) to link this chat.",
    "verify_subject": "Verify this address for payment alerts",
    "verify_body": "Someone (we hope you) asked for payment alerts at this address in the "
    "merchant portal. To get them, open this link while signed in to the portal, within 24 "
    "hours:\n\n{url}\n\nIf it was not you, ignore this email: nothing will be sent.",
}

BN: dict[str, str | tuple[str, str]] = {
    "head_" + PAYMENT_HELD: "আপনার নিশ্চিত করার অপেক্ষায় পেমেন্ট ({n}):",
    "line_" + PAYMENT_HELD: "• {amount}, {provider} TrxID {trx_id}, অর্ডার {order_id}",
    "foot_" + PAYMENT_HELD: "ওয়ালেটে টাকা দেখার পরেই নিশ্চিত করুন। অথবা খুলুন {url}",
    "head_" + AMOUNT_DIFFERS: "একজন ক্রেতা অন্য পরিমাণের পেমেন্ট দাবি করেছেন ({n}):",
    "line_" + AMOUNT_DIFFERS: "• অর্ডার {order_id} ({amount}): {provider} TrxID {trx_id}",
    "foot_" + AMOUNT_DIFFERS: "পেমেন্টটি দেখুন: {url}",
    "head_" + SMS_NOT_UNDERSTOOD: "ওয়ালেটের যে SMS আমরা পড়তে পারিনি ({n}):",
    "line_" + SMS_NOT_UNDERSTOOD: "• {provider}, প্রেরক {sender}, পাওয়া {when}",
    "foot_" + SMS_NOT_UNDERSTOOD: "এর ধরন শিখিয়ে দিন: {url}",
    "head_" + WEBHOOK_FAILED: "যে ওয়েবহুক আপনার সার্ভার পায়নি ({n}):",
    "line_" + WEBHOOK_FAILED: "• অর্ডার {order_id}: {state}",
    "foot_" + WEBHOOK_FAILED: "ওয়েবহুক পাতায় ঠিক করে আবার পাঠান: {url}",
    "state_dead": "{attempts} বার চেষ্টার পর বন্ধ",
    "state_stopped": "পাঠানো হয়নি (কলব্যাক সিক্রেট নেই, বা হোস্ট আর অনুমোদিত নয়)",
    "head_" + PHONE_QUIET: "সাড়া নেই এমন ফোন ({n}):",
    "line_" + PHONE_QUIET: "• {device}, শেষ সাড়া {when}",
    "foot_" + PHONE_QUIET: "আবার SMS পাঠানো শুরু না করা পর্যন্ত পেমেন্ট নিশ্চিত হবে না: {url}",
    "head_" + PHONE_BACK: "আবার SMS পাঠাচ্ছে এমন ফোন ({n}):",
    "line_" + PHONE_BACK: "• {device}, চুপ ছিল {when} থেকে",
    "foot_" + PHONE_BACK: "আপনার ডিভাইস দেখুন: {url}",
    "head_" + CHAIN_BROKEN: "হারানো SMS-এর অপেক্ষায় থাকা ব্যালেন্স যাচাই ({n}):",
    "line_" + CHAIN_BROKEN: "• {wallet}, {when} থেকে",
    "foot_" + CHAIN_BROKEN: "সেখানের পেমেন্ট অপেক্ষায় আছে। অ্যাপে যে ব্যালেন্স দেখছেন তা দিন: {url}",
    "head_" + CHAIN_GAP: "হারানো SMS পেরিয়ে এগিয়ে যাওয়া ব্যালেন্স যাচাই ({n}):",
    "line_" + CHAIN_GAP: "• {wallet}, {when}",
    "foot_" + CHAIN_GAP: "ফাঁকের পেমেন্টগুলো আপনি যাচাই না করা পর্যন্ত অনিশ্চিত থাকবে: {url}",
    "head_" + PAYMENT_COMPLETED: "সম্পন্ন পেমেন্ট ({n}):",
    "line_" + PAYMENT_COMPLETED: "• {amount}, {provider} TrxID {trx_id}, অর্ডার {order_id}: {link}",
    "foot_" + PAYMENT_COMPLETED: "সব পেমেন্ট: {url}",
    "summary_head": "{when} পর্যন্ত আপনার দিন (ঢাকার সময়):",
    "summary_paid": ("{n}টি পেমেন্ট সম্পন্ন, {amount}।", "{n}টি পেমেন্ট সম্পন্ন, {amount}।"),
    "summary_calm": "আপনার অপেক্ষায় কিছু নেই।",
    "summary_held": "• আপনার নিশ্চিত করার অপেক্ষায়: {n}",
    "summary_differing": "• অর্ডারের চেয়ে অন্য পরিমাণ পরিশোধ: {n}",
    "summary_stopped": "• থামানো ওয়েবহুক: {n}",
    "summary_dead": "• চেষ্টা বন্ধ হওয়া ওয়েবহুক: {n}",
    "summary_quiet": "• সাড়া নেই এমন ফোন: {n}",
    "summary_foot": "পোর্টাল খুলুন: {url}",
    "sim": "সিম {slot}",
    "confirm": "✓ নিশ্চিত {trx_id}",
    "reject": "✗ পাইনি {trx_id}",
    "done_confirmed": "✓ {trx_id} নিশ্চিত হয়েছে।",
    "done_completed": "✓ {trx_id} নিশ্চিত হয়েছে; অর্ডার {order_id} পরিশোধিত।",
    "done_rejected": "✗ {trx_id} নিশ্চিত করা হয়নি; এটি পোর্টালে থাকল।",
    "press_used": "এই বোতামটি আগেই ব্যবহার করা হয়েছে।",
    "press_refused": "এই দোকানের পেমেন্ট নিশ্চিত করার অনুমতি আপনার নেই।",
    "press_suspect": "এই পেমেন্টটি জাল মনে হচ্ছে: নিশ্চিত হলে পোর্টালে নিশ্চিত করুন।",
    "press_failed": "কাজটি হয়নি। আবার চেষ্টা করুন, অথবা পোর্টাল ব্যবহার করুন।",
    "linked": "যুক্ত হয়েছে। {shop}-এর সতর্কবার্তা এখানে আসবে। বিচ্ছিন্ন করতে /stop পাঠান।",
    "link_unknown": "কোডটি সঠিক নয় (বা মেয়াদ শেষ)। পোর্টালে নতুন কোড তৈরি করুন।",
    "link_private": "সতর্কবার্তা যুক্ত করুন এই বটের সাথে ব্যক্তিগত চ্যাটে, গ্রুপে নয়।",
    "stopped": "বিচ্ছিন্ন হয়েছে: এখানে আর সতর্কবার্তা আসবে না।",
    "hello": "এই চ্যাট যুক্ত করতে পোর্টালের সতর্কবার্তা পাতায় দেখানো কোডটি পাঠান।",
    "verify_subject": "পেমেন্ট সতর্কবার্তার জন্য এই ঠিকানা যাচাই করুন",
    "verify_body": "কেউ (আশা করি আপনি) মার্চেন্ট পোর্টালে এই ঠিকানায় পেমেন্ট সতর্কবার্তা চেয়েছেন। "
    "পেতে হলে, পোর্টালে সাইন ইন থাকা অবস্থায় ২৪ ঘণ্টার মধ্যে এই লিংকটি খুলুন:\n\n{url}\n\n"
    "আপনি না হলে এই ইমেইলটি উপেক্ষা করুন: কিছুই পাঠানো হবে না।",
}

TEXTS: dict[str, dict[str, str | tuple[str, str]]] = {"en": EN, "bn": BN}
"""A pair is (one, other): the form follows a count `{n}` (Bangla gives the same text twice)."""

PORTAL_PATHS = {
    PAYMENT_HELD: "/portal/transactions",
    AMOUNT_DIFFERS: "/portal/payments",
    SMS_NOT_UNDERSTOOD: "/portal/transactions",
    WEBHOOK_FAILED: "/portal/webhooks",
    PHONE_QUIET: "/portal/devices",
    PHONE_BACK: "/portal/devices",
    CHAIN_BROKEN: "/portal/wallets",
    CHAIN_GAP: "/portal/wallets",
    PAYMENT_COMPLETED: "/portal/payments",
    DAILY_SUMMARY: "/portal/",
}
"""The portal page that resolves each kind of alert."""


def say(lang: str, key: str, **values: Any) -> str:
    text = TEXTS.get(lang, EN)[key]
    assert isinstance(text, str), key
    return text.format(**values) if values else text


def say_count(lang: str, key: str, count: int, **values: Any) -> str:
    """`key`'s form for `count`, with `{n}` the count in `lang`'s digits."""
    text = TEXTS.get(lang, EN)[key]
    assert isinstance(text, tuple), key
    form = text[0] if count == 1 else text[1]
    return form.format(n=i18n.digits(str(count), lang), **values)


def _values(lang: str, facts: Mapping[str, str]) -> dict[str, str]:
    """A line's fields in `lang`: money and times formatted, the provider named."""
    values = dict(facts)
    provider = facts.get("provider", "")
    values["provider"] = PROVIDER_NAMES.get(provider, {}).get(lang, provider)
    if "amount_poisha" in facts:
        values["amount"] = f"৳ {i18n.taka(int(facts['amount_poisha']), lang)}"
    if "at" in facts:
        values["when"] = i18n.clock_time(datetime.fromisoformat(facts["at"]), lang)
    if "slot" in facts:
        slot = facts["slot"]
        sim = say(lang, "sim", slot=i18n.digits(slot, lang)) if slot else ""
        values["wallet"] = f"{values['provider']} {sim}".strip()
    if "state" in facts:
        attempts = i18n.digits(facts.get("attempts", ""), lang)
        values["state"] = say(lang, "state_" + facts["state"], attempts=attempts)
    return values


def message(lang: str, kind: str, alerts: Sequence[Alert], base_url: str) -> str:
    """One message listing `alerts` (all of `kind`), with the portal page that resolves them."""
    base = base_url.rstrip("/")
    if kind == DAILY_SUMMARY:
        return "\n\n".join(summary(lang, a.facts, base) for a in alerts)
    n = i18n.digits(str(len(alerts)), lang)
    lines = [say(lang, "head_" + kind, n=n)]
    for a in alerts:
        values = _values(lang, a.facts)
        if "session_id" in a.facts:
            values["link"] = f"{base}/portal/payments/{a.facts['session_id']}"
        lines.append(say(lang, "line_" + kind, **values))
    lines.append(say(lang, "foot_" + kind, url=base + PORTAL_PATHS[kind]))
    return "\n".join(lines)


SUMMARY_COUNTS = ("held", "differing", "stopped", "dead", "quiet")
"""What a summary counts that waits for the merchant (services/alert_facts.summary_alert), in the
order its lines come; a line for a count of none is left out."""


def summary(lang: str, facts: Mapping[str, str], base: str) -> str:
    """A daily summary: the day's completed payments, then what waits for the merchant."""
    when = i18n.clock_time(datetime.fromisoformat(facts["at"]), lang)
    paid = f"৳ {i18n.taka(int(facts['amount_poisha']), lang)}"
    lines = [say(lang, "summary_head", when=when)]
    lines.append(say_count(lang, "summary_paid", int(facts["count"]), amount=paid))
    waiting = [(name, int(facts.get(name, "0"))) for name in SUMMARY_COUNTS]
    waiting = [(name, n) for name, n in waiting if n]
    if not waiting:
        lines.append(say(lang, "summary_calm"))
    lines += [say(lang, "summary_" + name, n=i18n.digits(str(n), lang)) for name, n in waiting]
    lines.append(say(lang, "summary_foot", url=base + PORTAL_PATHS[DAILY_SUMMARY]))
    return "\n".join(lines)


CONFIRM, REJECT = "c", "r"
"""The action letter a button's callback_data starts with (then ':' and the send's token)."""


def buttons(lang: str, rows: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """An inline keyboard: for each (TrxID, press token), Confirm and Not received buttons.

    callback_data is 1-64 bytes (Bot API, InlineKeyboardButton; docs.aiogram.dev and
    grammy.dev quote core.telegram.org/bots/api#inlinekeyboardbutton): "c:" + a 22-character
    token is 24.
    """
    return {
        "inline_keyboard": [
            [
                {"text": say(lang, "confirm", trx_id=trx), "callback_data": f"{CONFIRM}:{token}"},
                {"text": say(lang, "reject", trx_id=trx), "callback_data": f"{REJECT}:{token}"},
            ]
            for trx, token in rows
        ]
    }


def parse_press(data: str | None) -> tuple[str, str] | None:
    """(action, token) of a button's callback_data; None for anything we did not send."""
    if not data or len(data) > 64:
        return None
    action, _, token = data.partition(":")
    if action not in (CONFIRM, REJECT) or not token.isascii() or not 16 <= len(token) <= 43:
        return None
    return action, token
