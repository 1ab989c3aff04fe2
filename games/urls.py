from django.urls import path

from games import remote_views, views

app_name = "games"
urlpatterns = [
    path("t/<slug:slug>/board/worker.js", views.board_worker, name="live_worker"),
    path("t/<slug:slug>/board/<str:code>/", views.board_page, name="live_board"),
    path(
        "t/<slug:slug>/board/<str:code>/manifest.webmanifest",
        views.board_manifest,
        name="live_manifest",
    ),
    path("t/<slug:slug>/board/<str:code>/moves/", views.board_moves, name="live_moves"),
    path("t/<slug:slug>/board/<str:code>/watch/", views.watch, name="live_watch"),
    path(
        "t/<slug:slug>/<slug:section>/round/<int:number>/live/",
        views.round_live,
        name="round_live",
    ),
    path(
        "t/<slug:slug>/<slug:section>/round/<int:number>/live/state/",
        views.round_live_state,
        name="round_live_state",
    ),
    path("t/<slug:slug>/remote/<int:pairing_id>/", remote_views.remote_page, name="remote_game"),
    path(
        "t/<slug:slug>/arbiter/remote/<int:pairing_id>/timings/",
        remote_views.remote_timings,
        name="remote_timings",
    ),
    path("t/<slug:slug>/arbiter/worker.js", views.board_worker, name="arbiter_worker"),
    path("t/<slug:slug>/arbiter/live/<str:code>/codes/", views.new_codes, name="live_codes"),
    path(
        "t/<slug:slug>/arbiter/live-clocks/<slug:section>/<int:number>/",
        views.clock_marks,
        name="live_clock_marks",
    ),
    path("t/<slug:slug>/arbiter/live/<str:code>/confirm/", views.confirm, name="live_confirm"),
    path("t/<slug:slug>/arbiter/live/<str:code>/release/", views.release, name="live_release"),
    path(
        "t/<slug:slug>/arbiter/live/<str:code>/send-back/", views.send_back, name="live_send_back"
    ),
]
