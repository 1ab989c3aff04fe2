from django.urls import path

from tournaments.views import public

app_name = "public"
urlpatterns = [
    path("", public.home, name="home"),
    path("t/<slug:slug>/", public.tournament, name="tournament"),
    path("t/<slug:slug>/calendar.ics", public.calendar, name="calendar"),
    path("t/<slug:slug>/teams/", public.teams, name="teams"),
    path("t/<slug:slug>/find/", public.find_player, name="find_player"),
    path("t/<slug:slug>/game/<int:pairing_id>/", public.game, name="game"),
    path("t/<slug:slug>/game/<int:pairing_id>/ogn", public.game_file, name="game_ogn"),
    path("t/<slug:slug>/<slug:section>/", public.section, name="section"),
    path("t/<slug:slug>/<slug:section>/round/<int:number>/", public.round_pairings, name="round"),
    path(
        "t/<slug:slug>/<slug:section>/round/<int:number>/ogn.zip",
        public.round_game_files,
        name="round_ogn",
    ),
    path("t/<slug:slug>/<slug:section>/standings/", public.standings, name="standings"),
    path("t/<slug:slug>/<slug:section>/crosstable/", public.crosstable, name="crosstable"),
    path("t/<slug:slug>/<slug:section>/teams/", public.section_teams, name="section_teams"),
    path("t/<slug:slug>/<slug:section>/player/<int:number>/", public.player, name="player"),
    path(
        "t/<slug:slug>/<slug:section>/player/<int:number>/calendar.ics",
        public.player_calendar,
        name="player_calendar",
    ),
    path("t/<slug:slug>/<slug:section>/schedule/", public.schedule, name="schedule"),
    path("t/<slug:slug>/<slug:section>/prizes/", public.prize_list, name="prizes"),
]
