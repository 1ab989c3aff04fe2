"""The register through the API: a player entry's person (read, link, create, unlink) and the
register's persons (read, search).

`GET/POST/DELETE /api/v1/tournaments/{slug}/players/{player_id}/person/`: the person the entry
is linked to, and for an arbiter of the event or a register officer the ranked candidates with
their reasons. A write names the link's `version` it read (`expected_version` or `If-Match`:
428 without, 409 when it moved), as every write of the API names what it changes. Refusals are
ServiceErrors (ErrorCode members), answered in the API's one error shape. Birth dates and
identity numbers are null unless the reader may see them (register/access.py).
"""

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from register import linking, matching
from register.access import may_link, private_persons
from register.models import Person, PlayerLink
from register.reasons import reason_text
from tournaments.api.versions import sent_version
from tournaments.models import Player
from tournaments.services.errors import ErrorCode, ServiceError

PRIVATE_FIELDS = ("birth_date", "birth_year", "federation_id", "trf_id")
PERSON_ID = OpenApiParameter(
    "person_id", int, OpenApiParameter.PATH, description="The person's number in the register."
)


class PersonSerializer(serializers.ModelSerializer):
    """A person of the register; the personal fields only for a reader who may see them
    (context `private`: the set of person ids he may see)."""

    names = serializers.SerializerMethodField()

    class Meta:
        model = Person
        fields = [
            "id",
            "name",
            "names",
            "sex",
            "federation",
            "club",
            *PRIVATE_FIELDS,
            "merged_into",
        ]

    def get_names(self, person) -> list[str]:
        return sorted(variant.name for variant in person.variants.all())

    def to_representation(self, person):
        data = super().to_representation(person)
        if person.pk not in self.context.get("private", set()):
            for field in PRIVATE_FIELDS:
                data[field] = None
        return data


class ReasonSerializer(serializers.Serializer):
    code = serializers.CharField()
    text = serializers.CharField()


class CandidateSerializer(serializers.Serializer):
    person = PersonSerializer()
    score = serializers.IntegerField()
    reasons = ReasonSerializer(many=True)


class PlayerPersonSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    person = PersonSerializer(allow_null=True)
    how = serializers.CharField(allow_blank=True)
    version = serializers.IntegerField()
    candidates = CandidateSerializer(many=True)


class LinkWriteSerializer(serializers.Serializer):
    """Link the entry to an existing `person`, or `create` a new person of the entry."""

    person = serializers.IntegerField(required=False, min_value=1)
    create = serializers.BooleanField(required=False, default=False)
    reason = serializers.CharField(required=False, allow_blank=True, default="")
    expected_version = serializers.IntegerField(required=False, min_value=0)

    def validate(self, data):
        if data.get("create") == ("person" in data):
            raise serializers.ValidationError(
                {"person": "Send either a person's id or create: true."}
            )
        return data


class UnlinkSerializer(serializers.Serializer):
    reason = serializers.CharField()
    expected_version = serializers.IntegerField(required=False, min_value=0)


def _player(request, slug: str, player_id: int) -> Player:
    """The entry; an unpublished tournament's only for those who may link its players."""
    player = get_object_or_404(
        Player.objects.select_related("section__tournament"),
        section__tournament__slug=slug,
        pk=player_id,
    )
    tournament = player.section.tournament
    if not tournament.published and not may_link(request.user, tournament):
        raise Http404
    return player


def player_person(request, player: Player) -> dict:
    link = PlayerLink.objects.filter(player=player).select_related("person").first()
    person = link.person if link else None
    found = []
    if link is None and may_link(request.user, player.section.tournament):
        found = linking.candidates_for(player)
    shown = [p for p in [person, *(p for _c, p in found)] if p is not None]
    context = {"private": private_persons(request.user, shown)}
    return {
        "player": player.pk,
        "name": player.name,
        "person": PersonSerializer(person, context=context).data if person else None,
        "how": link.how if link else "",
        "version": linking.link_version(player),
        "candidates": [
            {
                "person": PersonSerializer(p, context=context).data,
                "score": candidate.score,
                "reasons": [
                    {"code": code, "text": reason_text(code)} for code in candidate.reasons
                ],
            }
            for candidate, p in found
        ],
    }


