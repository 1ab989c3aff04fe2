"""The bracket walk: scoregroups taken from the top down, leftovers moved down as MDPs."""

from decimal import Decimal

from tournaments.pairing.bracket import Bracket, BracketWalk

INF = Decimal("-Infinity")


def walk_of(scores, bye_score=Decimal(0)):
    score = [Decimal(s) for s in scores] + [INF]
    return BracketWalk(score, bye_score, False, [False] * (len(scores) + 1))


def test_a_scoregroup_is_every_player_of_the_next_score():
    walk = walk_of(["2", "2", "1.5", "1", "1"])
    walk.take_scoregroup(5)
    assert (walk.vertices, walk.next_start) == ([0, 1], 2)
    walk.take_scoregroup(5)
    assert (walk.vertices, walk.next_start) == ([0, 1, 2], 3)


def test_the_bye_may_fall_only_in_groups_not_above_its_score_and_with_an_odd_field():
    walk = walk_of(["2", "1", "1"], bye_score=Decimal(1))
    assert walk.bye_may_fall_in(1, 3)
    assert not walk.bye_may_fall_in(0, 3)
    assert not walk.bye_may_fall_in(3, 3)
    assert not walk_of(["2", "1"], bye_score=Decimal(1)).bye_may_fall_in(1, 2)


class PinnedField:
    """The part of the pairing field the walk reads: pinned opponents and the bracket's end."""

    def __init__(self, pinned):
        self.pinned = pinned
        self.ended_with = None

    def end_bracket(self, mdps):
        self.ended_with = mdps


def test_pinned_pairs_are_recorded_and_the_unpaired_become_the_next_mdps():
    walk = walk_of(["2", "2", "2", "1", "1"])
    walk.take_scoregroup(5)
    walk.take_scoregroup(5)
    bracket = Bracket(walk.vertices, 3, 0, {}, 0, 3, 3, walk.matched)
    walk.matched[0] = walk.matched[1] = True
    field = PinnedField({0: 1, 1: 0})
    mate = [1, 0, 3, 2, 5, 5]
    walk.move_leftovers_down(field, bracket, mate, 5)
    assert walk.result == [(0, 1)]
    assert (walk.vertices, walk.mdp_count, walk.resident_start) == ([2, 3, 4], 1, 3)
    assert field.ended_with == [2]
    assert bracket.resident(2) and not bracket.resident(3)
