"""A list id that is no plain number (a superscript digit is a digit to Python) names no list:
refused, never a server error."""

import pytest
from rest_framework.test import APIClient


@pytest.mark.django_db
@pytest.mark.parametrize("list_id", ["\u00b9", "\u0663", "1\u00b2"])
def test_a_list_id_of_other_digits_is_no_list(list_id):
    answer = APIClient().get(f"/api/v1/ratings/lists/{list_id}/")
    assert answer.status_code == 404
    assert answer.json()["code"] == "no_rating_list"
