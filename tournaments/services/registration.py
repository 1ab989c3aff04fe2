"""Registering players and teams, and giving pairing numbers before the first round."""

import csv
import re
from collections import Counter

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from tournaments.freshness import touch
from tournaments.models import Player, RequestedBye, Section, Team, Undo
from tournaments.pairing.systems import get_system
from tournaments.registration_import import ImportFileError, ImportRow, read_csv, read_trf
from tournaments.services import rating_source
from tournaments.services.errors import ErrorCode, ServiceError, save_validated
from tournaments.services.import_checks import require_size
from tournaments.services.permissions import require_arbiter

# FIDE title order, strongest first; an untitled player sorts after every title.
TITLE_ORDER = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"]


def seeding_key(player: Player):
    """Order before round 1: rating (highest first, unrated last), then title, then name."""
    title_rank = (
        TITLE_ORDER.index(player.title) if player.title in TITLE_ORDER else len(TITLE_ORDER)
    )
    return (-(player.rating or 0), title_rank, player.name.casefold())


def numbering_needed(section: Section) -> bool:
    """True before round 1 when the players were never numbered and their registration order
    differs from the order "number by rating" would give: pairing now would seed them wrongly.
    """
    if section.numbered or section_has_rounds(section):
        return False
    players = list(section.players.all())
    return [p.pk for p in players] != [p.pk for p in sorted(players, key=seeding_key)]


def section_has_rounds(section: Section) -> bool:
    return section.rounds.exists()


def check_team_composition(player: Player) -> None:
    """Refuse `player` (ServiceError naming the field) if he cannot sit in his section and team.

    The tournament's team composition decides: the team must belong to the section's
    tournament and have fewer than `players_per_team_per_section` other players in the section,
    and a section with a sex takes players of that sex only. The admin, forms, imports and the
    API all come through here.
    """
    section = player.section
    tournament = section.tournament
    if section.sex and player.sex and player.sex != section.sex:
        raise ServiceError(
            ErrorCode.WRONG_SEX,
            field="sex",
            section=section.name,
            sex=section.sex_word,
        )
    if player.team_id is None:
        return
    team = Team.objects.get(pk=player.team_id)
    if team.tournament_id != tournament.pk:
        raise ServiceError(ErrorCode.FOREIGN_TEAM, field="team", team=team.name)
    quota = tournament.players_per_team_per_section
    others = section.players.filter(team_id=team.pk).exclude(pk=player.pk).count()
    if others >= quota:
        raise ServiceError(
            ErrorCode.TEAM_FULL, field="team", team=team.name, count=others, section=section.name
        )


def same_name_players(section: Section, name: str, *, exclude: Player | None = None):
    """Players of `section` already registered under `name` (case and spacing ignored)."""
    wanted = " ".join(name.split()).casefold()
    players = section.players.exclude(pk=exclude.pk) if exclude else section.players.all()
    return [p for p in players if " ".join(p.name.split()).casefold() == wanted]


@transaction.atomic
def register_player(section: Section, *, by, **fields) -> Player:
    """Add a player to `section` with the next free pairing number.

    Before round 1 the caller re-seeds the section with `assign_pairing_numbers`; a player added
    later is a late entry: he misses the rounds already paired and keeps the number given here.
    A round robin refuses late entries: they would change every round of its schedule.
    Refused (ServiceError) when the team composition does not allow him.
    """
    require_arbiter(section.tournament, by)
    Section.objects.select_for_update().get(pk=section.pk)
    last = section.players.aggregate(last=Max("pairing_number"))["last"] or 0
    player = Player(section=section, pairing_number=last + 1, **fields)
    if player.rating is None:
        # A rating left blank is the current list's, found by the identity number.
        player.rating = rating_source.rating_of(player)
    if section_has_rounds(section) and get_system(section.pairing_system).scheduled:
        raise ServiceError(ErrorCode.SCHEDULE_FIXED)
    if section_has_rounds(section):
        player.entry_round = max(player.entry_round, section.rounds.count() + 1)
    check_team_composition(player)
    player = save_validated(player)
    _numbering_outdated(section)
    return player


def _numbering_outdated(section: Section) -> None:
    if not section_has_rounds(section):
        Section.objects.filter(pk=section.pk).update(numbered=False)


