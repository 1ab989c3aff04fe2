"""A section's history as a TRF tournament: the one shape the pairing engine, the standings
and the TRF export all read.

The queries are fixed in number (players, seats with their results, requested byes) whatever
the size of the section.
"""

from collections import defaultdict
from decimal import Decimal

from tournaments.models import Player, RequestedBye, Round, Seat, Section
from tournaments.models.results import Ending
from tournaments.pairing.baku import baku_virtual_points
from tournaments.trf import Player as TrfPlayer
from tournaments.trf import RoundCell, Scoring, codes
from tournaments.trf import Tournament as TrfTournament

ABSENCE_BY_POINTS = {
    Decimal("0"): codes.ZERO_POINT_BYE,
    Decimal("0.5"): codes.HALF_POINT_BYE,
    Decimal("1"): codes.FULL_POINT_BYE,
}
NO_GAME = RoundCell(None, "-", codes.ZERO_POINT_BYE)
PAIRING_BYE = RoundCell(None, "-", codes.PAIRING_BYE)
GAME_CODES = {Decimal("1"): codes.WIN, Decimal("0.5"): codes.DRAW, Decimal("0"): codes.LOSS}
UNPLAYED_ENDINGS = {Ending.FORFEIT, Ending.DOUBLE_FORFEIT}


def section_scoring(section: Section) -> Scoring:
    """Points per outcome; only the pairing-allocated bye is a tournament setting."""
    return Scoring(pairing_bye=section.tournament.bye_points)


def section_history(
    section: Section, rounds: int | None = None, *, announce_round: int | None = None
) -> TrfTournament:
    """Return the section as a TRF tournament with the results of rounds 1..`rounds`.

    `rounds` defaults to every round that exists. A seat whose game has no result yet is
    written as a blank (zero-point) block. With `announce_round`, the players who will not be
    paired in that round (requested bye, withdrawn, not yet entered) get their absence block in
    its column, as pairing engines expect before they pair it.
    """
    tournament = section.tournament
    players = list(Player.objects.filter(section=section).order_by("pairing_number"))
    if rounds is None:
        rounds = Round.objects.filter(section=section).count()
    numbers = {p.pk: p.pairing_number for p in players}
    cells = _round_cells(section, rounds, numbers)
    byes = _requested_byes(section)
    scoring = section_scoring(section)
    trf_players = []
    for player in players:
        row = [
            cells.get((player.pk, number)) or _absence(player, number, byes)
            for number in range(1, rounds + 1)
        ]
        if announce_round is not None and not _plays(player, announce_round, byes):
            row.append(_absence(player, announce_round, byes))
        points = sum((cell.points(scoring) for cell in row[:rounds]), Decimal(0))
        trf_players.append(_trf_player(player, row, points))
    history = TrfTournament(
        name=f"{tournament.name} — {section.name}",
        city=tournament.venue,
        start_date=tournament.start_date.strftime("%Y/%m/%d") if tournament.start_date else "",
        end_date=tournament.end_date.strftime("%Y/%m/%d") if tournament.end_date else "",
        player_count=len(players),
        rounds=tournament.rounds,
        initial_colour=section.initial_colour,
        players=trf_players,
        time_control=f"{tournament.minutes_per_player}'",
    )
    if tournament.avoid_teammates:
        history.forbidden_pairs = _teammates(players)
    if tournament.acceleration:
        history.acceleration = baku_virtual_points(
            [p.pairing_number for p in players], tournament.rounds
        )
    return history


def _round_cells(
    section: Section, rounds: int, numbers: dict[int, int]
) -> dict[tuple[int, int], RoundCell]:
    """(player id, round number) -> the block of every seat of rounds 1..`rounds`."""
    seats = Seat.objects.filter(round__section=section, round__number__lte=rounds).values_list(
        "player_id",
        "round__number",
        "side",
        "pairing__south_id",
        "pairing__north_id",
        "pairing__result__south_points",
        "pairing__result__north_points",
        "pairing__result__ending",
    )
    cells = {}
    for player_id, number, side, south_id, north_id, south_points, north_points, ending in seats:
        if side == Seat.Side.BYE:
            cell = PAIRING_BYE
        elif side == Seat.Side.SOUTH:
            cell = _game_cell(numbers[north_id], "w", south_points, ending)
        else:
            cell = _game_cell(numbers[south_id], "b", north_points, ending)
        cells[(player_id, number)] = cell
    return cells


def _game_cell(opponent: int, colour: str, points: Decimal | None, ending: str | None) -> RoundCell:
    """The block of one side of a game; a game without a result yet reads as a blank block."""
    if ending is None:
        return RoundCell(opponent, colour, codes.ZERO_POINT_BYE)
    if ending in UNPLAYED_ENDINGS:
        return RoundCell(opponent, colour, codes.FORFEIT_WIN if points else codes.FORFEIT_LOSS)
    return RoundCell(opponent, colour, GAME_CODES[points])


def _requested_byes(section: Section) -> dict[tuple[int, int], Decimal]:
    return {
        (player_id, number): points
        for player_id, number, points in RequestedBye.objects.filter(
            player__section=section
        ).values_list("player_id", "round_number", "points")
    }


def _plays(player: Player, number: int, byes) -> bool:
    return player.is_paired_in(number) and (player.pk, number) not in byes


def _absence(player: Player, number: int, byes) -> RoundCell:
    """The block of a round the player was not paired in."""
    if (player.pk, number) in byes:
        return RoundCell(None, "-", ABSENCE_BY_POINTS[byes[(player.pk, number)]])
    if number < player.entry_round:
        return RoundCell(None, "-", ABSENCE_BY_POINTS[player.late_entry_points])
    return NO_GAME


def _trf_player(player: Player, row: list[RoundCell], points: Decimal) -> TrfPlayer:
    return TrfPlayer(
        pairing_number=player.pairing_number,
        name=player.name,
        sex=player.sex,
        title=player.title,
        rating=player.rating,
        federation=player.federation,
        points=points,
        rounds=row,
    )


def _teammates(players: list[Player]) -> list[list[int]]:
    teams = defaultdict(list)
    for player in players:
        if player.team_id is not None:
            teams[player.team_id].append(player.pairing_number)
    return [sorted(numbers) for numbers in teams.values() if len(numbers) > 1]
