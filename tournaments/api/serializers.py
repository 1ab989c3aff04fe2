from zoneinfo import ZoneInfo

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from oware.endings import Ending
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    RoundStart,
    Section,
    Team,
    Tournament,
)
from tournaments.models.results import ENDING_CHOICES
from tournaments.models.sides import SIDE_CHOICES, letter_of, side_of_letter
from tournaments.services.pairing_lists import round_roster
from tournaments.services.registration import EDITABLE_PLAYER_FIELDS
from tournaments.services.versions import current_version


def version_of(pairing) -> int:
    """The result's version: annotated by lists in their one query (`with_versions`), or read."""
    if hasattr(pairing, "version"):
        return pairing.version
    return current_version(pairing)


class SectionSerializer(serializers.ModelSerializer):
    rounds = serializers.IntegerField(
        source="total_rounds",
        read_only=True,
        help_text="The section's number of rounds: the tournament's, or its own (a section "
        "imported from a TRF file that announces another number).",
    )

    class Meta:
        model = Section
        fields = ["slug", "name", "pairing_system", "rounds"]


class SectionDetailSerializer(SectionSerializer):
    """A section with the addresses of its resources."""

    players_url = serializers.URLField(read_only=True)
    rounds_url = serializers.URLField(read_only=True)
    standings_url = serializers.URLField(read_only=True)
    trf_url = serializers.URLField(read_only=True)

    class Meta(SectionSerializer.Meta):
        fields = [
            *SectionSerializer.Meta.fields,
            "players_url",
            "rounds_url",
            "standings_url",
            "trf_url",
        ]


class TeamSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name", "code", "federation", "coach"]


def expected_version_field(what: str):
    """A write's `expected_version`: the version it changes, as the client last read it."""
    return serializers.IntegerField(
        required=False,
        min_value=0,
        help_text=f"{what} as last read (or send it as `If-Match`); refused with 409 if it "
        "changed since, with 428 if neither is sent.",
    )


TOURNAMENT_REVISION = "The tournament's `revision`"


class VersionSerializer(serializers.Serializer):
    """A write that sends nothing but the version it changes."""

    expected_version = expected_version_field(TOURNAMENT_REVISION)


class PlannedStartSerializer(serializers.Serializer):
    """One round's planned start, in the venue's time zone."""

    section = serializers.SlugField(help_text="The section's slug.")
    round = serializers.IntegerField(min_value=1, max_value=99, help_text="The round's number.")
    starts_at = serializers.DateTimeField(
        allow_null=True,
        help_text="ISO 8601 with its offset, in the venue's time zone; one without an offset "
        "is read on the venue's clocks. Null clears the round's start.",
    )


class TournamentSerializer(serializers.ModelSerializer):
    sections = SectionSerializer(many=True, read_only=True)
    schedule = serializers.SerializerMethodField(
        help_text="Every round with a planned start, by section and round, in the venue's "
        "time zone (`time_zone`)."
    )
    teams = TeamSerializer(many=True, read_only=True)
    revision = serializers.IntegerField(
        read_only=True,
        help_text="Rises with every change to the tournament; every write to it but a result's "
        "sends it back as `expected_version` (or `If-Match`).",
    )

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "venue",
            "start_date",
            "end_date",
            "time_zone",
            "rounds",
            "minutes_per_player",
            "variant",
            "bye_points",
            "tiebreaks",
            "team_tiebreaks",
            "status",
            "revision",
            "sections",
            "teams",
            "schedule",
        ]
        read_only_fields = ["time_zone"]

    @extend_schema_field(PlannedStartSerializer(many=True))
    def get_schedule(self, tournament) -> list:
        zone = ZoneInfo(tournament.time_zone)
        return [
            {
                "section": section.slug,
                "round": start.number,
                "starts_at": start.starts_at.astimezone(zone).isoformat(),
            }
            for section in tournament.sections.all()
            for start in section.round_starts.all()
        ]


