from django.urls import path

from online import api

app_name = "online-api"
section = "tournaments/<slug:slug>/<slug:section>/"
urlpatterns = [
    # The tournaments' list answers GET as before; POST creates an online event.
    path("tournaments/", api.OnlineTournamentList.as_view(), name="tournaments"),
    path("tournaments/<slug:slug>/online/", api.OnlineDetail.as_view(), name="online"),
    path("tournaments/<slug:slug>/start/", api.StartEvent.as_view(), name="start"),
    path(
        "tournaments/<slug:slug>/games/<int:pairing_id>/disputes/",
        api.DisputeList.as_view(),
        name="disputes",
    ),
    path(section + "entries/", api.Entries.as_view(), name="entries"),
    path(section + "check-in/", api.CheckInView.as_view(), name="check-in"),
]
