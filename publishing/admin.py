from django.contrib import admin, messages
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from publishing.models import Mirror, MirrorToken, PublishTarget
from publishing.receiving import detach, hashed, new_token
from tournaments.services.errors import ServiceError


@admin.register(MirrorToken)
class MirrorTokenAdmin(admin.ModelAdmin):
    """A token is created here or with `manage.py mirror_token`; it is shown once, on saving."""

    list_display = ["slug", "venue", "created_by", "created_at", "revoked_at"]
    fields = ["slug", "venue", "revoked_at"]
    actions = ["revoke"]

    def save_model(self, request, obj, form, change):
        if not change:
            token = new_token()
            obj.token_hash = hashed(token)
            obj.created_by = request.user
            messages.warning(
                request,
                _("The venue's token for %(slug)s, shown only now: %(token)s")
                % {"slug": obj.slug, "token": token},
            )
        super().save_model(request, obj, form, change)

    @admin.action(description=gettext_lazy("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        from django.utils import timezone

        queryset.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())


@admin.register(Mirror)
class MirrorAdmin(admin.ModelAdmin):
    list_display = ["slug", "venue", "revision", "received_at", "detached_at"]
    readonly_fields = ["slug", "tournament", "venue", "source", "revision", "received_at"]
    actions = ["detach_mirrors"]

    @admin.action(description=gettext_lazy("Detach: make an ordinary tournament of each"))
    def detach_mirrors(self, request, queryset):
        for mirror in queryset:
            try:
                detach(mirror.slug, _("Detached by %(user)s.") % {"user": request.user})
            except ServiceError as error:
                messages.error(request, error.message)


@admin.register(PublishTarget)
class PublishTargetAdmin(admin.ModelAdmin):
    list_display = ["tournament", "url", "state", "acknowledged_revision", "acknowledged_at"]
    exclude = ["token"]
    readonly_fields = [
        "acknowledged_revision",
        "acknowledged_at",
        "waiting_since",
        "failures",
        "last_error",
        "stop_reason",
        "stop_message",
    ]
