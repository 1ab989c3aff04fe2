"""The REST API's views: read tournaments, players, rounds, games and standings in JSON, CSV or
NDJSON; arbiters register players, pair, publish and delete rounds, and enter results.

Views only read and call services (`tournaments/services/`); every refusal is a ServiceError
or a DRF error, which `errors.py` turns into the one error shape.
"""

from datetime import UTC
from zoneinfo import ZoneInfo

from django.db.models import Exists, OuterRef, Prefetch, Q, Subquery
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from oware.notation import write_record
from tournaments import tiebreak_labels
from tournaments.api.conditional import ConditionalReadMixin
from tournaments.api.renderers import TABLE_FORMATS, CsvRenderer, NdjsonRenderer
from tournaments.api.serializers import (
    ArbiterRoundSerializer,
    ClearResultSerializer,
    GameDetailSerializer,
    GameSerializer,
    PairingSerializer,
    PlayerSerializer,
    PlayerWriteSerializer,
    ResultEntrySerializer,
    RoundSerializer,
    ScheduleWriteSerializer,
    SectionDetailSerializer,
    StandingsSerializer,
    TeamStandingsSerializer,
    TournamentSerializer,
    VersionSerializer,
)
from tournaments.api.versions import sent_version, tournament_write
from tournaments.lookups import in_public_rounds, public_rounds, public_section, public_tournament
from tournaments.models import Pairing, ResultChange, RoundStart, Section, Tournament
from tournaments.services.game_files import OGN_MEDIA_TYPE, game_ogn, games_zip
from tournaments.services.game_tags import game_tags
from tournaments.services.games import game_positions, replayed_game
from tournaments.services.permissions import require_arbiter
from tournaments.services.registration import register_player, team_by_code, update_player
from tournaments.services.results import ResultEntry, clear_result, record_result
from tournaments.services.rounds import delete_draft_round, pair_next_round, publish_round
from tournaments.services.standings import (
    completed_round_count,
    section_standings,
    section_trf,
)
from tournaments.services.teams import team_tables
from tournaments.services.timetable import parse_zone, set_timetable, starts_by_slug
from tournaments.services.versions import with_versions
from tournaments.trf import dumps
from tournaments.views.caching import MOST_OFFSET

TABLE_RENDERERS = [JSONRenderer, BrowsableAPIRenderer, CsvRenderer, NdjsonRenderer]
FORMAT_PARAMETER = OpenApiParameter(
    "format",
    str,
    enum=["json", "csv", "ndjson"],
    description="json (default), csv (one row per line, with a header) or ndjson.",
)


def wants_table(request) -> bool:
    return getattr(request.accepted_renderer, "format", "json") in TABLE_FORMATS


class TableResponse(Response):
    """Rows for the CSV and NDJSON renderers, with the columns an empty table still has."""

    def __init__(self, rows: list[dict], columns: list[str]):
        super().__init__(rows)
        self.columns = columns

    @property
    def rendered_content(self):
        content = super().rendered_content
        # DRF drops the media type of an empty body; an empty NDJSON file is still NDJSON.
        if "Content-Type" not in self:
            self["Content-Type"] = f"{self.accepted_media_type}; charset=utf-8"
        return content


def as_file(request, rows: list[dict], columns: list[str], name: str) -> Response:
    """A table answered as CSV or NDJSON, named for saving: `name` and the format's extension."""
    response = TableResponse(rows, columns)
    extension = request.accepted_renderer.format
    response["Content-Disposition"] = f'attachment; filename="{name}.{extension}"'
    return response


def published_games(slug: str):
    """The games of the published rounds of tournament `slug`, with players, results, records
    and result versions, in one query."""
    public_tournament(slug)
    return with_versions(
        in_public_rounds(Pairing.objects.filter(round__section__tournament__slug=slug))
        .select_related(
            "round__section__tournament", "south__team", "north__team", "result", "game_record"
        )
        .order_by("round__section__slug", "round__number", "board")
    )


