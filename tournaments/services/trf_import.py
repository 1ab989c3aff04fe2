"""Importing a section with its history from a TRF file (an event started in another program).

Players keep the file's pairing numbers; each round of the file becomes a completed round with
its boards, the pairing-allocated bye, requested byes and forfeits. TRF gives the points of a
game but not its game score nor how it ended: such results are stored with `score_unknown` set
(a decisive game as a capture, a draw as 24–24 for the ending, no seeds), shown as "score
unknown", and team tie-breaks over game scores say they are incomplete. The next round paired
in the product is then the one the Dutch engine's command line pairs from the same file.

The file's initial colour (`XXC white1`/`black1`, or record 152) is kept on the section, so its
later rounds pair as the file's own program would.
"""

from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.oware.sides import Side
from tournaments.models import Pairing, Player, RequestedBye, Result, Round, Section, Tournament
from tournaments.models.results import Ending
from tournaments.services.errors import ServiceError
from tournaments.services.permissions import require_arbiter
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
        raise ServiceError(str(error), code="invalid_trf", field="file") from error
    slug = slugify(name)[: Section._meta.get_field("slug").max_length].strip("-")
    if not slug or tournament.sections.filter(slug=slug).exists():
        raise ServiceError(
            _("The tournament has a section %(name)s already.") % {"name": name},
            code="duplicate_section",
            field="name",
        )
    played = max((len(p.rounds) for p in trf.players), default=0)
    if played >= tournament.rounds:
        raise ServiceError(
            _("The file has %(played)d rounds; the tournament has %(rounds)d.")
            % {"played": played, "rounds": tournament.rounds},
            code="too_many_rounds",
            field="file",
        )
    section = tournament.sections.create(
        name=name,
        slug=slug,
        order=tournament.sections.count(),
        initial_colour="b" if trf.initial_colour == "b" else "w",
    )
    players = {
        p.pairing_number: Player.objects.create(
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
                _("Round %(round)d: players %(a)d and %(b)d do not name each other.")
                % {"round": number, "a": tpn, "b": cell.opponent},
                code="invalid_trf",
                field="file",
            )
        south, north = (tpn, cell.opponent) if cell.colour == "w" else (cell.opponent, tpn)
        own, theirs = (cell.result, their.result) if south == tpn else (their.result, cell.result)
        boards.append((players[south], players[north], _("Imported from TRF")))
        outcomes.append((own, theirs))
        seen.update((tpn, cell.opponent))
    # Games first by board, the bye last, as the product stores rounds.
    boards.sort(key=lambda board: board[1] is None)
    store_boards(round_, boards)
    games = round_.pairings.filter(north__isnull=False).order_by("board")
    Result.objects.bulk_create(
        _result(pairing, south_code, north_code, by)
        for pairing, (south_code, north_code) in zip(games, outcomes, strict=True)
    )


def _result(pairing: Pairing, south: str, north: str, by) -> Result:
    if south in codes.FORFEITS or north in codes.FORFEITS:
        if south == codes.FORFEIT_LOSS and north == codes.FORFEIT_LOSS:
            return Result(
                pairing=pairing,
                south_points=0,
                north_points=0,
                ending=Ending.DOUBLE_FORFEIT,
                entered_by=by,
            )
        absent = Side.SOUTH if south == codes.FORFEIT_LOSS else Side.NORTH
        return Result(
            pairing=pairing,
            south_points=Decimal(absent == Side.NORTH),
            north_points=Decimal(absent == Side.SOUTH),
            ending=Ending.FORFEIT,
            decided_by=absent.letter,
            entered_by=by,
        )
    south_points = POINTS_OF_GAME[south]
    return Result(
        pairing=pairing,
        south_points=south_points,
        north_points=Decimal(1) - south_points,
        ending=Ending.DRAW24 if south_points == Decimal("0.5") else Ending.CAPTURE,
        score_unknown=True,
        entered_by=by,
    )
