"""Pages for players and spectators: no login, read-only, phone-sized."""

from django.shortcuts import get_object_or_404, render

from tournaments.models import Section, Tournament


def home(request):
    tournaments = Tournament.objects.filter(published=True)
    return render(request, "tournaments/public/home.html", {"tournaments": tournaments})


def tournament(request, slug):
    event = get_object_or_404(Tournament, slug=slug, published=True)
    sections = event.sections.all()
    return render(
        request, "tournaments/public/tournament.html", {"tournament": event, "sections": sections}
    )


def section(request, slug, section):
    group = get_object_or_404(
        Section.objects.select_related("tournament"),
        tournament__slug=slug, tournament__published=True, slug=section,
    )
    return render(
        request, "tournaments/public/section.html", {"tournament": group.tournament, "section": group}
    )
