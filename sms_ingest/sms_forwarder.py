"""What the "SMS Forwarder" app (pppscn/SmsForwarder) adds around an SMS; pure functions.

Its Webhook sender, left at its defaults, POSTs a URL-encoded form `from`, `content`,
`timestamp` and, when a secret is set, `sign` (WebhookUtils.sendMsg in pppscn/SmsForwarder at
32300b2f; the XHttp2 library it uses sends a POST's params with @FormUrlEncoded). `content` is
not the SMS alone but the app's message template filled in (MsgInfo.getContentForSend):

    <sender>
    <the SMS text, line breaks kept>
    SIM<n>_<carrier>_<number>      card slot; carrier and number may be empty, the line may be blank
    SubId\uff1a<n>                subscription id after a FULLWIDTH colon (older versions: no line)
    yyyy-MM-dd HH:mm:ss            when the phone received it, in the phone's zone
    <device name>                  what the user typed; the template is trimmed, so may be absent

Real forwarded inboxes in public dumps show exactly this layout (docs/sms-corpus-sources/
round-five-sources.md). ``unwrap`` takes the SMS back out; anything that does not end like the
template (a custom template, ``[org_content]``) is kept whole, minus a first line naming the
sender.

Its `sign` is checked beside the other forwarders' signatures (formats.forwarder_sign_problem).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain.limits import DHAKA

_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})")
_SUB_ID = re.compile(r"SubId[\uff1a:]\s?\d{1,4}")
_SLOT = re.compile(r"SIM(\d{1,2})_.{0,80}")
_DEVICE_NAME_MAX = 64


@dataclass(frozen=True)
class Unwrapped:
    """The SMS the app forwarded, and what its envelope said about it."""

    text: str
    received_at: datetime | None
    """The envelope's receive time as the phone wrote it, in Asia/Dhaka (not yet checked
    against any window: formats does that, as for every other forwarder)."""
    sim_slot: int | None


def unwrap(sender: str, content: str) -> Unwrapped:
    """The SMS text inside the app's default envelope; `content` whole when it has none."""
    lines = content.split("\n")  # a line's own "\r" stays: the SMS comes back as it was
    if len(lines) > 1 and lines[0].strip() == sender.strip():
        lines = lines[1:]
    end = _time_line(lines)
    if end is None:
        return Unwrapped("\n".join(lines).strip(), None, None)
    received_at = _moment(lines[end])
    if end and _SUB_ID.fullmatch(lines[end - 1].strip()):
        end -= 1
    slot = None  # a blank card-slot line (the app could not read the slot) goes with strip()
    if end and (found := _SLOT.fullmatch(lines[end - 1].strip())):
        slot, end = int(found[1]), end - 1
    text = "\n".join(lines[:end]).strip()
    if not text:
        return Unwrapped("\n".join(lines).strip(), None, None)
    return Unwrapped(text, received_at, slot)


def _time_line(lines: list[str]) -> int | None:
    """Index of the envelope's receive-time line: last, or last but a short device name."""
    for at in (len(lines) - 1, len(lines) - 2):
        if at < 1:
            return None
        if _TIME.fullmatch(lines[at].strip()) and _moment(lines[at]) is not None:
            after = lines[at + 1 :]
            if not after or len(after[0].strip()) <= _DEVICE_NAME_MAX:
                return at
    return None


def _moment(line: str) -> datetime | None:
    """The phone's local receive time (Bangladesh phones: Asia/Dhaka), as written."""
    found = _TIME.fullmatch(line.strip())
    if found is None:
        return None
    try:
        year, month, day, hour, minute, second = (int(part) for part in found.groups())
        return datetime(year, month, day, hour, minute, second, tzinfo=DHAKA)
    except ValueError:  # 2026-13-40 25:61:61 is no time
        return None
