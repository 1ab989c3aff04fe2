"""Creating a tournament with its sections, and registering its teams."""

from django.db import transaction
from django.utils.text import slugify

from tournaments.freshness import held_back
from tournaments.models import Round, Section, Team, Tournament
from tournaments.models.event import (
    DEFAULT_TIEBREAKS,
    ROUND_ROBIN_TIEBREAKS,
    SECTION_SLUG_LENGTH,
    kind_from_name,
)
from tournaments.pairing.systems import DUTCH, get_system
from tournaments.services.errors import ErrorCode, ServiceError, save_validated
from tournaments.services.permissions import require_arbiter

CREATE_PERMISSION = "tournaments.add_tournament"


@transaction.atomic
def create_tournament(
    *, by, sections: list[str], pairing_system: str = DUTCH, kinds=None, **fields
) -> Tournament:
    """Create a tournament with `sections` (names, in display order); `by` becomes its arbiter.

    Each section is Open, Men or Women (`Section.Kind`): `kinds` maps a name to its kind, and a
    section it does not name gets the kind its name says (`kind_from_name`: Men, Femmes, …).

    Every section is paired by `pairing_system` (a code of `tournaments.pairing.systems`).
    A round robin left with the Swiss tie-break order gets the round-robin one instead
    (no Buchholz in round robins). Only users allowed to add tournaments (or superusers) may
    create one.
    """
    if not may_create(by):
        raise ServiceError(ErrorCode.CREATE_FORBIDDEN)
    kinds = kinds or {}
    if not sections:
        raise ServiceError(ErrorCode.NO_SECTION, field="sections")
    slugs = [
        slugify(name)[:SECTION_SLUG_LENGTH].strip("-") or f"section-{order}"
        for order, name in enumerate(sections, start=1)
    ]
    if len(set(slugs)) != len(slugs):
        raise ServiceError(ErrorCode.DUPLICATE_SECTION, field="sections")
    system = _pairing_system(pairing_system)
    if system.scheduled and fields.get("tiebreaks", DEFAULT_TIEBREAKS) == DEFAULT_TIEBREAKS:
        fields["tiebreaks"] = ROUND_ROBIN_TIEBREAKS
    tournament = save_validated(Tournament(**fields))
    tournament.arbiters.add(by)
    for order, (name, slug) in enumerate(zip(sections, slugs, strict=True)):
        save_validated(
            Section(
                tournament=tournament,
                name=name,
                slug=slug,
                order=order,
                pairing_system=system.code,
                sex=kinds.get(name, kind_from_name(name)),
            )
        )
    return tournament


@transaction.atomic
def remove_tournament(tournament: Tournament) -> None:
    """Delete `tournament` with every row it holds: its rounds first (their pairings and seats
    hold its players), then the rest with it. No row raises the revision of the tournament it
    goes with, which would cost a look-up and a write for each. No permission is checked: for
    the services that replace a whole copy (a mirror's new snapshot)."""
    with held_back():
        Round.objects.filter(section__tournament=tournament).delete()
        tournament.delete()


def may_create(user) -> bool:
    """Whether `user` may create tournaments: the "add tournament" permission (superusers have
    every permission)."""
    return user is not None and user.has_perm(CREATE_PERMISSION)


def tournaments_run_by(user):
    """The tournaments `user` runs: those he is an arbiter of, every one for a superuser."""
    if user.is_superuser:
        return Tournament.objects.all()
    return user.arbitrated_tournaments.all()


def _pairing_system(code: str):
    try:
        return get_system(code)
    except ValueError as error:
        raise ServiceError(ErrorCode.UNKNOWN_PAIRING_SYSTEM, field="pairing_system") from error


def add_team(tournament: Tournament, *, by, **fields) -> Team:
    """Register a team (name, code, federation, coach) in `tournament`."""
    require_arbiter(tournament, by)
    return save_validated(Team(tournament=tournament, **fields))


@transaction.atomic
def update_tournament(tournament: Tournament, *, by, **fields) -> Tournament:
    """Change a tournament's settings; the number of rounds never drops below those paired."""
    require_arbiter(tournament, by)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    # A section with its own number of rounds (an imported file's) does not follow the change.
    sections = tournament.sections.filter(round_count__isnull=True)
    paired = max((s.rounds.count() for s in sections), default=0)
    if fields.get("rounds", tournament.rounds) < paired:
        raise ServiceError(ErrorCode.ROUNDS_PAIRED, field="rounds", count=paired)
    for name, value in fields.items():
        setattr(tournament, name, value)
    return save_validated(tournament)


@transaction.atomic
def update_team(team: Team, *, by, **fields) -> Team:
    """Change a team's name, code, federation or coach, at any time."""
    require_arbiter(team.tournament, by)
    team = Team.objects.select_for_update().get(pk=team.pk)
    for name, value in fields.items():
        setattr(team, name, value)
    return save_validated(team)


@transaction.atomic
def delete_team(team: Team, *, by) -> None:
    """Remove a team registered by mistake; refused once a section with its players is paired.

    Its players stay registered, without a team.
    """
    require_arbiter(team.tournament, by)
    Tournament.objects.select_for_update().get(pk=team.tournament_id)
    if team.players.filter(section__rounds__isnull=False).exists():
        raise ServiceError(ErrorCode.ROUNDS_EXIST, case="team", field="team", team=team.name)
    team.delete()


@transaction.atomic
def set_section_sex(section, sex: str, *, by):
    """Open `section` to everyone ('') or to players of one sex ('m' or 'w').

    Refused while a player of the other sex is registered in it.
    """
    require_arbiter(section.tournament, by)
    if sex and section.players.exclude(sex=sex).exists():
        raise ServiceError(ErrorCode.MIXED_SECTION, field="sex", section=section.name)
    section.sex = sex
    return save_validated(section)