def section_for_arbiter(slug: str, section: str) -> Section:
    """The section, published or not: arbiters work on tournaments before they are public."""
    return get_object_or_404(
        Section.objects.select_related("tournament"), tournament__slug=slug, slug=section
    )


class TournamentList(ConditionalReadMixin, generics.ListAPIView):
    """List the published tournaments, with their sections and teams."""

    serializer_class = TournamentSerializer
    queryset = Tournament.objects.filter(published=True).prefetch_related(
        "sections__round_starts", "teams"
    )


class TournamentDetail(ConditionalReadMixin, generics.RetrieveAPIView):
    """One published tournament, with its sections and teams; its arbiters also read it before
    it is published (its `revision` is what their writes send back)."""

    serializer_class = TournamentSerializer
    lookup_field = "slug"

    def get_queryset(self):
        user = self.request.user
        tournaments = Tournament.objects.prefetch_related("sections__round_starts", "teams")
        if user.is_authenticated and user.is_superuser:
            return tournaments
        if user.is_authenticated:
            return tournaments.filter(Q(published=True) | Q(arbiters=user)).distinct()
        return tournaments.filter(published=True)


def sees_personal_data(request, tournament: Tournament) -> bool:
    """True when the request is an arbiter's of `tournament`: the players' identity numbers and
    birth dates are personal data, shown to the tournament's arbiters only."""
    return tournament.is_arbiter(request.user)


class SectionPlayers:
    """The players of a published section, with their personal data for its arbiters."""

    serializer_class = PlayerSerializer
    written_version = "tournament"

    def get_queryset(self):
        section = public_section(self.kwargs["slug"], self.kwargs["section"])
        return section.players.select_related("team").order_by("pairing_number")

    def get_serializer_context(self):
        context = super().get_serializer_context()
        tournament = public_tournament(self.kwargs["slug"])
        context["private"] = sees_personal_data(self.request, tournament)
        return context


class PlayerList(SectionPlayers, ConditionalReadMixin, generics.ListCreateAPIView):
    """List a section's players (by pairing number), or register one (arbiters).

    `identity_number` and `birth_date` are filled for an arbiter of the tournament only."""

    @extend_schema(
        summary="Register a player (arbiters)",
        request=PlayerWriteSerializer,
        responses={201: PlayerSerializer},
    )
    def post(self, request, slug, section):
        group = section_for_arbiter(slug, section)
        fields, sent = _player_fields(request.data, group.tournament, partial=False)
        with tournament_write(request, group.tournament, sent):
            player = register_player(group, by=request.user, **fields)
        data = PlayerSerializer(player, context={"private": True}).data
        return Response(data, status=status.HTTP_201_CREATED)


class PlayerDetail(SectionPlayers, ConditionalReadMixin, generics.RetrieveAPIView):
    """One player of a section, by the player's id (stable, unlike the pairing number).

    `identity_number` and `birth_date` are filled for an arbiter of the tournament only."""

    lookup_url_kwarg = "player_id"
    lookup_field = "pk"
    http_method_names = ["get", "patch", "head", "options"]
    written_version = "tournament"

    @extend_schema(
        summary="Edit a player (arbiters)",
        request=PlayerWriteSerializer,
        responses={200: PlayerSerializer},
    )
    def patch(self, request, slug, section, player_id):
        group = section_for_arbiter(slug, section)
        player = get_object_or_404(group.players.all(), pk=player_id)
        fields, sent = _player_fields(request.data, group.tournament, partial=True)
        with tournament_write(request, group.tournament, sent):
            player = update_player(player, by=request.user, **fields)
        return Response(PlayerSerializer(player, context={"private": True}).data)


