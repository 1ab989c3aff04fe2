"""The public lookups shared by the pages and the API: only published tournaments are found."""

from django.shortcuts import get_object_or_404

from tournaments.models import Section, Tournament


def public_tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug, published=True)


def public_section(slug: str, section: str) -> Section:
    return get_object_or_404(
        Section.objects.select_related("tournament"),
        tournament__slug=slug,
        tournament__published=True,
        slug=section,
    )
