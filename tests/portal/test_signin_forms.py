"""The sign-in pages' forms on the portal's one policy (issue 24): a refusal beside the field
it is about, the email kept, never a password; a wait said with the count's form."""

from __future__ import annotations

import re

from claimsvc.api.words import Words
from tests.portal.test_team_users import invite


async def test_a_wrong_password_is_said_beside_the_password_and_keeps_the_email(
    make_account, make_user, portal_client
):
    user = await make_user(await make_account())
    client = portal_client()
    await client.get("/portal/login")
    typed = "wrong password 12"
    page = await client.post("/portal/login", {"email": user.email, "password": typed})
    assert page.code == 401
    password = re.search(r'<input id="password"[^>]*>', page.text)
    assert password and 'aria-invalid="true"' in password[0]
    assert 'id="password-problem">Wrong email or password.' in page.text
    assert f'value="{user.email}"' in page.text and typed not in page.text


async def test_two_passwords_that_differ_are_said_beside_the_second(
    fetch, make_account, portal_client
):
    url = (await invite(fetch, (await make_account()).id)).json()["invite_url"]
    client = portal_client()
    await client.get(url.removeprefix("https://pay.example.test"))
    page = await client.post(
        "/portal/invite", {"password": "long enough 123", "password_again": "long enough 124"}
    )
    assert page.code == 400
    again = re.search(r'<input id="password_again"[^>]*>', page.text)
    assert again and 'aria-invalid="true"' in again[0]
    assert "The two passwords are not the same." in page.text


def test_a_sign_in_limit_says_its_wait_with_the_counts_form():
    en, bn = Words("en"), Words("bn")
    one = en("signin.limited", wait=en.plural("signin.wait_minutes", 1))
    assert one == "Too many sign-in attempts. Please wait 1 minute and try again."
    assert bn.plural("signin.wait_minutes", 1) == "১ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।"
