"""Alert emails over SMTP (the operator's server): one message, its answer as an `Outcome`.

The standard library's smtplib runs in a worker thread (asyncio.to_thread): an alert email is
rare, and this adds no dependency. STARTTLS (the default) or implicit TLS verify the server's
certificate with the system CAs. A 5xx answer is permanent (the address or the message is
refused: RFC 5321 §4.2.1), a 4xx or a lost connection is worth a retry. The password is never
logged; errors are reported by class name and SMTP code only.
"""

from __future__ import annotations

import asyncio
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

from claimsvc.domain.alerts import Outcome
from claimsvc.settings import Settings

TIMEOUT_S = 20.0
SECURITY = ("starttls", "tls", "none")


@dataclass(frozen=True)
class SmtpConfig:
    host: str
    port: int
    sender: str
    """The From address."""
    security: str = "starttls"
    username: str | None = None
    password: str | None = field(default=None, repr=False)


def build_message(config: SmtpConfig, to: str, subject: str, text: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = formataddr(("Payment alerts", config.sender))
    message["To"] = to
    message["Subject"] = subject.replace("\n", " ")[:200]
    message["Message-ID"] = make_msgid(domain=config.sender.rpartition("@")[2] or None)
    message.set_content(text)
    return message


def _send_blocking(config: SmtpConfig, message: EmailMessage) -> None:
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if config.security == "tls":
        smtp = smtplib.SMTP_SSL(config.host, config.port, timeout=TIMEOUT_S, context=context)
    else:
        smtp = smtplib.SMTP(config.host, config.port, timeout=TIMEOUT_S)
    with smtp:
        if config.security == "starttls":
            smtp.starttls(context=context)
        if config.username and config.password:
            smtp.login(config.username, config.password)
        smtp.send_message(message)


class EmailSender:
    def __init__(self, config: SmtpConfig) -> None:
        self.config = config

    async def send(self, to: str, subject: str, text: str) -> Outcome:
        """Send one plain-text email; failures come back as an Outcome, never raised."""
        message = build_message(self.config, to, subject, text)
        try:
            await asyncio.to_thread(_send_blocking, self.config, message)
        except smtplib.SMTPRecipientsRefused as exc:
            codes = [code for code, _ in exc.recipients.values()]
            permanent = all(code >= 500 for code in codes)
            return Outcome(False, refused=permanent, error=f"SMTP {codes[0] if codes else ''}")
        except smtplib.SMTPResponseException as exc:
            return Outcome(False, refused=exc.smtp_code >= 500, error=f"SMTP {exc.smtp_code}")
        except (smtplib.SMTPException, OSError) as exc:
            return Outcome(False, error=type(exc).__name__)
        return Outcome(True)


def email_sender(settings: Settings) -> EmailSender | None:
    """The operator's SMTP server as a sender; None when email alerts are off."""
    if not settings.smtp_host or not settings.smtp_from:
        return None
    config = SmtpConfig(
        host=settings.smtp_host,
        port=settings.smtp_port,
        sender=settings.smtp_from,
        security=settings.smtp_security,
        username=settings.smtp_username,
        password=settings.smtp_password,
    )
    return EmailSender(config)
