"""Prize categories, defined by the arbiter; the public prize list is in `public.py`."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms import PrizeCategoryForm
from tournaments.models import PrizeCategory
from tournaments.services import prizes as prize_service
from tournaments.services.errors import ServiceError
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import show_on_form


@arbiter_required
def categories(request, tournament):
    form = PrizeCategoryForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        section = data.pop("section")
        try:
            category = prize_service.add_category(section, by=request.user, **data)
        except ServiceError as error:
            show_on_form(form, error)
        else:
            messages.success(
                request,
                _("Category %(name)s added to %(section)s.")
                % {"name": category.name, "section": section.name},
            )
            return redirect("arbiter:prizes", slug=tournament.slug)
    sections = list(tournament.sections.prefetch_related("prize_categories"))
    return render(
        request,
        "tournaments/arbiter/prizes.html",
        {"tournament": tournament, "sections": sections, "form": form},
    )


@require_POST
@arbiter_required
def delete_category(request, tournament):
    category = get_object_or_404(
        PrizeCategory, pk=request.POST.get("category") or 0, section__tournament=tournament
    )
    if "confirm" not in request.POST:
        messages.error(request, _("Tick “Delete this category” to delete it."))
    else:
        prize_service.delete_category(category, by=request.user)
        messages.success(request, _("Category %(name)s deleted.") % {"name": category.name})
    return redirect("arbiter:prizes", slug=tournament.slug)
