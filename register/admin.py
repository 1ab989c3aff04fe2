from django.contrib import admin

from register.models import NameVariant, Person, PlayerLink, RegisterChange


class NameVariantInline(admin.TabularInline):
    model = NameVariant
    extra = 0
    fields = ["name"]


class PlayerLinkInline(admin.TabularInline):
    model = PlayerLink
    extra = 0
    fields = ["player", "how", "linked_by", "linked_at"]
    readonly_fields = ["player", "how", "linked_by", "linked_at"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False  # links are made on the event's register page, with an audit row


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ["name", "sex", "federation", "club", "merged_into"]
    list_filter = ["sex", "federation"]
    search_fields = ["name", "variants__name", "federation_id", "trf_id", "club"]
    readonly_fields = ["merged_into", "created_at"]
    inlines = [NameVariantInline, PlayerLinkInline]


@admin.register(PlayerLink)
class PlayerLinkAdmin(admin.ModelAdmin):
    list_display = ["player", "person", "how", "linked_by", "linked_at"]
    list_filter = ["how"]
    search_fields = ["player__name", "person__name"]
    raw_id_fields = ["player", "person"]
    readonly_fields = ["linked_by", "linked_at"]


@admin.register(RegisterChange)
class RegisterChangeAdmin(admin.ModelAdmin):
    """The register's audit: read only, as every audit of the product."""

    list_display = ["done_at", "kind", "subject", "done_by"]
    list_filter = ["kind"]
    search_fields = ["subject", "reason"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