class PlayerTable(SectionPlayers, ConditionalReadMixin, generics.GenericAPIView):
    """A section's players as a file: `players.csv` or `players.ndjson`, one row each.

    `identity_number` and `birth_date` are filled for an arbiter of the tournament only."""

    renderer_classes = TABLE_RENDERERS
    pagination_class = None  # a file holds every player
    http_method_names = ["get", "head", "options"]

    @extend_schema(responses=PlayerSerializer(many=True))
    def get(self, request, slug, section, **kwargs):
        rows = self.get_serializer(self.get_queryset(), many=True).data
        columns = list(PlayerSerializer.Meta.fields)
        return as_file(request, rows, columns, f"{slug}-{section}-players")


def _player_fields(data, tournament: Tournament, *, partial: bool) -> tuple[dict, int | None]:
    """The validated fields of a player write, the team code turned into the Team, and the
    `expected_version` sent in the body (None when not sent)."""
    serializer = PlayerWriteSerializer(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    fields = dict(serializer.validated_data)
    sent = fields.pop("expected_version", None)
    if "team" in fields:
        fields["team"] = team_by_code(tournament, fields.pop("team"))
    return fields, sent


def _sent_in_body(request) -> int | None:
    """The `expected_version` of a write whose body holds nothing else (pair, publish, delete)."""
    body = VersionSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data.get("expected_version")


class PublishedRounds(ConditionalReadMixin):
    """Published rounds with their boards and results; drafts stay with the arbiters."""

    serializer_class = RoundSerializer

    def get_queryset(self):
        section = public_section(self.kwargs["slug"], self.kwargs["section"])
        planned = RoundStart.objects.filter(section=OuterRef("section"), number=OuterRef("number"))
        return (
            public_rounds(section)
            .select_related("section__tournament")
            .annotate(planned_start_at=Subquery(planned.values("starts_at")[:1]))
            .prefetch_related(
                Prefetch(
                    "pairings",
                    queryset=with_versions(
                        Pairing.objects.select_related("south", "north", "result", "game_record")
                    ),
                ),
            )
            .order_by("number")
        )


class RoundList(PublishedRounds, generics.ListAPIView):
    """List a section's published rounds with their pairings and results."""


class RoundDetail(PublishedRounds, generics.RetrieveAPIView):
    """One published round's pairings (JSON, CSV or NDJSON); arbiters delete a draft here."""

    lookup_field = "number"
    renderer_classes = TABLE_RENDERERS
    http_method_names = ["get", "delete", "head", "options"]
    written_version = "tournament"

    @extend_schema(parameters=[FORMAT_PARAMETER])
    def get(self, request, *args, **kwargs):
        round_ = self.get_object()
        if not wants_table(request):
            return Response(RoundSerializer(round_).data)
        name = f"{kwargs['slug']}-{kwargs['section']}-round{round_.number}"
        return as_file(request, round_rows(round_), ROUND_COLUMNS, name)

    @extend_schema(
        summary="Delete a draft round (arbiters)", request=VersionSerializer, responses={204: None}
    )
    def delete(self, request, slug, section, number):
        group = section_for_arbiter(slug, section)
        round_ = get_object_or_404(group.rounds.all(), number=number)
        with tournament_write(request, group.tournament, _sent_in_body(request)):
            delete_draft_round(round_, by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundTable(RoundDetail):
    """One published round's seats as a file: `rounds/{n}.csv` or `rounds/{n}.ndjson`."""

    http_method_names = ["get", "head", "options"]


ROUND_COLUMNS = [
    "round",
    "type",
    "board",
    "south",
    "south_name",
    "north",
    "north_name",
    "south_points",
    "north_points",
]


def round_rows(round_) -> list[dict]:
    """Every seat of the round as flat rows (CSV, NDJSON): the boards, then each player without
    one (type, pairing number and name in the South columns, the round's points for him)."""
    data = RoundSerializer(round_).data
    rows = [
        {
            "round": round_.number,
            "type": "board",
            "board": board["board"],
            "south": board["south"],
            "south_name": board["south_name"],
            "north": board["north"],
            "north_name": board["north_name"],
            "south_points": (board["result"] or {}).get("south_points"),
            "north_points": (board["result"] or {}).get("north_points"),
        }
        for board in data["pairings"]
        if board["type"] == "board"
    ]
    for seat in data["unpaired"]:
        bye_board = next((b["board"] for b in data["pairings"] if b["type"] == seat["type"]), None)
        rows.append(
            dict.fromkeys(ROUND_COLUMNS)
            | {
                "round": round_.number,
                "type": seat["type"],
                "board": bye_board,
                "south": seat["pairing_number"],
                "south_name": seat["name"],
                "south_points": seat["points"],
            }
        )
    return rows


class Schedule(APIView):
    """Set the venue's time zone and the rounds' planned starts (arbiters of the tournament)."""

    written_version = "tournament"

    @extend_schema(
        summary="Set the rounds' planned starts (arbiters)",
        request=ScheduleWriteSerializer,
        responses={200: TournamentSerializer},
    )
    def put(self, request, slug):
        event = get_object_or_404(Tournament, slug=slug)
        require_arbiter(event, request.user)
        sent_zone = request.data.get("time_zone") if isinstance(request.data, dict) else None
        zone = parse_zone(sent_zone) if isinstance(sent_zone, str) else event.time_zone
        # A time without an offset is read on the venue's clocks (its new zone when one is sent).
        with timezone.override(ZoneInfo(zone)):
            body = ScheduleWriteSerializer(data=request.data)
            body.is_valid(raise_exception=True)
        data = body.validated_data
        with tournament_write(request, event, data.get("expected_version")):
            starts = starts_by_slug(
                event, [(s["section"], s["round"], s["starts_at"]) for s in data["starts"]]
            )
            set_timetable(event, by=request.user, time_zone=data.get("time_zone"), starts=starts)
        event = Tournament.objects.prefetch_related("sections__round_starts", "teams").get(
            pk=event.pk
        )
        return Response(TournamentSerializer(event).data)


class PublishRound(APIView):
    """Publish a draft round (arbiters): its pairings become public and take results."""

    written_version = "tournament"

    @extend_schema(request=VersionSerializer, responses={200: ArbiterRoundSerializer})
    def post(self, request, slug, section, number):
        group = section_for_arbiter(slug, section)
        round_ = get_object_or_404(group.rounds.all(), number=number)
        with tournament_write(request, group.tournament, _sent_in_body(request)):
            round_ = publish_round(round_, by=request.user)
        return Response(ArbiterRoundSerializer(round_).data)


def _round_parameter(request, section: Section) -> int | None:
    """The `?round=n` of a standings request: a completed round, or None for the latest. A
    malformed number is a 400, a round the section does not have a 404."""
    text = request.query_params.get("round")
    if text in (None, ""):
        return None
    # ASCII digits only: "²" and "٣" are digits to isdigit() but not to int().
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise ValidationError({"round": [_("Give a round's number, a whole number.")]})
    last = completed_round_count(section)
    number = int(text)
    if number > last and not section.rounds.filter(number=number).exists():
        raise NotFound(_("There is no round %(number)d.") % {"number": number})
    if number > last:
        raise ValidationError(
            {"round": [_("Give a completed round, 0 to %(last)d.") % {"last": last}]}
        )
    return number


STANDINGS_COLUMNS = ["place", "rank", "player_id", "pairing_number", "name", "team"]


class SectionDetail(ConditionalReadMixin, APIView):
    """One published section: its name, pairing system and number of rounds, and the addresses
    of its players, rounds, standings and TRF file."""

    operation_name = "section"

    @extend_schema(responses=SectionDetailSerializer)
    def get(self, request, slug, section):
        group = public_section(slug, section)
        kwargs = {"slug": slug, "section": section}
        for name in ("players", "rounds", "standings", "trf"):
            address = reverse(f"api:v1:{name}", kwargs=kwargs)
            setattr(group, f"{name}_url", request.build_absolute_uri(address))
        return Response(SectionDetailSerializer(group).data)


class Standings(ConditionalReadMixin, APIView):
    """A section's standings after its last completed round, or after round `?round=n`."""

    public_parameters = ("round",)  # read by the page cache (tournaments/views/caching.py)

    renderer_classes = TABLE_RENDERERS

    @extend_schema(
        responses=StandingsSerializer,
        parameters=[
            FORMAT_PARAMETER,
            OpenApiParameter(
                "round", int, description="Standings as they were after this completed round."
            ),
        ],
    )
    def get(self, request, slug, section, **kwargs):
        group = public_section(slug, section)
        table = section_standings(group, _round_parameter(request, group))
        rows = [
            {
                "place": place,
                "rank": table.standings.row(player.pairing_number).rank,
                "player_id": player.pk,
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
        if wants_table(request):
            flat = [
                {key: value for key, value in row.items() if key != "values"}
                | {code: value for code, value in row["values"].items()}
                for row in rows
            ]
            columns = [*STANDINGS_COLUMNS, *table.standings.tiebreaks]
            return as_file(request, flat, columns, f"{slug}-{section}-standings")
        return Response(
            StandingsSerializer(
                {
                    "after_round": table.after_round,
                    "tiebreaks": list(table.standings.tiebreaks),
                    "legend": tiebreak_labels.legend(table.standings.tiebreaks),
                    "rows": rows,
                }
            ).data
        )


class TeamStandings(ConditionalReadMixin, APIView):
    """Team standings of a tournament: one table per section, then the combined table."""

    @extend_schema(responses=TeamStandingsSerializer(many=True))
    def get(self, request, slug):
        tables = team_tables(public_tournament(slug))

        def table_data(section, table):
            return {
                "section": section,
                "tiebreaks": list(table.tiebreaks),
                "legend": tiebreak_labels.legend(table.tiebreaks),
                "scores_incomplete": tables.scores_incomplete,
                "rows": [
                    {
                        "place": place,
                        "team": team.code,
                        "name": team.name,
                        "values": {
                            code: float(v) for code, v in zip(table.tiebreaks, values, strict=True)
                        },
                    }
                    for place, team, values, _points in tables.rows(table)
                ],
            }

        data = [table_data(s.section.slug, table) for s, table in tables.sections]
        data.append(table_data(None, tables.combined))
        return Response(TeamStandingsSerializer(data, many=True).data)


class GameList(ConditionalReadMixin, generics.ListAPIView):
    """List the games of a tournament's published rounds, with players, results and records.

    `?player=ID` keeps one player's games across the tournament; `?since=TIME` keeps the games
    whose result was entered, corrected or removed at or after TIME, so that a client polls
    with the time of its previous answer (its `Date` header) and reads only what changed.
    """

    public_parameters = ("player", "since")

    serializer_class = GameSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("player", int, description="A player's id: only that player's games."),
            OpenApiParameter(
                "since",
                OpenApiTypes.DATETIME,
                description="ISO 8601 time (UTC when it names no offset): only games whose "
                "result changed at or after it.",
            ),
        ]
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        games = published_games(self.kwargs["slug"])
        player = self.request.query_params.get("player")
        if player is not None:
            if not (player.isascii() and player.isdigit()) or len(player) > 12:
                raise ValidationError({"player": [_("Give a player's id, a whole number.")]})
            games = games.filter(Q(south_id=int(player)) | Q(north_id=int(player)))
        since = self.request.query_params.get("since")
        if since is not None:
            games = games.filter(changed_since(since))
        return games


def changed_since(text: str) -> Q:
    """The games whose result changed at or after the time `text` (ISO 8601)."""
    try:
        moment = parse_datetime(text.strip())
    except ValueError:
        moment = None
    if moment is None:
        raise ValidationError(
            {"since": [_("Give a time as ISO 8601, such as 2026-05-01T14:30:00Z.")]}
        )
    offset = moment.utcoffset()
    if offset is not None and abs(offset) > MOST_OFFSET:
        # Python reads offsets up to ±23:59; PostgreSQL refuses any past ±15:59.
        raise ValidationError({"since": [_("Give a time whose offset is at most ±15:59.")]})
    try:
        moment = moment.replace(tzinfo=UTC) if offset is None else moment.astimezone(UTC)
    except OverflowError:  # before year 1 or after 9999 once in UTC
        raise ValidationError(
            {"since": [_("Give a time as ISO 8601, such as 2026-05-01T14:30:00Z.")]}
        ) from None
    # Every entry, correction and removal leaves an audit row with its time.
    changes = ResultChange.objects.filter(pairing=OuterRef("pk"), changed_at__gte=moment)
    return Q(Exists(changes)) | Q(result__entered_at__gte=moment)


class GameDetail(ConditionalReadMixin, generics.RetrieveAPIView):
    """One game: players, result and record; with `?positions=1` the position after each move."""

    public_parameters = ("positions",)

    serializer_class = GameDetailSerializer
    lookup_url_kwarg = "pairing_id"

    def get_queryset(self):
        return published_games(self.kwargs["slug"])

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "positions", OpenApiTypes.BOOL, description="Add the position after each move."
            )
        ]
    )
    def get(self, request, *args, **kwargs):
        pairing = self.get_object()
        context = self.get_serializer_context()
        if request.query_params.get("positions") in ("1", "true", "yes"):
            context["positions"] = game_positions(pairing, pairing.round.section.tournament.variant)
        return Response(GameDetailSerializer(pairing, context=context).data)


