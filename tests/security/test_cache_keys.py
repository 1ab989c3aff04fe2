"""Nothing a client adds to a public read makes the server render it again: unknown query
parameters and an Authorization header that is no valid token are served the shared copy."""

import base64
import re

import pytest
from rest_framework.authtoken.models import Token

from tests.servers import ROOT
from tournaments.views.caching import PUBLIC_PARAMETERS, public_query

pytestmark = pytest.mark.django_db

ROUND_PAGE = "/t/accra/men/round/1/"
STANDINGS = "/api/tournaments/accra/men/standings/"


@pytest.mark.parametrize("url", [ROUND_PAGE, STANDINGS])
def test_unknown_query_parameters_are_served_the_same_copy(
    client, published_round, django_assert_num_queries, revision_trusted, url
):
    first = client.get(url)
    with django_assert_num_queries(0):
        for n in range(5):
            again = client.get(f"{url}?utm_source={n}&_={n}")
            assert again.status_code == 200
            assert again.content == first.content
    assert again["X-Accel-Expires"]


def test_a_known_parameter_keeps_its_own_copy(client, published_round):
    table = client.get(f"{STANDINGS}?format=csv&junk=1")
    assert table.status_code == 200 and table["Content-Type"].startswith("text/csv")
    # As nginx reads its key: the first value, whatever the name's case.
    assert client.get(f"{STANDINGS}?FORMAT=csv&format=ndjson").content == table.content
    assert client.get(STANDINGS).content != table.content


def test_the_page_does_not_echo_unknown_parameters(client, published_round):
    page = client.get(f"{ROUND_PAGE}?evil=%3Cmarker%3E").content.decode()
    assert "evil" not in page and "marker" not in page


@pytest.mark.parametrize(
    "authorization",
    [
        "Basic " + base64.b64encode(b"alice:guess").decode(),
        "Bearer something",
    ],
)
def test_an_authorization_that_is_no_valid_token_is_served_the_shared_copy(
    client, published_round, django_assert_max_num_queries, authorization
):
    first = client.get(STANDINGS)
    with django_assert_max_num_queries(1):  # at most the token's lookup
        again = client.get(STANDINGS, HTTP_AUTHORIZATION=authorization)
    assert again.status_code == 200
    assert again.content == first.content


@pytest.mark.parametrize("url", [ROUND_PAGE, STANDINGS])
def test_a_token_that_is_no_valid_token_is_refused(client, published_round, url):
    answer = client.get(url, HTTP_AUTHORIZATION="Token 0000000000000000000000000000000000000000")
    assert answer.status_code == 401
    assert answer["Cache-Control"] == "no-store" and "X-Accel-Expires" not in answer


@pytest.mark.parametrize(
    ("query", "field"),
    [("round=abc", "round"), ("round=99999", "round"), ("format=a%00b", "format")],
)
def test_a_malformed_parameter_is_refused_before_any_render(
    client, published_round, django_assert_max_num_queries, query, field
):
    with django_assert_max_num_queries(1):  # the tournament's revision, nothing rendered
        answer = client.get(f"{STANDINGS}?{query}")
    assert answer.status_code == 400 and answer["Cache-Control"] == "no-store"
    assert answer.json()["field"] == field


def test_a_parameter_a_page_does_not_read_is_served_its_copy(client, published_round):
    first = client.get(ROUND_PAGE)
    again = client.get(f"{ROUND_PAGE}?round=5&limit=3")
    assert again.content == first.content
    # nginx keys on the parameters as sent: it must not keep this one.
    assert "X-Accel-Expires" not in again
    assert client.get(f"{ROUND_PAGE}?print=boards")["X-Accel-Expires"]


def test_a_valid_token_is_still_served_as_its_user(client, published_round, alice):
    token = Token.objects.create(user=alice)
    answer = client.get(STANDINGS, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert answer.status_code == 200
    assert "X-Accel-Expires" not in answer


def test_nginx_keys_its_copies_on_the_same_parameters():
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    key = re.search(r"proxy_cache_key (.*);", config).group(1)
    assert tuple(re.findall(r"\$arg_(\w+)", key)) == PUBLIC_PARAMETERS
    assert "$request_uri" not in key and "$args" not in key


def test_the_application_reads_parameters_as_nginx_does():
    assert public_query("utm=1&Round=2&round=3&format=&limit=5") == "round=2&limit=5"
    assert public_query("r%6Fund=2&roundx=1") == ""
