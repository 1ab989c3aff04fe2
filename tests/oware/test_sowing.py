from oware.position import Position, pack, unpack
from oware.sowing import LAST_PIT, SOW_DELTA, sow, sown_pits


def test_it_sows_one_seed_into_each_following_pit_counter_clockwise():
    assert sown_pits(2, 4) == [3, 4, 5, 6]


def test_it_wraps_from_norths_last_pit_to_souths_first():
    assert sown_pits(10, 3) == [11, 0, 1]


def test_it_skips_the_emptied_pit_on_every_lap():
    targets = sown_pits(0, 23)
    assert 0 not in targets
    assert targets[:11] == list(range(1, 12))
    assert targets[11:] == list(range(1, 12)) + [1]


def test_sowing_a_list_leaves_the_pit_empty_and_returns_the_last_pit():
    pits = [4] * 12
    pits[5] = 12
    last = sow(pits, 5)
    assert pits[5] == 0
    assert last == 6
    assert pits[6] == 6 and pits[7] == 5


def test_the_precomputed_delta_matches_sowing_seed_by_seed_for_every_pit_and_count():
    for pit in range(12):
        for seeds in range(1, 37):
            pits = [1] * 12
            pits[pit] = seeds
            state = pack(pits)
            expected = list(pits)
            last = sow(expected, pit)
            assert unpack(state + SOW_DELTA[pit << 6 | seeds])[:12] == expected
            assert LAST_PIT[pit << 6 | seeds] == last


def test_a_position_packs_and_unpacks_unchanged():
    position = Position((0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3), (10, 4), 1)
    assert Position.from_packed(position.packed(), 1) == position
    assert position.as_list() == [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 10, 4]
