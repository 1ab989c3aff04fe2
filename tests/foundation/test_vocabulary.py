"""One vocabulary across the cores: a round outcome, a scoring and a side mean one thing."""

from decimal import Decimal

import pytest

from tournaments import pairing, tiebreaks, trf
from tournaments.outcomes import NORTH, SOUTH, RoundOutcome, Scoring, other_side
from tournaments.pairing import records as pairing_records
from tournaments.pairing.from_trf import request_from_trf
from tournaments.tiebreaks import records_from_trf
from tournaments.trf.scoring import outcome_of_code, points_of_code


def test_the_cores_share_one_outcome_one_scoring_and_one_side():
    assert pairing_records.Outcome is RoundOutcome is tiebreaks.RoundKind
    assert pairing.ScoringValues is Scoring is tiebreaks.ScoringSystem is trf.Scoring
    assert (pairing_records.WHITE, pairing_records.BLACK) == (SOUTH, NORTH) == ("w", "b")
    assert other_side(SOUTH) == NORTH and other_side(None) is None


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
        assert [h.outcome for h in player.history] == [r.kind for r in record.rounds]
    assert [h.outcome for h in request.players[1].history] == [
        RoundOutcome.GAME,
        RoundOutcome.PAIRING_BYE,
    ]


def test_the_variant_and_ending_choices_are_the_rules_engine_ones():
    from games.oware.outcome import ENDINGS
    from games.oware.variants import VARIANTS
    from tournaments.models.event import Variant
    from tournaments.models.results import Ending

    assert list(Variant.values) == list(VARIANTS)
    assert Variant.GRAND_SLAM_FORBIDDEN == "grand-slam-forbidden"
    assert Variant.OURI.label == "Ouri (Cabo Verde)"
    assert list(Ending.values) == list(ENDINGS)
    assert Ending.DOUBLE_FORFEIT == "double_forfeit"
    assert Ending.CAPTURE.label == "Capture past 24"


def test_a_side_is_named_once_from_the_engine_to_the_pages():
    from games.oware import NORTH as ENGINE_NORTH
    from games.oware import SOUTH as ENGINE_SOUTH
    from games.oware import Side
    from tournaments.models import Seat
    from tournaments.models.results import Side as StoredSide
    from tournaments.outcomes import TRF_COLOUR
    from tournaments.tiebreaks.crosstable import SIDES as CROSSTABLE_SIDES

    assert (Side.SOUTH, Side.NORTH) == (ENGINE_SOUTH, ENGINE_NORTH) == (0, 1)
    assert [side.letter for side in Side] == StoredSide.values == ["S", "N"]
    assert [Seat.Side.SOUTH, Seat.Side.NORTH] == StoredSide.values
    assert [side.title for side in Side] == [str(side.label) for side in StoredSide]
    assert (TRF_COLOUR[Side.SOUTH], TRF_COLOUR[Side.NORTH]) == (SOUTH, NORTH)
    assert CROSSTABLE_SIDES == {SOUTH: "S", NORTH: "N"}
    assert Side.SOUTH.opponent is Side.NORTH and Side.NORTH.opponent is Side.SOUTH
    assert StoredSide.of(ENGINE_NORTH) is StoredSide.NORTH


@pytest.mark.parametrize("letter", ["S", "s", "N", "n"])
def test_a_side_letter_reads_in_either_case(letter):
    from games.oware import Side

    assert Side.from_letter(letter).letter == letter.upper()


@pytest.mark.parametrize("letter", ["", "B", "SN", "w"])
def test_anything_but_a_side_letter_is_refused(letter):
    from games.oware import Side

    with pytest.raises(ValueError, match="a side is S or N"):
        Side.from_letter(letter)
