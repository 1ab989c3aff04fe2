"""The pairing checker: structured findings for broken absolute criteria."""

from __future__ import annotations

from tournaments.pairing import pair_request
from tournaments.pairing.checker import check_pairing

from .builders import fresh, player, request


def after_one_round():
    return request(
        [player(1, "3w1"), player(2, "4b1"), player(3, "1b0"), player(4, "2w0"), player(5, "U")]
    )


def test_the_engines_own_pairing_is_valid_and_equals_the_dutch_pairing():
    req = after_one_round()
    result = pair_request(req)
    report = check_pairing(req, [(b.south, b.north) for b in result.boards], result.bye)
    assert report.valid
    assert report.equals_dutch is True


def test_it_flags_a_rematch():
    report = check_pairing(after_one_round(), [(1, 3), (2, 4)], 5)
    assert "REMATCH" in report.codes()
    assert report.equals_dutch is False


def test_it_flags_a_second_pairing_allocated_bye():
    report = check_pairing(after_one_round(), [(1, 2), (3, 4)], 5)
    assert "SECOND_BYE" in report.codes()


def test_it_flags_a_forbidden_pair():
    req = request(fresh(4), forbidden=[(1, 3)])
    report = check_pairing(req, [(1, 3), (2, 4)], None)
    assert report.codes() == {"FORBIDDEN_PAIR"}


def test_it_flags_missing_and_doubly_paired_players():
    report = check_pairing(request(fresh(4)), [(1, 2), (2, 3)], None)
    assert {"MISSING", "PAIRED_TWICE"} <= report.codes()
    missing = [f for f in report.findings if f.code == "MISSING"]
    assert missing[0].players == (4,)


def test_it_flags_a_paired_absent_player_and_a_wrong_bye_count():
    players = fresh(4)
    players[3].present = False
    report = check_pairing(request(players), [(1, 2), (3, 4)], None)
    assert {"NOT_PRESENT", "BYE_COUNT"} <= report.codes()


def test_it_flags_colour_rule_violations():
    players = [
        player(1, "3b1", "4b1"),
        player(2, "4w1", "3w1"),
        player(3, "1w0", "2b0"),
        player(4, "2b0", "1w0"),
    ]
    req = request(players, total_rounds=5)
    # 1 must play South (two North games); put 1 North against 2 who must play North.
    report = check_pairing(req, [(2, 1), (3, 4)], None)
    codes = report.codes()
    assert "ABSOLUTE_COLOUR" not in codes  # different absolute preferences
    assert {"THREE_IN_A_ROW"} <= codes
    both_south = check_pairing(
        request(
            [
                player(1, "3b1", "4b1"),
                player(2, "4b1", "3b1"),
                player(3, "1w0", "2w0"),
                player(4, "2w0", "1w0"),
            ]
        ),
        [(1, 2), (3, 4)],
        None,
    )
    assert "ABSOLUTE_COLOUR" in both_south.codes()


def test_findings_carry_a_message_for_the_arbiter():
    report = check_pairing(after_one_round(), [(1, 3), (2, 4)], 5)
    for finding in report.findings:
        assert finding.message and finding.code.isupper()
