from django.contrib import admin
from django.urls import include, path

from tournaments.api import errors as api_errors
from tournaments.views.events import new_tournament
from tournaments.views.tokens import api_tokens

# Under /api/ a 404 or 500 answers JSON in the API's error shape; elsewhere Django's pages.
handler404 = api_errors.page_not_found
handler500 = api_errors.server_error

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournaments.urls_api")),
    path("new-tournament/", new_tournament, name="new_tournament"),
    path("account/tokens/", api_tokens, name="api_tokens"),
    path("t/<slug:slug>/arbiter/", include("tournaments.urls_arbiter")),
    path("", include("tournaments.urls_public")),
]
