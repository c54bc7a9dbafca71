"""The Webhooks page's words keyed by the domain's own tuples: every URL rule a test address
can break and every grace period offered has words in both languages (issue 24: the URL
rule's English message reached a Bangla page)."""

from __future__ import annotations

from claimsvc.api.portal.webhooks import GRACE_WORDS, URL_RULE_WORDS
from claimsvc.api.words.portal import webhooks as words
from claimsvc.domain import urls
from claimsvc.domain.rotation import GRACE_HOURS


def test_every_url_rule_has_words_in_both_languages():
    assert URL_RULE_WORDS.keys() == urls.RULES.keys()
    for key in URL_RULE_WORDS.values():
        assert key in words.EN and key in words.BN


def test_every_grace_period_offered_has_words_in_the_domains_order():
    assert tuple(GRACE_WORDS) == GRACE_HOURS
    for key in GRACE_WORDS.values():
        assert key in words.EN and key in words.BN


def test_a_url_breaks_the_rule_its_message_names():
    hosts = ("shop.example.com",)
    for url, rule in [
        ("", urls.REQUIRED),
        ("http://shop.example.com/x", urls.NOT_HTTPS),
        ("https://a:b@shop.example.com/x", urls.CREDENTIALS),
        ("https://other.example.org/x", urls.HOST_NOT_ALLOWED),
        ("https://" + "a" * 2050, urls.TOO_LONG),
        ("https://shop example.com", urls.BAD_SHAPE),
        ("https://claßic.example/x", urls.AMBIGUOUS_HOST),
        ("https://shop.example.com/hook", None),
    ]:
        assert urls.broken_rule(url, hosts) == rule, url
        message = urls.check_url(url, hosts, "webhook_url")
        assert message == (None if rule is None else urls.RULES[rule].format(field="webhook_url"))
