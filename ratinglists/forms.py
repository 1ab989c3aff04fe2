from django import forms
from django.utils.translation import gettext_lazy as _

from ratinglists.models import RatingSettings


class SettingsForm(forms.ModelForm):
    class Meta:
        model = RatingSettings
        fields = ["system", "tau", "default_rating", "default_deviation", "default_volatility"]

    def clean(self):
        data = super().clean()
        for name in ("tau", "default_deviation", "default_volatility"):
            value = data.get(name)
            if value is not None and not value > 0:
                self.add_error(name, _("Must be above 0."))
        return data


class CloseForm(forms.Form):
    start = forms.DateField(label=_("First day"), widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"}))


class RecomputeForm(forms.Form):
    reason = forms.CharField(label=_("Why"), max_length=300)
