"""The rating lists through the API, read by anyone:

- `GET /api/v1/ratings/lists/`: every published list (each period's editions, the current one
  marked);
- `GET /api/v1/ratings/lists/current/`, `GET /api/v1/ratings/lists/{id}/`: one list with its
  rows (filters `federation`, `sex`, `age`, `q` as on the page), unrated rows last with a null
  rating;
- `GET /api/v1/ratings/persons/{id}/`: a person's current rating and his history (his row on
  the current edition of every period's list).

Conditional like the other resources: an ETag of the body (tournaments/api/conditional.py)
and a Last-Modified of the latest list published; a matching If-None-Match answers 304.
"""

from functools import wraps

from django.db.models import Max
from django.shortcuts import get_object_or_404
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date
from django.views.decorators.gzip import gzip_page
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from ratinglists import computing, reading
from ratinglists.models import RatingList, RatingRow
from register.linking import live
from register.models import Person
from tournaments.api.conditional import representation_etag
from tournaments.api.pagination import MAX_LIMIT, ClampedLimitOffsetPagination
from tournaments.services.errors import ErrorCode, ServiceError

TAG = "ratings"
PAGE_ROWS = MAX_LIMIT
LIST_FILTERS = [
    OpenApiParameter("federation", str, description="Three letters: only this federation."),
    OpenApiParameter("sex", str, enum=["m", "w"], description="Only men (m) or women (w)."),
    OpenApiParameter(
        "age", str, enum=list(reading.AGE_GROUPS), description="An age group in the list's year."
    ),
    OpenApiParameter("q", str, description="Words of the name."),
    OpenApiParameter(
        "limit", int, description="Rows in the answer (at most 500, 500 unless said)."
    ),
    OpenApiParameter("offset", int, description="Rows skipped before the first one answered."),
]


def conditional_list_read(view):
    """ETag of the body, Last-Modified of the latest list, 304 when the client has it."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        response.render()
        patch_vary_headers(response, ("Accept",))
        response["ETag"] = representation_etag(response)
        latest = RatingList.objects.aggregate(at=Max("published_at"))["at"]
        timestamp = latest.timestamp() if latest else None
        if timestamp is not None:
            response["Last-Modified"] = http_date(timestamp)
        return get_conditional_response(
            request, etag=response["ETag"], last_modified=timestamp, response=response
        )

    return gzip_page(wrapped)


class ConditionalListRead:
    @classmethod
    def as_view(cls, **initkwargs):
        return conditional_list_read(super().as_view(**initkwargs))


class ListSerializer(serializers.ModelSerializer):
    start = serializers.DateField(source="period.start")
    end = serializers.DateField(source="period.end")
    current = serializers.SerializerMethodField()

    class Meta:
        model = RatingList
        fields = [
            "id", "date", "start", "end", "system", "parameters", "number", "current",
            "supersedes", "reason", "published_at",
        ]  # fmt: skip

    def get_current(self, rating_list) -> bool:
        return not RatingList.objects.filter(supersedes=rating_list).exists()


class RowSerializer(serializers.ModelSerializer):
    person = serializers.IntegerField(source="person_id")
    federation = serializers.CharField(source="person.federation")
    sex = serializers.CharField(source="person.sex")
    rating = serializers.IntegerField(source="shown_rating", allow_null=True)
    rating_exact = serializers.FloatField(source="rating", allow_null=True)
    score = serializers.DecimalField(max_digits=7, decimal_places=1, coerce_to_string=False)
    expected = serializers.DecimalField(
        max_digits=9, decimal_places=2, coerce_to_string=False, allow_null=True
    )

    class Meta:
        model = RatingRow
        fields = [
            "person", "name", "federation", "sex", "rating", "rating_exact", "rating_before",
            "change", "games", "total_games", "score", "expected", "k", "deviation", "volatility",
        ]  # fmt: skip


class ListWithRowsSerializer(ListSerializer):
    count = serializers.SerializerMethodField()
    rows = serializers.SerializerMethodField()

    class Meta(ListSerializer.Meta):
        fields = [*ListSerializer.Meta.fields, "count", "rows"]

    def _rows(self, rating_list):
        return reading.filtered_rows(rating_list, **self.context.get("filters", {}))

    def get_count(self, rating_list) -> int:
        """How many rows the filters keep (the page holds `limit` of them from `offset`)."""
        return self._rows(rating_list).count()

    def get_rows(self, rating_list) -> list[dict]:
        offset, limit = self.context.get("window", (0, PAGE_ROWS))
        return RowSerializer(self._rows(rating_list)[offset : offset + limit], many=True).data


class HistorySerializer(RowSerializer):
    list = serializers.IntegerField(source="rating_list_id")
    date = serializers.DateField(source="rating_list.date")
    system = serializers.CharField(source="rating_list.system")

    class Meta(RowSerializer.Meta):
        fields = ["list", "date", "system", *RowSerializer.Meta.fields]


class PersonRatingSerializer(serializers.Serializer):
    person = serializers.IntegerField()
    name = serializers.CharField()
    federation = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    history = HistorySerializer(many=True)


@extend_schema(tags=[TAG])
class Lists(ConditionalListRead, APIView):
    @extend_schema(summary="Every published rating list", responses=ListSerializer(many=True))
    def get(self, request):
        lists = RatingList.objects.select_related("period").order_by("-date", "-number")
        return Response(ListSerializer(lists, many=True).data)


@extend_schema(tags=[TAG])
class ListDetail(ConditionalListRead, APIView):
    @extend_schema(
        summary="One rating list with its rows",
        parameters=[
            OpenApiParameter(
                "list_id", str, OpenApiParameter.PATH, description="A list's id, or `current`."
            ),
            *LIST_FILTERS,
        ],
        responses=ListWithRowsSerializer,
    )
    def get(self, request, list_id):
        if list_id == "current":
            chosen = computing.current_list()
            if chosen is None:
                raise ServiceError(ErrorCode.NO_RATING_LIST)
        else:
            if not (list_id.isascii() and list_id.isdigit()):
                raise ServiceError(ErrorCode.NO_RATING_LIST)
            chosen = get_object_or_404(RatingList.objects.select_related("period"), pk=list_id)
        params = request.query_params
        filters = {
            "federation": params.get("federation", "")[:3],
            "sex": params.get("sex", ""),
            "age": params.get("age", ""),
            "query": params.get("q", "")[:100],
        }
        pages = ClampedLimitOffsetPagination()
        pages.default_limit = PAGE_ROWS
        window = (pages.get_offset(request), pages.get_limit(request))
        context = {"filters": filters, "window": window}
        return Response(ListWithRowsSerializer(chosen, context=context).data)


@extend_schema(tags=[TAG])
class PersonRating(ConditionalListRead, APIView):
    @extend_schema(
        summary="A person's rating and rating history",
        parameters=[
            OpenApiParameter(
                "person_id",
                int,
                OpenApiParameter.PATH,
                description="The person's number in the register (a merged one answers with "
                "the person kept).",
            )
        ],
        responses=PersonRatingSerializer,
    )
    def get(self, request, person_id):
        person = live(get_object_or_404(Person, pk=person_id))
        rows = reading.history(person)
        current = computing.current_list()
        now = next((r for r in rows if current and r.rating_list_id == current.pk), None)
        return Response(
            {
                "person": person.pk,
                "name": person.name,
                "federation": person.federation,
                "rating": now.shown_rating if now else None,
                "history": HistorySerializer(rows, many=True).data,
            }
        )
