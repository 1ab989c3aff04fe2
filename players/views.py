"""The pages of player accounts: signing in or up, the player's own page (his settings, his
links to the register, asking for one), his games, the one-click unsubscribe, and the pages where
an arbiter or a register officer decides the links asked for."""

import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, SetPasswordForm
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from players import linking, signin
from players.forms import AccountForm, SignInLinkForm, SignUpForm
from players.games import my_games
from players.models import Account, Mail
from players.tasks import send_sign_in_mail
from register.access import is_officer, may_link
from register.models import Person
from tournaments.auth_backends import password_checks_budgeted
from tournaments.models import Player, Tournament
from tournaments.services.errors import ServiceError

# The most entries and persons a search on the player's page shows.
FOUND_AT_MOST = 20


def _language() -> str:
    language = (get_language() or "en").split("-")[0]
    return language if language in dict(settings.LANGUAGES) else "en"


def _back(request) -> str:
    """Where to go once signed in: the page that sent the visitor here (`?next=`, this site
    only), else his account's page."""
    back = request.GET.get("next", "")
    if back and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return reverse("players:home")


@password_checks_budgeted
def sign_in(request):
    """Ask for a sign-in link by mail, or make an account with a password; a password brings
    the player back to the page that sent him (`?next=`)."""
    link_form = SignInLinkForm(request.POST if request.POST.get("action") == "link" else None)
    signup_form = SignUpForm(request.POST if request.POST.get("action") == "sign_up" else None)
    if request.method == "POST" and settings.MAIL_CONFIGURED and link_form.is_valid():
        email = link_form.cleaned_data["email"].strip().lower()
        # Mailed by the task worker: the request never waits for the SMTP server, and one that
        # is down is tried again while the link is valid (from now on).
        send_sign_in_mail.enqueue(email, _language(), int(time.time()))
        return render(request, "players/link_sent.html", {"email": email})
    if request.method == "POST" and signup_form.is_valid():
        from django.contrib.auth import get_user_model

        email = signup_form.cleaned_data["email"]
        user = get_user_model().objects.create_user(
            username=email, email=email, password=signup_form.cleaned_data["password1"]
        )
        Account.objects.create(user=user, language=_language())
        login(request, user, backend=signin.BACKEND)
        return redirect(_back(request))
    return render(
        request,
        "players/sign_in.html",
        {"link_form": link_form, "signup_form": signup_form, "back": _back(request)},
    )


def sign_in_link(request, token):
    """A mailed link: GET shows a button (a mail scanner opening the link uses nothing), POST
    signs in."""
    try:
        signin.check_sign_in(token)
        if request.method == "POST":
            signin.sign_in_with_link(request, token)
            return redirect("players:home")
    except ServiceError as refusal:
        return render(request, "players/refused.html", {"refusal": refusal}, status=refusal.status)
    return render(request, "players/sign_in_link.html")


def _account(request) -> Account | None:
    return Account.objects.filter(user=request.user).select_related("user").first()


