from django.contrib import admin
from django.urls import include, path

from config.views import health
from tournaments.views.events import new_tournament

urlpatterns = [
    path("healthz", health, name="health"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    # POST /i18n/setlang/ {language, next}: the language switcher in the header.
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("tournaments.urls_api")),
    path("new-tournament/", new_tournament, name="new_tournament"),
    path("t/<slug:slug>/arbiter/", include("tournaments.urls_arbiter")),
    path("", include("tournaments.urls_public")),
]
