from django import forms
from django.utils.translation import gettext_lazy as _


class AnswerForm(forms.Form):
    """An arbiter's answer that closes a player's report."""

    answer = forms.CharField(
        label=_("Answer"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )
