from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from tournaments.models import (
    GameRecord,
    Pairing,
    Player,
    PrizeCategory,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    RoundStart,
    Seat,
    Section,
    Team,
    Tournament,
    Undo,
)


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "start_date", "venue", "variant", "status"]
    list_filter = ["status", "variant"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    inlines = [SectionInline]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "order"]
    list_filter = ["tournament"]


class PrizeCategoryAdminForm(forms.ModelForm):
    """The admin checks a category as the prizes service does."""

    class Meta:
        model = PrizeCategory
        fields = [
            "section",
            "name",
            "kind",
            "min_rating",
            "max_rating",
            "born_from",
            "prizes",
            "order",
        ]

    def clean(self):
        from tournaments.services.errors import ServiceError
        from tournaments.services.prizes import check_category

        data = super().clean()
        if not self.errors:
            category = PrizeCategory(**{k: v for k, v in data.items() if k != "id"})
            try:
                check_category(category)
            except ServiceError as error:
                raise ValidationError({error.field: error.message}) from error
        return data


@admin.register(PrizeCategory)
class PrizeCategoryAdmin(admin.ModelAdmin):
    form = PrizeCategoryAdminForm
    list_display = ["name", "section", "kind", "prizes"]
    list_filter = ["section__tournament", "kind"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "federation", "coach", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["name", "code"]


class PlayerAdminForm(forms.ModelForm):
    """The admin's player form refuses what the registration service refuses (the admin
    builds the Meta with the model and fields)."""

    def clean(self):
        from tournaments.services.errors import ServiceError
        from tournaments.services.registration import check_team_composition

        data = super().clean()
        if self.instance.section_id or data.get("section"):
            candidate = Player(
                pk=self.instance.pk,
                section=data.get("section") or self.instance.section,
                sex=data.get("sex") or "",
                team=data.get("team"),
            )
            try:
                check_team_composition(candidate)
            except ServiceError as error:
                raise ValidationError({error.field: error.message}) from error
        return data


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = [
        "pairing_number",
        "name",
        "sex",
        "rating",
        "federation",
        "team",
        "section",
        "status",
    ]
    list_filter = ["section__tournament", "section", "status", "sex"]
    search_fields = ["name"]
    list_select_related = ["team", "section", "section__tournament"]


@admin.register(RequestedBye)
class RequestedByeAdmin(admin.ModelAdmin):
    list_display = ["player", "round_number", "points"]
    list_select_related = ["player"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows that only the services may write: pairings come from the pairing service (with
    their seats), results from the results service (with the validator and the audit trail)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ["board", "south", "north", "explanation"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["section", "number", "status", "paired_at", "published_at"]
    list_filter = ["section__tournament", "status"]
    readonly_fields = ["section", "number", "status", "paired_at", "published_at"]
    inlines = [PairingInline]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        # A published round carries results and their audit trail.
        return obj is None or obj.status == Round.Status.DRAFT


@admin.register(RoundStart)
class RoundStartAdmin(ReadOnlyAdmin):
    """Planned starts are set on the arbiter's schedule page (services/timetable.py), which
    raises the tournament's revision so that cached pages and feeds follow."""

    list_display = ["section", "number", "starts_at"]
    list_filter = ["section__tournament"]


@admin.register(Pairing)
class PairingAdmin(ReadOnlyAdmin):
    list_display = ["round", "board", "south", "north"]
    list_filter = ["round__section__tournament"]
    raw_id_fields = ["south", "north"]
    list_select_related = ["round__section__tournament", "south", "north"]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["round", "player", "side"]
    raw_id_fields = ["player", "pairing"]


class ResultChangeInline(admin.TabularInline):
    model = ResultChange
    extra = 0
    can_delete = False
    readonly_fields = ["before", "after", "changed_by", "changed_at", "reason"]


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = [
        "pairing",
        "south_points",
        "north_points",
        "south_seeds",
        "north_seeds",
        "ending",
    ]
    list_filter = ["ending", "pairing__round__section__tournament"]
    raw_id_fields = ["pairing"]
    readonly_fields = ["entered_by", "entered_at"]
    list_select_related = [
        "pairing__round__section__tournament",
        "pairing__south",
        "pairing__north",
    ]


@admin.register(ResultChange)
class ResultChangeAdmin(ReadOnlyAdmin):
    list_display = ["pairing", "changed_by", "changed_at", "reason"]
    list_select_related = ["pairing__round__section", "changed_by"]


@admin.register(GameRecord)
class GameRecordAdmin(ReadOnlyAdmin):
    """Game records are written by the results service only; the admin shows them."""

    list_display = ["pairing", "variant", "ending", "source", "readable", "updated_at"]
    list_filter = ["source", "ending", "readable", "variant"]
    raw_id_fields = ["pairing"]
    list_select_related = [
        "pairing__round__section__tournament",
        "pairing__south",
        "pairing__north",
    ]


@admin.register(Undo)
class UndoAdmin(ReadOnlyAdmin):
    """Steps taken back (a round, a withdrawal, a bye, a late entry): the audit keeps them."""

    list_display = ["section", "kind", "round_number", "subject", "done_by", "done_at", "reason"]
    list_filter = ["kind", "section__tournament"]
    list_select_related = ["section__tournament", "done_by"]
