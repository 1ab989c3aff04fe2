"""Team standings through the services, checked against a hand calculation.

Men's section, four players, two rounds. Ghana: Ama (1) and Kofi (3); Togo: Yaw (2), Edem (4).
Round 1: Ama–Edem 1–0 (seeds 30:10), Yaw–Kofi 0–1 (20:25)
Round 2: Ama–Yaw ½–½ (24:24), Kofi–Edem 0–1 (14:25)

By hand:
  Ghana: round points 1+1 = 2, then ½+0 = ½ → TP 2½, progressive 2 + 2½ = 4½;
         lost games: Kofi's 14 seeds in round 2 → LGS 14.
  Togo:  round points 0+0 = 0, then ½+1 = 1½ → TP 1½, progressive 0 + 1½ = 1½;
         lost games: Edem 10 (round 1) + Yaw 20 (round 1) → LGS 30.
Individual Buchholz (all games played, nobody unplayed):
  Ama 1½: opponents Edem 1, Yaw ½ → 1½.  Kofi 1: opponents Yaw ½, Edem 1 → 1½.
  Yaw ½: opponents Kofi 1, Ama 1½ → 2½.   Edem 1: opponents Ama 1½, Kofi 1 → 2½.
  → team BH Ghana 3, Togo 5.
"""

from decimal import Decimal

import pytest

from tournaments.models import Round
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards
from tournaments.services.teams import team_tables

pytestmark = pytest.mark.django_db


def play(section, number, games, by):
    round_ = Round.objects.create(section=section, number=number, status=Round.Status.PUBLISHED)
    store_boards(round_, [(south, north, "") for south, north, _ in games])
    for pairing, (_, _, entry) in zip(round_.pairings.order_by("board"), games, strict=True):
        record_result(pairing, entry, by=by)


def test_team_points_lost_game_seeds_progressive_and_buchholz(
    tournament, section, make_player, alice
):
    ghana = tournament.teams.create(name="Ghana", code="GHA")
    togo = tournament.teams.create(name="Togo", code="TOG")
    ama, yaw = make_player("Ama", 1, team=ghana), make_player("Yaw", 2, team=togo)
    kofi, edem = make_player("Kofi", 3, team=ghana), make_player("Edem", 4, team=togo)
    capture = lambda s, n: ResultEntry(ending="capture", south_seeds=s, north_seeds=n)  # noqa: E731
    play(section, 1, [(ama, edem, capture(30, 10)), (yaw, kofi, capture(20, 25))], alice)
    play(
        section,
        2,
        [
            (ama, yaw, ResultEntry(ending="draw24", south_seeds=24, north_seeds=24)),
            (kofi, edem, capture(14, 25)),
        ],
        alice,
    )

    tables = team_tables(tournament)
    ((_, men),) = tables.sections
    for table in (men, tables.combined):  # one section: the combined table is the same
        first, second = table.rows
        assert (first.team, second.team) == (ghana.pk, togo.pk)
        assert first.values["TP"] == Decimal("2.5") and second.values["TP"] == Decimal("1.5")
        assert first.values["LGS"] == 14 and second.values["LGS"] == 30
        assert first.values["PS"] == Decimal("4.5") and second.values["PS"] == Decimal("1.5")
        assert first.values["BH"] == 3 and second.values["BH"] == 5
        assert first.round_points == (2, Decimal("0.5"))


def test_team_tables_work_whatever_individual_tiebreaks_the_tournament_uses(
    tournament, section, make_player, alice
):
    tournament.tiebreaks = "PTS,DE"
    tournament.save()
    ghana = tournament.teams.create(name="Ghana", code="GHA")
    togo = tournament.teams.create(name="Togo", code="TOG")
    ama, yaw = make_player("Ama", 1, team=ghana), make_player("Yaw", 2, team=togo)
    play(
        section,
        1,
        [(ama, yaw, ResultEntry(ending="capture", south_seeds=30, north_seeds=10))],
        alice,
    )
    tables = team_tables(tournament)
    first, second = tables.combined.rows
    assert first.values["BH"] == 0 and first.values["SB"] == 0
    assert second.values["BH"] == 1 and second.values["SB"] == 0


def test_an_unknown_tiebreak_code_is_refused_when_the_tournament_is_saved(tournament):
    from django.core.exceptions import ValidationError

    tournament.tiebreaks = "PTS,XX"
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert "tiebreaks" in error.value.message_dict
    tournament.tiebreaks = "PTS,BH-C1,SB"
    tournament.team_tiebreaks = "TP,LGS,BH-C1"
    tournament.full_clean()
