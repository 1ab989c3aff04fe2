from django.urls import path

from games import api, remote_views

app_name = "games-api"
urlpatterns = [
    path("me/game/", api.MyGame.as_view(), name="my_game"),
    # Server-Sent Events, as the game's stream below: the player's games one after the other.
    path("me/stream/", remote_views.my_stream, name="my_stream"),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/moves/",
        api.Moves.as_view(),
        name="moves",
    ),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/resign/",
        api.Resign.as_view(),
        name="resign",
    ),
    # Server-Sent Events, not a DRF view: the stream of a remote game's states (games/stream.py).
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/stream/",
        remote_views.remote_stream,
        name="stream",
    ),
]
