from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.utils.translation import gettext_lazy as _

from players.models import Account


class SignInLinkForm(forms.Form):
    email = forms.EmailField(label=_("Email"), max_length=150)


class SignUpForm(forms.Form):
    """A player account with a password: the address is his username."""

    email = forms.EmailField(label=_("Email"), max_length=150)
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password confirmation"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_email(self):
        email = self.cleaned_data["email"].strip().lower()
        if get_user_model().objects.filter(username__iexact=email).exists():
            raise forms.ValidationError(
                _("An account with this address exists: sign in with a link or your password.")
            )
        return email

    def clean(self):
        cleaned = super().clean()
        first, second = cleaned.get("password1"), cleaned.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two password fields didn't match."))
        elif first:
            user = get_user_model()(
                username=cleaned.get("email", ""), email=cleaned.get("email", "")
            )
            try:
                password_validation.validate_password(first, user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class AccountForm(forms.ModelForm):
    language = forms.ChoiceField(label=_("Language of my mails"), choices=settings.LANGUAGES)

    class Meta:
        model = Account
        fields = ("language", "wants_mail")
