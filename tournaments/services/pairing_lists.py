"""Who plays where in a round: the boards, then everyone of the section who has no board.

The public round page, the printed pairings and the player lookup ("find my board") all read
`round_roster` and `alphabetical_list`; the queries are fixed in number whatever the section's
size.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext_lazy as _

from oware.sides import Side
from tournaments.models import Pairing, Player, RequestedBye, Round, Seat, Tournament
from tournaments.pairing.colours import colour_state
from tournaments.services.history import section_history
from tournaments.services.standings import section_points

# Why a player of the section has no board in a round, in the order the round page lists them.
PAIRING_BYE = "pairing_bye"
REQUESTED_BYE = "requested_bye"
ABSENT = "absent"  # not paired: a late entry before the first round played
WITHDRAWN = "withdrawn"
BOARD = "board"

STATUS_LABELS = {
    BOARD: _("plays"),
    PAIRING_BYE: _("pairing-allocated bye"),
    REQUESTED_BYE: _("requested bye"),
    ABSENT: _("absent, not paired (enters later)"),
    WITHDRAWN: _("withdrawn"),
}


@dataclass
class RosterEntry:
    """One player in one round.

    `status` is one of BOARD, PAIRING_BYE, REQUESTED_BYE, ABSENT, WITHDRAWN; `side` the
    player's :class:`Side` for a board, None otherwise; `points_before` the player's score
    before the round; `round_points` what the round gives without a game (a bye's or an
    absence's points), None for a board.
    """

    player: Player
    status: str
    points_before: Decimal
    board: int | None = None
    side: Side | None = None
    opponent: Player | None = None
    pairing: Pairing | None = None
    round_points: Decimal | None = None

    @property
    def label(self) -> str:
        return str(STATUS_LABELS[self.status])


@dataclass
class RoundRoster:
    """Every player of the section in one round: `boards` (games, by board number), then the
    pairing-allocated bye, requested byes, absences and withdrawals, each list by name."""

    round: Round
    boards: list[Pairing]
    pairing_bye: RosterEntry | None
    requested_byes: list[RosterEntry] = field(default_factory=list)
    absent: list[RosterEntry] = field(default_factory=list)
    withdrawn: list[RosterEntry] = field(default_factory=list)
    entries: list[RosterEntry] = field(default_factory=list)  # everyone, alphabetical

    @property
    def without_board(self) -> list[RosterEntry]:
        bye = [self.pairing_bye] if self.pairing_bye else []
        return bye + self.requested_byes + self.absent + self.withdrawn


def round_roster(round_: Round) -> RoundRoster:
    """The roster of `round_` (any status: callers decide who may see a draft)."""
    section = round_.section
    tournament = section.tournament
    points = _points_before(round_)
    pairings = list(
        round_.pairings.select_related(
            "south__team", "north__team", "result", "game_record"
        ).order_by("board")
    )
    entries: dict[int, RosterEntry] = {}
    pairing_bye = None
    for pairing in pairings:
        if pairing.north is None:
            pairing_bye = RosterEntry(
                pairing.south,
                PAIRING_BYE,
                points.get(pairing.south.pairing_number, Decimal(0)),
                pairing=pairing,
                round_points=tournament.bye_points,
            )
            entries[pairing.south_id] = pairing_bye
            continue
        for player, side, opponent in (
            (pairing.south, Side.SOUTH, pairing.north),
            (pairing.north, Side.NORTH, pairing.south),
        ):
            entries[player.pk] = RosterEntry(
                player,
                BOARD,
                points.get(player.pairing_number, Decimal(0)),
                board=pairing.board,
                side=side,
                opponent=opponent,
                pairing=pairing,
            )
    requested = {bye.player_id: bye.points for bye in _requested_byes(section, round_.number)}
    roster = RoundRoster(round_, [p for p in pairings if p.north_id], pairing_bye)
    for player in section.players.select_related("team").order_by("name"):
        if player.pk in entries:
            continue
        before = points.get(player.pairing_number, Decimal(0))
        if player.pk in requested:
            entry = RosterEntry(player, REQUESTED_BYE, before, round_points=requested[player.pk])
            roster.requested_byes.append(entry)
        elif round_.number < player.entry_round:
            entry = RosterEntry(player, ABSENT, before, round_points=player.late_entry_points)
            roster.absent.append(entry)
        elif _withdrawn_by(player, round_.number):
            entry = RosterEntry(player, WITHDRAWN, before, round_points=Decimal(0))
            roster.withdrawn.append(entry)
        else:
            # Not paired and no reason recorded (e.g. registered after the round was paired).
            entry = RosterEntry(player, ABSENT, before, round_points=Decimal(0))
            roster.absent.append(entry)
        entries[player.pk] = entry
    roster.entries = sorted(entries.values(), key=lambda e: (e.player.name.casefold(), e.player.pk))
    return roster


def _withdrawn_by(player: Player, number: int) -> bool:
    return player.withdrawn_from_round is not None and number >= player.withdrawn_from_round


def alphabetical_list(round_: Round) -> list[RosterEntry]:
    """Every player of the section by name: board, side, opponent and points before the round,
    or why the player has no board (see `RosterEntry`)."""
    return round_roster(round_).entries


def _points_before(round_: Round) -> dict[int, Decimal]:
    """Pairing number -> points after the rounds before `round_`."""
    if round_.number == 1:
        return {}
    return section_points(round_.section, round_.number - 1)


def _requested_byes(section, number: int):
    return RequestedBye.objects.filter(player__section=section, round_number=number)


@dataclass(frozen=True)
class SideWish:
    """A side a player wanted in a round and did not get: `side` the side wanted, `strength`
    the Dutch rules' word for how much ('absolute', 'strong', 'mild')."""

    side: Side
    strength: str


def unmet_side_wishes(round_: Round) -> dict[int, SideWish]:
    """Player id -> the side he preferred and did not get in `round_`, from the games before it.

    Only the preferences the pairing could not grant matter to an arbiter reading a round: a
    player seated on the side he wanted has nothing to show.
    """
    history = section_history(round_.section, round_.number - 1)
    states = {p.number: colour_state(p.rounds) for p in history.players}
    wishes = {}
    for pairing in round_.pairings.select_related("south", "north").filter(north__isnull=False):
        for player, side in ((pairing.south, Side.SOUTH), (pairing.north, Side.NORTH)):
            state = states.get(player.pairing_number)
            if state is not None and state.preference not in (None, side):
                wishes[player.pk] = SideWish(state.preference, state.strength)
    return wishes


FIND_LIMIT = 20


@dataclass
class FoundPlayer:
    """A player found by name on the event's home: his section, and his seat in the section's
    current (last public) round when he has one."""

    player: Player
    round_number: int | None = None
    seat: Seat | None = None


def find_players(tournament: Tournament, text: str) -> list[FoundPlayer]:
    """The players of any section whose name contains `text` (case and accents as typed), at
    most FIND_LIMIT, each with his seat in his section's current public round."""
    text = " ".join(text.split())
    if not text:
        return []
    players = list(
        Player.objects.filter(section__tournament=tournament, name__icontains=text)
        .select_related("section", "team")
        .order_by("name", "pk")[:FIND_LIMIT]
    )
    current = {}
    for round_ in Round.objects.filter(section__tournament=tournament).exclude(
        status=Round.Status.DRAFT
    ):
        if round_.number > current.get(round_.section_id, 0):
            current[round_.section_id] = round_.number
    seats = {
        seat.player_id: seat
        for seat in Seat.objects.filter(
            player__in=players,
            round__number__in=set(current.values()),
        )
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "pairing")
        if seat.round.number == current.get(seat.round.section_id)
    }
    return [
        FoundPlayer(player, current.get(player.section_id), seats.get(player.pk))
        for player in players
    ]
