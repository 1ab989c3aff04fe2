from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import JavaScriptCatalog, set_language

from online import views as online_views
from oware_tournaments.accounts import mail_required, new_arbiter
from oware_tournaments.views import health, ready
from publishing.views import check_transfer, receive_transfer
from tournaments.api import errors as api_errors
from tournaments.auth_backends import password_checks_budgeted
from tournaments.views.events import my_tournaments, new_tournament
from tournaments.views.tokens import api_tokens

# Under /api/ a 400, 404 or 500 answers JSON in the API's error shape; elsewhere Django's pages.
handler400 = api_errors.bad_request
handler404 = api_errors.page_not_found
handler500 = api_errors.server_error

urlpatterns = [
    path("healthz", health, name="health"),
    path("readyz", ready, name="ready"),
    # Changing a password checks the old one and hashes the new one, as a reset hashes the new
    # one: under the client's budget of password checks and the deployment's slots
    # (tournaments/auth_backends.py), here and in the admin, like every login.
    path(
        "admin/password_change/",
        admin.site.admin_view(password_checks_budgeted(admin.site.password_change)),
    ),
    path("admin/", admin.site.urls),
    # The password reset exists only where mail can be sent (oware_tournaments/accounts.py).
    path(
        "accounts/password_reset/",
        mail_required(auth_views.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password_reset/done/",
        mail_required(auth_views.PasswordResetDoneView.as_view()),
        name="password_reset_done",
    ),
    path(
        "accounts/password_change/",
        password_checks_budgeted(auth_views.PasswordChangeView.as_view()),
        name="password_change",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        password_checks_budgeted(auth_views.PasswordResetConfirmView.as_view()),
        name="password_reset_confirm",
    ),
    path("accounts/arbiters/new/", new_arbiter, name="new_arbiter"),
    path("accounts/", include("django.contrib.auth.urls")),
    # POST /i18n/setlang/ {language, next}: the language switcher in the header. Exempt from
    # CSRF so that public pages, cached for every visitor, carry no visitor's token; choosing a
    # language changes nothing but a cookie, and `next` is checked to stay on this site.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    # The translations the scripts need (gettext, ngettext, interpolate), in the page's language.
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # A venue's server publishing a tournament here (publishing/, docs/deployment.md).
    path("api/mirror/<slug:slug>/", receive_transfer, name="mirror_receive"),
    path("api/mirror/<slug:slug>/check/", check_transfer, name="mirror_check"),
    # The player register's API (register/api.py), before the API's catch-all 404.
    path("api/v1/", include("register.urls_api")),
    path("api/v1/", include("ratinglists.urls_api")),
    path("api/v1/", include("notifications.urls_api")),
    # Online events (online/api.py): before the tournaments' API, whose list it extends.
    path("api/v1/", include("online.urls_api")),
    path("api/v1/", include("games.urls_api")),
    path("api/", include("tournaments.urls_api")),
    path("new-tournament/", new_tournament, name="new_tournament"),
    path("new-online-event/", online_views.new_event, name="new_online_event"),
    path("arbiter/", my_tournaments, name="my_tournaments"),
    path("account/tokens/", api_tokens, name="api_tokens"),
    path("t/<slug:slug>/arbiter/publishing/", include("publishing.urls")),
    path("t/<slug:slug>/arbiter/webhooks/", include("notifications.urls")),
    path("t/<slug:slug>/arbiter/online/", include("online.urls")),
    # An online event's players, signed in: entering, checking in, reporting a problem.
    path("t/<slug:slug>/", include("online.urls_players")),
    # A push notification's "stop following" link (notifications/following.py).
    path("t/<slug:slug>/unfollow/", include("notifications.urls_follow")),
    # Player accounts (players/): /account/player/…, /register/accounts/,
    # /t/<slug>/arbiter/accounts/
    path("", include("players.urls")),
    path("", include("register.urls")),  # /register/…, /t/<slug>/arbiter/register/
    path("", include("ratinglists.urls")),  # /ratings/…, /register/ratings/
    path("t/<slug:slug>/arbiter/", include("tournaments.urls_arbiter")),
    path("", include("games.urls")),  # live boards: /t/<slug>/board/<code>/
    path("", include("tournaments.urls_public")),
]
