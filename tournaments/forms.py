"""Forms of the arbiter's pages. They turn text into a service's input; the services decide."""

import re
from datetime import timedelta
from decimal import Decimal

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from oware.endings import Ending
from oware.sides import Side
from tournaments import tiebreak_labels
from tournaments.models import Player, PrizeCategory, Section, Team, Tournament
from tournaments.models.event import PAIRING_SYSTEM_CHOICES, kind_from_name
from tournaments.models.results import ENDING_CHOICES
from tournaments.models.sides import SIDE_CHOICES, SideChoiceField, side_of_letter
from tournaments.pairing.systems import DUTCH
from tournaments.services import rating_source
from tournaments.services.errors import ErrorCode
from tournaments.services.registration import EDITABLE_PLAYER_FIELDS
from tournaments.services.results import ResultEntry


class ResultForm(forms.Form):
    ending = forms.TypedChoiceField(
        label=_("Ending"),
        required=False,
        choices=[("", _("— from the move record —"))] + ENDING_CHOICES,
        coerce=Ending,
        empty_value=None,
    )
    south_seeds = forms.IntegerField(
        label=_("South game score (seeds)"), required=False, min_value=0, max_value=48
    )
    north_seeds = forms.IntegerField(
        label=_("North game score (seeds)"), required=False, min_value=0, max_value=48
    )
    decided_by = SideChoiceField(
        label=_("Flagged, resigning or absent player"),
        required=False,
        choices=[("", "—"), *SIDE_CHOICES],
        coerce=side_of_letter,
        empty_value=None,
    )
    record = forms.CharField(
        label=_("Move record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("Letters A–F / a–f or scoresheet digits 1–6; the validator replays it."),
    )
    stores_at_end = forms.BooleanField(
        label=_("For a time forfeit or a resignation, these are the stores at that moment"),
        required=False,
        help_text=_("The game score then follows the competition table."),
    )
    reason = forms.CharField(label=_("Reason for a correction"), required=False, max_length=300)
    # The result's version when the page was shown: a save made meanwhile is not overwritten.
    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)
    confirm_agreed = forms.BooleanField(
        label=_("I have seen the repetitions above; save this agreed end"), required=False
    )

    def entry(self) -> ResultEntry:
        data = self.cleaned_data
        return ResultEntry(
            ending=data["ending"],
            south_seeds=data["south_seeds"],
            north_seeds=data["north_seeds"],
            decided_by=data["decided_by"],
            record=data["record"],
            stores_at_end=data.get("stores_at_end", False),
            confirm_agreed=data.get("confirm_agreed", False),
        )


class GameFileForm(forms.Form):
    """An .ogn game file to import as a game's result: uploaded, or its text pasted."""

    prefix = "ogn"  # beside the result form on the same page: its own field names and ids

    file = forms.FileField(label=_("Game file (.ogn)"), required=False)
    pasted = forms.CharField(
        label=_("or its text"), required=False, widget=forms.Textarea(attrs={"rows": 4})
    )
    reason = forms.CharField(label=_("Reason for a correction"), required=False, max_length=300)

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload and upload.size > settings.UPLOAD_MAX_BYTES:
            limit = settings.UPLOAD_MAX_BYTES // 1024
            raise forms.ValidationError(ErrorCode.FILE_TOO_LARGE.message(limit=limit))
        if upload:
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise forms.ValidationError(_("The game file is not UTF-8 text.")) from error
        else:
            data["text"] = data.get("pasted", "")
        if not data["text"].strip():
            raise forms.ValidationError(_("Choose a game file or paste its text."))
        return data


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
        fields = [*EDITABLE_PLAYER_FIELDS, "late_entry_points"]
        labels = {"team": _("Team")}  # the model's field has no translated name

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.all()
        listed = rating_source.label()
        if listed:
            # The register's current list fills a blank rating (tournaments/services/rating_source).
            self.fields["rating"].help_text = _(
                "Left blank: the rating from %(list)s, found by the identity number."
            ) % {"list": listed}
        # Only a late entry has missed rounds; everyone else leaves it at 0.
        self.fields["late_entry_points"].required = False

    def clean_late_entry_points(self):
        return self.cleaned_data["late_entry_points"] or Decimal("0")


def player_label(player: Player) -> str:
    """How every drop-down names a player: `#number name (team, rating)`."""
    details = [player.team.code if player.team_id else "", str(player.rating or "")]
    details = ", ".join(d for d in details if d)
    return f"#{player.pairing_number} {player.name}" + (f" ({details})" if details else "")


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return player_label(obj)