class ScheduleWriteSerializer(serializers.Serializer):
    """The venue's time zone and the planned starts to set; rounds not named keep theirs."""

    expected_version = expected_version_field(TOURNAMENT_REVISION)
    time_zone = serializers.CharField(
        required=False, max_length=64, help_text="An IANA name, such as Africa/Accra."
    )
    starts = PlannedStartSerializer(many=True, max_length=1000)


class PlayerSerializer(serializers.ModelSerializer):
    """A player: `id` stays the same for the whole tournament, the pairing number may change
    until round 1 is paired."""

    team = serializers.CharField(source="team.code", default=None, read_only=True, allow_null=True)
    identity_number = serializers.CharField(
        read_only=True,
        allow_null=True,
        help_text="The player's identity number (a FIDE number, with its reserve digits), as a "
        "TRF file holds it. Personal data: null unless the request is an arbiter's of the "
        "tournament.",
    )
    birth_date = serializers.CharField(
        read_only=True,
        allow_null=True,
        help_text="The player's birth date, YYYY/MM/DD as a TRF file holds it. Personal data: "
        "null unless the request is an arbiter's of the tournament.",
    )

    class Meta:
        model = Player
        # What an arbiter edits (the registration service's one list), between the numbers and
        # the player's state.
        fields = ["id", "pairing_number", *EDITABLE_PLAYER_FIELDS, "status", "withdrawn_from_round"]

    PRIVATE_FIELDS = ("identity_number", "birth_date")

    def to_representation(self, instance):
        """The player; the personal fields only when the view says its reader may see them
        (`private` in the context: an arbiter of the tournament)."""
        data = super().to_representation(instance)
        if not self.context.get("private"):
            for name in self.PRIVATE_FIELDS:
                data[name] = None
        return data


class EndingChoiceField(serializers.ChoiceField):
    """An ending as the API writes it (its value), read as an `oware.endings.Ending`."""

    def __init__(self, **kwargs):
        super().__init__(choices=ENDING_CHOICES, **kwargs)

    def to_internal_value(self, data):
        return Ending(super().to_internal_value(data))


class SideLetterField(serializers.ChoiceField):
    """A side as the API writes it (`S` or `N`), read as an `oware.sides.Side`."""

    def __init__(self, **kwargs):
        super().__init__(choices=SIDE_CHOICES, **kwargs)

    def to_internal_value(self, data):
        return side_of_letter(super().to_internal_value(data))


class ResultSerializer(serializers.ModelSerializer):
    def to_representation(self, instance):
        """The result, its deciding side by its letter ('' when none) as the database keeps it."""
        data = super().to_representation(instance)
        data["decided_by"] = letter_of(instance.decided_by)
        return data

    class Meta:
        model = Result
        fields = [
            "south_points",
            "north_points",
            "south_seeds",
            "north_seeds",
            "ending",
            "decided_by",
            "record",
            "entered_at",
        ]


class PairingSerializer(serializers.ModelSerializer):
    """A board: South and North by pairing number and name (North null for the bye), and its
    result (null until entered). `id` is the game's id for the games and result endpoints.
    What the pairing engine wrote about the pairing is the arbiters' (ArbiterPairingSerializer).
    """

    type = serializers.SerializerMethodField(
        help_text="`board` for a game, `pairing_bye` for the pairing-allocated bye."
    )
    bye_points = serializers.SerializerMethodField(
        help_text="The points the pairing-allocated bye gives; null for a game."
    )

    south = serializers.IntegerField(source="south.pairing_number", read_only=True)
    south_name = serializers.CharField(source="south.name", read_only=True)
    north = serializers.IntegerField(
        source="north.pairing_number", default=None, read_only=True, allow_null=True
    )
    north_name = serializers.CharField(
        source="north.name", default=None, read_only=True, allow_null=True
    )
    result = ResultSerializer(read_only=True, default=None, allow_null=True)
    version = serializers.SerializerMethodField(
        help_text="The result's version (the id of its last entry or correction, 0 before any); "
        "send it back as `expected_version` so that a result saved meanwhile is not "
        "overwritten (409).",
    )

    class Meta:
        model = Pairing
        fields = [
            "id",
            "board",
            "south",
            "south_name",
            "north",
            "north_name",
            "type",
            "bye_points",
            "result",
            "version",
        ]

    def get_version(self, pairing) -> int:
        return version_of(pairing)

    @extend_schema_field(serializers.ChoiceField(choices=["board", "pairing_bye"]))
    def get_type(self, pairing) -> str:
        return "board" if pairing.north_id else "pairing_bye"

    def get_bye_points(self, pairing) -> float | None:
        if pairing.north_id:
            return None
        return float(pairing.round.section.tournament.bye_points)


