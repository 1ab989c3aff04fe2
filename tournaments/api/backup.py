"""Backup and restore over the API: an arbiter downloads a whole tournament as JSON, and a
user allowed to create tournaments uploads such a file to restore it."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.serializers import TournamentSerializer
from tournaments.models import Tournament
from tournaments.services.backup import dumps_backup, export_tournament, import_tournament
from tournaments.services.permissions import require_arbiter


class ExportTournament(APIView):
    """Download the whole tournament as a backup file (arbiters of the tournament)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT)},
    )
    def get(self, request, slug):
        tournament = get_object_or_404(Tournament, slug=slug)
        require_arbiter(tournament, request.user)
        response = HttpResponse(
            dumps_backup(export_tournament(tournament)), content_type="application/json"
        )
        response["Content-Disposition"] = f'attachment; filename="{slug}-backup.json"'
        return response


class ImportTournament(APIView):
    """Restore a tournament from a backup file (users allowed to create tournaments)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: TournamentSerializer})
    def post(self, request):
        tournament = import_tournament(request.data, by=request.user)
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)