# What an arbiter may change on a player at any time; the pairing number has its own service.
EDITABLE_PLAYER_FIELDS = (
    "name",
    "sex",
    "title",
    "rating",
    "federation",
    "identity_number",
    "birth_date",
    "team",
)


@transaction.atomic
def update_player(player: Player, *, by, **fields) -> Player:
    """Change a player's name, sex, title, rating, federation, identity number, birth date or
    team, at any time."""
    require_arbiter(player.section.tournament, by)
    Section.objects.select_for_update().get(pk=player.section_id)
    unknown = set(fields) - set(EDITABLE_PLAYER_FIELDS)
    if unknown:
        raise ValueError(f"not editable here: {sorted(unknown)}")
    player = Player.objects.select_related("section__tournament").get(pk=player.pk)
    for name, value in fields.items():
        setattr(player, name, value)
    check_team_composition(player)
    return save_validated(player)


def deletion_refusal(section: Section) -> ServiceError | None:
    """Why no player of `section` can be deleted now, or None when they can: once a round is
    paired, a player leaves by withdrawal, so that the rounds already paired keep him."""
    if section_has_rounds(section):
        return ServiceError(
            ErrorCode.ROUNDS_EXIST, case="player", field="player", section=section.name
        )
    return None


@transaction.atomic
def delete_player(player: Player, *, by) -> None:
    """Remove a registration made by mistake, unless `deletion_refusal` says why not."""
    require_arbiter(player.section.tournament, by)
    section = Section.objects.select_for_update().get(pk=player.section_id)
    refusal = deletion_refusal(section)
    if refusal is not None:
        raise refusal
    player.delete()
    _numbering_outdated(section)


@transaction.atomic
def reenter_player(player: Player, from_round: int, *, by) -> Player:
    """Pair a withdrawn player again from round `from_round` on.

    The rounds between his withdrawal and `from_round` are kept as missed (absent, no point),
    which the pairing history reads through `Player.is_paired_in`. Refused when that round is
    already paired or comes before his withdrawal.
    """
    require_arbiter(player.section.tournament, by)
    section = Section.objects.select_for_update().get(pk=player.section_id)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.status != Player.Status.WITHDRAWN:
        raise ServiceError(ErrorCode.NOT_WITHDRAWN, field="player", name=player.name)
    if from_round < player.withdrawn_from_round:
        raise ServiceError(
            ErrorCode.BEFORE_WITHDRAWAL,
            field="from_round",
            name=player.name,
            round=player.withdrawn_from_round,
        )
    if section.rounds.filter(number__gte=from_round).exists():
        raise ServiceError(
            ErrorCode.ROUND_EXISTS, case="reenter", field="from_round", round=from_round
        )
    missed = set(player.missed_rounds) | set(range(player.withdrawn_from_round, from_round))
    player.missed_rounds = sorted(missed)
    player.status = Player.Status.ACTIVE
    player.withdrawn_from_round = None
    player.save(update_fields=["missed_rounds", "status", "withdrawn_from_round"])
    return player


@transaction.atomic
def assign_pairing_numbers(section: Section, *, by, order: list[int] | None = None) -> list[Player]:
    """Number the section's players 1..n by rating, title and name, or by the arbiter's `order`.

    `order` lists player ids in the wanted order and must name every player once. Refused once
    a round exists: pairing numbers are then part of the tournament's history.
    """
    require_arbiter(section.tournament, by)
    Section.objects.select_for_update().get(pk=section.pk)
    if section_has_rounds(section):
        raise ServiceError(ErrorCode.ROUNDS_EXIST, case="numbers")
    players = list(section.players.all())
    if order is None:
        players.sort(key=seeding_key)
    else:
        by_id = {p.pk: p for p in players}
        if sorted(order) != sorted(by_id):
            raise ServiceError(ErrorCode.BAD_ORDER, field="order")
        players = [by_id[pk] for pk in order]
    # Shift out of the way first so the unique (section, pairing number) never clashes midway.
    section.players.update(pairing_number=F("pairing_number") + 100000)
    for number, player in enumerate(players, start=1):
        player.pairing_number = number
    Player.objects.bulk_update(players, ["pairing_number"])
    Section.objects.filter(pk=section.pk).update(numbered=True)
    touch(section.tournament_id)  # bulk writes send no signals
    return players


