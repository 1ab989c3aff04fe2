from django.db.models import Max, Prefetch
from django.db.models.functions import Coalesce
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.serializers import (
    ErrorSerializer,
    PairingSerializer,
    PlayerSerializer,
    ResultEntrySerializer,
    RoundSerializer,
    StandingsSerializer,
    TournamentSerializer,
)
from tournaments.lookups import public_section
from tournaments.models import Pairing, Round, Section, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.history import section_history
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round
from tournaments.services.standings import completed_round_count, section_standings
from tournaments.trf import dumps


def error_response(error: ServiceError) -> Response:
    code = {
        "forbidden": status.HTTP_403_FORBIDDEN,
        "result_changed": status.HTTP_409_CONFLICT,
    }.get(error.code, status.HTTP_400_BAD_REQUEST)
    return Response(error.as_dict(), status=code)


class TournamentList(generics.ListAPIView):
    serializer_class = TournamentSerializer
    queryset = Tournament.objects.filter(published=True).prefetch_related("sections", "teams")


class TournamentDetail(generics.RetrieveAPIView):
    serializer_class = TournamentSerializer
    queryset = TournamentList.queryset
    lookup_field = "slug"


class PlayerList(generics.ListAPIView):
    serializer_class = PlayerSerializer

    def get_queryset(self):
        section = public_section(self.kwargs["slug"], self.kwargs["section"])
        return section.players.select_related("team").order_by("pairing_number")


class PublishedRounds:
    """Published rounds with their boards and results; drafts stay with the arbiters."""

    serializer_class = RoundSerializer

    def get_queryset(self):
        section = public_section(self.kwargs["slug"], self.kwargs["section"])
        return (
            section.rounds.exclude(status=Round.Status.DRAFT)
            .prefetch_related(
                Prefetch(
                    "pairings",
                    queryset=Pairing.objects.annotate(
                        version=Coalesce(Max("result_changes__id"), 0)
                    ),
                ),
                "pairings__south",
                "pairings__north",
                "pairings__result",
                "pairings__game_record",
            )
            .order_by("number")
        )


class RoundList(PublishedRounds, generics.ListAPIView):
    pass


class RoundDetail(PublishedRounds, generics.RetrieveAPIView):
    lookup_field = "number"


class Standings(APIView):
    @extend_schema(responses=StandingsSerializer)
    def get(self, request, slug, section):
        table = section_standings(public_section(slug, section))
        rows = [
            {
                "place": place,
                "rank": table.standings.row(player.pairing_number).rank,
                "pairing_number": player.pairing_number,
                "name": player.name,
                "team": player.team.code if player.team else None,
                "values": {
                    code: float(v)
                    for code, v in zip(table.standings.tiebreaks, values, strict=True)
                },
            }
            for place, player, values in table.rows()
        ]
        return Response(
            StandingsSerializer(
                {
                    "after_round": table.after_round,
                    "tiebreaks": list(table.standings.tiebreaks),
                    "rows": rows,
                }
            ).data
        )


class SectionTrf(APIView):
    """The section as a TRF file (the completed rounds), for pairing programs."""

    @extend_schema(responses={(200, "text/plain"): OpenApiResponse(description="TRF-2026 text")})
    def get(self, request, slug, section):
        group = public_section(slug, section)
        # Only finished rounds: in TRF a round still being played has no block at all.
        played = completed_round_count(group)
        response = HttpResponse(
            dumps(section_history(group, played)), content_type="text/plain; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="{slug}-{section}.trf"'
        return response


class PairNextRound(APIView):
    """Pair the section's next round as a draft (arbiters of the tournament only)."""

    @extend_schema(
        request=None, responses={201: RoundSerializer, 400: ErrorSerializer, 403: ErrorSerializer}
    )
    def post(self, request, slug, section):
        group = get_object_or_404(
            Section.objects.select_related("tournament"), tournament__slug=slug, slug=section
        )
        try:
            round_ = pair_next_round(group, by=request.user)
        except ServiceError as error:
            return error_response(error)
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)


class EnterResult(APIView):
    """Enter or correct the result of one game (arbiters of the tournament only)."""

    @extend_schema(
        request=ResultEntrySerializer,
        responses={
            200: PairingSerializer,
            400: ErrorSerializer,
            403: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request, slug, pairing_id):
        pairing = (
            Pairing.objects.select_related("round__section__tournament")
            .filter(pk=pairing_id, round__section__tournament__slug=slug)
            .first()
        )
        if pairing is None:
            raise NotFound(f"Tournament {slug} has no game with id {pairing_id}.")
        if not pairing.round.section.tournament.is_arbiter(request.user):
            raise PermissionDenied("Only an arbiter of this tournament may enter results.")
        entry = ResultEntrySerializer(data=request.data)
        entry.is_valid(raise_exception=True)
        data = dict(entry.validated_data)
        reason = data.pop("reason")
        expected_version = data.pop("expected_version", None)
        try:
            record_result(
                pairing,
                ResultEntry(**data),
                by=request.user,
                reason=reason,
                expected=expected_version,
            )
        except ServiceError as error:
            return error_response(error)
        pairing = Pairing.objects.annotate(version=Coalesce(Max("result_changes__id"), 0)).get(
            pk=pairing.pk
        )
        return Response(PairingSerializer(pairing).data)
