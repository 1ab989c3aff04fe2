"""TRF26 `240` (byes of a round), `260` (players who do not meet in a range of rounds) and `250`
(virtual points for a range of players and rounds): read,
applied to the section, used by its pairing, and written back."""

from decimal import Decimal

import pytest

from tests.trf.test_real_files import boards, command_line
from tournaments.history import RoundRecord
from tournaments.models import RequestedBye, Round, Tournament
from tournaments.outcomes import RoundOutcome
from tournaments.services.rounds import pair_next_round
from tournaments.services.standings import section_trf
from tournaments.services.trf_import import import_trf_section
from tournaments.trf import Player as TrfPlayer
from tournaments.trf import RoundCell, TrfError, dumps, parse, player_line
from tournaments.trf.history import history_from_trf
from tournaments.trf.model import AccelerationRange, RoundByes, RoundForbiddenPairs


def six_players(*records: str) -> str:
    """Six players after round 1 (1-4, 2-5, 3-6, the higher number losing), then `records`."""
    players = []
    for top in (1, 2, 3):
        low = top + 3
        for number, opponent, colour, code, points in (
            (top, low, "w" if top != 2 else "b", "1", "1"),
            (low, top, "b" if top != 2 else "w", "0", "0"),
        ):
            players.append((number, opponent, colour, code, points))
    lines = [
        player_line(
            TrfPlayer(
                number,
                f"Player {number}",
                "m",
                rating=2000 - 10 * number,
                points=Decimal(points),
                rounds=[RoundCell(opponent, colour, code)],
            )
        )
        for number, opponent, colour, code, points in sorted(players)
    ]
    return "\n".join(["012 Ranges", "XXR 4", *records, *lines])


def met(round_: Round) -> set[frozenset[int]]:
    return {frozenset(board) for board in boards(round_)}


def command_line_of(text: str, tmp_path) -> list[tuple[int, int]]:
    path = tmp_path / "file.trf"
    path.write_text(text)
    return command_line(path)


def test_the_records_read_and_write_back_unchanged():
    text = six_players("260 002 003 0001 0002", "240 H 002 0006")
    trf = parse(text)
    assert trf.round_forbidden_pairs == [RoundForbiddenPairs(2, 3, (1, 2))]
    assert trf.byes == [RoundByes("H", 2, (6,))]
    assert trf.other_lines == []
    written = dumps(trf, newline="\n")
    assert "260 002 003 0001 0002\n" in written and "240 H 002 0006\n" in written
    assert parse(written) == trf


def test_a_bye_of_the_round_to_pair_is_that_players_record():
    history = history_from_trf(parse(six_players("240 H 002 0006", "240 F 001 0001")))
    # Round 2 is the one to pair: player 6 takes a half-point bye in it. The record of round 1
    # for player 1 stays his game: the blocks of a played round say what happened.
    assert history.player(6).rounds[1] == RoundRecord(
        RoundOutcome.HALF_POINT_BYE, Decimal("0.5"), round=2
    )
    assert history.player(1).rounds[0].outcome is RoundOutcome.GAME
    assert history.rounds_completed == 1


@pytest.mark.parametrize(
    ("record", "column", "code"),
    [
        ("240 X 002 0006", 5, "bye_kind"),
        ("240 H 002 0009", 11, "unknown_player"),
        ("260 003 002 0001 0002", 9, "round_range"),
        ("260 001 002 0001 00x2", 18, "not_a_number"),
    ],
)
def test_a_wrong_record_is_refused_with_its_place(record, column, code):
    with pytest.raises(TrfError) as refused:
        parse(six_players(record))
    assert (refused.value.message_code, refused.value.line, refused.value.column) == (
        code,
        3,
        column,
    )


@pytest.fixture
def event(alice):
    tournament = Tournament.objects.create(name="R", slug="r", rounds=4, bye_points=1)
    tournament.arbiters.add(alice)
    return tournament


def test_without_a_range_the_leaders_meet_in_round_two(event, alice, tmp_path):
    # The control: what round 2 is when no record keeps 1 and 2 apart.
    section = import_trf_section(event, "Open", six_players(), by=alice)
    assert frozenset({1, 2}) in met(pair_next_round(section, by=alice))


def test_an_import_applies_both_records_pairs_as_the_command_line_and_writes_them_back(
    event, alice, tmp_path
):
    text = six_players("260 002 003 0001 0002", "240 H 002 0006")
    section = import_trf_section(event, "Open", text, by=alice)
    assert section.round_forbidden_pairs == [[2, 3, [1, 2]]]
    bye = RequestedBye.objects.get(player__section=section)
    assert (bye.player.pairing_number, bye.round_number, bye.points) == (6, 2, Decimal("0.5"))

    exported = dumps(section_trf(section), newline="\n")
    assert "260 002 003 0001 0002\n" in exported and "240 H 002 0006\n" in exported
    again = import_trf_section(event, "Again", exported, by=alice)
    assert again.round_forbidden_pairs == section.round_forbidden_pairs
    assert [
        (b.player.pairing_number, b.round_number, b.points)
        for b in again.players.get(pairing_number=6).requested_byes.all()
    ] == [(6, 2, Decimal("0.5"))]

    round_ = pair_next_round(section, by=alice)
    assert frozenset({1, 2}) not in met(round_)
    assert all(6 not in board for board in boards(round_))
    assert boards(round_) == command_line_of(text, tmp_path) == command_line_of(exported, tmp_path)


def test_a_range_that_is_over_no_longer_keeps_the_players_apart(event, alice):
    section = import_trf_section(event, "Open", six_players("260 001 001 0001 0002"), by=alice)
    assert frozenset({1, 2}) in met(pair_next_round(section, by=alice))


# 250: one virtual point for players 4 to 6 in rounds 2 and 3 (the losers of round 1).
ACCELERATION = "250       1.0 002 003 0004 0006"


def test_an_acceleration_range_reads_writes_back_and_gives_each_player_his_points():
    trf = parse(six_players(ACCELERATION))
    assert trf.acceleration_ranges == [AccelerationRange(Decimal("1"), 2, 3, 4, 6)]
    assert ACCELERATION + "\n" in dumps(trf, newline="\n")
    one = Decimal("1.0")
    assert history_from_trf(trf).acceleration == {n: [0, one, one] for n in (4, 5, 6)}


def test_an_imported_acceleration_range_pairs_as_the_command_line(event, alice, tmp_path):
    text = six_players(ACCELERATION)
    section = import_trf_section(event, "Open", text, by=alice)
    assert section.acceleration == {str(n): ["0", "1.0", "1.0"] for n in (4, 5, 6)}
    round_ = pair_next_round(section, by=alice)
    plain = import_trf_section(event, "Plain", six_players(), by=alice)
    # The virtual point changes round 2: the losers of round 1 meet its winners.
    assert boards(round_) != boards(pair_next_round(plain, by=alice))
    assert boards(round_) == command_line_of(text, tmp_path)
    # The export writes the same points as XXA lines, which pair the same.
    assert boards(round_) == command_line_of(dumps(section_trf(section)), tmp_path)
