"""One vocabulary across the cores: a round outcome, a scoring and a side mean one thing."""

from collections.abc import Sequence
from decimal import Decimal
from typing import get_type_hints

import pytest

from oware.sides import Side
from tournaments import trf
from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome, Scoring
from tournaments.pairing import PlayerRecord as PairingRecord
from tournaments.pairing import request_from_trf
from tournaments.tiebreaks import PlayerRounds as StandingsRecord
from tournaments.tiebreaks import records_from_trf
from tournaments.trf.colours import colour_of, side_of
from tournaments.trf.scoring import outcome_of_code, points_of_code


def test_the_cores_read_one_round_record_one_outcome_and_one_scoring():
    assert get_type_hints(PairingRecord)["history"] == list[RoundRecord]
    assert get_type_hints(StandingsRecord)["rounds"] == Sequence[RoundRecord]
    assert trf.Scoring is Scoring
    record = RoundRecord.game(2, Decimal(1), Side.SOUTH)
    assert (record.outcome, record.side, record.played) == (RoundOutcome.GAME, Side.SOUTH, True)


@pytest.mark.parametrize("side", list(Side))
def test_a_side_becomes_a_letter_or_a_colour_only_at_the_edges_and_comes_back(side):
    assert Side.from_letter(side.letter) is side
    assert side_of(colour_of(side)) is side
    assert side.opponent.opponent is side and side.opponent is not side


def test_south_plays_whites_part_in_a_trf_file():
    assert (colour_of(Side.SOUTH), colour_of(Side.NORTH), colour_of(None)) == ("w", "b", "-")
    assert side_of("-") is None and side_of("") is None


@pytest.mark.parametrize(
    ("code", "outcome", "points"),
    [
        ("1", RoundOutcome.GAME, Decimal(3)),
        ("=", RoundOutcome.GAME, Decimal(1)),
        ("+", RoundOutcome.FORFEIT_WIN, Decimal(3)),
        ("-", RoundOutcome.FORFEIT_LOSS, Decimal(0)),
        ("U", RoundOutcome.PAIRING_BYE, Decimal(2)),
        ("H", RoundOutcome.HALF_POINT_BYE, Decimal(1)),
        ("F", RoundOutcome.FULL_POINT_BYE, Decimal(3)),
        (" ", RoundOutcome.ZERO_POINT_BYE, Decimal(0)),
    ],
)
def test_a_result_code_has_one_outcome_and_its_points_under_the_scoring(code, outcome, points):
    scoring = Scoring(win=Decimal(3), draw=Decimal(1), pairing_bye=Decimal(2))
    assert outcome_of_code(code) is outcome
    assert points_of_code(scoring, code) == points


def test_an_unknown_code_is_refused():
    with pytest.raises(ValueError, match="unknown result code"):
        outcome_of_code("X")


def test_a_trf_round_reads_the_same_for_the_pairing_and_the_tie_breaks():
    text = "\n".join(
        [
            "XXR 3",
            "001    1" + " " * 72 + " 1.0" + " " * 5 + "     2 w 1  0000 - H",
            "001    2" + " " * 72 + " 0.0" + " " * 5 + "     1 b 0  0000 - U",
        ]
    )
    tournament = trf.parse(text)
    request = request_from_trf(tournament, round_number=3)
    standings_records = records_from_trf(tournament)
    for player, record in zip(request.players, standings_records, strict=True):
        assert player.history == list(record.rounds)
    assert [h.outcome for h in request.players[1].history] == [
        RoundOutcome.GAME,
        RoundOutcome.PAIRING_BYE,
    ]


def test_the_variant_and_ending_choices_are_the_rules_engine_ones():
    from oware.endings import Ending
    from oware.outcome import ENDINGS
    from oware.variants import VARIANTS
    from tournaments.models.event import Variant
    from tournaments.models.results import ENDING_CHOICES, ending_label

    assert list(Variant.values) == list(VARIANTS)
    assert Variant.GRAND_SLAM_FORBIDDEN == "grand-slam-forbidden"
    assert Variant.OURI.label == "Ouri (Cabo Verde)"
    assert [value for value, _label in ENDING_CHOICES] == list(ENDINGS)
    assert Ending.DOUBLE_FORFEIT == "double_forfeit"
    assert ending_label(Ending.CAPTURE) == "Capture past 24"


def test_a_side_is_named_once_from_the_engine_to_the_pages():
    from oware import NORTH as ENGINE_NORTH
    from oware import SOUTH as ENGINE_SOUTH
    from tournaments.models import Result, Seat
    from tournaments.models.sides import BYE, SEAT_CHOICES, SIDE_CHOICES

    assert (Side.SOUTH, Side.NORTH) == (ENGINE_SOUTH, ENGINE_NORTH) == (0, 1)
    assert [letter for letter, _ in SIDE_CHOICES] == [side.letter for side in Side] == ["S", "N"]
    assert [str(label) for _, label in SIDE_CHOICES] == [side.title for side in Side]
    assert SEAT_CHOICES[:2] == SIDE_CHOICES and SEAT_CHOICES[2][0] == BYE
    assert Seat._meta.get_field("side").choices == SEAT_CHOICES
    assert Result._meta.get_field("decided_by").choices == SIDE_CHOICES
    assert Side.SOUTH.opponent is Side.NORTH and Side.NORTH.opponent is Side.SOUTH


@pytest.mark.parametrize("letter", ["S", "s", "N", "n"])
def test_a_side_letter_reads_in_either_case(letter):
    from oware import Side

    assert Side.from_letter(letter).letter == letter.upper()


@pytest.mark.parametrize("letter", ["", "B", "SN", "w"])
def test_anything_but_a_side_letter_is_refused(letter):
    from oware import Side

    with pytest.raises(ValueError, match="a side is S or N"):
        Side.from_letter(letter)
