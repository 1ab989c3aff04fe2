"""The register's pages: officers list and search persons, read and edit one, merge and split,
import past events; an event's arbiters (and officers) link its players on the event's register
page. Views read and call the register's services (register/linking.py, merging.py,
past_events.py); every refusal is a ServiceError shown beside its form."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from register import linking
from register.access import arbiter_of_persons, is_officer, may_link, sees_personal_data
from register.api import search_persons
from register.forms import IdentityForm, MergeForm, PastEventForm, PersonForm, ReasonForm
from register.merging import merge_persons, split_merge
from register.models import Person, PlayerLink, RegisterChange
from register.past_events import import_past_event
from register.reasons import reason_text
from tournaments.models import Player, Tournament
from tournaments.services.errors import ErrorCode, ServiceError, save_validated
from tournaments.views.refusals import show_on_form

PAGE_SIZE = 50


def _logged_in(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return wrapper


def officer_required(view):
    """Register officers only: others are sent to log in, or refused (403)."""

    @_logged_in
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not is_officer(request.user):
            raise PermissionDenied("Only the register's officers may do this.")
        return view(request, *args, **kwargs)

    return wrapper


@officer_required
def people(request):
    query = request.GET.get("q", "").strip()
    persons = search_persons(query)
    page = Paginator(persons, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "register/people.html", {"page": page, "query": query})


@_logged_in
def person(request, person_id):
    """A person's page: officers, and the arbiters of an event he played in."""
    person = get_object_or_404(Person, pk=person_id)
    officer = is_officer(request.user)
    if not officer and not arbiter_of_persons(request.user, [person.pk]):
        raise PermissionDenied("Only the register's officers may see this person.")
    forms = {
        "person_form": PersonForm(instance=person),
        "identity_form": IdentityForm(instance=person),
        "merge_form": MergeForm(),
    }
    if request.method == "POST":
        if not officer:
            raise PermissionDenied("Only the register's officers may change a person.")
        done = _change_person(request, person, forms)
        if done:
            messages.success(request, done)
            return redirect("register:person", person.pk)
    links = (
        PlayerLink.objects.filter(person=person)
        .select_related("player__section__tournament")
        .order_by("-player__section__tournament__start_date", "player__section__tournament__name")
    )
    context = {
        "person": person,
        "officer": officer,
        "personal": sees_personal_data(request.user, person),
        "links": links,
        "merged": person.merged_persons.all(),
        "changes": RegisterChange.objects.filter(person=person).select_related("done_by")[:50],
        **forms,
    }
    return render(request, "register/person.html", context)


def _change_person(request, person, forms) -> str | None:
    action = request.POST.get("action")
    if action == "edit":
        form = forms["person_form"] = PersonForm(request.POST, instance=person)
        kind = _("Person saved.")
    elif action == "ids":
        form = forms["identity_form"] = IdentityForm(request.POST, instance=person)
        kind = _("Identity numbers saved.")
    elif action == "merge":
        form = forms["merge_form"] = MergeForm(request.POST)
        if not form.is_valid():
            return None
        try:
            duplicate = Person.objects.filter(pk=form.cleaned_data["duplicate"]).first()
            if duplicate is None:
                raise ServiceError(
                    ErrorCode.NO_PERSON, field="duplicate", person=form.cleaned_data["duplicate"]
                )
            merge_persons(person, duplicate, by=request.user, reason=form.cleaned_data["reason"])
        except ServiceError as error:
            show_on_form(form, error)
            return None
        return _("%(duplicate)s was merged into %(name)s.") % {
            "duplicate": duplicate.name,
            "name": person.name,
        }
    else:
        return None
    if not form.is_valid():
        return None
    try:
        with transaction.atomic():
            save_validated(form.instance)
    except ServiceError as error:
        show_on_form(form, error)
        return None
    return kind


@officer_required
def audit(request):
    changes = RegisterChange.objects.select_related("done_by", "person", "other", "undone_by")
    page = Paginator(changes, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "register/audit.html", {"page": page, "split_form": ReasonForm()})


