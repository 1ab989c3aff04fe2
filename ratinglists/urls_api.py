from django.urls import path

from ratinglists import api

app_name = "ratings-api"
urlpatterns = [
    path("ratings/lists/", api.Lists.as_view(), name="lists"),
    path("ratings/lists/<str:list_id>/", api.ListDetail.as_view(), name="list"),
    path("ratings/persons/<int:person_id>/", api.PersonRating.as_view(), name="person"),
]
