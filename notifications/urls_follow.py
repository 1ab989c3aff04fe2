from django.urls import path

from notifications import following

app_name = "notifications-follow"

urlpatterns = [
    path("<str:token>/", following.unfollow, name="unfollow"),
]
