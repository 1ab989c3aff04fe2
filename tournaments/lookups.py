"""The public lookups shared by the pages and the API: only published tournaments are found, and
of their rounds only the public ones (`Round.is_public`: a draft stays with the arbiters)."""

from django.shortcuts import get_object_or_404

from tournaments.models import Round, Section, Tournament


def public_tournament(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug, published=True)


def public_section(slug: str, section: str) -> Section:
    return get_object_or_404(
        Section.objects.select_related("tournament"),
        tournament__slug=slug,
        tournament__published=True,
        slug=section,
    )


def public_rounds(section: Section):
    """The rounds of `section` the public sees."""
    return section.rounds.exclude(status=Round.Status.DRAFT)


def in_public_rounds(queryset):
    """`queryset` of seats or boards, kept to those of public rounds."""
    return queryset.exclude(round__status=Round.Status.DRAFT)
