"""Importing a section with its history from a TRF file (an event started in another program).

Players keep the file's pairing numbers; each round of the file becomes a completed round with
its boards, the pairing-allocated bye, requested byes and forfeits. Every game's result goes
through the results service like one typed by the importing arbiter (one audit row each, with
the reason "Imported from TRF"). TRF gives the points of a game but not its game score nor how
it ended: the entry says so (`score_unknown`), pages show "score unknown", and team tie-breaks
over game scores say they are incomplete. The next round paired in the product is then the one
the Dutch engine's command line pairs from the same file.

The file is read through the neutral history (tournaments/trf/history.py), so no TRF code is
interpreted here. Only the rounds the pairing programs count as completed become rounds; a last
column that only announces who will not be paired next (`0000 - H`, `Z`, `F`, a blank) becomes
requested byes of the round to pair, as do the `240` byes of that round. The file's initial
colour, forbidden pairs (`XXP`, and `260` for a range of rounds) and virtual points (`XXA`) are
kept on the section, its teams (`013`, `310`) as teams of the tournament, so its later rounds
pair as the file's own program would; so is its number of rounds (`XXR`, `142`), so that its
last round is paired with the last-round rules where the file's program would apply them.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from oware.endings import Ending
from oware.points import WIN
from oware.sides import Side
from tournaments.history import RoundRecord, SectionHistory
from tournaments.models import Player, RequestedBye, Round, Section, Team, Tournament
from tournaments.models.event import kind_from_name
from tournaments.outcomes import RoundOutcome
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.import_checks import checked_create
from tournaments.services.permissions import require_arbiter
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards
from tournaments.trf import parse
from tournaments.trf.errors import TrfError
from tournaments.trf.history import history_from_trf
from tournaments.trf.model import Team as TrfTeam

BYE_OUTCOMES = {
    RoundOutcome.HALF_POINT_BYE,
    RoundOutcome.FULL_POINT_BYE,
    RoundOutcome.ZERO_POINT_BYE,
}
KNOWN_SEXES = {choice.value for choice in Player.Sex}
TEAM_NAME_LENGTH = Team._meta.get_field("name").max_length
MAX_ROUNDS = 30  # as a tournament's (its check constraint)


@transaction.atomic
def import_trf_section(
    tournament: Tournament, name: str, text: str, *, by, kind: str | None = None
) -> Section:
    """Add section `name` to `tournament` with the players and rounds of the TRF `text`.

    The section is of `kind` (`Section.Kind`), by default the one its name says. Refused
    (ServiceError, nothing written) for a file that does not read, a section name already used,
    a number of rounds the section cannot have (see `_round_count`), a player of the other sex
    in a section of men or of women, or a round whose blocks contradict each other.
    """
    require_arbiter(tournament, by)
    try:
        trf = parse(text)
    except TrfError as error:
        raise ServiceError(
            ErrorCode.INVALID_TRF,
            case="line" if error.line is not None else None,
            field="file",
            line=error.line,
            problem=error,
        ) from error
    history = history_from_trf(trf)
    slug = slugify(name)[: Section._meta.get_field("slug").max_length].strip("-")
    if not slug or tournament.sections.filter(slug=slug).exists():
        raise ServiceError(ErrorCode.DUPLICATE_SECTION, case="taken", field="name", name=name)
    played = trf.rounds_completed
    round_count = _round_count(tournament, trf.rounds, played)
    section = checked_create(
        Section,
        "section",
        name,
        tournament=tournament,
        name=name,
        slug=slug,
        order=tournament.sections.count(),
        initial_side=Side.SOUTH if history.initial_side is None else history.initial_side,
        round_count=round_count,
        sex=kind_from_name(name) if kind is None else kind,
        forbidden_pairs=_forbidden_pairs(tournament, history, trf.teams),
        round_forbidden_pairs=[
            [first, last, list(group)] for first, last, group in history.round_forbidden_pairs
        ],
        acceleration={
            str(number): [str(value) for value in values]
            for number, values in history.acceleration.items()
        },
    )
    players = {
        p.pairing_number: checked_create(
            Player,
            "player",
            p.pairing_number,
            section=section,
            pairing_number=p.pairing_number,
            name=p.name or f"#{p.pairing_number}",
            sex=_sex_of(p.sex),
            title=p.title[:3],
            rating=p.rating,
            federation=p.federation[:3],
            identity_number=p.fide_id,
            birth_date=p.birth_date,
        )
        for p in trf.players
    }
    for player in players.values():
        if section.sex and player.sex and player.sex != section.sex:
            raise ServiceError(
                ErrorCode.WRONG_SEX,
                case="player",
                field="file",
                name=player.name,
                section=section.name,
                sex=section.sex_word,
            )
    _import_teams(tournament, section, trf.teams, players)
    for number in range(1, played + 1):
        _import_round(section, number, history, players, by)
    _announce_next_round(history, played + 1, players)
    return section


def _round_count(tournament: Tournament, announced: int | None, played: int) -> int | None:
    """The section's own number of rounds: the file's (`XXR` / `142`) when it differs from the
    tournament's, none (the tournament's) otherwise. A file that announces fewer rounds than it
    played, more than a section may have, or that played more rounds than the tournament has
    without saying how many it has, is refused. A finished event (every round played) imports.
    """
    if announced is None:
        if played > tournament.rounds:
            raise ServiceError(
                ErrorCode.TOO_MANY_ROUNDS, field="file", played=played, rounds=tournament.rounds
            )
        return None
    if announced < played:
        raise ServiceError(
            ErrorCode.TOO_MANY_ROUNDS,
            case="announced",
            field="file",
            played=played,
            rounds=announced,
        )
    if announced > MAX_ROUNDS:
        raise ServiceError(
            ErrorCode.TOO_MANY_ROUNDS,
            case="limit",
            field="file",
            rounds=announced,
            limit=MAX_ROUNDS,
        )
    return None if announced == tournament.rounds else announced


def _sex_of(text: str) -> str:
    """The player's sex, blank when the file does not say: guessing would put him in the wrong
    list of a sex-restricted section or prize. TRF writes women `w`, some programs `f`."""
    sex = "w" if text.lower() == "f" else text.lower()
    return sex if sex in KNOWN_SEXES else ""


def _forbidden_pairs(tournament: Tournament, history: SectionHistory, teams) -> list[list[int]]:
    """The file's `XXP` groups, less those that only repeat a team of the file: a tournament
    that keeps team-mates apart keeps them apart through the team (the export writes both)."""
    members = {tuple(sorted(team.members)) for team in teams}
    return [
        list(group)
        for group in history.forbidden_pairs
        if not (tournament.avoid_teammates and tuple(sorted(group)) in members)
    ]


def _import_teams(
    tournament: Tournament, section: Section, file_teams: list[TrfTeam], players
) -> None:
    """Each team of the file as a team of the tournament, its members joining it.

    A team of the same name already in the tournament is the same team (its players of
    another section, from that section's file): the members join it. Otherwise the team is
    created with the file's nickname as its code when no other team has it. The file's players
    played their games in their team: a team with more players in the section than the
    tournament's composition allows is imported as it is (the registration refuses only new
    entries), and the coach and federation, which TRF does not hold, stay blank.
    """
    for index, file_team in enumerate(file_teams, start=1):
        name = (file_team.name or f"{section.name} {index}")[:TEAM_NAME_LENGTH]
        team = tournament.teams.filter(name=name).first()
        if team is None:
            team = checked_create(
                Team,
                "team",
                name,
                tournament=tournament,
                name=name,
                code=_free_code(tournament, file_team.nickname, f"{section.slug[:6]}{index}"),
            )
        members = [players[n].pk for n in file_team.members]
        Player.objects.filter(pk__in=members).update(team=team)


def _free_code(tournament: Tournament, wanted: str, fallback: str) -> str:
    """`wanted` when no team of the tournament has that code, else `fallback` made unique."""
    taken = {code.casefold() for code in tournament.teams.values_list("code", flat=True)}
    if wanted and wanted.casefold() not in taken:
        return wanted
    code, suffix = fallback[:10], 1
    while code.casefold() in taken:
        suffix += 1
        code = f"{fallback[: 10 - len(str(suffix))]}{suffix}"
    return code


def _announce_next_round(history: SectionHistory, number: int, players) -> None:
    """A column past the completed rounds says who will not be paired in the next round: each
    bye it announces becomes a requested bye, so the product pairs that round as the file's
    program would."""
    for player in history.players:
        record = player.record(number)
        if record is not None and record.outcome in BYE_OUTCOMES:
            RequestedBye.objects.create(
                player=players[player.number], round_number=number, points=record.points
            )


def _import_round(
    section: Section, number: int, history: SectionHistory, players: dict[int, Player], by
) -> None:
    round_ = Round.objects.create(
        section=section, number=number, status=Round.Status.COMPLETED, published_at=timezone.now()
    )
    records = {p.number: p.record(number) for p in history.players}
    boards: list[tuple[Player, Player | None, str]] = []
    games: list[tuple[RoundRecord, RoundRecord]] = []  # (South's record, North's) per board
    seen: set[int] = set()
    for tpn, record in records.items():
        if record is None or tpn in seen:
            continue
        seen.add(tpn)
        if not record.outcome.has_opponent:
            if record.outcome is RoundOutcome.PAIRING_BYE:
                boards.append((players[tpn], None, _("Pairing-allocated bye")))
            elif record.outcome in BYE_OUTCOMES:
                RequestedBye.objects.create(
                    player=players[tpn], round_number=number, points=record.points
                )
            continue
        theirs = records.get(record.opponent)
        if theirs is None or theirs.opponent != tpn:
            raise ServiceError(
                ErrorCode.INVALID_TRF,
                case="opponents",
                field="file",
                round=number,
                a=tpn,
                b=record.opponent,
            )
        seen.add(record.opponent)
        # A forfeit's side may be missing from the file: the player listed first sits South.
        south_first = record.side is not Side.NORTH
        south, north = (tpn, record.opponent) if south_first else (record.opponent, tpn)
        boards.append((players[south], players[north], _("Imported from TRF")))
        games.append((record, theirs) if south_first else (theirs, record))
    # Games first by board, the bye last, as the product stores rounds.
    boards.sort(key=lambda board: board[1] is None)
    store_boards(round_, boards)
    pairings = round_.pairings.filter(north__isnull=False).select_related(
        "round__section__tournament", "south", "north"
    )
    for pairing, (south, north) in zip(pairings.order_by("board"), games, strict=True):
        record_result(pairing, _entry(south, north), by=by, reason=_("Imported from TRF"))


def _entry(south: RoundRecord, north: RoundRecord) -> ResultEntry:
    """What the file says of a game, and nothing more: a forfeit and who was absent, or the
    points with the game score unknown."""
    forfeit = {RoundOutcome.FORFEIT_WIN, RoundOutcome.FORFEIT_LOSS}
    if south.outcome in forfeit or north.outcome in forfeit:
        loss = RoundOutcome.FORFEIT_LOSS
        if south.outcome is loss and north.outcome is loss:
            return ResultEntry(ending=Ending.DOUBLE_FORFEIT)
        absent = Side.SOUTH if south.outcome is loss else Side.NORTH
        return ResultEntry(ending=Ending.FORFEIT, decided_by=absent)
    return ResultEntry(
        south_points=south.points, north_points=WIN - south.points, score_unknown=True
    )
