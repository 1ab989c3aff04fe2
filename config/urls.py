from django.contrib import admin
from django.urls import include, path

from tournaments.views.events import my_tournaments, new_tournament

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.urls_api")),
    path("new-tournament/", new_tournament, name="new_tournament"),
    path("arbiter/", my_tournaments, name="my_tournaments"),
    path("t/<slug:slug>/arbiter/", include("tournaments.urls_arbiter")),
    path("", include("tournaments.urls_public")),
]
