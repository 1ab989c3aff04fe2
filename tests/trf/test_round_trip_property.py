"""Any tournament the writer accepts reads back equal (property test)."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.trf import Player, RoundCell, Tournament, dumps, parse

PRINTABLE = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))


def field_text(max_size):
    return st.text(PRINTABLE, max_size=max_size).map(str.strip).filter(lambda s: len(s) <= max_size)


points = st.integers(min_value=0, max_value=999).map(lambda n: Decimal(n) / 10)

cells = st.one_of(
    st.builds(
        RoundCell,
        st.integers(1, 9999),
        st.sampled_from("wb-"),
        st.sampled_from("10=WDL+-"),
    ),
    st.builds(RoundCell, st.none(), st.just("-"), st.sampled_from("UHFZ")),
)


@st.composite
def tournaments(draw):
    numbers = draw(st.lists(st.integers(1, 9999), unique=True, max_size=8))
    players = [
        Player(
            pairing_number=n,
            name=draw(field_text(33)),
            sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(["", "GM", "WGM", "CM"])),
            rating=draw(st.none() | st.integers(0, 9999)),
            federation=draw(field_text(3)),
            fide_id=draw(field_text(11)),
            birth_date=draw(field_text(10)),
            points=draw(st.none() | points),
            rank=draw(st.none() | st.integers(0, 9999)),
            rounds=draw(st.lists(cells, max_size=12)),
        )
        for n in numbers
    ]
    return Tournament(
        name=draw(field_text(60)),
        city=draw(field_text(30)),
        rounds=draw(st.none() | st.integers(1, 30)),
        initial_colour=draw(st.sampled_from([None, "w", "b"])),
        pair_by_rank=draw(st.booleans()),
        deputy_arbiters=draw(st.lists(field_text(20).filter(bool), max_size=2)),
        forbidden_pairs=draw(
            st.lists(st.lists(st.integers(1, 9999), min_size=2, max_size=4), max_size=3)
        ),
        acceleration={n: draw(st.lists(points, max_size=5)) for n in numbers[:3]},
        players=players,
    )


@settings(max_examples=200, deadline=None)
@given(tournaments())
def test_written_tournaments_read_back_equal(tournament):
    assert parse(dumps(tournament)) == tournament
    assert parse(dumps(tournament, newline="\r")) == tournament
