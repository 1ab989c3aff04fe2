"""The current list as the tournaments' rating source (tournaments/services/rating_source.py):
registration fills a blank rating from it, the TRF export writes its rating and the person's
TRF id. An unrated person gives no rating (blank, never 0)."""

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ratinglists.models import RatingRow


def _current():
    from ratinglists.computing import current_list

    return current_list()


def list_label(rating_list) -> str:
    """“the FIDE Elo list of 2026-10-31”, in the reader's language."""
    return _("the %(system)s list of %(date)s") % {
        "system": rating_list.get_system_display(),
        "date": date_format(rating_list.date, "Y-m-d"),
    }


class CurrentListSource:
    def label(self) -> str | None:
        rating_list = _current()
        return list_label(rating_list) if rating_list is not None else None

    def rating_of(self, player) -> int | None:
        from register.linking import person_with_id

        number = (player.identity_number or "").strip()
        rating_list = _current()
        if not number or rating_list is None:
            return None
        person = person_with_id(number)
        if person is None:
            return None
        row = RatingRow.objects.filter(rating_list=rating_list, person=person).first()
        return row.shown_rating if row is not None else None

    def trf_identities(self, players) -> dict:
        from register.models import PlayerLink

        rating_list = _current()
        if rating_list is None:
            return {}
        links = dict(
            PlayerLink.objects.filter(player__in=[p.pk for p in players]).values_list(
                "player_id", "person_id"
            )
        )
        if not links:
            return {}
        rows = {
            r.person_id: r
            for r in RatingRow.objects.filter(
                rating_list=rating_list, person_id__in=set(links.values())
            ).select_related("person")
        }
        found = {}
        for player, person in links.items():
            row = rows.get(person)
            if row is not None:
                found[player] = (row.shown_rating, row.person.trf_id)
        return found
