"""Pure parsers for Bangladeshi mobile-wallet SMS; start at ``parse_sms``."""

from sms_ingest.parsers.base import Direction, Kind, ParsedSms, ParseOutcome, Result
from sms_ingest.parsers.registry import parse_sms

__all__ = ["Direction", "Kind", "ParseOutcome", "ParsedSms", "Result", "parse_sms"]
