"""Crosstable rows by rank with opponent's rank, side and result symbol."""

from oware.sides import Side
from tournaments.tiebreaks import compute_standings
from tournaments.tiebreaks.crosstable import CrosstableCell, crosstable

from .builders import HALF, forfeit_loss, forfeit_win, game, half_bye, pab, section_of

RECORDS = section_of(
    {
        1: [game(2, 1, "w"), forfeit_win(3)],
        2: [game(1, 0, "b"), game(4, HALF, "w")],
        3: [pab(), forfeit_loss(1)],
        4: [half_bye(), game(2, HALF, "b")],
    }
)


def test_rows_follow_the_standings_and_cells_the_rounds():
    standings = compute_standings(RECORDS, ["PTS", "BH"])
    rows = crosstable(RECORDS, standings)
    # 3's dummies (PAB, forfeit loss) are worth 1 each; 4's bye 1 and opponent 2 only 0.5.
    assert [(row.id, row.rank) for row in rows] == [(1, 1), (3, 2), (4, 3), (2, 4)]
    assert [len(row.cells) for row in rows] == [2, 2, 2, 2]


def test_cells_show_opponents_rank_side_and_symbol():
    standings = compute_standings(RECORDS, ["PTS", "BH"])
    by_id = {row.id: row for row in crosstable(RECORDS, standings)}
    assert by_id[1].cells[0] == CrosstableCell(1, "1", 2, 4, 4, Side.SOUTH)
    assert by_id[2].cells[0] == CrosstableCell(1, "0", 1, 1, 1, Side.NORTH)
    assert by_id[2].cells[1] == CrosstableCell(2, "½", 4, 3, 3, Side.SOUTH)
    assert by_id[1].cells[1] == CrosstableCell(2, "+", 3, 2, 2, None)
    assert by_id[3].cells[1].symbol == "-"
    assert by_id[3].cells[0] == CrosstableCell(1, "U")
    assert by_id[4].cells[0] == CrosstableCell(1, "H")


def test_rows_carry_the_shared_place_and_values():
    standings = compute_standings(RECORDS, ["PTS"])
    rows = crosstable(RECORDS, standings)
    assert [(row.id, row.place) for row in rows] == [(1, "1"), (3, "2-3"), (4, "2-3"), (2, "4")]
    assert rows[0].values == {"PTS": 2}