class GameOgn(ConditionalReadMixin, APIView):
    """One game as an Aualé `.ogn` file, with its clock readings (a game of a published round
    that has a record)."""

    @extend_schema(
        responses={(200, OGN_MEDIA_TYPE): OpenApiResponse(description="The game's .ogn file")}
    )
    def get(self, request, slug, pairing_id):
        pairing = get_object_or_404(published_games(slug), pk=pairing_id)
        text = game_ogn(pairing)
        if text is None:
            raise NotFound(_("This game has no record."))
        response = HttpResponse(text, content_type=f"{OGN_MEDIA_TYPE}; charset=utf-8")
        name = f"{slug}-r{pairing.round.number}-b{pairing.board}.ogn"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


def _section_games(slug: str, section: str):
    """(section, [(pairing, replayed game)]) for the section's published games with a record."""
    group = public_section(slug, section)
    variant = group.tournament.variant
    games = []
    for pairing in published_games(slug).filter(round__section=group):
        game = replayed_game(pairing, variant)
        if game is not None:
            games.append((pairing, game))
    return group, games


class SectionGamesText(ConditionalReadMixin, APIView):
    """Every recorded game of a section in the notation, one after the other, as one text file."""

    @extend_schema(responses={(200, "text/plain"): OpenApiResponse(description="Game records")})
    def get(self, request, slug, section):
        _group, games = _section_games(slug, section)
        text = "\n".join(write_record(game, game_tags(pairing)) for pairing, game in games)
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{slug}-{section}-games.txt"'
        return response


