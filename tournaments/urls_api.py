from django.conf import settings
from django.urls import include, path, re_path
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from tournaments.api import backup, root, views
from tournaments.api.deprecation import deprecated_paths
from tournaments.api.errors import page_not_found
from tournaments.api.renderers import TABLE_FORMATS
from tournaments.views.caching import revalidated

# Redoc and Swagger UI (served from our static files) write their own <style> elements and Redoc
# parses in a blob: worker; their pages alone get that, scripts still come only from us.
docs_policy = csp_override(
    settings.SECURE_CSP
    | {
        "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
        "worker-src": [CSP.SELF, "blob:"],
        "img-src": [CSP.SELF, "data:", "blob:"],
    }
)

app_name = "api"
section = "tournaments/<slug:slug>/<slug:section>/"
# The resources, served under /api/v1/ and, as deprecated aliases of API 1.0, under /api/.
resources = [
    path("tournaments/", views.TournamentList.as_view(), name="tournaments"),
    path("tournaments/import/", backup.ImportTournament.as_view(), name="import"),
    path(
        "tournaments/<slug:slug>/", revalidated(views.TournamentDetail.as_view()), name="tournament"
    ),
    path("tournaments/<slug:slug>/schedule/", views.Schedule.as_view(), name="schedule"),
    path("tournaments/<slug:slug>/export/", backup.ExportTournament.as_view(), name="export"),
    path(
        "tournaments/<slug:slug>/sections/import-trf/",
        backup.ImportTrfSection.as_view(),
        name="import-trf",
    ),
    path(
        "tournaments/<slug:slug>/teams/", revalidated(views.TeamStandings.as_view()), name="teams"
    ),
    path("tournaments/<slug:slug>/games/", revalidated(views.GameList.as_view()), name="games"),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/",
        revalidated(views.GameDetail.as_view()),
        name="game",
    ),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>.ogn",
        revalidated(views.GameOgn.as_view()),
        name="game-ogn",
    ),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/result/",
        views.EnterResult.as_view(),
        name="result",
    ),
    path(section + "players/", revalidated(views.PlayerList.as_view()), name="players"),
    path(
        section + "players/<int:player_id>/",
        revalidated(views.PlayerDetail.as_view()),
        name="player",
    ),
    path(section + "rounds/", revalidated(views.RoundList.as_view()), name="rounds"),
    path(section + "rounds/<int:number>/", revalidated(views.RoundDetail.as_view()), name="round"),
    path(section + "rounds/<int:number>/publish/", views.PublishRound.as_view(), name="publish"),
    path(section + "pair/", views.PairNextRound.as_view(), name="pair"),
    path(section + "standings/", revalidated(views.Standings.as_view()), name="standings"),
    path(section + "trf/", revalidated(views.SectionTrf.as_view()), name="trf"),
    path(section + "games.txt", revalidated(views.SectionGamesText.as_view()), name="games-text"),
    path(section + "games-ogn.zip", revalidated(views.SectionGamesOgn.as_view()), name="games-ogn"),
    # Last: the tournament's own addresses above (teams/, games/, export/) come first.
    path(section, revalidated(views.SectionDetail.as_view()), name="section"),
]
# The tables as files of their own (`standings.csv`), beside `?format=`: one operation per media
# type, so that a generated client has a function that returns the text.
TABLE_FILES = [
    ("rounds/<int:number>", views.RoundTable, "round"),
    ("players", views.PlayerTable, "players"),
    ("standings", views.Standings, "standings"),
]
tables = [
    path(
        section + f"{address}.{format}",
        revalidated(view.as_view()),
        {"format": format},
        name=f"{name}-{format}",
    )
    for address, view, name in TABLE_FILES
    for format in TABLE_FORMATS
]
urlpatterns = [
    path("", root.ApiRoot.as_view(), name="root"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs_policy(SpectacularRedocView.as_view(url_name="api:schema")), name="docs"),
    path(
        "docs/swagger/",
        docs_policy(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
        name="swagger",
    ),
    path("v1/", root.VersionRoot.as_view(), name="v1-root"),
    path("v1/", include(([*resources, *tables], "v1"))),
    *deprecated_paths(resources),
    # Anything else under /api/ answers the API's JSON 404, in DEBUG too.
    re_path(r"^.*$", page_not_found, name="not-found"),
]