@transaction.atomic
def withdraw_player(player: Player, from_round: int, *, by) -> Player:
    """Stop pairing `player` from round `from_round` on; earlier results stay as they are.

    Refused when that round is already paired with the player in it: delete the draft, or
    enter a forfeit for a published round.
    """
    require_arbiter(player.section.tournament, by)
    # The section lock orders this after (or before) a "pair next round" in progress.
    Section.objects.select_for_update().get(pk=player.section_id)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.seats.filter(round__number__gte=from_round).exists():
        raise ServiceError(
            ErrorCode.ALREADY_PAIRED, field="from_round", name=player.name, round=from_round
        )
    player.status = Player.Status.WITHDRAWN
    player.withdrawn_from_round = from_round
    player.save(update_fields=["status", "withdrawn_from_round"])
    return player


@transaction.atomic
def request_bye(player: Player, round_number: int, points, *, by) -> RequestedBye:
    """Record a bye the player asked for (½ or 0 point); only before that round is paired."""
    tournament = player.section.tournament
    require_arbiter(tournament, by)
    Section.objects.select_for_update().get(pk=player.section_id)
    player = Player.objects.get(pk=player.pk)  # as it is now, under the section's lock
    rounds = player.section.total_rounds
    if not 1 <= round_number <= rounds:
        raise ServiceError(ErrorCode.NO_SUCH_ROUND, field="round_number", rounds=rounds)
    if not player.is_paired_in(round_number):
        raise ServiceError(
            ErrorCode.NOT_PLAYING, field="player", name=player.name, round=round_number
        )
    if player.section.rounds.filter(number=round_number).exists():
        raise ServiceError(
            ErrorCode.ROUND_EXISTS, case="bye", field="round_number", round=round_number
        )
    bye, _created = RequestedBye.objects.update_or_create(
        player=player, round_number=round_number, defaults={"points": points}
    )
    return bye


# --- undoing a withdrawal, a requested bye or a late entry -----------------------------------
# Each can be undone, with a reason kept in an `Undo` row, until the round it concerns is paired.


def _undo_checked(section: Section, round_number: int, name: str, by, reason: str) -> None:
    """Refuse an undo (ServiceError) by a non-arbiter, without a reason, or once round
    `round_number` of `section` is paired; lock the section otherwise."""
    require_arbiter(section.tournament, by)
    Section.objects.select_for_update().get(pk=section.pk)
    if section.rounds.filter(number__gte=round_number).exists():
        raise ServiceError(ErrorCode.STEP_FIXED, field="player", round=round_number, name=name)
    if not reason.strip():
        raise ServiceError(ErrorCode.REASON_REQUIRED, case="undo", field="reason")


def _keep_undo(player: Player, kind, round_number: int, snapshot: dict, by, reason: str) -> Undo:
    return Undo.objects.create(
        section=player.section,
        kind=kind,
        round_number=round_number,
        subject=f"{player.pairing_number}. {player.name}",
        snapshot={"player": player.pairing_number, "name": player.name, **snapshot},
        done_by=by,
        reason=reason.strip(),
    )


@transaction.atomic
def undo_withdrawal(player: Player, *, by, reason: str) -> Player:
    """Make a withdrawn player active again as if he had never withdrawn.

    Refused (ServiceError) unless he is withdrawn and the round of his withdrawal is not paired
    yet; after that, `reenter_player` brings him back from a later round.
    """
    player = Player.objects.select_related("section__tournament").get(pk=player.pk)
    if player.status != Player.Status.WITHDRAWN:
        require_arbiter(player.section.tournament, by)
        raise ServiceError(ErrorCode.NOT_WITHDRAWN, field="player", name=player.name)
    since = player.withdrawn_from_round
    _undo_checked(player.section, since, player.name, by, reason)
    _keep_undo(player, Undo.Kind.WITHDRAWAL, since, {"withdrawn_from_round": since}, by, reason)
    player.status = Player.Status.ACTIVE
    player.withdrawn_from_round = None
    player.save(update_fields=["status", "withdrawn_from_round"])
    return player


@transaction.atomic
def cancel_bye(bye: RequestedBye, *, by, reason: str) -> None:
    """Cancel a bye a player asked for, until that round is paired."""
    bye = RequestedBye.objects.select_related("player__section__tournament").get(pk=bye.pk)
    player = bye.player
    _undo_checked(player.section, bye.round_number, player.name, by, reason)
    snapshot = {"round": bye.round_number, "points": format(bye.points.normalize(), "f")}
    _keep_undo(player, Undo.Kind.BYE, bye.round_number, snapshot, by, reason)
    bye.delete()


