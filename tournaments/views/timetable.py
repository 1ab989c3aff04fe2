"""The arbiter's schedule page: every round's planned start at once, and moving a day that
slips."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.forms import ScheduleForm, ShiftForm
from tournaments.services import timetable as timetable_service
from tournaments.services.errors import ServiceError
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import show_on_form


@arbiter_required
def schedule(request, tournament):
    """The table of every section's rounds, with the venue's time zone; saved at once."""
    planned = timetable_service.timetable(tournament)
    with timezone.override(timetable_service.venue_zone(tournament)):
        form = ScheduleForm(
            request.POST or None,
            planned=planned,
            initial={"time_zone": tournament.time_zone},
        )
        if request.method == "POST" and form.is_valid():
            try:
                timetable_service.set_timetable(
                    tournament,
                    by=request.user,
                    time_zone=form.cleaned_data["time_zone"],
                    starts=form.starts(),
                )
            except ServiceError as error:
                show_on_form(form, error)
            else:
                messages.success(request, _("Schedule saved."))
                return redirect("arbiter:schedule", slug=tournament.slug)
        return render(
            request,
            "tournaments/arbiter/schedule.html",
            {
                "tournament": tournament,
                "form": form,
                "shift_form": ShiftForm(planned=planned),
            },
        )


@require_POST
@arbiter_required
def shift(request, tournament):
    """Move one round's start by some minutes, and the rest of its day with it."""
    planned = timetable_service.timetable(tournament)
    form = ShiftForm(request.POST, planned=planned)
    if form.is_valid():
        section_id, number = form.chosen()
        section = tournament.sections.get(pk=section_id)
        try:
            moved = timetable_service.shift_round(
                tournament,
                section,
                number,
                form.cleaned_data["minutes"],
                by=request.user,
                rest_of_day=form.cleaned_data["rest_of_day"],
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)d planned start moved.", "%(count)d planned starts moved.", len(moved)
                )
                % {"count": len(moved)},
            )
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect("arbiter:schedule", slug=tournament.slug)


def span_words(minutes: int) -> str:
    """A while in plain words: minutes under two hours, whole hours under two days, then days."""
    if minutes < 120:
        return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
    hours = minutes // 60
    if hours < 48:
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    days = hours // 24
    return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}


def late_words(late: timetable_service.LateRound) -> str:
    """What the dashboard says of a round behind its schedule."""
    names = {"number": late.number, "section": late.section.name, "span": span_words(late.minutes)}
    if late.kind == "start":
        return _("Round %(number)d of %(section)s should have started %(span)s ago.") % names
    return ngettext(
        "Round %(number)d of %(section)s should have finished %(span)s ago: %(count)d game "
        "has no result.",
        "Round %(number)d of %(section)s should have finished %(span)s ago: %(count)d games "
        "have no result.",
        late.unfinished,
    ) % (names | {"count": late.unfinished})