@officer_required
@require_POST
def split(request, change_id):
    merge = get_object_or_404(RegisterChange, pk=change_id)
    form = ReasonForm(request.POST)
    if form.is_valid():
        try:
            split_merge(merge, by=request.user, reason=form.cleaned_data["reason"])
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request, _("%(name)s is a person of his own again.") % {"name": merge.other.name}
            )
            return redirect("register:person", merge.other_id)
    else:
        messages.error(request, _("Say why, for the register's audit."))
    return redirect("register:audit")


@officer_required
def past_event(request):
    form = PastEventForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            text = data["file"].read().decode("utf-8-sig")
        except UnicodeDecodeError:
            text = None
            form.add_error("file", _("The file is not UTF-8 text."))
        if text is not None:
            try:
                tournament = import_past_event(
                    text,
                    by=request.user,
                    name=data["name"],
                    section=data["section"],
                    published=data["published"],
                )
            except ServiceError as error:
                show_on_form(form, error)
            else:
                messages.success(
                    request,
                    _("%(name)s imported: confirm its players below.") % {"name": tournament.name},
                )
                return redirect("register:event", tournament.slug)
    imports = RegisterChange.objects.filter(kind=RegisterChange.Kind.IMPORT)[:20]
    return render(request, "register/past_event.html", {"form": form, "imports": imports})


@_logged_in
def event(request, slug):
    """The event's players and the persons they are: each unlinked one with his candidates, a
    click to link or to create a new person; arbiters of the event and officers."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not may_link(request.user, tournament):
        raise PermissionDenied("Only the tournament's arbiters may do this.")
    if request.method == "POST":
        _event_action(request, tournament)
        return redirect("register:event", tournament.slug)
    register = linking.Register()
    players = list(linking.unlinked_players(tournament))
    linked = list(
        PlayerLink.objects.filter(player__section__tournament=tournament)
        .select_related("player__section", "person")
        .order_by("player__section__order", "player__pairing_number")
    )
    versions = linking.link_versions([*players, *(link.player for link in linked)])
    waiting = []
    for player in players:
        found = register.candidates(player)
        waiting.append(
            {
                "player": player,
                "version": versions[player.pk],
                "candidates": [
                    {
                        "person": p,
                        "score": c.score,
                        "reasons": [reason_text(code) for code in c.reasons],
                    }
                    for c, p in found
                ],
            }
        )
    context = {
        "tournament": tournament,
        "waiting": waiting,
        "linked": [(link, versions[link.player_id]) for link in linked],
        "officer": is_officer(request.user),
    }
    return render(request, "register/event.html", context)


def _event_action(request, tournament) -> None:
    action = request.POST.get("action")
    try:
        if action == "ids":
            count = linking.link_event_by_ids(tournament, request.user)
            messages.success(
                request, _("%(count)d players linked by identity number.") % {"count": count}
            )
            return
        if action == "strangers":
            count = linking.create_persons_for_strangers(tournament, by=request.user)
            messages.success(
                request,
                _("%(count)d new persons for the players the register has no candidate for.")
                % {"count": count},
            )
            return
        player = get_object_or_404(
            Player.objects.select_related("section__tournament"),
            pk=request.POST.get("player") or 0,
            section__tournament=tournament,
        )
        version = _version(request.POST.get("version"))
        if action == "link":
            person = get_object_or_404(Person, pk=request.POST.get("person") or 0)
            linking.link_player(player, person, by=request.user, expected=version)
            text = _("%(player)s is %(person)s.")
        elif action == "create":
            link = linking.create_person_for(player, by=request.user, expected=version)
            person = link.person
            text = _("%(player)s is a new person of the register: %(person)s.")
        elif action == "unlink":
            linking.unlink_player(
                player, by=request.user, reason=request.POST.get("reason", ""), expected=version
            )
            person = None
            text = _("%(player)s is linked to nobody now.")
        else:
            return
    except ServiceError as error:
        messages.error(request, error.message)
        return
    messages.success(request, text % {"player": player.name, "person": person and person.name})


def _version(text) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() else None