@login_required
@password_checks_budgeted  # setting a password hashes it: under the logins' budget
def home(request):
    account = _account(request)
    action = request.POST.get("action") if request.method == "POST" else None
    if account is None:
        if action == "make":
            account = Account.objects.create(user=request.user, language=_language())
            signin.mark_player(request.session, account)
            return redirect("players:home")
        return render(request, "players/home.html", {"account": None})
    form = AccountForm(request.POST if action == "settings" else None, instance=account)
    # A password is changed by whoever knows the one it replaces; a first one (an account made
    # by a mailed link) is set by the signed-in owner of the address.
    password_form = (PasswordChangeForm if request.user.has_usable_password() else SetPasswordForm)(
        request.user, request.POST if action == "password" else None
    )
    if action == "settings" and form.is_valid():
        signin.mark_player(request.session, form.save())
        messages.success(request, _("Saved."))
        return redirect("players:home")
    if action == "password" and password_form.is_valid():
        password_form.save()
        login(request, request.user, backend=signin.BACKEND)
        messages.success(request, _("Your password is set."))
        return redirect("players:home")
    if action == "ask":
        try:
            linking.ask_link(account, **_target(request))
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("Asked: an arbiter will confirm it."))
        return redirect("players:home")
    found = request.GET.get("find", "").strip()[:100]
    entries, persons = [], []
    if len(found) >= 2:
        entries = list(
            Player.objects.filter(name__icontains=found, section__tournament__published=True)
            .select_related("section__tournament")
            .order_by("-section__tournament__start_date", "name")[:FOUND_AT_MOST]
        )
        persons = list(
            Person.objects.filter(name__icontains=found, merged_into__isnull=True).order_by("name")[
                :FOUND_AT_MOST
            ]
        )
    return render(
        request,
        "players/home.html",
        {
            "account": account,
            "form": form,
            "password_form": password_form,
            "links": account.links.select_related("person", "player__section__tournament"),
            "found": found,
            "entries": entries,
            "persons": persons,
        },
    )


def _number(request, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 12 else 0


def _target(request) -> dict:
    if request.POST.get("person"):
        return {"person": get_object_or_404(Person, pk=_number(request, "person"))}
    return {
        "player": get_object_or_404(
            Player, pk=_number(request, "player"), section__tournament__published=True
        )
    }


@login_required
def games(request):
    account = _account(request)
    if account is None:
        return redirect("players:home")
    return render(request, "players/games.html", {"account": account, "games": my_games(account)})


@csrf_exempt  # a mail program's one-click POST (RFC 8058) carries no token; the link is signed
def unsubscribe(request, token):
    """One click, no login: GET or POST stops the mails; the page offers to take them again."""
    try:
        account = signin.account_of_unsubscribe(token)
    except ServiceError as refusal:
        return render(request, "players/refused.html", {"refusal": refusal}, status=refusal.status)
    again = request.method == "POST" and request.POST.get("action") == "again"
    if account.wants_mail != again:
        account.wants_mail = again
        account.save(update_fields=["wants_mail"])
    return render(request, "players/unsubscribed.html", {"account": account, "token": token})


def _decide(request, tournament=None):
    action = request.POST.get("action")
    if action in ("confirm", "refuse"):
        try:
            linking.decide_link(
                _number(request, "link"),
                confirm=action == "confirm",
                by=request.user,
                tournament=tournament,
            )
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(
                request, _("The link is confirmed.") if action == "confirm" else _("Refused.")
            )
        return True
    return False


def tournament_accounts(request, slug):
    """The tournament's page of player accounts: the links waiting for a decision, and the
    mails to its players not sent yet (with their last error) or given up."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not may_link(request.user, tournament):
        raise PermissionDenied("Only the tournament's arbiters may do this.")
    if request.method == "POST" and _decide(request, tournament):
        return redirect("players:tournament_accounts", slug=tournament.slug)
    mails = (
        Mail.objects.filter(tournament=tournament)
        .exclude(status=Mail.Status.SENT)
        .select_related("account__user", "round__section")
        .order_by("-pk")[:100]
    )
    sent = Mail.objects.filter(tournament=tournament, status=Mail.Status.SENT).count()
    return render(
        request,
        "players/decide.html",
        {
            "tournament": tournament,
            "links": linking.waiting_links(tournament),
            "mails": mails,
            "sent": sent,
        },
    )


@login_required
def register_accounts(request):
    """A register officer's page of every link waiting for a decision."""
    if not is_officer(request.user) and not request.user.is_superuser:
        raise PermissionDenied("Only the register's officers may do this.")
    if request.method == "POST" and _decide(request):
        return redirect("players:register_accounts")
    return render(
        request,
        "players/decide.html",
        {"tournament": None, "links": linking.waiting_links(), "mails": None},
    )