class SectionGamesOgn(ConditionalReadMixin, APIView):
    """Every recorded game of a section as Aualé `.ogn` files in one zip archive."""

    @extend_schema(
        responses={(200, "application/zip"): OpenApiResponse(description="Zip of .ogn files")}
    )
    def get(self, request, slug, section):
        _group, games = _section_games(slug, section)
        archive = games_zip(
            [pairing for pairing, _game in games],
            lambda pairing: f"round{pairing.round.number:02d}-board{pairing.board:02d}.ogn",
        )
        response = HttpResponse(archive, content_type="application/zip")
        response["Content-Disposition"] = f'attachment; filename="{slug}-{section}-ogn.zip"'
        return response


class SectionTrf(ConditionalReadMixin, APIView):
    """The section as a TRF file (the completed rounds), for pairing and tie-break programs.

    The players' identity numbers and birth dates are filled only for an arbiter of the
    tournament (personal data); anyone else gets those columns blank."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "team_records",
                OpenApiTypes.BOOL,
                description="false leaves out the TRF26 `310` team records, which bbpPairings "
                "refuses (team-mates stay apart through the `XXP` lines). Default true.",
            )
        ],
        responses={(200, "text/plain"): OpenApiResponse(description="TRF-2026 text")},
    )
    def get(self, request, slug, section):
        group = public_section(slug, section)
        team_records = request.query_params.get("team_records", "true").lower()
        if team_records not in ("true", "false", "1", "0"):
            raise ValidationError({"team_records": [_("Give true or false.")]})
        trf = section_trf(
            group,
            private=sees_personal_data(request, group.tournament),
            team_records=team_records in ("true", "1"),
        )
        # Only finished rounds: in TRF a round still being played has no block at all.
        response = HttpResponse(dumps(trf), content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{slug}-{section}.trf"'
        return response


class PairNextRound(APIView):
    """Pair the section's next round as a draft (arbiters of the tournament only)."""

    written_version = "tournament"

    @extend_schema(request=VersionSerializer, responses={201: ArbiterRoundSerializer})
    def post(self, request, slug, section):
        group = section_for_arbiter(slug, section)
        with tournament_write(request, group.tournament, _sent_in_body(request)):
            round_ = pair_next_round(group, by=request.user)
        return Response(ArbiterRoundSerializer(round_).data, status=status.HTTP_201_CREATED)


