"""The list, the event reports, a person's page and the API say what the lists hold; a
corrected result makes the period stale and its recomputation names the ratings that moved."""

import csv
import io
from datetime import date
from decimal import Decimal

import pytest

from ratinglists.computing import close_period, stale_reasons
from ratinglists.models import RatingList
from register.models import Person
from tournaments.models import Pairing
from tournaments.services.results import ResultEntry, record_result

pytestmark = pytest.mark.django_db

SEPTEMBER = (date(2026, 9, 1), date(2026, 9, 30))
OCTOBER = (date(2026, 10, 1), date(2026, 10, 31))


@pytest.fixture
def two_lists(three_events, officer):
    return close_period(*SEPTEMBER, by=officer), close_period(*OCTOBER, by=officer)


def test_the_public_list_filters_and_searches_without_login(client, two_lists):
    september, october = two_lists
    page = client.get("/ratings/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "FIDE Elo list of 2026-10-31" in text
    assert text.index("Appiah, Kwesi") < text.index("Darko, Yaw")
    women = client.get("/ratings/", {"sex": "w"}).content.decode()
    assert "Asante, Nana" in women and "Appiah, Kwesi" not in women
    ngr = client.get("/ratings/", {"federation": "NGR"}).content.decode()
    assert "Appiah, Kwesi" in ngr and "Darko, Yaw" not in ngr
    juniors = client.get("/ratings/", {"age": "u18"}).content.decode()
    assert "Darko, Yaw" in juniors and "Tetteh, Yaa" in juniors and "Appiah" not in juniors
    found = client.get("/ratings/", {"q": "kwesi"}).content.decode()
    assert "Appiah, Kwesi" in found and "Darko" not in found
    exported = client.get(f"/ratings/lists/{october.pk}.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert len(rows) == october.rows.count()
    by_person = {int(r["person"]): r for r in rows}
    for row in october.rows.all():
        assert by_person[row.person_id]["rating"] == (
            "" if row.rating is None else str(int(row.rating))
        )


def test_event_reports_add_up_to_the_periods_change(client, two_lists, three_events):
    september, _ = two_lists
    changes = {}
    for key in ("kumasi", "accra"):
        slug = three_events[key].slug
        report = client.get(f"/ratings/event/{slug}/", {"format": "csv"}).content.decode()
        for row in csv.DictReader(io.StringIO(report)):
            if row["change"]:
                changes.setdefault(int(row["person"]), []).append(Decimal(row["change"]))
        assert client.get(f"/ratings/event/{slug}/", {"print": "1"}).status_code == 200
    for row in september.rows.exclude(rating_before=None):
        share = sum(changes.get(row.person_id, []), Decimal(0))
        # Each event's share is K × (score − expected); the list rounds their sum once.
        assert abs(share - Decimal(row.change)) <= Decimal("0.55")


def test_a_persons_page_and_the_api_agree_with_the_lists(client, two_lists):
    september, october = two_lists
    kofi = Person.objects.get(trf_id="20000001")
    page = client.get(f"/ratings/person/{kofi.pk}/").content.decode()
    assert '<svg role="img"' in page and "<title" in page and "<desc" in page
    assert "Kumasi Open 2026" in page and "Accra Cup 2026" in page
    assert "Asante, Nana" in page  # an opponent
    api = client.get(f"/api/v1/ratings/persons/{kofi.pk}/")
    assert api.status_code == 200 and api["ETag"]
    body = api.json()
    history = [(h["date"], h["rating"]) for h in body["history"]]
    rows = [
        (r.rating_list.date.isoformat(), r.shown_rating)
        for r in (september.rows.get(person=kofi), october.rows.get(person=kofi))
    ]
    assert history == rows
    for _, rating in rows:
        assert f">{rating}<" in page
    again = client.get(f"/api/v1/ratings/persons/{kofi.pk}/", HTTP_IF_NONE_MATCH=api["ETag"])
    assert again.status_code == 304
    current = client.get("/api/v1/ratings/lists/current/").json()
    assert current["id"] == october.pk
    assert {r["person"]: r["rating"] for r in current["rows"]} == {
        r.person_id: r.shown_rating for r in october.rows.all()
    }
    ratings = [r["rating"] for r in current["rows"]]
    rated = [r for r in ratings if r is not None]
    assert ratings[: len(rated)] == sorted(rated, reverse=True)
    assert current["count"] == october.rows.count()
    page = client.get("/api/v1/ratings/lists/current/", {"limit": 3, "offset": 3}).json()
    assert [r["person"] for r in page["rows"]] == [r["person"] for r in current["rows"][3:6]]
    assert client.get("/api/v1/ratings/lists/").json()[0]["id"] == october.pk
    schema = client.get("/api/schema/").content.decode()
    assert "/api/v1/ratings/lists/{list_id}/" in schema


def test_a_corrected_result_makes_the_next_lists_recompute_and_names_the_moved_ratings(
    officer, officer_client, two_lists, three_events
):
    september, october = two_lists
    assert stale_reasons(september.period) == []
    appiah = Person.objects.get(trf_id="20000007")
    pairing = Pairing.objects.get(
        round__section__tournament=three_events["kumasi"], round__number=1,
        north__name="Appiah, Kwesi",
    )  # fmt: skip
    assert pairing.result.north_points == 1
    record_result(
        pairing,
        ResultEntry(south_points=Decimal(1), north_points=Decimal(0), score_unknown=True),
        by=officer,
        reason="The scoresheet says Boateng won",
    )
    assert stale_reasons(september.period) == ["results"]
    page = officer_client.get("/register/ratings/").content.decode()
    assert "Stale:" in page and "corrected" in page
    answer = officer_client.post(
        f"/register/ratings/{september.period.pk}/recompute/", {"reason": "Kumasi round 1"}
    )
    assert answer.status_code == 302
    new_september, new_october = (
        RatingList.objects.get(supersedes=september), RatingList.objects.get(supersedes=october)
    )  # fmt: skip
    assert new_september.number == 2 and new_october.number == 2
    # The published lists were not edited.
    assert (
        september.rows.get(person=appiah).rating
        == RatingList.objects.get(pk=september.pk).rows.get(person=appiah).rating
    )
    (game,) = new_september.changes["games"]
    assert game["round"] == 1 and {game["before"], game["after"]} == {"1", "0"}
    moved = {m["person"] for m in new_september.changes["moved"]}
    boateng = Person.objects.get(trf_id="20000002")
    assert {appiah.pk, boateng.pk} <= moved
    page = officer_client.get(f"/ratings/lists/{new_september.pk}/changes/").content.decode()
    assert "Appiah, Kwesi" in page and "Kumasi Open 2026, round 1" in page
    assert stale_reasons(new_september.period) == []
    assert stale_reasons(new_october.period) == []


def test_the_trf_export_writes_the_lists_rating_and_the_persons_trf_id(two_lists, three_events):
    from tournaments.services.standings import section_trf

    _, october = two_lists
    section = three_events["tamale"].sections.get()
    exported = {p.name: p for p in section_trf(section, private=True).players}
    played = october.rows.filter(person__links__player__section=section)
    assert played.count() == 8
    for row in played.select_related("person"):
        entry = next((p for p in exported.values() if p.fide_id == row.person.trf_id), None)
        assert entry is not None
        assert entry.rating == row.shown_rating  # None for an unrated person: blank
    public = section_trf(section).players
    assert all(p.fide_id == "" for p in public)


def test_only_officers_close_periods(client, alice, officer, three_events):
    from tournaments.services.errors import ErrorCode, ServiceError

    with pytest.raises(ServiceError) as refused:
        close_period(*SEPTEMBER, by=alice)
    assert refused.value.code == ErrorCode.RATINGS_FORBIDDEN.code
    close_period(*SEPTEMBER, by=officer)
    with pytest.raises(ServiceError) as refused:
        close_period(date(2026, 9, 15), date(2026, 10, 15), by=officer)
    assert refused.value.code == "period_refused"
    client.force_login(alice)
    assert client.get("/register/ratings/").status_code == 403


def test_a_merge_of_two_persons_of_the_list_makes_it_stale(officer, two_lists):
    from register.merging import merge_persons, split_merge

    september, october = two_lists
    kofi = Person.objects.get(trf_id="20000001")
    newcomer = Person.objects.get(trf_id="20000009")
    merge = merge_persons(kofi, newcomer, by=officer, reason="The same man after all")
    assert stale_reasons(october.period) == ["register"]
    # Kofi is on September's list too: his list is flagged, though none of its games moved.
    assert stale_reasons(september.period) == ["register"]
    split_merge(merge, by=officer, reason="No")
    assert "register" in stale_reasons(october.period)
