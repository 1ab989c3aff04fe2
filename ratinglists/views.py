"""The rating lists' pages: the public list (filters, search, CSV), a person's public page
across events with his rating history, an event's rating report (print view, CSV), the
published lists with what each recomputation moved, and the officers' page that closes and
recomputes periods. No login for reading; officers only for writing (register.manage_register).
"""

import csv
from functools import wraps

from django.contrib import messages
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import Max
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ratinglists import computing, reading
from ratinglists.forms import CloseForm, RecomputeForm, SettingsForm
from ratinglists.hooks import list_label
from ratinglists.models import RatingList, RatingPeriod, RatingSettings, System
from register.linking import live
from register.models import Person
from register.views import officer_required
from tournaments.models import Section, Tournament
from tournaments.services.errors import ServiceError
from tournaments.views.refusals import show_on_form

PAGE_SIZE = 100
PAGE_CACHE_SECONDS = 300


def _stale_words():
    return {
        "results": _("a result of its events was corrected or cleared since"),
        "register": _("the register's links changed since (link, merge, split)"),
        "earlier": _("an earlier period was recomputed since"),
        "events": _("the finished events of its dates are not those it rated"),
    }


def _chosen_list(request, list_id):
    if list_id is not None:
        return get_object_or_404(RatingList, pk=list_id)
    found = computing.current_list()
    if found is None:
        raise Http404("No rating list is published yet.")
    return found


def _published_stamp() -> int:
    """Rises with every list published: a cached page of a list names the latest edition."""
    return RatingList.objects.aggregate(last=Max("pk"))["last"] or 0


def anonymous_cached(view):
    """An anonymous reader's list page from the cache: a published list never changes, so a
    page is fresh while no list was published since (the stamp is in the key), per language
    and query string."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "GET" or request.user.is_authenticated:
            return view(request, *args, **kwargs)
        key = f"ratinglists:{_published_stamp()}:{get_language()}:{request.get_full_path()}"
        found = cache.get(key)
        if found is not None:
            return HttpResponse(found, content_type="text/html; charset=utf-8")
        response = view(request, *args, **kwargs)
        if response.status_code == 200:
            cache.set(key, response.content, PAGE_CACHE_SECONDS)
        return response

    return wrapped


@anonymous_cached
def rating_list(request, list_id=None):
    chosen = _chosen_list(request, list_id)
    filters = {
        "federation": request.GET.get("federation", "").strip()[:3],
        "sex": request.GET.get("sex", ""),
        "age": request.GET.get("age", ""),
        "query": request.GET.get("q", "").strip()[:100],
    }
    rows = reading.filtered_rows(chosen, **filters)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "ratinglists/list.html",
        {
            "rating_list": chosen,
            "label": list_label(chosen),
            "page": page,
            "filters": filters,
            "sexes": ((Person.Sex.MALE, _("Men")), (Person.Sex.FEMALE, _("Women"))),
            "querystring": query.urlencode(),
            "federations": reading.federations(chosen),
            "age_groups": _age_group_labels(),
            "glicko2": chosen.system == System.GLICKO2,
        },
    )


def _age_group_labels():
    return [
        ("u12", _("Under 12")),
        ("u14", _("Under 14")),
        ("u16", _("Under 16")),
        ("u18", _("Under 18")),
        ("u20", _("Under 20")),
        ("o50", _("50 and over")),
        ("o65", _("65 and over")),
    ]


def list_csv(request, list_id):
    chosen = get_object_or_404(RatingList, pk=list_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{chosen.system}-list-{chosen.date:%Y-%m-%d}.csv"'
    )
    write_list_csv(chosen, response)
    return response


LIST_CSV = (
    "person", "name", "federation", "sex", "rating", "rating_before", "change", "games",
    "rated_games", "k", "rd", "volatility",
)  # fmt: skip


def write_list_csv(chosen: RatingList, out) -> None:
    writer = csv.writer(out)
    writer.writerow(LIST_CSV)
    for row in reading.sorted_rows(chosen.rows.select_related("person")):
        writer.writerow(
            [
                row.person_id, row.name, row.person.federation, row.person.sex,
                _number(row.rating), _number(row.rating_before), _number(row.change),
                row.games, row.total_games, "" if row.k is None else row.k,
                _number(row.deviation), _number(row.volatility),
            ]
        )  # fmt: skip


def _number(value):
    if value is None:
        return ""
    return int(value) if float(value).is_integer() else value


def lists(request):
    periods = RatingPeriod.objects.prefetch_related("lists").order_by("-start")
    return render(request, "ratinglists/lists.html", {"periods": periods})


def published_list(request, list_id):
    """One published list's account: what moved since the edition it replaced, and why."""
    chosen = get_object_or_404(RatingList, pk=list_id)
    return render(
        request,
        "ratinglists/changes.html",
        {"rating_list": chosen, "label": list_label(chosen), "changes": changes_in_words(chosen)},
    )


