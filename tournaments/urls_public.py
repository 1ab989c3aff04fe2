from django.urls import path

from tournaments.views import public

app_name = "public"
urlpatterns = [
    path("", public.home, name="home"),
    path("t/<slug:slug>/", public.tournament, name="tournament"),
    path("t/<slug:slug>/<slug:section>/", public.section, name="section"),
]
