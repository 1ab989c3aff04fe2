"""A tournament's webhooks through the API (arbiters of the tournament only):

`GET /api/v1/tournaments/{slug}/webhooks/` lists them (never their secrets);
`POST` with `{"url", "events"}` registers one and answers 201 with its `id` and its `secret`,
shown this once; `DELETE /api/v1/tournaments/{slug}/webhooks/{endpoint_id}/` removes one.
The events themselves are documented in the schema's `webhooks` section (notifications/schema.py).

Anyone may follow a public tournament or one of its players by web push:
`POST /api/v1/tournaments/{slug}/followers/` with the browser's subscription, `DELETE` to stop;
`GET /api/v1/push/key/` gives the VAPID public key to subscribe with.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications import followers, webhooks
from notifications.models import Attempt, Delivery, Endpoint
from tournaments.announcements import KINDS
from tournaments.lookups import public_tournament
from tournaments.models import Tournament
from tournaments.services.errors import ErrorCode, ServiceError

ENDPOINT_ID = OpenApiParameter(
    "endpoint_id", int, OpenApiParameter.PATH, description="The webhook's id."
)


class AttemptSerializer(serializers.ModelSerializer):
    class Meta:
        model = Attempt
        fields = ["at", "succeeded", "status_code", "answer", "error", "milliseconds"]


class DeliverySerializer(serializers.ModelSerializer):
    type = serializers.CharField(source="event.kind", read_only=True)
    webhook_id = serializers.CharField(source="event.message_id", read_only=True)
    tries = AttemptSerializer(many=True, read_only=True)

    class Meta:
        model = Delivery
        fields = ["id", "type", "webhook_id", "status", "attempts", "next_attempt_at", "tries"]


class EndpointSerializer(serializers.ModelSerializer):
    """A registered webhook, without its secret."""

    events = serializers.ListField(child=serializers.ChoiceField(choices=KINDS))

    class Meta:
        model = Endpoint
        fields = ["id", "url", "events", "created_at"]
        read_only_fields = ["id", "created_at"]


class NewEndpointSerializer(EndpointSerializer):
    """A webhook just registered: with its signing secret (`whsec_…`), shown this once."""

    secret = serializers.CharField(read_only=True)

    class Meta(EndpointSerializer.Meta):
        fields = [*EndpointSerializer.Meta.fields, "secret"]


class EndpointWriteSerializer(serializers.Serializer):
    url = serializers.CharField(max_length=webhooks.MAX_URL_LENGTH)
    events = serializers.ListField(child=serializers.CharField(max_length=40), max_length=10)


def arbiter_tournament(slug: str, user) -> Tournament:
    """The tournament `slug` for its arbiter; 404 for a tournament the user cannot see at all
    (so a refusal never names an unpublished one), 403 for another's published one."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_arbiter(user):
        if not tournament.published:
            raise Http404
        raise ServiceError(ErrorCode.FORBIDDEN, name=tournament.name)
    return tournament


class WebhookList(APIView):
    """List a tournament's webhooks, or register one (arbiters of the tournament only)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: EndpointSerializer(many=True)})
    def get(self, request, slug):
        tournament = arbiter_tournament(slug, request.user)
        endpoints = Endpoint.objects.filter(tournament=tournament)
        return Response(EndpointSerializer(endpoints, many=True).data)

    @extend_schema(request=EndpointWriteSerializer, responses={201: NewEndpointSerializer})
    def post(self, request, slug):
        """Register a URL for some of the events; the answer holds its secret, shown once."""
        tournament = arbiter_tournament(slug, request.user)
        body = EndpointWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        endpoint = webhooks.register_endpoint(
            tournament,
            url=body.validated_data["url"],
            events=body.validated_data["events"],
            by=request.user,
        )
        return Response(NewEndpointSerializer(endpoint).data, status=status.HTTP_201_CREATED)


class WebhookDetail(APIView):
    """One webhook with its latest deliveries and their attempts; arbiters remove it here."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[ENDPOINT_ID],
        responses={200: DeliverySerializer(many=True)},
        operation_id="tournaments_webhooks_deliveries",
    )
    def get(self, request, slug, endpoint_id):
        tournament = arbiter_tournament(slug, request.user)
        endpoint = webhooks.endpoint_of(tournament, endpoint_id, by=request.user)
        deliveries = endpoint.deliveries.select_related("event").prefetch_related("tries")
        return Response(DeliverySerializer(deliveries.order_by("-pk")[:100], many=True).data)

    @extend_schema(parameters=[ENDPOINT_ID], request=None, responses={204: None})
    def delete(self, request, slug, endpoint_id):
        tournament = arbiter_tournament(slug, request.user)
        webhooks.remove_endpoint(tournament, endpoint_id, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# --- followers: web push with no account (docs/notifications.md) ---------------------------


class PushKeySerializer(serializers.Serializer):
    public_key = serializers.CharField(help_text="The VAPID public key, unpadded base64url.")


class PushKeysSerializer(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=100)


class SubscriptionSerializer(serializers.Serializer):
    """A browser's push subscription, as `PushSubscription.toJSON()` gives it."""

    endpoint = serializers.CharField(max_length=followers.MAX_ENDPOINT_LENGTH)
    keys = PushKeysSerializer()


class FollowSerializer(serializers.Serializer):
    subscription = SubscriptionSerializer()
    player = serializers.IntegerField(
        required=False, allow_null=True, help_text="The player's id; none to follow the event."
    )
    language = serializers.CharField(max_length=20, required=False, allow_blank=True)


class FollowingSerializer(serializers.Serializer):
    unfollow = serializers.CharField(help_text="The page that stops this following.")


class UnfollowSerializer(serializers.Serializer):
    endpoint = serializers.CharField(max_length=followers.MAX_ENDPOINT_LENGTH)
    player = serializers.IntegerField(required=False, allow_null=True)


class PushKey(APIView):
    """The VAPID public key a page subscribes to push with (404 when push is not set up)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PushKeySerializer})
    def get(self, request):
        return Response({"public_key": followers.public_key()})


class FollowerList(APIView):
    """Follow a public tournament, or one of its players, by web push (no account needed;
    limited per client address as every anonymous write); stop following it with DELETE."""

    # No session: a follower is no user, and a page's script sends no CSRF token for it.
    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(request=FollowSerializer, responses={201: FollowingSerializer})
    def post(self, request, slug):
        tournament = public_tournament(slug)
        body = FollowSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        subscription = body.validated_data["subscription"]
        follower = followers.follow(
            tournament,
            endpoint=subscription["endpoint"],
            p256dh=subscription["keys"]["p256dh"],
            auth=subscription["keys"]["auth"],
            language=body.validated_data.get("language") or "",
            player_id=body.validated_data.get("player"),
        )
        unfollow = reverse("notifications-follow:unfollow", args=[slug, follower.token])
        return Response({"unfollow": unfollow}, status=status.HTTP_201_CREATED)

    @extend_schema(request=UnfollowSerializer, responses={204: None})
    def delete(self, request, slug):
        tournament = public_tournament(slug)
        body = UnfollowSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        followers.unfollow(
            tournament,
            endpoint=body.validated_data["endpoint"],
            player_id=body.validated_data.get("player"),
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
