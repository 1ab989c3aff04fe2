"""Players entering an online event themselves, and checking in before each round.

A player enters with his own account: the entry is a `tournaments.Player` of the event's
section made by the registration service in the organiser's name (the player is not an arbiter),
and his account's link to that entry is confirmed at once, since he made it himself. When his
account is confirmed as a person of the register, the entry carries that person's name, sex,
federation and identity number and is linked to him.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from online.events import event_of, section_of
from online.models import CheckIn, Entry, OnlineEvent
from online.rounds import next_number
from players.models import Account, AccountLink
from register.linking import link_player
from register.models import Person, PlayerLink
from tournaments.models import Player, Round, Section, Tournament
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.registration import reenter_player, register_player

# The longest name an entry takes (a TRF player record's width).
NAME_LENGTH = Player._meta.get_field("name").max_length


def entries_refusal(event: OnlineEvent, section: Section, now: datetime) -> ServiceError | None:
    """Why nobody may enter `event` now, or None: before its window, after its window once it
    started unless late entries are open, and once half the rounds are played."""
    name = event.tournament.name
    if event.entries_from is not None and now < event.entries_from:
        return ServiceError(
            ErrorCode.ENTRIES_CLOSED, case="not_yet", name=name, when=event.entries_from
        )
    if event.state == OnlineEvent.State.ENTRIES:
        if event.entries_until is not None and now >= event.entries_until:
            return ServiceError(ErrorCode.ENTRIES_CLOSED, name=name)
        return None
    if not event.late_entries or event.tournament.status == Tournament.Status.FINISHED:
        return ServiceError(ErrorCode.ENTRIES_CLOSED, name=name)
    # Late until half the rounds are played: a late joiner misses at most half of them.
    played = section.rounds.filter(status=Round.Status.COMPLETED).count()
    if 2 * played >= section.total_rounds:
        return ServiceError(
            ErrorCode.ENTRIES_CLOSED, case="late", name=name, rounds=section.total_rounds
        )
    return None


def confirmed_person(account: Account) -> Person | None:
    """The register's person the account is confirmed as, if one."""
    link = (
        account.links.filter(status=AccountLink.Status.CONFIRMED, person__isnull=False)
        .select_related("person")
        .order_by("-decided_at", "-pk")
        .first()
    )
    return link.person if link is not None else None


def entry_fields(account: Account, person: Person | None, name: str) -> dict:
    """The entry's fields: the person's where the register knows him, else the name given (or
    the account's own name)."""
    if person is not None:
        return {
            "name": person.name[:NAME_LENGTH],
            "sex": person.sex,
            "federation": person.federation,
            "identity_number": person.federation_id or person.trf_id,
        }
    user = account.user
    given = name.strip() or user.get_full_name().strip() or user.get_username().split("@")[0]
    return {"name": given[:NAME_LENGTH]}


@transaction.atomic
def enter(tournament: Tournament, section_slug: str, user, *, name: str = "", now=None) -> Entry:
    """Enter `user` (his player account, made if he has none) in the online event's section.

    Refused, nothing stored: a tournament run at a venue (`not_online`), outside the entry
    window (`entries_closed`), a second entry (`already_entered`). A late entry misses the
    rounds already paired with the points the event gives for each (the competition rules'
    late entry), and is checked in for the next round.
    """
    now = now or timezone.now()
    event = OnlineEvent.objects.select_for_update().get(pk=event_of(tournament).pk)
    section = section_of(event)
    if section is None or section.slug != section_slug:
        raise ServiceError(ErrorCode.NOT_ONLINE, name=f"{tournament.name} ({section_slug})")
    refusal = entries_refusal(event, section, now)
    if refusal is not None:
        raise refusal
    account, _made = Account.objects.get_or_create(user=user)
    earlier = Entry.objects.filter(event=event, account=account).select_related("player").first()
    if earlier is not None:
        raise ServiceError(
            ErrorCode.ALREADY_ENTERED, name=tournament.name, player=earlier.player.name
        )
    person = confirmed_person(account)
    organiser = event.organiser
    player = register_player(section, by=organiser, **entry_fields(account, person, name))
    if event.state != OnlineEvent.State.ENTRIES:
        player.late_entry_points = event.late_entry_points
        player.save(update_fields=["late_entry_points"])
    if person is not None and not PlayerLink.objects.filter(player=player).exists():
        link_player(player, person, by=organiser, reason="online entry")
    AccountLink.objects.create(
        account=account,
        player=player,
        status=AccountLink.Status.CONFIRMED,
        decided_by=user,
        decided_at=now,
    )
    entry = Entry.objects.create(event=event, player=player, account=account)
    CheckIn.objects.create(entry=entry, number=next_number(section))
    return entry


def entry_of(tournament: Tournament, section_slug: str, user) -> Entry:
    """`user`'s entry in the event's section; refused (`not_entered`) when he has none."""
    entry = (
        Entry.objects.filter(
            event__tournament=tournament,
            player__section__slug=section_slug,
            account__user=user,
        )
        .select_related("player__section__tournament", "event__organiser")
        .first()
        if user.is_authenticated
        else None
    )
    if entry is None:
        raise ServiceError(ErrorCode.NOT_ENTERED, name=tournament.name)
    return entry


@transaction.atomic
def check_in(tournament: Tournament, section_slug: str, user) -> CheckIn:
    """Check `user` in for the section's next round, until it is paired; a player withdrawn
    after missed check-ins is paired again from that round on."""
    event = OnlineEvent.objects.select_for_update().get(pk=event_of(tournament).pk)
    entry = entry_of(tournament, section_slug, user)
    section = entry.player.section
    number = next_number(section)
    if number > section.total_rounds:
        raise ServiceError(ErrorCode.CHECK_IN_CLOSED, case="over", name=tournament.name)
    player = entry.player
    if player.status == Player.Status.WITHDRAWN:
        reenter_player(player, number, by=event.organiser)
    found, _made = CheckIn.objects.get_or_create(entry=entry, number=number)
    return found
