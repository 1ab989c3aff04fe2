from django.urls import path

from tournaments.views import arbiter, events, printing, registration

app_name = "arbiter"
urlpatterns = [
    path("", arbiter.dashboard, name="dashboard"),
    path("settings/", events.settings, name="settings"),
    path("teams/", events.teams, name="teams"),
    path("<slug:section>/players/", registration.players, name="players"),
    path("<slug:section>/pair/", arbiter.pair_next, name="pair_next"),
    path("<slug:section>/round/<int:number>/", arbiter.round_detail, name="round"),
    path("<slug:section>/round/<int:number>/publish/", arbiter.publish, name="publish"),
    path("<slug:section>/round/<int:number>/delete/", arbiter.delete_draft, name="delete_draft"),
    path("<slug:section>/round/<int:number>/edit/", arbiter.edit_draft, name="edit_draft"),
    path("game/<int:pairing_id>/result/", arbiter.enter_result, name="result"),
    path("<slug:section>/round/<int:number>/slips/", printing.result_slips, name="slips"),
]
