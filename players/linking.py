"""A player's links between his account and the register: asked by him, confirmed or refused by
an arbiter of the entry's tournament (for a person: of a tournament the person played in) or by
a register officer. Only a confirmed link counts: it decides whose games are "mine" and who is
mailed about a round."""

from collections import defaultdict

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from players.models import Account, AccountLink
from register.access import is_officer
from register.models import Person, PlayerLink
from tournaments.models import Player, Tournament
from tournaments.services.errors import ErrorCode, ServiceError


def ask_link(account: Account, *, person: Person | None = None, player: Player | None = None):
    """Ask that `account` is `person` (of the register) or `player` (an entry)."""
    with transaction.atomic():
        existing = AccountLink.objects.filter(
            account=account, person=person, player=player
        ).exclude(status=AccountLink.Status.REFUSED)
        for link in existing:
            if link.status == AccountLink.Status.CONFIRMED:
                raise ServiceError(ErrorCode.ACCOUNT_LINK_REFUSED, case="confirmed")
            raise ServiceError(ErrorCode.ACCOUNT_LINK_REFUSED)
        return AccountLink.objects.create(account=account, person=person, player=player)


def may_decide(user, link: AccountLink) -> bool:
    """An officer decides any link; an arbiter one of his tournament's entries, or of a person
    who played in one of his tournaments."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or is_officer(user):
        return True
    if link.player_id is not None:
        return link.player.section.tournament.is_arbiter(user)
    return PlayerLink.objects.filter(
        person_id=link.person_id, player__section__tournament__arbiters=user
    ).exists()


def decide_link(link_id: int, *, confirm: bool, by, tournament: Tournament | None = None):
    """Confirm or refuse a waiting request (of `tournament`'s players when given)."""
    with transaction.atomic():
        link = (
            waiting_links(tournament).select_for_update(of=("self",)).filter(pk=link_id).first()
            if tournament is not None
            else AccountLink.objects.select_for_update()
            .filter(pk=link_id, status=AccountLink.Status.ASKED)
            .first()
        )
        if link is None:
            raise ServiceError(ErrorCode.NO_ACCOUNT_LINK, id=link_id)
        if not may_decide(by, link):
            raise ServiceError(ErrorCode.ACCOUNT_LINK_FORBIDDEN)
        link.status = AccountLink.Status.CONFIRMED if confirm else AccountLink.Status.REFUSED
        link.decided_by = by
        link.decided_at = timezone.now()
        link.save(update_fields=["status", "decided_by", "decided_at"])
        return link


def waiting_links(tournament: Tournament | None = None):
    """The requests waiting for a decision: every one, or those of `tournament`'s entries and of
    the persons who played in it."""
    links = AccountLink.objects.filter(status=AccountLink.Status.ASKED).select_related(
        "account__user", "person", "player__section__tournament"
    )
    if tournament is None:
        return links
    persons = PlayerLink.objects.filter(player__section__tournament=tournament).values("person_id")
    return links.filter(Q(player__section__tournament=tournament) | Q(person_id__in=persons))


def my_player_ids(account: Account) -> set[int]:
    """The entries confirmed as `account`'s: its entries, and every entry of its persons."""
    return _confirmed_player_ids(account.links.all())


def user_player_ids(user) -> set[int]:
    """The entries confirmed as the account of `user` (`my_player_ids`), read in one query
    without the account itself: what each move of a remote game asks first. Empty for a
    visitor, or a user with no account."""
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    return _confirmed_player_ids(AccountLink.objects.filter(account__user=user))


def _confirmed_player_ids(links) -> set[int]:
    """The entries `links` confirm: directly, or as entries of a confirmed person. One query
    for an account linked to its entries only, the usual case online."""
    confirmed = links.filter(status=AccountLink.Status.CONFIRMED).order_by()
    rows = list(confirmed.values_list("player_id", "person_id"))
    players = {player for player, _person in rows if player is not None}
    persons = [person for _player, person in rows if person is not None]
    if persons:
        of_persons = PlayerLink.objects.filter(person_id__in=persons).order_by()
        players |= set(of_persons.values_list("player_id", flat=True))
    return players


def accounts_of(player_ids) -> dict[int, set[int]]:
    """For each of `player_ids`, the accounts confirmed as his (by the entry or his person)."""
    player_ids = list(player_ids)
    found: dict[int, set[int]] = defaultdict(set)
    confirmed = AccountLink.objects.filter(status=AccountLink.Status.CONFIRMED)
    for player_id, account_id in confirmed.filter(player_id__in=player_ids).values_list(
        "player_id", "account_id"
    ):
        found[player_id].add(account_id)
    persons: dict[int, list[int]] = defaultdict(list)
    for player_id, person_id in PlayerLink.objects.filter(player_id__in=player_ids).values_list(
        "player_id", "person_id"
    ):
        persons[person_id].append(player_id)
    for person_id, account_id in confirmed.filter(person_id__in=list(persons)).values_list(
        "person_id", "account_id"
    ):
        for player_id in persons[person_id]:
            found[player_id].add(account_id)
    return found
