from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from tournaments.api import views
from tournaments.views.caching import revalidated

app_name = "api"
urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("tournaments/", views.TournamentList.as_view(), name="tournaments"),
    path(
        "tournaments/<slug:slug>/", revalidated(views.TournamentDetail.as_view()), name="tournament"
    ),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/result/",
        views.EnterResult.as_view(),
        name="result",
    ),
    path(
        "tournaments/<slug:slug>/<slug:section>/players/",
        revalidated(views.PlayerList.as_view()),
        name="players",
    ),
    path(
        "tournaments/<slug:slug>/<slug:section>/rounds/",
        revalidated(views.RoundList.as_view()),
        name="rounds",
    ),
    path(
        "tournaments/<slug:slug>/<slug:section>/rounds/<int:number>/",
        revalidated(views.RoundDetail.as_view()),
        name="round",
    ),
    path(
        "tournaments/<slug:slug>/<slug:section>/pair/", views.PairNextRound.as_view(), name="pair"
    ),
    path(
        "tournaments/<slug:slug>/<slug:section>/standings/",
        revalidated(views.Standings.as_view()),
        name="standings",
    ),
    path(
        "tournaments/<slug:slug>/<slug:section>/trf/",
        revalidated(views.SectionTrf.as_view()),
        name="trf",
    ),
]
