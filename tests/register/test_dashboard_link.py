"""The arbiter's dashboard leads to the event's register page."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_dashboard_links_the_register_page(alice_client, section):
    page = alice_client.get("/t/accra/arbiter/").content.decode()
    assert 'href="/t/accra/arbiter/register/"' in page
