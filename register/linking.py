"""Linking a tournament's player entries to persons of the register.

Every way a player enters an event (the players page, a CSV or TRF players file, a TRF section,
the API, the admin) saves a `tournaments.Player`; `link_on_save` (connected in register/apps.py)
links him at once when his identity number is a person's federation id or TRF id, and only
then. Otherwise the register proposes candidates (register/matching.py) and an arbiter of the
event or a register officer chooses one, or creates a new person: a name alone never links.
Each link, unlink and new person leaves a `RegisterChange` row.
"""

import datetime
import re

from django.db import IntegrityError, transaction
from django.db.models import Max, Q

from register import matching
from register.access import may_link
from register.models import NameVariant, Person, PlayerLink, RegisterChange
from tournaments.models import Player
from tournaments.services.errors import ErrorCode, ServiceError

DATE = re.compile(r"^\s*(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\s*$")


def live(person: Person) -> Person:
    """The person kept when `person` was merged (through every later merge), else himself."""
    seen = set()
    while person.merged_into_id is not None and person.pk not in seen:
        seen.add(person.pk)
        person = Person.objects.get(pk=person.merged_into_id)
    return person


def person_with_id(number: str) -> Person | None:
    """The one person whose federation id or TRF id is `number` (a merged one answers with the
    person kept); None when nobody has it, or when two persons do (then a person chooses)."""
    number = number.strip()
    if not number:
        return None
    holders = Person.objects.filter(Q(federation_id=number) | Q(trf_id=number))
    found = {person.pk: person for person in map(live, holders)}
    return next(iter(found.values())) if len(found) == 1 else None


