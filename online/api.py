"""Online events through the API, for organisers' scripts and players' clients alike:

`POST /api/v1/tournaments/` with `{"name", "slug", "rounds", "online": {...}}` creates an
online event (users who may create tournaments); `POST /api/v1/tournaments/{slug}/start/` starts
it (its arbiters, with the tournament's revision); `GET /api/v1/tournaments/{slug}/online/`
reads its settings and state; `POST /api/v1/tournaments/{slug}/{section}/entries/` enters the
player whose token is sent, `POST …/check-in/` checks him in for the next round;
`POST /api/v1/tournaments/{slug}/games/{id}/disputes/` reports a problem with one of his games.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications.api import arbiter_tournament
from online import disputes, entries, events
from online.models import (
    CLOCK_MINUTES,
    GAP_SECONDS,
    INCREMENT_SECONDS,
    MAX_ROUNDS,
    NO_SHOW_SECONDS,
    SETTINGS,
    CheckIn,
    Dispute,
    Entry,
    OnlineEvent,
)
from tournaments.api.serializers import TournamentSerializer, VersionSerializer
from tournaments.api.versions import tournament_write
from tournaments.api.views import TournamentList
from tournaments.models import Pairing, Tournament
from tournaments.services.errors import ServiceError

AFTER_LAST_GAME = OnlineEvent.NextRound.AFTER_LAST_GAME.value


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": [AFTER_LAST_GAME]},
            {"type": "array", "items": {"type": "string", "format": "date-time"}},
        ],
        "description": '"after_last_game" (the round is paired `gap_seconds` after the last game '
        "of the one before ends), or one start time per round, in order.",
    }
)
class NextRoundField(serializers.Field):
    """`"after_last_game"`, or a list of one start time per round (ISO 8601)."""

    def to_internal_value(self, data):
        if data == AFTER_LAST_GAME:
            return []
        if not isinstance(data, list) or not data or len(data) > MAX_ROUNDS:
            raise serializers.ValidationError(
                _('Give "after_last_game" or a list of start times, one per round.')
            )
        # One per round and in order: the service checks (online.events.check_starts).
        moment = serializers.DateTimeField()
        return [moment.to_internal_value(item) for item in data]

    def to_representation(self, value):
        return value


class OnlineSettingsSerializer(serializers.Serializer):
    """An online event's settings."""

    clock_minutes = serializers.IntegerField(
        min_value=CLOCK_MINUTES[0], max_value=CLOCK_MINUTES[1], default=20
    )
    increment_seconds = serializers.IntegerField(
        min_value=INCREMENT_SECONDS[0], max_value=INCREMENT_SECONDS[1], default=0
    )
    no_show_seconds = serializers.IntegerField(
        min_value=NO_SHOW_SECONDS[0], max_value=NO_SHOW_SECONDS[1], default=300, allow_null=True
    )
    # Not given: after the last game (no start times).
    next_round = NextRoundField(default=list)
    gap_seconds = serializers.IntegerField(
        min_value=GAP_SECONDS[0], max_value=GAP_SECONDS[1], default=60
    )
    entries_from = serializers.DateTimeField(required=False, allow_null=True)
    entries_until = serializers.DateTimeField(required=False, allow_null=True)
    late_entries = serializers.BooleanField(default=True)
    late_entry_points = serializers.ChoiceField(choices=["0", "0.5", "1"], default="0")
    check_in = serializers.BooleanField(default=False)


class NewOnlineTournamentSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=Tournament._meta.get_field("name").max_length)
    slug = serializers.SlugField(max_length=Tournament._meta.get_field("slug").max_length)
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    online = OnlineSettingsSerializer()


class OnlineEventSerializer(serializers.ModelSerializer):
    """An online event's settings and where its run is."""

    tournament = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    late_entry_points = serializers.DecimalField(
        max_digits=2, decimal_places=1, read_only=True, help_text="0.0, 0.5 or 1.0."
    )
    entries = serializers.SerializerMethodField()

    class Meta:
        model = OnlineEvent
        fields = ["tournament", "state", *SETTINGS, "next_round", "started_at", "entries"]

    def get_entries(self, event) -> int:
        return event.entries.count()


class OnlineTournamentSerializer(TournamentSerializer):
    online = OnlineEventSerializer(read_only=True)

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "online"]