@transaction.atomic
def undo_late_entry(player: Player, *, by, reason: str) -> None:
    """Remove a player registered after round 1 was paired, until his first round is paired.

    Only the last player registered (the highest pairing number) can go, so the numbers stay
    1..n; before round 1 a registration is deleted with `delete_player` instead.
    """
    player = Player.objects.select_related("section__tournament").get(pk=player.pk)
    section = player.section
    require_arbiter(section.tournament, by)
    if not section_has_rounds(section):
        raise ServiceError(ErrorCode.NOT_LATE_ENTRY, field="player", name=player.name)
    last = section.players.aggregate(last=Max("pairing_number"))["last"]
    if player.pairing_number != last:
        raise ServiceError(
            ErrorCode.NOT_LATE_ENTRY, case="not_last", field="player", name=player.name
        )
    first = player.seats.order_by("round__number").values_list("round__number", flat=True).first()
    _undo_checked(section, first or player.entry_round, player.name, by, reason)
    snapshot = {
        field: str(getattr(player, field) or "")
        for field in (*EDITABLE_PLAYER_FIELDS, "entry_round")
    }
    _keep_undo(player, Undo.Kind.LATE_ENTRY, player.entry_round, snapshot, by, reason)
    player.delete()


def _import_messages() -> dict[str, str]:
    return {
        "no_header": ErrorCode.BAD_FILE.message("no_header"),
        "no_name": _("The name is missing."),
        "bad_sex": _("Sex “%(value)s” is neither m nor w."),
        "bad_rating": _("Rating “%(value)s” is not a whole number up to 3000."),
        "bad_trf": str(ErrorCode.BAD_FILE.templates["bad_trf"]),
    }


def team_by_code(tournament, code: str) -> Team | None:
    """The team of `tournament` with `code`; None for an empty code, ServiceError (field 'team')
    when no team has it."""
    if not code:
        return None
    team = tournament.teams.filter(code=code).first()
    if team is None:
        raise ServiceError(
            ErrorCode.UNKNOWN_TEAM, field="team", name=tournament.name, team_code=code
        )
    return team


def read_import(text: str, kind: str) -> list[ImportRow]:
    """The rows of an uploaded file, `kind` 'csv' or 'trf'; ServiceError (field 'file') if the
    file as a whole is unreadable."""
    reader = read_trf if kind == "trf" else read_csv
    require_size(text)
    _refuse_nul(text)
    try:
        return reader(text, _import_messages())
    except csv.Error as error:  # a field longer than csv allows, a stray quote…
        raise ServiceError(ErrorCode.BAD_CSV, field="file", problem=str(error)) from error
    except ImportFileError as error:
        params = dict(error.params)
        if "trf_error" in params:
            params["problem"] = params.pop("trf_error")
        raise ServiceError(ErrorCode.BAD_FILE, case=error.code, field="file", **params) from error


def _refuse_nul(text: str) -> None:
    """A null character is refused where it is, with its line and column: the confirmation
    sends the previewed text back as a form field, which refuses it, so the preview must too."""
    at = text.find("\x00")
    if at < 0:
        return
    lines = re.split(r"\r\n|\r|\n", text[:at])
    raise ServiceError(
        ErrorCode.BAD_FILE, case="nul", field="file", line=len(lines), column=len(lines[-1]) + 1
    )


def _field_problems(section: Section, row: ImportRow) -> list[str]:
    """What the player model refuses in `row` (a name too long for TRF, a line break, a title or
    federation over three letters), so that the preview shows it on its line."""
    player = Player(
        section=section,
        pairing_number=1,
        name=row.name,
        sex=row.sex,
        rating=row.rating,
        title=row.title,
        federation=row.federation,
        identity_number=row.identity_number,
        birth_date=row.birth_date,
    )
    # Missing names and unreadable sexes already have the reader's own message.
    skip = ["section", "team", "pairing_number"] + [
        f for f in ("name", "sex") if not getattr(row, f)
    ]
    try:
        player.clean_fields(exclude=skip)
    except ValidationError as error:
        return [
            _("%(field)s: %(problem)s")
            % {"field": capfirst(Player._meta.get_field(field).verbose_name), "problem": problem}
            for field, problems in error.message_dict.items()
            for problem in problems
        ]
    return []