class ArbiterPairingSerializer(PairingSerializer):
    """A board as its arbiters see it: with the pairing engine's explanation."""

    class Meta(PairingSerializer.Meta):
        fields = [*PairingSerializer.Meta.fields, "explanation"]


class GameSerializer(serializers.ModelSerializer):
    """One game: its section, round and board, the players (stable ids, pairing numbers and
    names), the result and the move record (empty when none was entered)."""

    section = serializers.CharField(source="round.section.slug", read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)
    south = PlayerSerializer(read_only=True)
    north = PlayerSerializer(read_only=True, allow_null=True)
    result = ResultSerializer(read_only=True, default=None, allow_null=True)
    version = serializers.SerializerMethodField(
        help_text="The result's version (the id of its last entry or correction, 0 before any); "
        "send it back as `expected_version` so that a result saved meanwhile is not "
        "overwritten (409).",
    )
    record = serializers.SerializerMethodField()

    class Meta:
        model = Pairing
        fields = [
            "id",
            "section",
            "round",
            "board",
            "south",
            "north",
            "result",
            "version",
            "record",
        ]

    def get_version(self, pairing) -> int:
        return version_of(pairing)

    def get_record(self, pairing) -> str:
        from tournaments.services.games import move_record

        return move_record(pairing)


class GameDetailSerializer(GameSerializer):
    """A game with, on request (`?positions=1`), the position after each move."""

    positions = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "positions"]

    def get_positions(self, pairing) -> list[dict] | None:
        return self.context.get("positions")


class PlayerWriteSerializer(serializers.ModelSerializer):
    """A player as an arbiter registers or edits him (the registration service's one list of
    fields); the team by its code."""

    team = serializers.CharField(required=False, allow_null=True, allow_blank=True, max_length=10)
    expected_version = expected_version_field(TOURNAMENT_REVISION)

    class Meta:
        model = Player
        fields = [*EDITABLE_PLAYER_FIELDS, "expected_version"]


SEAT_TYPES = ["pairing_bye", "requested_bye", "absent", "withdrawn"]


class SeatSerializer(serializers.Serializer):
    """A player of the section without a board in the round, and why."""

    type = serializers.ChoiceField(source="status", choices=SEAT_TYPES)
    player_id = serializers.IntegerField(source="player.pk")
    pairing_number = serializers.IntegerField(source="player.pairing_number")
    name = serializers.CharField(source="player.name")
    points = serializers.FloatField(
        source="round_points", help_text="What the round gives the player without a game."
    )


class RoundSerializer(serializers.ModelSerializer):
    """A round: its boards (the pairing-allocated bye among them), then in `unpaired` every
    player of the section without a game in it: the pairing-allocated bye, requested byes,
    absences and withdrawals, each with its type and points."""

    pairings = PairingSerializer(many=True, read_only=True)
    unpaired = serializers.SerializerMethodField()
    planned_start = serializers.SerializerMethodField(
        help_text="When the round is planned to start, in the venue's time zone (null: not set)."
    )

    class Meta:
        model = Round
        fields = ["number", "status", "published_at", "planned_start", "pairings", "unpaired"]

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_planned_start(self, round_) -> str | None:
        # Lists annotate it in their one query (`planned_start_at`); otherwise it is read.
        if hasattr(round_, "planned_start_at"):
            start = round_.planned_start_at
        else:
            row = RoundStart.objects.filter(section_id=round_.section_id, number=round_.number)
            start = row.values_list("starts_at", flat=True).first()
        if start is None:
            return None
        return start.astimezone(ZoneInfo(round_.section.tournament.time_zone)).isoformat()

    @extend_schema_field(SeatSerializer(many=True))
    def get_unpaired(self, round_) -> list:
        return SeatSerializer(unpaired(round_), many=True).data