class RequestedByeForm(forms.Form):
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=30)
    points = forms.TypedChoiceField(
        label=_("Points"), choices=[("0.5", "½"), ("0", "0")], coerce=Decimal
    )

    def __init__(self, *args, section, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = section.players.select_related("team")


class WithdrawalForm(forms.Form):
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    from_round = forms.IntegerField(label=_("Not paired from round"), min_value=1, max_value=30)

    def __init__(self, *args, section, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = section.players.filter(
            status=Player.Status.ACTIVE
        ).select_related("team")


class ReentryForm(forms.Form):
    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    from_round = forms.IntegerField(label=_("Paired again from round"), min_value=1, max_value=30)

    def __init__(self, *args, section, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = section.players.filter(
            status=Player.Status.WITHDRAWN
        ).select_related("team")


class PlayerEditForm(forms.ModelForm):
    """A player's details, changeable at any time; the team list is the tournament's."""

    class Meta:
        model = Player
        fields = list(EDITABLE_PLAYER_FIELDS)
        labels = {"team": _("Team")}  # the model's field has no translated name

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = tournament.teams.all()

    def _post_clean(self):
        # The service validates and saves; the ModelForm's own instance check would run the
        # model's constraints against a half-changed player first.
        pass


class ImportForm(forms.Form):
    """A players file to preview; `content` carries the previewed text to the final import."""

    kind = forms.ChoiceField(
        label=_("Format"),
        choices=[
            ("csv", _("CSV (name, sex, rating, title, federation, team code)")),
            ("trf", _("TRF (001 player records)")),
        ],
        initial="csv",
    )
    file = forms.FileField(label=_("File"), required=False)
    content = forms.CharField(required=False, widget=forms.HiddenInput)

    def text(self) -> str:
        upload = self.cleaned_data.get("file")
        if upload is None:
            return self.cleaned_data.get("content") or ""
        data = upload.read()
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return data.decode("latin-1")

    def clean(self):
        data = super().clean()
        if not data.get("file") and not data.get("content"):
            self.add_error("file", _("Choose a file to import."))
        # Refused before it is read: a long file makes a long preview for nothing.
        if data.get("file") and data["file"].size > settings.UPLOAD_MAX_BYTES:
            limit = settings.UPLOAD_MAX_BYTES // 1024
            self.add_error("file", ErrorCode.FILE_TOO_LARGE.message(limit=limit))
        return data


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
    "published",
    "live_results_direct",
    "players_per_team_per_section",
    "team_has_coach",
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
        # Left empty, the team quota keeps its value (2 players per section by default).
        self.fields["players_per_team_per_section"].required = False
        # The codes an arbiter may list come from the tie-break registry, in its words.
        self.fields["tiebreaks"].help_text = tiebreak_labels.choices_help()
        self.fields["team_tiebreaks"].help_text = tiebreak_labels.choices_help(individual=False)

    def clean_players_per_team_per_section(self):
        value = self.cleaned_data["players_per_team_per_section"]
        if value is None:
            return self.instance.players_per_team_per_section
        return value


# "Juniors (women)": a section's name and its kind in brackets.
SECTION_WITH_KIND = re.compile(r"(?P<name>[^()]+)\((?P<kind>[^()]+)\)")
OPEN_WORDS = {"open", "ouvert", "ouverte", "mixte", "mixed", "aberto", "aberta", "misto"}


class NewTournamentForm(TournamentForm):
    sections = forms.CharField(
        label=_("Sections"),
        initial="Men, Women",
        help_text=_(
            "Names separated by commas. A section named Men or Women takes only players of that "
            "sex, any other is open; a kind in brackets after a name chooses it: "
            "“Juniors (women)”, “Masters (open)”."
        ),
    )
    pairing_system = forms.ChoiceField(
        label=_("Pairing system"),
        choices=PAIRING_SYSTEM_CHOICES,
        help_text=_("Swiss for open events; a round robin when everyone meets everyone."),
        required=False,
        initial=DUTCH,
    )

    def clean_sections(self) -> list[str]:
        """The names; each kind given in brackets goes to `section_kinds` (name -> kind)."""
        self.section_kinds = {}
        names = []
        for text in self.cleaned_data["sections"].split(","):
            match = SECTION_WITH_KIND.fullmatch(text.strip())
            if not text.strip():
                continue
            if match is None:
                names.append(text.strip())
                continue
            name, kind = match.group("name").strip(), match.group("kind").strip().casefold()
            names.append(name)
            self.section_kinds[name] = "" if kind in OPEN_WORDS else kind_from_name(kind)
        return names

    def clean_pairing_system(self) -> str:
        return self.cleaned_data["pairing_system"] or DUTCH


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["name", "code", "federation", "coach"]

    def __init__(self, *args, tournament=None, **kwargs):
        super().__init__(*args, **kwargs)
        if tournament is not None:
            self.instance.tournament = tournament  # so the code is checked unique in it
            # The tournament's team composition asks for a coach.
            self.fields["coach"].required = tournament.team_has_coach


# The result cell of the grid: South's result, typed as on a scoresheet, and its points.
GRID_RESULTS = {"1": ("1", "0"), "=": ("0.5", "0.5"), "0": ("0", "1")}
GRID_SPELLINGS = {
    "1": "1",
    "1-0": "1",
    "1–0": "1",
    "=": "=",
    "½": "=",
    "0.5": "=",
    "½-½": "=",
    "½–½": "=",
    "0": "0",
    "0-1": "0",
    "0–1": "0",
}


# A board where no game was played, chosen in words: what each choice stores.
NORTH_ABSENT, SOUTH_ABSENT, BOTH_ABSENT = "north_absent", "south_absent", "both_absent"
NO_GAME_CHOICES = [
    ("", _("— a game was played —")),
    (NORTH_ABSENT, _("North did not come: stores 1–0 for South, a forfeit, no game score")),
    (SOUTH_ABSENT, _("South did not come: stores 0–1 for North, a forfeit, no game score")),
    (BOTH_ABSENT, _("Neither came: stores 0–0, a double forfeit, no game score")),
]


class GridResultForm(forms.Form):
    """One board of the result grid. The result cell takes 1, = or 0 (South's view); for a time
    forfeit or a resignation the two numbers are the stores at that moment."""

    result = forms.CharField(
        label=_("Result"),
        required=False,
        max_length=5,
        help_text=_("1, = or 0 for South"),
    )
    south_seeds = forms.IntegerField(
        label=_("South seeds"), required=False, min_value=0, max_value=48
    )
    north_seeds = forms.IntegerField(
        label=_("North seeds"), required=False, min_value=0, max_value=48
    )
    ending = forms.TypedChoiceField(
        label=_("Ending"),
        required=False,
        choices=[("", "—")] + ENDING_CHOICES,
        coerce=Ending,
        empty_value=None,
    )
    decided_by = SideChoiceField(
        label=_("Flagged, resigned or absent"),
        required=False,
        choices=[("", "—"), *SIDE_CHOICES],
        coerce=side_of_letter,
        empty_value=None,
    )
    no_game = forms.ChoiceField(
        label=_("No game"),
        required=False,
        choices=NO_GAME_CHOICES,
        help_text=_(
            "A player who did not come, or neither: choose it here and leave the result, the "
            "scores and the ending empty. A pairing-allocated bye needs nothing typed: the "
            "pairing stores its points."
        ),
    )
    reason = forms.CharField(label=_("Reason for a correction"), required=False, max_length=300)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def clean_result(self) -> str:
        typed = self.cleaned_data["result"].strip().replace(" ", "")
        if not typed:
            return ""
        if typed not in GRID_SPELLINGS:
            raise forms.ValidationError(
                _("Type 1 (South wins), = (draw) or 0 (North wins)."), code="bad_result"
            )
        return GRID_SPELLINGS[typed]

    def clean(self):
        data = super().clean()
        if data.get("no_game"):
            typed = [
                f for f in ("result", "south_seeds", "north_seeds") if data.get(f) not in ("", None)
            ]
            if typed or data.get("ending") or data.get("decided_by") is not None:
                self.add_error(
                    "no_game",
                    _(
                        "“%(choice)s” stores its own result: empty the result, the scores and the "
                        "ending, or choose “— a game was played —”."
                    )
                    % {"choice": dict(NO_GAME_CHOICES)[data["no_game"]]},
                )
            return data
        # An empty row is a slip of the keyboard; the results service decides the ending.
        if not data.get("ending") and not data.get("result") and not self.errors:
            self.add_error(
                "result",
                _(
                    "Type 1, = or 0, or choose the ending; for a player who did not come choose "
                    "him under “No game”."
                ),
            )
        return data

    def entry(self) -> ResultEntry:
        data = self.cleaned_data
        if data.get("no_game"):
            return _no_game_entry(data["no_game"])
        points = GRID_RESULTS.get(data["result"])
        return ResultEntry(
            ending=data["ending"],
            south_seeds=data["south_seeds"],
            north_seeds=data["north_seeds"],
            south_points=Decimal(points[0]) if points else None,
            north_points=Decimal(points[1]) if points else None,
            decided_by=data["decided_by"],
            stores_at_end=True,
        )


def _no_game_entry(choice: str) -> ResultEntry:
    """The result a "no game" choice stores: a forfeit against the absent side, or a double
    forfeit."""
    if choice == BOTH_ABSENT:
        return ResultEntry(ending=Ending.DOUBLE_FORFEIT)
    absent = Side.NORTH if choice == NORTH_ABSENT else Side.SOUTH
    return ResultEntry(ending=Ending.FORFEIT, decided_by=absent)


class PrizeCategoryForm(forms.ModelForm):
    """A new prize category; the services check it against its section."""

    section = forms.ModelChoiceField(label=_("Section"), queryset=Section.objects.none())

    class Meta:
        model = PrizeCategory
        fields = ["section", "name", "kind", "min_rating", "max_rating", "born_from", "prizes"]
        help_texts = {
            "kind": _(
                "Women: the women of an open section. Rating group: players rated between the "
                "lowest and the highest rating. Juniors: players born in or after the year. "
                "Each team's best board: the best-placed player of each team."
            ),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["section"].queryset = tournament.sections.all()
        self.fields["section"].label_from_instance = lambda section: section.name

    def _post_clean(self):
        pass  # the prizes service checks the category against its section


class PublishForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Show this pairing to players and spectators now"), required=True
    )


class DeleteDraftForm(forms.Form):
    confirm = forms.BooleanField(label=_("Delete this draft pairing"), required=True)


class SectionSexForm(forms.Form):
    sex = forms.ChoiceField(
        label=_("Kind of section"),
        required=False,
        choices=Section.Kind.choices,
    )


class UndoForm(forms.Form):
    """The reason for taking a step back (a result cleared, a round taken back, a withdrawal,
    bye or late entry undone); the service refuses an empty one. `version` is the result
    version the page showed, for clearing a result."""

    reason = forms.CharField(label=_("Reason"), required=False, max_length=300)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)


class LocalDateTimeInput(forms.DateTimeInput):
    """A date and time on the venue's clocks, with the phone's own date and time picker."""

    input_type = "datetime-local"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%dT%H:%M", **kwargs)


class ScheduleForm(forms.Form):
    """The planned start of every round of every section at once, read in the venue's time
    zone (`planned` is the service's `timetable`). A blank field clears a start. The first
    start with a number of minutes between rounds fills every blank field: round n of each
    section at the first start plus n − 1 times the minutes."""

    time_zone = forms.CharField(
        label=_("Time zone of the venue"),
        max_length=64,
        help_text=_("An IANA name, such as Africa/Accra or Europe/Lisbon."),
    )
    first_start = forms.DateTimeField(
        label=_("Fill the blank rounds: first round at"),
        required=False,
        widget=LocalDateTimeInput(),
    )
    every_minutes = forms.IntegerField(
        label=_("then a round every (minutes)"), required=False, min_value=1, max_value=24 * 60
    )

    def __init__(self, *args, planned, **kwargs):
        super().__init__(*args, **kwargs)
        self.planned = planned
        self.rows = []
        for row in planned:
            name = self.field_name(row)
            self.fields[name] = forms.DateTimeField(
                label=_("%(section)s, round %(number)d")
                % {"section": row.section.name, "number": row.number},
                required=False,
                widget=LocalDateTimeInput(),
                initial=row.starts_at.replace(tzinfo=None) if row.starts_at else None,
            )
            self.rows.append((row, name))

    @staticmethod
    def field_name(row) -> str:
        return f"start_{row.section.pk}_{row.number}"

    def bound_rows(self):
        """(planned round, its bound field) in the table's order."""
        return [(row, self[name]) for row, name in self.rows]

    def clean(self):
        data = super().clean()
        first, every = data.get("first_start"), data.get("every_minutes")
        if (first is None) != (every is None):
            raise forms.ValidationError(
                _("Give both the first start and the minutes between rounds, or neither.")
            )
        return data

    def starts(self) -> dict:
        """(section id, round number) → naive date and time on the venue's clocks, or None."""
        first = self.cleaned_data.get("first_start")
        every = self.cleaned_data.get("every_minutes")
        starts = {}
        for row, name in self.rows:
            value = self.cleaned_data.get(name)
            if value is None and first is not None:
                value = first + timedelta(minutes=every * (row.number - 1))
            if value is not None:
                # A date and time as typed: the service reads it in the venue's time zone.
                value = value.replace(tzinfo=None)
            starts[(row.section.pk, row.number)] = value
        return starts


class ShiftForm(forms.Form):
    """Move one round's start, and by default the rest of that day's rounds with it."""

    round = forms.ChoiceField(label=_("Round"))
    minutes = forms.IntegerField(
        label=_("Move by (minutes; negative for earlier)"),
        min_value=-24 * 60,
        max_value=24 * 60,
    )
    rest_of_day = forms.BooleanField(
        label=_("and every round planned after it that day, in every section"),
        required=False,
        initial=True,
    )

    def __init__(self, *args, planned, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["round"].choices = [
            (
                f"{row.section.pk}:{row.number}",
                _("%(section)s, round %(number)d")
                % {"section": row.section.name, "number": row.number},
            )
            for row in planned
            if row.starts_at is not None
        ]

    def chosen(self) -> tuple[int, int]:
        """(section id, round number) of the chosen round."""
        section, number = self.cleaned_data["round"].split(":")
        return int(section), int(number)