def birth_date_of(text: str) -> datetime.date | None:
    """A full birth date as files write it ("1990/04/12", "1990-04-12"); None otherwise."""
    found = DATE.match(text or "")
    if not found:
        return None
    try:
        return datetime.date(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def player_subject(player: Player) -> str:
    section = player.section
    return f"{player.name} ({section.tournament.name}, {section.name}, #{player.pairing_number})"


def player_snapshot(player: Player) -> dict:
    section = player.section
    return {
        "player": player.pk,
        "name": player.name,
        "tournament": section.tournament.slug,
        "section": section.slug,
        "number": player.pairing_number,
    }


def add_variant(person: Person, name: str) -> NameVariant | None:
    """Keep `name` among the person's names when it is new to him; the new row, else None."""
    name = " ".join(name.split())
    if not name or person.variants.filter(name=name).exists():
        return None
    return NameVariant.objects.create(person=person, name=name)


def _link(player, person, how, by, reason="") -> PlayerLink:
    link = PlayerLink.objects.create(player=player, person=person, how=how, linked_by=by)
    variant = add_variant(person, player.name)
    RegisterChange.objects.create(
        kind=RegisterChange.Kind.LINK,
        person=person,
        player=player,
        subject=player_subject(player),
        snapshot={**player_snapshot(player), "how": how, "variant": variant and variant.pk},
        reason=reason,
        done_by=by,
    )
    return link


def link_by_id(player: Player, by=None) -> PlayerLink | None:
    """Link an unlinked `player` to the person with his identity number, if exactly one has it.

    In a savepoint: a link written meanwhile by another request leaves the caller's work intact.
    """
    person = person_with_id(player.identity_number)
    if person is None or PlayerLink.objects.filter(player=player).exists():
        return None
    try:
        with transaction.atomic():
            return _link(player, person, PlayerLink.How.SAME_ID, by)
    except IntegrityError:
        return None


def link_on_save(sender, instance: Player, raw=False, **kwargs) -> None:
    """post_save of every tournaments Player: an identity number the register knows links him."""
    if raw or not instance.identity_number.strip():
        return
    link_by_id(instance)


def link_event_by_ids(tournament, by=None) -> int:
    """Link by identity number every unlinked player of `tournament` (rows written without
    signals, such as a restored backup's); the number linked."""
    players = Player.objects.filter(section__tournament=tournament, register_link__isnull=True)
    players = players.exclude(identity_number="").select_related("section__tournament")
    return sum(1 for player in players if link_by_id(player, by) is not None)


# --- candidates -------------------------------------------------------------------------------


def entry_of(player: Player) -> matching.Entry:
    return matching.Entry(
        name=player.name,
        sex=player.sex,
        birth_year=matching.birth_year_of(player.birth_date),
        federation=player.federation,
        identity_number=player.identity_number,
    )


class Register:
    """The live persons' names, read once, for the candidates of many players."""

    def __init__(self):
        names: dict[int, list[str]] = {}
        index: dict[str, set[int]] = {}
        for person_id, name in NameVariant.objects.filter(
            person__merged_into__isnull=True
        ).values_list("person_id", "name"):
            names.setdefault(person_id, []).append(name)
            for key in matching.index_keys(name):
                index.setdefault(key, set()).add(person_id)
        self.names = names
        self.index = index
        self._persons: dict[int, Person] = {}

    def persons(self, ids) -> dict[int, Person]:
        wanted = [i for i in ids if i not in self._persons]
        if wanted:
            self._persons.update(Person.objects.in_bulk(wanted))
        return {i: self._persons[i] for i in ids if i in self._persons}

    def candidates(self, player: Player, limit: int = 5) -> list[tuple[matching.Candidate, Person]]:
        entry = entry_of(player)
        ids = set()
        number = player.identity_number.strip()
        if number:
            holders = Person.objects.filter(Q(federation_id=number) | Q(trf_id=number))
            ids |= {live(person).pk for person in holders}
        for key in matching.lookup_keys(player.name):
            ids |= self.index.get(key, set())
        persons = self.persons(ids)
        records = [self.record(persons[i]) for i in ids if i in persons]
        found = matching.candidates(entry, records, limit=limit)
        return [(candidate, persons[candidate.person_id]) for candidate in found]

    def record(self, person: Person) -> matching.Record:
        variants = [name for name in self.names.get(person.pk, []) if name != person.name]
        return matching.Record(
            person_id=person.pk,
            names=(person.name, *variants),
            sex=person.sex,
            birth_year=person.birth_year,
            federation=person.federation,
            ids=person.ids,
        )


def candidates_for(player: Player, limit: int = 5):
    """[(Candidate, Person)] for `player`, best first."""
    return Register().candidates(player, limit)


def unlinked_players(tournament):
    return (
        Player.objects.filter(section__tournament=tournament, register_link__isnull=True)
        .select_related("section__tournament")
        .order_by("section__order", "section__pk", "pairing_number")
    )


# --- an arbiter's or officer's choice ---------------------------------------------------------


def link_version(player: Player) -> int:
    """The id of the last register change about `player`'s link, 0 before any: what a page or
    an API client read, sent back with a change so that it overwrites nothing unseen."""
    last = RegisterChange.objects.filter(player=player).aggregate(last=Max("pk"))["last"]
    return last or 0


def link_versions(players) -> dict[int, int]:
    """{player id: link version} for `players`, in one query (0 for those without a change)."""
    ids = [player.pk for player in players]
    last = (
        RegisterChange.objects.filter(player_id__in=ids)
        .values("player_id")
        .annotate(last=Max("pk"))
        .values_list("player_id", "last")
    )
    return dict.fromkeys(ids, 0) | dict(last)


def _checked(player: Player, by, expected: int | None) -> Player:
    """`player` locked, after checking who asks and the version he read."""
    player = Player.objects.select_related("section__tournament").get(pk=player.pk)
    tournament = player.section.tournament
    if not may_link(by, tournament):
        raise ServiceError(ErrorCode.REGISTER_FORBIDDEN, case="link", name=tournament.name)
    Player.objects.select_for_update().filter(pk=player.pk).first()
    if expected is not None and expected != link_version(player):
        raise ServiceError(ErrorCode.LINK_CHANGED, field="expected_version", player=player.name)
    return player


def _not_linked_yet(player: Player) -> None:
    existing = PlayerLink.objects.filter(player=player).select_related("person").first()
    if existing is not None:
        raise ServiceError(
            ErrorCode.ALREADY_LINKED,
            field="person",
            player=player.name,
            name=existing.person.name,
        )


@transaction.atomic
def link_player(player: Player, person: Person, *, by, expected: int | None = None, reason=""):
    """Link `player` to `person`, chosen by an arbiter of the event or an officer."""
    player = _checked(player, by, expected)
    _not_linked_yet(player)
    person = Person.objects.select_for_update().get(pk=person.pk)
    if person.is_merged:
        kept = live(person)
        raise ServiceError(
            ErrorCode.PERSON_MERGED, field="person", name=person.name, kept=kept.name
        )
    return _link(player, person, PlayerLink.How.CHOSEN, by, reason)


@transaction.atomic
def create_person_for(player: Player, *, by, expected: int | None = None) -> PlayerLink:
    """A new person made of `player`'s entry (name, sex, federation, birth date, and his
    identity number as TRF id when no other person has it), linked to him."""
    player = _checked(player, by, expected)
    _not_linked_yet(player)
    number = player.identity_number.strip()
    if number and Person.objects.filter(Q(federation_id=number) | Q(trf_id=number)).exists():
        number = ""  # that number is someone else's already: a person decides later
    birth = birth_date_of(player.birth_date)
    person = Person.objects.create(
        name=player.name,
        sex=player.sex,
        federation=player.federation.upper(),
        birth_date=birth,
        birth_year=birth.year if birth else matching.birth_year_of(player.birth_date),
        trf_id=number,
    )
    RegisterChange.objects.create(
        kind=RegisterChange.Kind.CREATE,
        person=person,
        player=player,
        subject=person.name,
        snapshot={"from": player_snapshot(player)},
        done_by=by,
    )
    return _link(player, person, PlayerLink.How.CREATED, by)


@transaction.atomic
def create_persons_for_strangers(tournament, *, by) -> int:
    """A new person for each unlinked player of `tournament` the register has no candidate
    for at all (after a past event's import, the newcomers), in one action; the number made.
    A player with any candidate still waits for a person to choose."""
    register = Register()
    strangers = [p for p in unlinked_players(tournament) if not register.candidates(p, limit=1)]
    for player in strangers:
        create_person_for(player, by=by)
    return len(strangers)


@transaction.atomic
def unlink_player(player: Player, *, by, reason: str, expected: int | None = None) -> None:
    """Take a wrong link back (the person keeps the names he was seen under)."""
    player = _checked(player, by, expected)
    if not reason.strip():
        raise ServiceError(ErrorCode.REASON_REQUIRED, case="register", field="reason")
    link = PlayerLink.objects.filter(player=player).select_related("person").first()
    if link is None:
        raise ServiceError(ErrorCode.NOT_LINKED, field="person", player=player.name)
    person = link.person
    link.delete()
    RegisterChange.objects.create(
        kind=RegisterChange.Kind.UNLINK,
        person=person,
        player=player,
        subject=player_subject(player),
        snapshot={**player_snapshot(player), "how": link.how},
        reason=reason.strip(),
        done_by=by,
    )
