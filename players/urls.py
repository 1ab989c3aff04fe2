from django.urls import path

from players import views

app_name = "players"

urlpatterns = [
    path("account/player/", views.home, name="home"),
    path("account/player/games/", views.games, name="games"),
    path("account/player/sign-in/", views.sign_in, name="sign_in"),
    path("account/player/sign-in/<str:token>/", views.sign_in_link, name="sign_in_link"),
    path("account/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("register/accounts/", views.register_accounts, name="register_accounts"),
    path("t/<slug:slug>/arbiter/accounts/", views.tournament_accounts, name="tournament_accounts"),
]
