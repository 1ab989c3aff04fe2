"""The API's root document: where each resource is, so that a client starts from one address."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.conditional import ConditionalReadMixin

VERSION = "1.1"


class ApiRoot(ConditionalReadMixin, APIView):
    """Where the resources are: the tournament list, the schema and its documentation.

    A tournament's own addresses (sections, rounds, standings, games) are templates, since they
    need its slug; the schema lists them all.
    """

    @extend_schema(
        operation_id="api_root",
        responses=inline_serializer(
            "ApiRoot",
            {
                "version": serializers.CharField(help_text="The API's version, `1.1`."),
                "tournaments": serializers.URLField(),
                "tournament": serializers.CharField(help_text="URI template of a tournament."),
                "section": serializers.CharField(
                    help_text="URI template of a section: its name and number of rounds, and "
                    "the addresses of its resources (`players/`, `rounds/`, `standings/`, "
                    "`trf/` under it)."
                ),
                "games": serializers.CharField(help_text="URI template of a tournament's games."),
                "schema": serializers.URLField(),
                "docs": serializers.URLField(),
            },
        ),
    )
    def get(self, request):
        def url(name, **kwargs):
            return request.build_absolute_uri(reverse(name, kwargs=kwargs or None))

        tournaments = url("api:v1:tournaments")
        return Response(
            {
                "version": VERSION,
                "tournaments": tournaments,
                "tournament": tournaments + "{slug}/",
                "section": tournaments + "{slug}/{section}/",
                "games": tournaments + "{slug}/games/",
                "schema": url("api:schema"),
                "docs": url("api:docs"),
            }
        )


@extend_schema(exclude=True)  # the same document as /api/, listed once in the schema
class VersionRoot(ApiRoot):
    """The root document under /api/v1/."""
