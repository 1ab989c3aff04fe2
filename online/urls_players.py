from django.urls import path

from online import player_views

app_name = "online-play"

# Under /t/<slug:slug>/ (oware_tournaments/urls.py), before the public pages, whose
# /t/<slug>/<section>/ would take them.
urlpatterns = [
    path("join/", player_views.join_page, name="join"),
    path("join/check-in/", player_views.check_in, name="check_in"),
    path("remote/<int:pairing_id>/report/", player_views.report, name="report"),
]