class ArbiterRoundSerializer(RoundSerializer):
    """A round as its arbiters see it (a draft, or the answer to publishing it)."""

    pairings = ArbiterPairingSerializer(many=True, read_only=True)


def unpaired(round_) -> list:
    """The roster entries of the players without a game in `round_`, bye first."""
    return round_roster(round_).without_board


class ResultEntrySerializer(serializers.Serializer):
    """A result as an arbiter enters it: either a move record, or an ending with game scores.

    Give `record` (the rules replay it; `ending` may declare agreed, time or resign after the
    last move), or `ending` with `south_seeds`/`north_seeds` (and `decided_by` for time, resign
    and forfeit). Points, when given, are a cross-check. A record's Round, South, North and
    Variant tags, when present, must match the game.
    """

    ending = EndingChoiceField(required=False, allow_null=True)
    south_seeds = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=48
    )
    north_seeds = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=48
    )
    south_points = serializers.DecimalField(
        max_digits=2, decimal_places=1, required=False, allow_null=True
    )
    north_points = serializers.DecimalField(
        max_digits=2, decimal_places=1, required=False, allow_null=True
    )
    decided_by = SideLetterField(required=False, allow_null=True)
    record = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=100_000,
        help_text="The move record in the notation; leave empty to give an ending and scores.",
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)
    expected_version = expected_version_field("The `version` of the game")


class ClearResultSerializer(serializers.Serializer):
    """Clearing a game's result (DELETE): the reason, kept in the audit, and the version read."""

    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)
    expected_version = expected_version_field("The `version` of the game")


class StandingsRowSerializer(serializers.Serializer):
    place = serializers.CharField()
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    pairing_number = serializers.IntegerField()
    name = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    values = serializers.DictField(child=serializers.FloatField())


class TiebreakLegendSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The code as configured, modifiers included: `BH-C1`.")
    key = serializers.CharField(
        help_text="Stable identifier of the tie-break, whatever the language; empty if unknown."
    )
    name = serializers.CharField(help_text="Name in the request's language (Accept-Language).")
    explanation = serializers.CharField(help_text="How it is computed, in one line.")
    decimals = serializers.IntegerField(help_text="Most decimals a value of it needs when shown.")


class StandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    legend = TiebreakLegendSerializer(many=True, help_text="One entry per code of `tiebreaks`.")
    rows = StandingsRowSerializer(many=True)


class TeamStandingsRowSerializer(serializers.Serializer):
    place = serializers.CharField()
    team = serializers.CharField()
    name = serializers.CharField()
    values = serializers.DictField(child=serializers.FloatField())


class TeamStandingsSerializer(serializers.Serializer):
    section = serializers.CharField(allow_null=True, help_text="null for the combined table")
    tiebreaks = serializers.ListField(child=serializers.CharField())
    legend = TiebreakLegendSerializer(many=True, help_text="One entry per code of `tiebreaks`.")
    scores_incomplete = serializers.BooleanField(
        help_text="Some games have no known game score (imported): LGS counts the known ones."
    )
    rows = TeamStandingsRowSerializer(many=True)


class ProblemSerializer(serializers.Serializer):
    """One problem of a refusal."""

    code = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(
        allow_null=True, help_text="The input at fault (dotted for nested input); null if none."
    )


class ErrorSerializer(serializers.Serializer):
    """Every refusal of the API: a machine code, a message for a person, and the input at fault
    when there is one."""

    code = serializers.CharField(help_text="The first problem's code.")
    message = serializers.CharField(help_text="The first problem's message.")
    field = serializers.CharField(
        allow_null=True, help_text="The input at fault in the first problem; null if none."
    )
    errors = ProblemSerializer(many=True, help_text="Every problem, the first included.")
