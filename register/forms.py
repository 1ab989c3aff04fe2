from django import forms
from django.utils.translation import gettext_lazy as _

from register.models import Person


class PersonForm(forms.ModelForm):
    class Meta:
        model = Person
        fields = ["name", "sex", "birth_date", "birth_year", "federation", "club"]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"})}

    def clean_federation(self):
        return self.cleaned_data["federation"].upper()


class IdentityForm(forms.ModelForm):
    """The person's identity numbers (personal data: officers only)."""

    class Meta:
        model = Person
        fields = ["federation_id", "trf_id"]


class MergeForm(forms.Form):
    duplicate = forms.IntegerField(
        label=_("Number of the duplicate person"),
        min_value=1,
        help_text=_("The person merged into this one (the number in his page's address)."),
    )
    reason = forms.CharField(label=_("Why"), max_length=500)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Why"), max_length=500)


class PastEventForm(forms.Form):
    file = forms.FileField(label=_("TRF file of the event"))
    name = forms.CharField(
        label=_("Tournament name"),
        max_length=200,
        required=False,
        help_text=_("Left blank, the name the file gives (its 012 line)."),
    )
    section = forms.CharField(label=_("Section name"), max_length=100, required=False)
    published = forms.BooleanField(label=_("Show it to the public"), required=False)
