"""Importing a section with its history from a TRF file (an event started in another program).

Players keep the file's pairing numbers; each round of the file becomes a completed round with
its boards, the pairing-allocated bye, requested byes and forfeits. Every game's result goes
through the results service like one typed by the importing arbiter (one audit row each, with
the reason "Imported from TRF"). TRF gives the points of a game but not its game score nor how
it ended: the entry says so (`score_unknown`), pages show "score unknown", and team tie-breaks
over game scores say they are incomplete. The next round paired in the product is then the one
the Dutch engine's command line pairs from the same file.

The file's initial colour (`XXC white1`/`black1`, or record 152) is kept on the section, so its
later rounds pair as the file's own program would.
"""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.oware.sides import Side
from tournaments.models import Player, RequestedBye, Round, Section, Tournament
from tournaments.models.results import Ending
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.import_checks import checked_create
from tournaments.services.permissions import require_arbiter
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards
from tournaments.trf import codes, parse
from tournaments.trf.errors import TrfError

REQUESTED_BYE_POINTS = {
    codes.HALF_POINT_BYE: Decimal("0.5"),
    codes.FULL_POINT_BYE: Decimal("1"),
    codes.ZERO_POINT_BYE: Decimal("0"),
}
POINTS_OF_GAME = {
    **dict.fromkeys(codes.WINS, Decimal("1")),
    **dict.fromkeys(codes.DRAWS, Decimal("0.5")),
    **dict.fromkeys(codes.LOSSES, Decimal("0")),
}


@transaction.atomic
def import_trf_section(tournament: Tournament, name: str, text: str, *, by) -> Section:
    """Add section `name` to `tournament` with the players and rounds of the TRF `text`.

    Refused (ServiceError, nothing written) for a file that does not read, a section name
    already used, more rounds in the file than the tournament has, or a round whose blocks
    contradict each other.
    """
    require_arbiter(tournament, by)
    try:
        trf = parse(text)
    except TrfError as error:
        raise ServiceError(ErrorCode.INVALID_TRF, field="file", problem=str(error)) from error
    slug = slugify(name)[: Section._meta.get_field("slug").max_length].strip("-")
    if not slug or tournament.sections.filter(slug=slug).exists():
        raise ServiceError(ErrorCode.DUPLICATE_SECTION, case="taken", field="name", name=name)
    played = max((len(p.rounds) for p in trf.players), default=0)
    if played >= tournament.rounds:
        raise ServiceError(
            ErrorCode.TOO_MANY_ROUNDS, field="file", played=played, rounds=tournament.rounds
        )
    section = checked_create(
        Section,
        "section",
        name,
        tournament=tournament,
        name=name,
        slug=slug,
        order=tournament.sections.count(),
        initial_colour="b" if trf.initial_colour == "b" else "w",
    )
    players = {
        p.pairing_number: checked_create(
            Player,
            "player",
            p.pairing_number,
            section=section,
            pairing_number=p.pairing_number,
            name=p.name or f"#{p.pairing_number}",
            sex="w" if p.sex.lower() in ("w", "f") else "m",
            title=p.title[:3],
            rating=p.rating,
            federation=p.federation[:3],
        )
        for p in trf.players
    }
    for number in range(1, played + 1):
        _import_round(section, number, trf, players, by)
    return section


def _import_round(section: Section, number: int, trf, players: dict[int, Player], by) -> None:
    round_ = Round.objects.create(
        section=section, number=number, status=Round.Status.COMPLETED, published_at=timezone.now()
    )
    boards: list[tuple[Player, Player | None, str]] = []
    outcomes: list[tuple[str, str]] = []  # (South's code, North's code) per game board
    seen: set[int] = set()
    for trf_player in trf.players:
        tpn = trf_player.pairing_number
        if number > len(trf_player.rounds) or tpn in seen:
            continue
        cell = trf_player.rounds[number - 1]
        if cell.opponent is None or cell.opponent == tpn:
            if cell.result == codes.PAIRING_BYE:
                boards.append((players[tpn], None, _("Pairing-allocated bye")))
            elif cell.result in REQUESTED_BYE_POINTS:
                RequestedBye.objects.create(
                    player=players[tpn],
                    round_number=number,
                    points=REQUESTED_BYE_POINTS[cell.result],
                )
            seen.add(tpn)
            continue
        other = next(p for p in trf.players if p.pairing_number == cell.opponent)
        their = other.rounds[number - 1] if number <= len(other.rounds) else None
        if their is None or their.opponent != tpn:
            raise ServiceError(
                ErrorCode.INVALID_TRF,
                case="opponents",
                field="file",
                round=number,
                a=tpn,
                b=cell.opponent,
            )
        south, north = (tpn, cell.opponent) if cell.colour == "w" else (cell.opponent, tpn)
        own, theirs = (cell.result, their.result) if south == tpn else (their.result, cell.result)
        boards.append((players[south], players[north], _("Imported from TRF")))
        outcomes.append((own, theirs))
        seen.update((tpn, cell.opponent))
    # Games first by board, the bye last, as the product stores rounds.
    boards.sort(key=lambda board: board[1] is None)
    store_boards(round_, boards)
    games = round_.pairings.filter(north__isnull=False).select_related(
        "round__section__tournament", "south", "north"
    )
    for pairing, (south_code, north_code) in zip(games.order_by("board"), outcomes, strict=True):
        entry = _entry(south_code, north_code)
        record_result(pairing, entry, by=by, reason=_("Imported from TRF"))


def _entry(south: str, north: str) -> ResultEntry:
    """What the file says of a game, and nothing more: a forfeit and who was absent, or the
    points with the game score unknown."""
    if south in codes.FORFEITS or north in codes.FORFEITS:
        if south == codes.FORFEIT_LOSS and north == codes.FORFEIT_LOSS:
            return ResultEntry(ending=Ending.DOUBLE_FORFEIT)
        absent = Side.SOUTH if south == codes.FORFEIT_LOSS else Side.NORTH
        return ResultEntry(ending=Ending.FORFEIT, decided_by=absent.letter)
    south_points = POINTS_OF_GAME[south]
    return ResultEntry(
        south_points=south_points, north_points=Decimal(1) - south_points, score_unknown=True
    )
