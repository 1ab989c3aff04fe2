"""Who may see and change the register.

Register officers hold the permission `register.manage_register` (merge, split, import past
events, link any event's players); the "Register officers" group created by the migrations has
it with `register.view_personal_data`. An event's arbiters link its own players. Birth dates and
identity numbers are personal data: shown to holders of `register.view_personal_data` and to the
arbiters of an event the person played in, to nobody else.
"""

from tournaments.models import Tournament

OFFICERS_GROUP = "Register officers"
# What the group may do (register/migrations/0002_officers_group.py made it with these).
OFFICERS_PERMISSIONS = ("manage_register", "view_personal_data", "view_person", "change_person")


def ensure_officers_group(using: str = "default") -> None:
    """The group with its permissions, made again if missing: after `migrate` on a database
    whose group was deleted, or emptied by `flush` (which keeps no migration's rows)."""
    from django.contrib.auth.models import Group, Permission
    from django.db import router

    if not router.allow_migrate_model(using, Group):
        return
    group, _created = Group.objects.using(using).get_or_create(name=OFFICERS_GROUP)
    group.permissions.add(
        *Permission.objects.using(using).filter(
            content_type__app_label="register", codename__in=OFFICERS_PERMISSIONS
        )
    )


def is_officer(user) -> bool:
    return bool(user and user.is_authenticated and user.has_perm("register.manage_register"))


def may_link(user, tournament: Tournament) -> bool:
    """An arbiter of `tournament` (or a superuser) or an officer links its players."""
    if user is None or not user.is_authenticated:
        return False
    return tournament.is_arbiter(user) or is_officer(user)


def sees_every_person(user) -> bool:
    return bool(user and user.is_authenticated and user.has_perm("register.view_personal_data"))


def arbiter_of_persons(user, person_ids) -> set[int]:
    """The persons among `person_ids` who played in an event `user` is an arbiter of."""
    if user is None or not user.is_authenticated or not person_ids:
        return set()
    from register.models import PlayerLink

    return set(
        PlayerLink.objects.filter(
            person_id__in=list(person_ids), player__section__tournament__arbiters=user
        ).values_list("person_id", flat=True)
    )


def sees_personal_data(user, person) -> bool:
    """Whether `user` may read `person`'s birth date and identity numbers."""
    return sees_every_person(user) or person.pk in arbiter_of_persons(user, [person.pk])


def private_persons(user, persons) -> set[int]:
    """The ids of the `persons` whose personal data `user` may read, in one query."""
    ids = [p.pk for p in persons]
    if sees_every_person(user):
        return set(ids)
    return arbiter_of_persons(user, ids)
