"""Data exchange over the API: an arbiter downloads a whole tournament as JSON, a user allowed
to create tournaments uploads such a file to restore it, and an arbiter adds a section with its
history from a TRF file."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.serializers import (
    TOURNAMENT_REVISION,
    SectionSerializer,
    TournamentSerializer,
    expected_version_field,
)
from tournaments.api.versions import tournament_write
from tournaments.models import Section, Tournament
from tournaments.services.backup import (
    FORMAT,
    VERSION,
    dumps_backup,
    export_tournament,
    import_tournament,
)
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.permissions import require_arbiter
from tournaments.services.trf_import import import_trf_section


class ExportTournament(APIView):
    """Download the whole tournament as a backup file (arbiters of the tournament)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT)},
    )
    def get(self, request, slug):
        tournament = get_object_or_404(Tournament, slug=slug)
        # Reading it changes nothing: an arbiter downloads it from a mirror too.
        if not tournament.is_arbiter(request.user):
            raise ServiceError(ErrorCode.FORBIDDEN, case="export", name=tournament.name)
        response = HttpResponse(
            dumps_backup(export_tournament(tournament)), content_type="application/json"
        )
        response["Content-Disposition"] = f'attachment; filename="{slug}-backup.json"'
        return response


class BackupDocumentSerializer(serializers.Serializer):
    """A backup as `GET …/export/` gives it: the format's name and version, then the rows of
    each kind (tournament, section, team, player, requested_bye, round, pairing, seat, result,
    result_change), each row a JSON object."""

    format = serializers.ChoiceField(choices=[FORMAT])
    version = serializers.ChoiceField(choices=[VERSION])
    tournament = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=1)


class ImportTournament(APIView):
    """Restore a tournament from a backup file (users allowed to create tournaments)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=BackupDocumentSerializer, responses={201: TournamentSerializer})
    def post(self, request):
        BackupDocumentSerializer(data=request.data).is_valid(raise_exception=True)
        tournament = import_tournament(request.data, by=request.user)
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


API_KINDS = {"open": Section.Kind.OPEN, "men": Section.Kind.MEN, "women": Section.Kind.WOMEN}


class TrfSectionImportSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="Name of the new section.")
    trf = serializers.CharField(
        max_length=2_000_000, help_text="The TRF file's text, with the rounds played so far."
    )
    expected_version = expected_version_field(TOURNAMENT_REVISION)
    kind = serializers.ChoiceField(
        choices=["open", "men", "women"],
        required=False,
        help_text="Who may play in the section; by default the name says (Men, Femmes, …).",
    )


class ImportTrfSection(APIView):
    """Add a section with its history from a TRF file (arbiters of the tournament)."""

    written_version = "tournament"

    @extend_schema(request=TrfSectionImportSerializer, responses={201: SectionSerializer})
    def post(self, request, slug):
        tournament = get_object_or_404(Tournament, slug=slug)
        require_arbiter(tournament, request.user)
        data = TrfSectionImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        kind = fields.get("kind")
        with tournament_write(request, tournament, fields.get("expected_version")):
            section = import_trf_section(
                tournament,
                fields["name"],
                fields["trf"],
                by=request.user,
                kind=None if kind is None else API_KINDS[kind],
            )
        return Response(SectionSerializer(section).data, status=status.HTTP_201_CREATED)
