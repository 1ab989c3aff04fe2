from django.urls import path

from tournaments.views import (
    arbiter,
    events,
    printing,
    prizes,
    registration,
    result_grid,
    timetable,
    undo,
)

app_name = "arbiter"
urlpatterns = [
    path("", arbiter.dashboard, name="dashboard"),
    path("settings/", events.settings, name="settings"),
    path("schedule/", timetable.schedule, name="schedule"),
    path("schedule/shift/", timetable.shift, name="shift_schedule"),
    path("pair-all/", arbiter.pair_all, name="pair_all"),
    path("publish-all/", arbiter.publish_all, name="publish_all"),
    path("all-sections/", arbiter.all_sections, name="all_sections"),
    path("prizes/", prizes.categories, name="prizes"),
    path("prizes/delete/", prizes.delete_category, name="delete_prize_category"),
    path("teams/", events.teams, name="teams"),
    path("teams/<int:team_id>/", events.edit_team, name="edit_team"),
    path("teams/<int:team_id>/delete/", events.delete_team, name="delete_team"),
    path("<slug:section>/players/", registration.players, name="players"),
    path("<slug:section>/players/import/", registration.import_players, name="import_players"),
    path("<slug:section>/players/<int:number>/", registration.edit_player, name="edit_player"),
    path(
        "<slug:section>/players/<int:number>/delete/",
        registration.delete_player,
        name="delete_player",
    ),
    path("<slug:section>/pair/", arbiter.pair_next, name="pair_next"),
    path("<slug:section>/round/<int:number>/", arbiter.round_detail, name="round"),
    path("<slug:section>/round/<int:number>/publish/", arbiter.publish, name="publish"),
    path("<slug:section>/round/<int:number>/delete/", arbiter.delete_draft, name="delete_draft"),
    path("<slug:section>/round/<int:number>/edit/", arbiter.edit_draft, name="edit_draft"),
    path("<slug:section>/round/<int:number>/unpublish/", arbiter.unpublish, name="unpublish"),
    path("<slug:section>/round/<int:number>/results/", result_grid.grid, name="result_grid"),
    path(
        "<slug:section>/round/<int:number>/results/<int:board>/",
        result_grid.save_board,
        name="result_grid_board",
    ),
    path("game/<int:pairing_id>/result/", arbiter.enter_result, name="result"),
    path("game/<int:pairing_id>/clear/", undo.clear, name="clear_result"),
    path("<slug:section>/round/<int:number>/take-back/", undo.take_back, name="take_back"),
    path("<slug:section>/round/<int:number>/pair-again/", undo.pair_again, name="pair_again"),
    *[
        path(
            f"<slug:section>/players/<int:number>/undo-{step}/",
            undo.undo_player_step,
            {"step": step},
            name=f"undo_{step.replace('-', '_')}",
        )
        for step in undo.UNDO_STEPS
    ],
    path("<slug:section>/byes/<int:bye_id>/cancel/", undo.cancel_bye, name="cancel_bye"),
    path("audit/", undo.audit, name="audit"),
    path("signed-in/", result_grid.signed_in, name="signed_in"),
    path("<slug:section>/round/<int:number>/slips/", printing.result_slips, name="slips"),
    path(
        "<slug:section>/round/<int:number>/games/",
        arbiter.import_round_games,
        name="import_round_games",
    ),
]
