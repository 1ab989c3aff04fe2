"""Direct encounter among tied players (Art. 6) on hand-made groups."""

from tournaments.tiebreaks import compute_standings

from .builders import HALF, forfeit_loss, forfeit_win, game, pab, section_of


def de_values(records, order=("PTS", "DE"), **options):
    standings = compute_standings(records, order, **options)
    return {row.id: row["DE"] for row in standings.rows}


def test_players_who_all_met_are_ordered_by_their_mini_scores():
    records = section_of(
        {
            1: [game(2, 1), game(3, 1), pab()],
            2: [game(1, 0), pab(), game(3, 1)],
            3: [pab(), game(1, 0), game(2, 0)],
        }
    )
    standings = compute_standings(records, ["DE"])
    assert [(row.id, row["DE"], row.rank) for row in standings.rows] == [
        (1, 1, 1),
        (2, 2, 2),
        (3, 3, 3),
    ]


def test_a_cycle_of_wins_separates_nobody():
    records = section_of(
        {
            1: [game(2, 1), game(3, 0), pab()],
            2: [game(1, 0), pab(), game(3, 1)],
            3: [pab(), game(1, 1), game(2, 0)],
        }
    )
    assert de_values(records) == {1: 0, 2: 0, 3: 0}


def test_direct_encounter_applies_again_inside_a_subgroup_still_tied():
    # All four met.  Inside the group 1 and 2 have 2 each, 3 has 1.5, 4 has 0.5; 1 beat 2.
    records = section_of(
        {
            1: [game(2, 1), game(3, HALF), game(4, HALF)],
            2: [game(1, 0), game(4, 1), game(3, 1)],
            3: [game(4, 1), game(1, HALF), game(2, 0)],
            4: [game(3, 0), game(2, 0), game(1, HALF)],
        }
    )
    standings = compute_standings(records, ["DE"])
    assert [(row.id, row.rank) for row in standings.rows] == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_several_meetings_between_two_players_count_as_their_average():
    records = section_of(
        {
            1: [game(2, 1), game(2, 0)],
            2: [game(1, 0), game(1, 1)],
        }
    )
    assert de_values(records) == {1: 0, 2: 0}


def test_a_player_alone_on_top_whatever_the_missing_games_is_placed_first():
    # 1 beat 2 and 3; 2 and 3 never met: 1 has 2, the others could reach at most 1.
    records = section_of(
        {
            1: [game(2, 1), game(3, 1)],
            2: [game(1, 0), pab()],
            3: [pab(), game(1, 0)],
        }
    )
    standings = compute_standings(records, ["DE"])
    assert [(row.id, row["DE"], row.rank) for row in standings.rows] == [
        (1, 1, 1),
        (2, 2, 2),
        (3, 2, 2),
    ]
    assert standings.tied_groups == ((2, 3),)


def test_a_leader_who_could_be_caught_by_a_missing_game_is_not_placed():
    # 1 beat 2; 3 met neither and could still reach 2 points inside the group.
    records = section_of(
        {
            1: [game(2, 1), pab()],
            2: [game(1, 0), pab()],
            3: [pab(), pab()],
        }
    )
    assert de_values(records, ["DE"]) == {1: 0, 2: 0, 3: 0}


def test_direct_encounter_only_separates_players_tied_on_the_earlier_criteria():
    records = section_of(
        {
            1: [game(2, 1), game(3, 1)],
            2: [game(1, 0), pab()],
            3: [pab(), game(1, 0)],
        }
    )
    # 1 has 2 points alone, 2 and 3 have 1 each and never met.
    assert de_values(records) == {1: 0, 2: 0, 3: 0}


# 1 and 2 tie on 1 point; their only meeting was 1's forfeit win.
FORFEITED_MEETING = section_of(
    {
        1: [forfeit_win(2), game(3, 0)],
        2: [forfeit_loss(1), game(4, 1)],
        3: [game(4, HALF), game(1, 1)],
        4: [game(3, HALF), game(2, 0)],
    }
)


def test_forfeits_are_left_out_of_direct_encounter_by_default():
    assert de_values(FORFEITED_MEETING) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_forfeits_count_in_direct_encounter_when_the_event_rules_say_so():
    values = de_values(FORFEITED_MEETING, forfeits_in_direct_encounter=True)
    assert (values[1], values[2]) == (1, 2)