def changes_in_words(chosen: RatingList) -> dict:
    """The recomputed list's changes with names: each changed game (event, round, the two
    persons, the result before and after) and each moved rating with the games behind it."""
    changes = chosen.changes or {}
    games = changes.get("games", [])
    persons = Person.objects.in_bulk({g["person"] for g in games} | {g["opponent"] for g in games})
    sections = Section.objects.select_related("tournament").in_bulk({g["section"] for g in games})
    worded = []
    for game in games:
        section = sections.get(game["section"])
        worded.append(
            {
                **game,
                "event": section.tournament.name if section else "",
                "person_name": getattr(persons.get(game["person"]), "name", game["person"]),
                "opponent_name": getattr(persons.get(game["opponent"]), "name", game["opponent"]),
            }
        )
    moved = [
        {**m, "games_worded": [worded[i] for i in m.get("games", [])]}
        for m in changes.get("moved", [])
    ]
    return {"games": worded, "moved": moved}


def person(request, person_id):
    found = get_object_or_404(Person, pk=person_id)
    kept = live(found)
    if kept.pk != found.pk:
        return redirect("ratinglists:person", kept.pk)
    events, games, meetings = reading.person_games(kept)
    rows = reading.history(kept)
    return render(
        request,
        "ratinglists/person.html",
        {
            "person": kept,
            "events": events,
            "games": games,
            "meetings": meetings,
            "history": rows,
            "chart": reading.chart(rows),
        },
    )


def event_report(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug, published=True)
    chosen = reading.list_of_event(tournament)
    if chosen is None:
        # The event's page exists from the start; it says so until a list rates the event.
        return render(request, "ratinglists/report.html", {"tournament": tournament})
    report = reading.event_report(tournament, chosen)
    if request.GET.get("format") == "csv":
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{slug}-rating-report.csv"'
        writer = csv.writer(response)
        writer.writerow(
            ("person", "name", "rating", "opponents_average", "games", "score", "expected", "k",
             "change")
        )  # fmt: skip
        for entry in report:
            writer.writerow(
                [
                    entry.row.person_id, entry.row.name, _number(entry.row.rating_before),
                    entry.opponents_average if entry.opponents_average is not None else "",
                    entry.games, entry.score, "" if entry.expected is None else entry.expected,
                    "" if entry.row.k is None else entry.row.k,
                    "" if entry.change is None else entry.change,
                ]
            )  # fmt: skip
        return response
    return render(
        request,
        "ratinglists/report.html",
        {
            "tournament": tournament,
            "rating_list": chosen,
            "label": list_label(chosen),
            "report": report,
            "print": request.GET.get("print") == "1",
            "fide": chosen.system == System.FIDE,
        },
    )


@officer_required
def periods(request):
    settings = RatingSettings.current()
    settings_form = SettingsForm(instance=settings)
    close_form = CloseForm()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "settings":
            settings_form = SettingsForm(request.POST, instance=settings)
            if settings_form.is_valid():
                settings_form.save()
                messages.success(request, _("The rating system is saved."))
                return redirect("ratinglists:periods")
        elif action == "close":
            close_form = CloseForm(request.POST)
            if close_form.is_valid():
                try:
                    published = computing.close_period(
                        close_form.cleaned_data["start"],
                        close_form.cleaned_data["end"],
                        by=request.user,
                    )
                except ServiceError as error:
                    show_on_form(close_form, error)
                else:
                    messages.success(
                        request, _("Published %(list)s.") % {"list": list_label(published)}
                    )
                    return redirect("ratinglists:periods")
    shown = []
    words = _stale_words()
    for period in RatingPeriod.objects.order_by("-start"):
        shown.append(
            {
                "period": period,
                "current": period.current_list,
                "stale": [words[r] for r in computing.stale_reasons(period)],
            }
        )
    return render(
        request,
        "ratinglists/periods.html",
        {
            "settings_form": settings_form,
            "close_form": close_form,
            "periods": shown,
            "recompute_form": RecomputeForm(),
        },
    )


@require_POST
@officer_required
def recompute(request, period_id):
    period = get_object_or_404(RatingPeriod, pk=period_id)
    form = RecomputeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the lists are recomputed."))
        return redirect("ratinglists:periods")
    try:
        published = computing.recompute(period, by=request.user, reason=form.cleaned_data["reason"])
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("ratinglists:periods")
    return redirect("ratinglists:published", published[0].pk)
