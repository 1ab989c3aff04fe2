"""Every answer carries the content security policy, the cached ones included; only the API's
reference pages relax it, and only for styles and Redoc's worker."""

import pytest

pytestmark = pytest.mark.django_db

STRICT = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def test_pages_api_answers_and_refusals_carry_the_strict_policy(client, tournament, section):
    for url, status in [
        ("/t/accra/", 200),
        ("/t/accra/men/standings/", 200),
        ("/api/tournaments/accra/men/standings/", 200),
        ("/t/nowhere/", 404),
        ("/t/accra/arbiter/", 302),
    ]:
        response = client.get(url)
        assert response.status_code == status, url
        assert response["Content-Security-Policy"] == STRICT, url


def test_a_page_served_again_from_the_cache_keeps_the_policy(client, tournament, section):
    first = client.get("/t/accra/men/standings/")
    again = client.get("/t/accra/men/standings/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["Content-Security-Policy"] == STRICT
    assert client.get("/t/accra/men/standings/")["Content-Security-Policy"] == STRICT


def test_only_the_api_reference_pages_allow_inline_styles(client):
    for url in ("/api/docs/", "/api/docs/swagger/"):
        policy = client.get(url)["Content-Security-Policy"]
        assert "style-src 'self' 'unsafe-inline'" in policy and "script-src 'self';" in policy
        assert "worker-src 'self' blob:" in policy
    assert "unsafe-inline" not in client.get("/")["Content-Security-Policy"]
