"""A section's first-round side moves from a TRF colour (w/b) to a side (S/N), both ways."""

import pytest

from tests.migrating import migrate, migrate_to_latest

BEFORE = [("tournaments", "0020_trf_identity_and_pairing_settings")]
AFTER = [("tournaments", "0021_section_initial_side")]


def sections(apps, column):
    Section = apps.get_model("tournaments", "Section")
    return dict(Section.objects.order_by("name").values_list("name", column))


@pytest.mark.django_db(transaction=True)
def test_colours_become_sides_and_back():
    apps = migrate(BEFORE)
    Tournament = apps.get_model("tournaments", "Tournament")
    Section = apps.get_model("tournaments", "Section")
    tournament = Tournament.objects.create(name="Accra Open", slug="accra")
    Section.objects.create(tournament=tournament, name="Men", slug="men", initial_colour="w")
    Section.objects.create(tournament=tournament, name="Women", slug="women", initial_colour="b")
    try:
        assert sections(migrate(AFTER), "initial_side") == {"Men": "S", "Women": "N"}
        assert sections(migrate(BEFORE), "initial_colour") == {"Men": "w", "Women": "b"}
    finally:
        migrate_to_latest()
        Tournament.objects.filter(slug="accra").delete()
