from django import forms
from django.utils.translation import gettext_lazy as _


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
