from django.contrib import admin

from games.models import GameRecord
from tournaments.admin import ReadOnlyAdmin


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
