from django.urls import path

from games import api

app_name = "games-api"
urlpatterns = [
    path("me/game/", api.MyGame.as_view(), name="my_game"),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/moves/",
        api.Moves.as_view(),
        name="moves",
    ),
]
