from django.urls import path

from register import api

app_name = "register-api"
urlpatterns = [
    path(
        "tournaments/<slug:slug>/players/<int:player_id>/person/",
        api.PlayerPerson.as_view(),
        name="player-person",
    ),
    path("register/persons/", api.PersonList.as_view(), name="persons"),
    path("register/persons/<int:person_id>/", api.PersonDetail.as_view(), name="person"),
]