def teams_to_create(section: Section, rows: list[ImportRow]) -> list[str]:
    """The team codes `rows` name that no team of the tournament has, as first spelled in the
    file: the import creates these teams (named by their code, renamed on the teams page)."""
    known = {code.casefold() for code in section.tournament.teams.values_list("code", flat=True)}
    new = {}
    for row in rows:
        code = row.team_code.strip()
        if code and code.casefold() not in known:
            new.setdefault(code.casefold(), code)
    return list(new.values())


def _new_team_problems(tournament, code: str) -> list[str]:
    """What the team model refuses in a team created from `code` (too long, a line break, a
    name another team has)."""
    team = Team(tournament=tournament, name=code, code=code)
    try:
        team.full_clean()
    except ValidationError as error:
        return [
            _("Team “%(code)s” cannot be created: %(problem)s") % {"code": code, "problem": problem}
            for problems in error.message_dict.values()
            for problem in problems
        ]
    return []


def check_import(section: Section, rows: list[ImportRow]) -> list[ImportRow]:
    """Add to each row's errors what the database knows: team composition (a team the file
    names that does not exist yet counts as created by the import), a team code that cannot
    make a team, a name already in the section or twice in the file. Writes nothing."""
    tournament = section.tournament
    teams = {team.code.casefold(): team for team in tournament.teams.all()}
    new_teams = {
        code.casefold(): _new_team_problems(tournament, code)
        for code in teams_to_create(section, rows)
    }
    taken = {" ".join(p.name.split()).casefold() for p in section.players.all()}
    per_team = Counter(section.players.exclude(team=None).values_list("team_id", flat=True))
    seen = set()
    for row in rows:
        row.errors.extend(_field_problems(section, row))
        key = row.name.casefold()
        if key and (key in taken or key in seen):
            row.errors.append(
                _("%(name)s is already registered in this section.") % {"name": row.name}
            )
        seen.add(key)
        team, team_key = None, None
        if row.team_code:
            team = teams.get(row.team_code.strip().casefold())
            team_key = team.pk if team is not None else row.team_code.strip().casefold()
            row.errors.extend(new_teams.get(team_key, []) if team is None else [])
        wrong_sex = bool(section.sex and row.sex and row.sex != section.sex)
        if wrong_sex:
            row.errors.append(
                ErrorCode.WRONG_SEX.message(section=section.name, sex=section.sex_word)
            )
        # A row refused for its sex takes no place in its team: its reason is the sex alone.
        if team_key is not None and not wrong_sex:
            per_team[team_key] += 1
            if per_team[team_key] > tournament.players_per_team_per_section:
                row.errors.append(
                    _("The team %(team)s would have more than %(count)d players in %(section)s.")
                    % {
                        "team": team.name if team is not None else row.team_code.strip(),
                        "count": tournament.players_per_team_per_section,
                        "section": section.name,
                    }
                )
        row.team = team
    return rows


@transaction.atomic
def import_players(section: Section, rows: list[ImportRow], *, by) -> list[Player]:
    """Register every row, all or nothing: ServiceError (code 'import_errors', nothing stored)
    when any row has a problem, after `check_import` has looked at them all. The teams the rows
    name that do not exist yet are created first (`teams_to_create`), in the same transaction."""
    require_arbiter(section.tournament, by)
    Section.objects.select_for_update().get(pk=section.pk)
    check_import(section, rows)
    wrong = [row for row in rows if not row.ok]
    if wrong or not rows:
        if rows:
            raise ServiceError(ErrorCode.IMPORT_ERRORS, case="rows", field="file", count=len(wrong))
        raise ServiceError(ErrorCode.IMPORT_ERRORS, case="empty", field="file")
    for code in teams_to_create(section, rows):
        save_validated(Team(tournament=section.tournament, name=code, code=code))
    teams = {team.code.casefold(): team for team in section.tournament.teams.all()}
    for row in rows:
        row.team = teams.get(row.team_code.strip().casefold()) if row.team_code.strip() else None
    return [
        register_player(
            section,
            by=by,
            name=row.name,
            sex=row.sex,
            rating=row.rating,
            title=row.title,
            federation=row.federation,
            identity_number=row.identity_number,
            birth_date=row.birth_date,
            team=row.team,
        )
        for row in rows
    ]