class PlayerPerson(APIView):
    """The person of the register a tournament's player entry is, or his candidates.

    Anyone reads the link of a published tournament's player; an arbiter of the event or a
    register officer also reads the candidates (ranked, with reasons) and writes: POST links
    to a chosen person or creates a new one, DELETE takes a wrong link back (with a reason)."""

    # A write names the link's version (428 without it, 409 when it moved), as
    # `expected_version` or If-Match like every versioned write of the API.
    written_version = "link"

    @extend_schema(responses=PlayerPersonSerializer)
    def get(self, request, slug, player_id):
        return Response(player_person(request, _player(request, slug, player_id)))

    @extend_schema(
        summary="Link the player to a person, or create one (arbiters, officers)",
        request=LinkWriteSerializer,
        responses={200: PlayerPersonSerializer, 201: PlayerPersonSerializer},
    )
    def post(self, request, slug, player_id):
        player = _player(request, slug, player_id)
        body = LinkWriteSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        expected = sent_version(request, data.get("expected_version"))
        if data["create"]:
            linking.create_person_for(player, by=request.user, expected=expected)
            answer = status.HTTP_201_CREATED
        else:
            person = Person.objects.filter(pk=data["person"]).first()
            if person is None:
                raise ServiceError(ErrorCode.NO_PERSON, field="person", person=data["person"])
            linking.link_player(
                player, person, by=request.user, expected=expected, reason=data["reason"]
            )
            answer = status.HTTP_200_OK
        return Response(player_person(request, player), status=answer)

    @extend_schema(
        summary="Take a wrong link back (arbiters, officers)",
        request=UnlinkSerializer,
        responses=PlayerPersonSerializer,
    )
    def delete(self, request, slug, player_id):
        player = _player(request, slug, player_id)
        body = UnlinkSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        expected = sent_version(request, body.validated_data.get("expected_version"))
        linking.unlink_player(
            player, by=request.user, reason=body.validated_data["reason"], expected=expected
        )
        return Response(player_person(request, player))


class PersonList(generics.ListAPIView):
    """The register's persons (not those merged into another), found by any of their names
    (`q`: case, accents and word order ignored) or an identity number."""

    serializer_class = PersonSerializer

    @extend_schema(parameters=[OpenApiParameter("q", str, description="A name or an id.")])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return search_persons(self.request.query_params.get("q", "")).prefetch_related("variants")

    def get_serializer_context(self):
        context = super().get_serializer_context()
        page = getattr(self, "_shown", None)
        context["private"] = private_persons(self.request.user, page or [])
        return context

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        self._shown = list(page if page is not None else queryset)
        return page


@extend_schema(parameters=[PERSON_ID])
class PersonDetail(generics.RetrieveAPIView):
    """One person of the register, a merged one too (`merged_into` names the person kept)."""

    serializer_class = PersonSerializer
    queryset = Person.objects.prefetch_related("variants")
    lookup_url_kwarg = "person_id"

    def get_serializer_context(self):
        context = super().get_serializer_context()
        person = get_object_or_404(Person, pk=self.kwargs["person_id"])
        context["private"] = private_persons(self.request.user, [person])
        return context


def search_persons(text: str):
    """Live persons whose names contain every word of `text` (accents and case aside), or whose
    federation id or TRF id is `text`."""
    persons = Person.objects.filter(merged_into__isnull=True)
    words = matching.plain_words(text)
    if not words:
        return persons.order_by("name", "pk")
    by_name = Q()
    for word in words:
        by_name &= Q(variants__key__contains=word)
    number = text.strip()
    found = persons.filter(by_name | Q(federation_id=number) | Q(trf_id=number))
    return persons.filter(pk__in=found.values("pk")).order_by("name", "pk")
