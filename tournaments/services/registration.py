"""Registering players and teams, and giving pairing numbers before the first round."""

from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from tournaments.models import Player, RequestedBye, Section
from tournaments.services.errors import ServiceError, save_validated
from tournaments.services.permissions import require_arbiter

# FIDE title order, strongest first; an untitled player sorts after every title.
TITLE_ORDER = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"]


def seeding_key(player: Player):
    """Order before round 1: rating (highest first, unrated last), then title, then name."""
    title_rank = (
        TITLE_ORDER.index(player.title) if player.title in TITLE_ORDER else len(TITLE_ORDER)
    )
    return (-(player.rating or 0), title_rank, player.name.casefold())


def section_has_rounds(section: Section) -> bool:
    return section.rounds.exists()


@transaction.atomic
def register_player(section: Section, *, by, **fields) -> Player:
    """Add a player to `section` with the next free pairing number.

    Before round 1 the caller re-seeds the section with `assign_pairing_numbers`; a player added
    later is a late entry: he misses the rounds already paired and keeps the number given here.
    """
    require_arbiter(section.tournament, by)
    Section.objects.select_for_update().get(pk=section.pk)
    last = section.players.aggregate(last=Max("pairing_number"))["last"] or 0
    player = Player(section=section, pairing_number=last + 1, **fields)
    if section_has_rounds(section):
        player.entry_round = max(player.entry_round, section.rounds.count() + 1)
    return save_validated(player)


@transaction.atomic
def assign_pairing_numbers(section: Section, *, by, order: list[int] | None = None) -> list[Player]:
    """Number the section's players 1..n by rating, title and name, or by the arbiter's `order`.

    `order` lists player ids in the wanted order and must name every player once. Refused once
    a round exists: pairing numbers are then part of the tournament's history.
    """
    require_arbiter(section.tournament, by)
    Section.objects.select_for_update().get(pk=section.pk)
    if section_has_rounds(section):
        raise ServiceError(
            _("Pairing numbers are fixed once round 1 is paired."), code="rounds_exist"
        )
    players = list(section.players.all())
    if order is None:
        players.sort(key=seeding_key)
    else:
        by_id = {p.pk: p for p in players}
        if sorted(order) != sorted(by_id):
            raise ServiceError(
                _("The order must list every player of the section exactly once."),
                code="bad_order",
                field="order",
            )
        players = [by_id[pk] for pk in order]
    # Shift out of the way first so the unique (section, pairing number) never clashes midway.
    section.players.update(pairing_number=F("pairing_number") + 100000)
    for number, player in enumerate(players, start=1):
        player.pairing_number = number
    Player.objects.bulk_update(players, ["pairing_number"])
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
            _("%(name)s is already paired in round %(round)d or later.")
            % {"name": player.name, "round": from_round},
            code="already_paired",
            field="from_round",
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
    if not 1 <= round_number <= tournament.rounds:
        raise ServiceError(
            _("The tournament has rounds 1 to %(rounds)d.") % {"rounds": tournament.rounds},
            code="no_such_round",
            field="round_number",
        )
    if not player.is_paired_in(round_number):
        raise ServiceError(
            _("%(name)s does not play round %(round)d anyway.")
            % {"name": player.name, "round": round_number},
            code="not_playing",
            field="player",
        )
    if player.section.rounds.filter(number=round_number).exists():
        raise ServiceError(
            _("Round %(round)d is already paired; a bye must be asked for before.")
            % {"round": round_number},
            code="round_exists",
            field="round_number",
        )
    bye, _created = RequestedBye.objects.update_or_create(
        player=player, round_number=round_number, defaults={"points": points}
    )
    return bye


# What an arbiter may change of a registered player; the pairing number has its own service.
EDITABLE_PLAYER_FIELDS = ("name", "sex", "title", "rating", "federation", "team")


@transaction.atomic
def update_player(player: Player, *, by, **fields) -> Player:
    """Change the given fields of `player` (names in EDITABLE_PLAYER_FIELDS; `team` a Team of
    the tournament or None). Refused (ServiceError, nothing written) for another field or a
    value the model refuses."""
    require_arbiter(player.section.tournament, by)
    player = Player.objects.select_for_update().get(pk=player.pk)
    for name, value in fields.items():
        if name not in EDITABLE_PLAYER_FIELDS:
            raise ServiceError(
                _("%(field)s cannot be changed here.") % {"field": name}, code="invalid", field=name
            )
        setattr(player, name, value)
    return save_validated(player)
