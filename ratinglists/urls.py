from django.urls import path

from ratinglists import views

app_name = "ratinglists"
urlpatterns = [
    path("ratings/", views.rating_list, name="current"),
    path("ratings/lists/", views.lists, name="lists"),
    path("ratings/lists/<int:list_id>/", views.rating_list, name="list"),
    path("ratings/lists/<int:list_id>/changes/", views.published_list, name="published"),
    path("ratings/lists/<int:list_id>.csv", views.list_csv, name="csv"),
    path("ratings/person/<int:person_id>/", views.person, name="person"),
    path("ratings/event/<slug:slug>/", views.event_report, name="report"),
    path("register/ratings/", views.periods, name="periods"),
    path("register/ratings/<int:period_id>/recompute/", views.recompute, name="recompute"),
]
