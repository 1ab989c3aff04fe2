"""Forms of the arbiter's pages. They turn text into a service's input; the services decide."""

import re
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments import tiebreak_labels
from tournaments.models import Player, Team, Tournament
from tournaments.models.results import Ending, Side
from tournaments.services.results import ResultEntry


class ResultForm(forms.Form):
    ending = forms.ChoiceField(
        label=_("Ending"),
        required=False,
        choices=[("", _("— from the move record —"))] + list(Ending.choices),
    )
    south_seeds = forms.IntegerField(
        label=_("South game score (seeds)"), required=False, min_value=0, max_value=48
    )
    north_seeds = forms.IntegerField(
        label=_("North game score (seeds)"), required=False, min_value=0, max_value=48
    )
    decided_by = forms.ChoiceField(
        label=_("Flagged, resigning or absent player"),
        required=False,
        choices=[("", "—")] + list(Side.choices),
    )
    record = forms.CharField(
        label=_("Move record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("Letters A–F / a–f or scoresheet digits 1–6; the validator replays it."),
    )
    reason = forms.CharField(label=_("Reason for a correction"), required=False, max_length=300)

    def entry(self) -> ResultEntry:
        data = self.cleaned_data
        return ResultEntry(
            ending=data["ending"] or None,
            south_seeds=data["south_seeds"],
            north_seeds=data["north_seeds"],
            decided_by=data["decided_by"] or None,
            record=data["record"],
        )


PAIRING_NUMBER = re.compile(r"[0-9]{1,5}")


class DraftPairingForm(forms.Form):
    """The boards of a draft round as text, one board a line: South's and North's pairing
    numbers, or a single number for the bye (the format pairing programs write)."""

    boards = forms.CharField(label=_("Boards"), widget=forms.Textarea(attrs={"rows": 12}))
    confirm = forms.BooleanField(
        label=_("Keep this pairing although it breaks the rules listed"), required=False
    )

    def clean_boards(self) -> list[tuple[int, int | None]]:
        boards = []
        for line_number, line in enumerate(self.cleaned_data["boards"].splitlines(), start=1):
            words = line.split()
            if not words:
                continue
            if len(words) > 2 or not all(PAIRING_NUMBER.fullmatch(word) for word in words):
                raise forms.ValidationError(
                    _("Line %(line)d: write two pairing numbers, or one for the bye."),
                    params={"line": line_number},
                    code="bad_line",
                )
            south = int(words[0])
            north = int(words[1]) if len(words) == 2 and words[1] != "0" else None
            boards.append((south, north))
        if not boards:
            raise forms.ValidationError(_("A round needs at least one board."), code="empty")
        return boards


class PlayerForm(forms.ModelForm):
    """A new player of a section; the team list is the tournament's."""

    class Meta:
        model = Player
        fields = ["name", "sex", "title", "rating", "federation", "team", "late_entry_points"]

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.all()
        # Only a late entry has missed rounds; everyone else leaves it at 0.
        self.fields["late_entry_points"].required = False

    def clean_late_entry_points(self):
        return self.cleaned_data["late_entry_points"] or Decimal("0")


class RequestedByeForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=30)
    points = forms.TypedChoiceField(
        label=_("Points"), choices=[("0.5", "½"), ("0", "0")], coerce=Decimal
    )

    def __init__(self, *args, section, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = section.players.all()


class WithdrawalForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    from_round = forms.IntegerField(label=_("Not paired from round"), min_value=1, max_value=30)

    def __init__(self, *args, section, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = section.players.filter(status=Player.Status.ACTIVE)


TOURNAMENT_FIELDS = [
    "name",
    "slug",
    "start_date",
    "end_date",
    "venue",
    "rounds",
    "minutes_per_player",
    "clock_warning_minutes",
    "variant",
    "bye_points",
    "tiebreaks",
    "team_tiebreaks",
    "avoid_teammates",
    "acceleration",
    "status",
    "published",
]


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The codes an arbiter may list come from the tie-break registry, in its words.
        self.fields["tiebreaks"].help_text = tiebreak_labels.choices_help()
        self.fields["team_tiebreaks"].help_text = tiebreak_labels.choices_help(individual=False)


class NewTournamentForm(TournamentForm):
    sections = forms.CharField(
        label=_("Sections"), initial="Men, Women", help_text=_("Names separated by commas.")
    )

    def clean_sections(self) -> list[str]:
        return [name.strip() for name in self.cleaned_data["sections"].split(",") if name.strip()]


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["name", "code", "federation", "coach"]
