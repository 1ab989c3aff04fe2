"""Three finished events of the same eight people, imported from TRF files into the register
and linked; the register's officer who closes the rating periods."""

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "ratinglists"
KUMASI = DATA / "kumasi-open-2026.trf"
ACCRA = DATA / "accra-cup-2026.trf"
TAMALE = DATA / "tamale-rapid-2026.trf"


@pytest.fixture
def officer(django_user_model):
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("olivia", password="olivia-password-1")
    user.groups.add(Group.objects.get(name="Register officers"))
    return user


@pytest.fixture
def officer_client(client, officer):
    client.force_login(officer)
    return client


@pytest.fixture
def three_events(officer):
    """Kumasi and Accra (September 2026), Tamale (October 2026): the first event's players
    become persons; the others link by their TRF ids, except “K. Mensah”, whose new id makes a
    person of his own — merged into Kofi Mensah as a duplicate, then split back (his own id)."""
    from register.linking import create_person_for, create_persons_for_strangers
    from register.merging import merge_persons, split_merge
    from register.models import Person
    from register.past_events import import_past_event

    events = {}
    for key, path, name in (
        ("kumasi", KUMASI, "Kumasi Open 2026"),
        ("accra", ACCRA, "Accra Cup 2026"),
        ("tamale", TAMALE, "Tamale Rapid 2026"),
    ):
        events[key] = import_past_event(
            path.read_text(encoding="utf-8"), by=officer, name=name, published=True
        )
        create_persons_for_strangers(events[key], by=officer)
    stranger = events["tamale"].sections.get().players.get(name="K. Mensah")
    duplicate = create_person_for(stranger, by=officer).person
    kofi = Person.objects.get(trf_id="20000001")
    merge = merge_persons(kofi, duplicate, by=officer, reason="Same man, new number")
    split_merge(merge, by=officer, reason="Not the same man after all")
    return events