class EntrySerializer(serializers.ModelSerializer):
    """A player's own entry."""

    tournament = serializers.CharField(source="event.tournament.slug", read_only=True)
    section = serializers.CharField(source="player.section.slug", read_only=True)
    player_id = serializers.IntegerField(source="player.pk", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)
    pairing_number = serializers.IntegerField(source="player.pairing_number", read_only=True)
    entry_round = serializers.IntegerField(
        source="player.entry_round",
        read_only=True,
        help_text="The first round he is paired in: later than 1 for a late entry.",
    )
    linked_person = serializers.SerializerMethodField()

    class Meta:
        model = Entry
        fields = [
            "tournament",
            "section",
            "player_id",
            "name",
            "pairing_number",
            "entry_round",
            "joined_at",
            "linked_person",
        ]

    def get_linked_person(self, entry) -> int | None:
        link = getattr(entry.player, "register_link", None)
        return link.person_id if link is not None else None


class EntryWriteSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        help_text="The name to play under, when the register does not know the account.",
    )


class CheckInSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="number", read_only=True)

    class Meta:
        model = CheckIn
        fields = ["round", "at"]


class DisputeSerializer(serializers.ModelSerializer):
    game = serializers.IntegerField(source="pairing_id", read_only=True)

    class Meta:
        model = Dispute
        fields = ["id", "game", "text", "reported_at", "closed_at", "answer"]
        read_only_fields = ["id", "reported_at", "closed_at", "answer"]


def online_tournament(pk: int) -> Tournament:
    return Tournament.objects.prefetch_related("sections__round_starts", "teams").get(pk=pk)


class OnlineTournamentList(TournamentList):
    """List the published tournaments; create an online event (users who may create
    tournaments)."""

    @extend_schema(
        request=NewOnlineTournamentSerializer,
        responses={201: OnlineTournamentSerializer},
        operation_id="tournaments_create_online",
    )
    def post(self, request):
        """Create an online event: a tournament with one section `open`, whose players enter
        themselves and whose rounds run without an arbiter."""
        events.require_creator(request.user)
        body = NewOnlineTournamentSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        settings = dict(data["online"])
        starts = settings.pop("next_round")
        try:
            event = events.create_online_event(
                by=request.user,
                name=data["name"],
                slug=data["slug"],
                rounds=data["rounds"],
                starts=starts,
                **settings,
            )
        except ServiceError as refusal:
            if refusal.field == "starts":
                refusal.field = "online.next_round"  # the service's start times, in the body
            raise
        tournament = online_tournament(event.tournament_id)
        return Response(OnlineTournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class OnlineDetail(APIView):
    """An online event's settings and state."""

    @extend_schema(responses={200: OnlineEventSerializer})
    def get(self, request, slug):
        tournament = get_object_or_404(Tournament, slug=slug, published=True)
        return Response(OnlineEventSerializer(events.event_of(tournament)).data)


class StartEvent(APIView):
    """Close the entries and start round 1 (the event's arbiters)."""

    written_version = "tournament"

    @extend_schema(request=VersionSerializer, responses={200: OnlineTournamentSerializer})
    def post(self, request, slug):
        tournament = arbiter_tournament(slug, request.user)
        body = VersionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        with tournament_write(request, tournament, body.validated_data.get("expected_version")):
            events.start_event(tournament, by=request.user)
        return Response(OnlineTournamentSerializer(online_tournament(tournament.pk)).data)


class Entries(APIView):
    """Enter the online event's section as the signed-in player (his token)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=EntryWriteSerializer, responses={201: EntrySerializer})
    def post(self, request, slug, section):
        tournament = get_object_or_404(Tournament, slug=slug, published=True)
        body = EntryWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        entry = entries.enter(
            tournament, section, request.user, name=body.validated_data.get("name", "")
        )
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class CheckInView(APIView):
    """Check in for the section's next round (events that ask for check-ins)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: CheckInSerializer})
    def post(self, request, slug, section):
        tournament = get_object_or_404(Tournament, slug=slug, published=True)
        found = entries.check_in(tournament, section, request.user)
        return Response(CheckInSerializer(found).data, status=status.HTTP_201_CREATED)


class DisputeList(APIView):
    """Report a problem with one of your games of an online event, for its arbiters."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=DisputeSerializer, responses={201: DisputeSerializer})
    def post(self, request, slug, pairing_id):
        pairing = get_object_or_404(
            Pairing.objects.select_related("round__section__tournament"),
            pk=pairing_id,
            round__section__tournament__slug=slug,
            round__section__tournament__published=True,
        )
        body = DisputeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        dispute = disputes.report(pairing, request.user, body.validated_data["text"])
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)
