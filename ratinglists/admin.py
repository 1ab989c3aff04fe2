"""The rating lists in the admin: read only, since a published list is never edited (officers
close and recompute periods on /register/ratings/)."""

from django.contrib import admin

from ratinglists.models import RatingList, RatingPeriod, RatingRow, RatingSettings


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(RatingPeriod)
class RatingPeriodAdmin(ReadOnly):
    list_display = ["start", "end", "system", "closed_at"]


@admin.register(RatingList)
class RatingListAdmin(ReadOnly):
    list_display = ["date", "system", "number", "published_at"]
    exclude = ["games"]


@admin.register(RatingRow)
class RatingRowAdmin(ReadOnly):
    list_display = ["name", "rating", "games", "rating_list"]
    list_select_related = ["rating_list"]


@admin.register(RatingSettings)
class RatingSettingsAdmin(admin.ModelAdmin):
    list_display = ["system", "tau"]
