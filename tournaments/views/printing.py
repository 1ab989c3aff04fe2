"""Printed paper for the arbiter: result slips (scoresheets) for every board of a round.

The other printed views (pairings by board, the alphabetical list, standings, the crosstable)
are the public pages with their print stylesheet; the arbiter's round page links to all of them
(`templates/tournaments/arbiter/_print_menu.html`).
"""

from django.shortcuts import get_object_or_404, render

from tournaments.models import Round
from tournaments.models.results import ENDING_CHOICES, PLAYED_ENDINGS
from tournaments.views.access import arbiter_required

PLAYED = frozenset(PLAYED_ENDINGS)  # the endings a slip offers to tick; forfeits need no slip

# Numbered move rows of a slip's scoresheet: five columns of twelve moves each side, what a
# 20-minute game needs on one side of the paper (the players' halves take the top of the slip);
# a longer game continues on the back.
MOVE_COLUMNS = 5
MOVES_PER_COLUMN = 12


def move_grid(columns: int = MOVE_COLUMNS, rows: int = MOVES_PER_COLUMN) -> list[list[int]]:
    """The scoresheet's move numbers, one list per printed column: [[1..12], [13..24], …]."""
    return [list(range(column * rows + 1, (column + 1) * rows + 1)) for column in range(columns)]


@arbiter_required
def result_slips(request, tournament, section, number):
    """One result slip per board of round `number` (the bye needs none), two per A4 page.

    A draft round prints too, so the arbiter can prepare the paper before publishing. A board
    whose result is stored prints it in the result boxes (points, game score, ending, who
    flagged or resigned), as the result row keeps it.
    """
    round_ = get_object_or_404(
        Round.objects.select_related("section__tournament"),
        section__tournament=tournament,
        section__slug=section,
        number=number,
    )
    boards = round_.pairings.filter(north__isnull=False).select_related(
        "south__team", "north__team", "result"
    )
    return render(
        request,
        "tournaments/arbiter/slips.html",
        {
            "tournament": tournament,
            "round": round_,
            "boards": boards,
            "move_columns": move_grid(),
            "endings": [(value, label) for value, label in ENDING_CHOICES if value in PLAYED],
        },
    )
