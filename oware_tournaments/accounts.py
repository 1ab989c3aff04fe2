"""Accounts of the people who run tournaments: arbiters created from a page by a user allowed to
add users, and the password reset, offered only where mail can be sent."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required, permission_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import Permission
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


def mail(request):
    return {"mail_configured": settings.MAIL_CONFIGURED}


def mail_required(view):
    """A page that promises a mail does not exist where no mail can be sent: without it, the
    password reset would say a mail was on its way that never leaves."""

    def guarded(request, *args, **kwargs):
        if not settings.MAIL_CONFIGURED:
            raise Http404("No mail is configured.")
        return view(request, *args, **kwargs)

    return guarded


class NewArbiterForm(UserCreationForm):
    email = forms.EmailField(
        label=gettext_lazy("Email"),
        required=False,
        help_text=gettext_lazy("For resetting a forgotten password."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


@login_required
@permission_required("auth.add_user", raise_exception=True)
def new_arbiter(request):
    """An arbiter account: a user who may create tournaments (and runs the ones he creates or is
    added to), never staff of the admin."""
    form = NewArbiterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
        messages.success(request, _("Arbiter account %(name)s created.") % {"name": user.username})
        return redirect("new_arbiter")
    return render(request, "account/new_arbiter.html", {"form": form})