class EnterResult(APIView):
    """Enter, correct or clear the result of one game (arbiters of the tournament only)."""

    written_version = "result"

    @extend_schema(request=ResultEntrySerializer, responses={200: PairingSerializer})
    def post(self, request, slug, pairing_id):
        pairing = self._pairing(request, slug, pairing_id)
        entry = ResultEntrySerializer(data=request.data)
        entry.is_valid(raise_exception=True)
        data = dict(entry.validated_data)
        reason = data.pop("reason")
        expected_version = sent_version(request, data.pop("expected_version", None))
        record_result(
            pairing, ResultEntry(**data), by=request.user, reason=reason, expected=expected_version
        )
        pairing = with_versions(Pairing.objects).get(pk=pairing.pk)
        return Response(PairingSerializer(pairing).data)

    @extend_schema(request=ClearResultSerializer, responses={200: PairingSerializer})
    def delete(self, request, slug, pairing_id):
        """Clear the game's result back to "no result", with a reason kept in the audit."""
        pairing = self._pairing(request, slug, pairing_id)
        body = ClearResultSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        expected_version = sent_version(request, body.validated_data.get("expected_version"))
        clear_result(
            pairing,
            by=request.user,
            reason=body.validated_data["reason"],
            expected=expected_version,
        )
        pairing = with_versions(Pairing.objects).get(pk=pairing.pk)
        return Response(PairingSerializer(pairing).data)

    @staticmethod
    def _pairing(request, slug, pairing_id) -> Pairing:
        """The game `pairing_id` of tournament `slug`, once the user is known as its arbiter."""
        pairing = (
            Pairing.objects.select_related("round__section__tournament", "south", "north")
            .filter(pk=pairing_id, round__section__tournament__slug=slug)
            .first()
        )
        if pairing is None:
            raise NotFound(
                _("Tournament %(slug)s has no game with id %(id)d.")
                % {"slug": slug, "id": pairing_id}
            )
        require_arbiter(pairing.round.section.tournament, request.user)
        return pairing
