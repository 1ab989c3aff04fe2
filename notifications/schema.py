"""The webhooks' bodies in the API's OpenAPI schema.

drf-spectacular writes them (SPECTACULAR_SETTINGS["WEBHOOKS"]) as the `webhooks` section of the
OpenAPI 3.1 schema, which Redoc shows as a "Webhooks" part of /api/docs/; each body is a
component of its own (`PairingPublishedEvent`…), a JSON Schema a receiver can check a body with.
"""

from drf_spectacular.utils import (
    OpenApiResponse,
    OpenApiWebhook,
    PolymorphicProxySerializer,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers

from tournaments import announcements
from tournaments.api.serializers import GameSerializer, RoundSerializer, TournamentSerializer

SIGNED = (
    "Signed as the Standard Webhooks specification says: the headers `webhook-id` (the same "
    "on every attempt of the event: drop a repeat), `webhook-timestamp` (Unix seconds) and "
    "`webhook-signature` (`v1,` and the base64 HMAC-SHA256, keyed with the base64-decoded part "
    "of the endpoint's `whsec_` secret, of `id.timestamp.body`). Answer 2xx within 5 seconds; "
    "anything else (a redirect included) is tried again later, and the endpoint's later events "
    "wait until this one is delivered or given up. See docs/webhooks.md."
)


class PublishedRoundSerializer(RoundSerializer):
    section = serializers.CharField(help_text="The round's section's slug.")

    class Meta(RoundSerializer.Meta):
        fields = ["section", *RoundSerializer.Meta.fields]


GONE_ROUND = inline_serializer(
    name="GoneRound",
    fields={
        "section": serializers.SlugField(),
        "number": serializers.IntegerField(),
        "gone": serializers.BooleanField(help_text="Always true: taken back before it was sent."),
    },
)
GONE_GAME = inline_serializer(
    name="GoneGame",
    fields={
        "id": serializers.IntegerField(),
        "section": serializers.SlugField(),
        "round": serializers.IntegerField(),
        "board": serializers.IntegerField(),
        "gone": serializers.BooleanField(help_text="Always true: taken back before it was sent."),
    },
)


def _or_gone(name: str, shown, gone):
    """The data as the API shows it, or only what names it when its round was taken back before
    the event was written (notifications/events.py)."""
    return PolymorphicProxySerializer(
        component_name=name, serializers=[shown, gone], resource_type_field_name=None
    )


def _event(name: str, kind: str, data, summary: str) -> OpenApiWebhook:
    body = inline_serializer(
        name=name,
        fields={
            "type": serializers.ChoiceField(choices=[kind]),
            "tournament": serializers.SlugField(help_text="The tournament's slug."),
            "revision": serializers.IntegerField(
                help_text="The tournament's revision right after the change (rises with each)."
            ),
            "data": data,
        },
    )
    return OpenApiWebhook(
        name=kind,
        decorator=extend_schema(
            summary=summary,
            description=SIGNED,
            request=body,
            responses={200: OpenApiResponse(description="Received.")},
        ),
    )


PAIRING_PUBLISHED, RESULT_RECORDED, RESULT_CLEARED, ROUND_TAKEN_BACK, STANDINGS_FINAL = (
    _event(
        "PairingPublishedEvent",
        announcements.PAIRING_PUBLISHED,
        _or_gone("PublishedRoundOrGone", PublishedRoundSerializer, GONE_ROUND),
        "A round's pairings were published (the round as the API shows it, with its section)",
    ),
    _event(
        "ResultRecordedEvent",
        announcements.RESULT_RECORDED,
        _or_gone("RecordedGameOrGone", GameSerializer, GONE_GAME),
        "A result was entered or corrected (the game as the API shows it)",
    ),
    _event(
        "ResultClearedEvent",
        announcements.RESULT_CLEARED,
        _or_gone("ClearedGameOrGone", GameSerializer, GONE_GAME),
        "A result was cleared (the game, its result null)",
    ),
    _event(
        "RoundTakenBackEvent",
        announcements.ROUND_TAKEN_BACK,
        inline_serializer(
            name="TakenBackRound",
            fields={"section": serializers.SlugField(), "number": serializers.IntegerField()},
        ),
        "A round was taken back with its results (its section and number)",
    ),
    _event(
        "StandingsFinalEvent",
        announcements.STANDINGS_FINAL,
        TournamentSerializer(),
        "Every section played its last round: the standings are final (the tournament)",
    ),
)


def receivers_answers(result, generator, request, public):
    """Keep only what a receiver answers on each webhook: the API's own refusals (400, 401…),
    which the operations' schema adds to every operation, are no answer of a receiver."""
    for hook in result.get("webhooks", {}).values():
        for operation in hook.values():
            operation["responses"] = {
                "2XX": {"description": "Received."},
                "default": {
                    "description": "Anything else, a redirect included: tried again later, "
                    "with the endpoint's later events waiting behind it."
                },
            }
    return result
