from rest_framework import serializers

from tournaments.models import Pairing, Player, Result, Round, Section, Team, Tournament
from tournaments.models.results import Ending, Side
from tournaments.services.results import current_version


class SectionSerializer(serializers.ModelSerializer):
    class Meta:
        model = Section
        fields = ["slug", "name", "pairing_system"]


class TeamSerializer(serializers.ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name", "code", "federation", "coach"]


class TournamentSerializer(serializers.ModelSerializer):
    sections = SectionSerializer(many=True, read_only=True)
    teams = TeamSerializer(many=True, read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "venue",
            "start_date",
            "end_date",
            "rounds",
            "minutes_per_player",
            "variant",
            "bye_points",
            "tiebreaks",
            "team_tiebreaks",
            "status",
            "sections",
            "teams",
        ]


class PlayerSerializer(serializers.ModelSerializer):
    team = serializers.CharField(source="team.code", default=None, read_only=True)

    class Meta:
        model = Player
        fields = [
            "pairing_number",
            "name",
            "sex",
            "title",
            "rating",
            "federation",
            "team",
            "status",
            "withdrawn_from_round",
        ]


class ResultSerializer(serializers.ModelSerializer):
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
    south = serializers.IntegerField(source="south.pairing_number", read_only=True)
    north = serializers.IntegerField(source="north.pairing_number", default=None, read_only=True)
    result = ResultSerializer(read_only=True, default=None)
    version = serializers.SerializerMethodField(
        help_text="The result's version (the id of its last entry or correction, 0 before any); "
        "send it back as `expected_version` so that a result saved meanwhile is not "
        "overwritten (409).",
    )

    class Meta:
        model = Pairing
        fields = ["id", "board", "south", "north", "explanation", "result", "version"]

    def get_version(self, pairing) -> int:
        # Lists annotate it in their one query; a single game may count here.
        if hasattr(pairing, "version"):
            return pairing.version
        return current_version(pairing)


class RoundSerializer(serializers.ModelSerializer):
    pairings = PairingSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["number", "status", "published_at", "pairings"]


class ResultEntrySerializer(serializers.Serializer):
    """A result as an arbiter enters it: a move record, or an ending with game scores."""

    ending = serializers.ChoiceField(choices=Ending.choices, required=False, allow_null=True)
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
    decided_by = serializers.ChoiceField(choices=Side.choices, required=False, allow_null=True)
    record = serializers.CharField(required=False, allow_blank=True, default="")
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=300)
    expected_version = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="The `version` of the game as last read; refused with 409 if it changed since.",
    )


class StandingsRowSerializer(serializers.Serializer):
    place = serializers.CharField()
    rank = serializers.IntegerField()
    pairing_number = serializers.IntegerField()
    name = serializers.CharField()
    team = serializers.CharField(allow_null=True)
    values = serializers.DictField(child=serializers.FloatField())


class StandingsSerializer(serializers.Serializer):
    after_round = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = StandingsRowSerializer(many=True)


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(required=False)
