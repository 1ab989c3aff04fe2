from django import forms
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from online.models import MAX_ROUNDS, SETTINGS, OnlineEvent
from tournaments.models import Tournament


class AnswerForm(forms.Form):
    """An arbiter's answer that closes a player's report."""

    answer = forms.CharField(
        label=_("Answer"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )


class JoinForm(forms.Form):
    """A signed-in player's entry from the event's page."""

    name = forms.CharField(
        label=_("Name to play under"),
        max_length=100,
        required=False,
        help_text=_("Leave it empty to play under your account's name or the register's."),
    )


class ReportForm(forms.Form):
    """A player's report of a problem with his remote game."""

    text = forms.CharField(
        label=_("What went wrong"), max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )


class NewEventForm(forms.ModelForm):
    """An organiser's new online event, from the website: what `POST /api/v1/tournaments/` with
    an `online` block takes."""

    name = forms.CharField(
        label=_("Name"), max_length=Tournament._meta.get_field("name").max_length
    )
    slug = forms.SlugField(
        label=_("Address"),
        max_length=Tournament._meta.get_field("slug").max_length,
        help_text=_("Letters, digits and hyphens: the event's pages are at /t/<address>/."),
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=7)
    starts = forms.CharField(
        label=_("Round start times"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "2026-12-05 18:00"}),
        help_text=_(
            "Empty: each round starts after the last game of the one before, with the pause "
            "below. Otherwise one start time per round, one per line, in order."
        ),
    )

    class Meta:
        model = OnlineEvent
        fields = SETTINGS
        widgets = {
            "entries_from": forms.DateTimeInput(attrs={"type": "datetime-local"}),
            "entries_until": forms.DateTimeInput(attrs={"type": "datetime-local"}),
        }

    field_order = ["name", "slug", "rounds", "clock_minutes", "increment_seconds", "starts"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Typed times are read in the server's time zone: say which.
        zone = timezone.get_current_timezone_name()
        for name in ("starts", "entries_from", "entries_until"):
            field = self.fields[name]
            field.help_text = format_lazy(
                "{} {}", field.help_text, _("Time zone: %(zone)s.") % {"zone": zone}
            )

    def clean_starts(self) -> list:
        moment = forms.DateTimeField()
        lines = [line.strip() for line in self.cleaned_data["starts"].splitlines()]
        # One per round and in order: the service checks (online.events.check_starts).
        return [moment.clean(line) for line in lines if line]

    def settings(self) -> dict:
        """The event's settings, as `online.events.create_online_event` takes them."""
        return {name: self.cleaned_data[name] for name in SETTINGS}
