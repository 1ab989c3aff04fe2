"""Round robin by the FIDE Berger tables (Handbook C.05, Annex 1), and the pairing-system seam."""

from collections import Counter
from decimal import Decimal
from itertools import combinations

import pytest

from oware.sides import Side
from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome
from tournaments.pairing import PairingRequest, PlayerRecord
from tournaments.pairing.berger import berger_schedule, table_round
from tournaments.pairing.errors import InvalidPairingInput, PairingImpossible
from tournaments.pairing.round_robin import check_round_robin, pair_round_robin
from tournaments.pairing.systems import (
    DOUBLE_ROUND_ROBIN,
    DUTCH,
    ROUND_ROBIN,
    SYSTEMS,
    get_system,
)


def parse(table: str) -> list[list[tuple[int, int]]]:
    """Rows such as "1-4 2-3" (one round a line) as lists of (South, North)."""
    return [
        [tuple(int(n) for n in pair.split("-")) for pair in line.split()]
        for line in table.strip().splitlines()
    ]


# Typed from the published tables (C.05 Annex 1); the first number of a pair has White/South.
PUBLISHED = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        1-12 2-11 3-10 4-9 5-8 6-7
        12-7 8-6 9-5 10-4 11-3 1-2
        2-12 3-1 4-11 5-10 6-9 7-8
        12-8 9-7 10-6 11-5 1-4 2-3
        3-12 4-2 5-1 6-11 7-10 8-9
        12-9 10-8 11-7 1-6 2-5 3-4
        4-12 5-3 6-2 7-1 8-11 9-10
        12-10 11-9 1-8 2-7 3-6 4-5
        5-12 6-4 7-3 8-2 9-1 10-11
        12-11 1-10 2-9 3-8 4-7 5-6
        6-12 7-5 8-4 9-3 10-2 11-1
    """,
    14: """
        1-14 2-13 3-12 4-11 5-10 6-9 7-8
        14-8 9-7 10-6 11-5 12-4 13-3 1-2
        2-14 3-1 4-13 5-12 6-11 7-10 8-9
        14-9 10-8 11-7 12-6 13-5 1-4 2-3
        3-14 4-2 5-1 6-13 7-12 8-11 9-10
        14-10 11-9 12-8 13-7 1-6 2-5 3-4
        4-14 5-3 6-2 7-1 8-13 9-12 10-11
        14-11 12-10 13-9 1-8 2-7 3-6 4-5
        5-14 6-4 7-3 8-2 9-1 10-13 11-12
        14-12 13-11 1-10 2-9 3-8 4-7 5-6
        6-14 7-5 8-4 9-3 10-2 11-1 12-13
        14-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-14 8-6 9-5 10-4 11-3 12-2 13-1
    """,
    16: """
        1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
        16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
        2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
        16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
        3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
        16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
        4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
        16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
        5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
        16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
        6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
        16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
        16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
        8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1
    """,
}


def played(table, players: int):
    """A published table's rounds for `players`: with an odd field, the board against the
    dummy (the table's highest number) is no game but that player's bye."""
    size = players + players % 2
    dummy = [[pair for pair in round_ if size > players and size in pair] for round_ in table]
    byes = [next((p for pair in d for p in pair if p != size), None) for d in dummy]
    boards = [[pair for pair in round_ if size == players or size not in pair] for round_ in table]
    return boards, byes


@pytest.mark.parametrize("players", range(3, 17))
def test_single_and_double_schedules_are_the_published_tables_for_3_to_16(players):
    table = parse(PUBLISHED[players + players % 2])
    boards, byes = played(table, players)
    single = berger_schedule(players)
    assert [list(r.boards) for r in single] == boards
    assert [r.bye for r in single] == (byes if players % 2 else [None] * len(table))
    # Two cycles: the first with its last two rounds exchanged, the second with sides reversed.
    first = [*boards[:-2], boards[-1], boards[-2]]
    second = [[(north, south) for south, north in round_] for round_ in boards]
    assert [list(r.boards) for r in berger_schedule(players, cycles=2)] == first + second


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_the_table_is_the_published_one_board_for_board(size):
    expected = parse(PUBLISHED[size])
    assert [table_round(size, r) for r in range(1, size)] == expected
    assert [list(r.boards) for r in berger_schedule(size)] == expected


def test_an_odd_field_uses_the_next_table_and_the_dummy_gives_the_bye():
    # Five players use the table of six; whoever meets 6 sits out.
    rounds = berger_schedule(5)
    assert [r.bye for r in rounds] == [1, 4, 2, 5, 3]
    assert [list(r.boards) for r in rounds] == [
        [(2, 5), (3, 4)],
        [(5, 3), (1, 2)],
        [(3, 1), (4, 5)],
        [(1, 4), (2, 3)],
        [(4, 2), (5, 1)],
    ]


def test_a_double_round_robin_exchanges_the_last_two_rounds_of_the_first_cycle():
    rounds = berger_schedule(6, cycles=2)
    assert [(r.cycle, r.table_round) for r in rounds] == [
        (1, 1), (1, 2), (1, 3), (1, 5), (1, 4),
        (2, 1), (2, 2), (2, 3), (2, 4), (2, 5),
    ]  # fmt: skip
    assert list(rounds[5].boards) == [(6, 1), (5, 2), (4, 3)]  # round 1, sides reversed


def sides_by_player(players: int, cycles: int) -> dict[int, str]:
    """Each player's sides round by round: S, N, or - for the bye."""
    sides = {p: "" for p in range(1, players + 1)}
    for scheduled in berger_schedule(players, cycles):
        for south, north in scheduled.boards:
            sides[south] += "S"
            sides[north] += "N"
        if scheduled.bye is not None:
            sides[scheduled.bye] += "-"
    return sides


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("players", range(3, 17))
def test_everyone_meets_everyone_as_often_as_the_cycles_say(players, cycles):
    rounds = berger_schedule(players, cycles)
    assert len(rounds) == cycles * (players + players % 2 - 1)
    meetings = Counter()
    for scheduled in rounds:
        seated = [p for board in scheduled.boards for p in board]
        seated += [scheduled.bye] if scheduled.bye is not None else []
        assert sorted(seated) == list(range(1, players + 1))  # each player once a round
        meetings.update(frozenset(board) for board in scheduled.boards)
    assert meetings == {frozenset(pair): cycles for pair in combinations(range(1, players + 1), 2)}


@pytest.mark.parametrize("cycles", [1, 2])
@pytest.mark.parametrize("players", range(3, 17))
def test_byes_and_sides_are_balanced_as_the_tables_give_them(players, cycles):
    for sides in sides_by_player(players, cycles).values():
        assert sides.count("-") == (cycles if players % 2 else 0)
        # Even fields: half the players get one South more; odd fields and two cycles: equal.
        allowed = 1 if players % 2 == 0 and cycles == 1 else 0
        assert abs(sides.count("S") - sides.count("N")) <= allowed
        assert "SSS" not in sides and "NNN" not in sides


@pytest.mark.parametrize("players", range(3, 17))
def test_the_second_cycle_reverses_every_pairing_of_the_first(players):
    rounds = berger_schedule(players, cycles=2)
    first = {r.table_round: r for r in rounds if r.cycle == 1}
    for second in (r for r in rounds if r.cycle == 2):
        original = first[second.table_round]
        assert list(second.boards) == [(n, s) for s, n in original.boards]
        assert second.bye == original.bye


def request(numbers, round_number, history=None):
    history = history or {}
    return PairingRequest(
        players=[PlayerRecord(n, Decimal(0), history.get(n, [])) for n in numbers],
        round_number=round_number,
        total_rounds=len(numbers),
    )


def test_players_take_the_positions_in_the_order_of_their_numbers():
    pairing = pair_round_robin(request([20, 10, 40, 30], 2))
    assert pairing.as_pairs() == [(40, 30), (10, 20)]
    assert pairing.boards[0].explanation.text() == "Berger table, round 2"


def test_the_schedule_ends_after_its_last_round():
    with pytest.raises(PairingImpossible, match="ends after round 3"):
        pair_round_robin(request([1, 2, 3, 4], 4))
    assert pair_round_robin(request([1, 2, 3, 4], 6), cycles=2).as_pairs() == [(4, 2), (1, 3)]


def test_the_explanation_names_the_cycle_in_a_double_round_robin():
    pairing = pair_round_robin(request([1, 2, 3], 4), cycles=2)
    assert pairing.as_pairs() == [(3, 2), (1, 0)]
    assert pairing.boards[0].explanation.text() == (
        "Berger table, round 1, second cycle, sides reversed"
    )


def test_the_check_accepts_the_schedule_and_names_what_an_edit_breaks():
    played = {
        1: [RoundRecord(RoundOutcome.GAME, Decimal(1), opponent=4, side=Side.SOUTH)],
        4: [RoundRecord(RoundOutcome.GAME, Decimal(0), opponent=1, side=Side.NORTH)],
    }
    req = request([1, 2, 3, 4], 2, played)
    report = check_round_robin(req, [(4, 3), (1, 2)], None)
    assert report.valid and report.equals_dutch is True
    report = check_round_robin(req, [(1, 4), (3, 2)], None)
    assert report.codes() == {"REMATCH"} and report.equals_dutch is False
    assert check_round_robin(req, [(1, 4), (3, 2)], None, cycles=2).valid
    report = check_round_robin(req, [(1, 2), (1, 9)], 3)
    assert report.codes() == {"NOT_PRESENT", "PAIRED_TWICE", "MISSING", "BYE_COUNT"}


def test_the_registry_holds_each_system_once_with_its_own_pairing():
    assert list(SYSTEMS) == [DUTCH, ROUND_ROBIN, DOUBLE_ROUND_ROBIN]
    assert not get_system(DUTCH).scheduled and get_system(ROUND_ROBIN).scheduled
    schedule = get_system(DOUBLE_ROUND_ROBIN).schedule([1, 2, 3, 4])
    assert [r.round_number for r in schedule] == [1, 2, 3, 4, 5, 6]
    req = request([1, 2, 3, 4], 1)
    assert get_system(ROUND_ROBIN).pair(req).as_pairs() == [(1, 4), (2, 3)]
    assert get_system(DUTCH).pair(req).as_pairs() == [(1, 3), (4, 2)]
    with pytest.raises(InvalidPairingInput):
        get_system("burstein")
