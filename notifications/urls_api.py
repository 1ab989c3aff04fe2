from django.urls import path

from notifications import api

app_name = "notifications-api"
urlpatterns = [
    path("tournaments/<slug:slug>/webhooks/", api.WebhookList.as_view(), name="webhooks"),
    path(
        "tournaments/<slug:slug>/webhooks/<int:endpoint_id>/",
        api.WebhookDetail.as_view(),
        name="webhook",
    ),
    path("tournaments/<slug:slug>/followers/", api.FollowerList.as_view(), name="followers"),
    path("push/key/", api.PushKey.as_view(), name="push_key"),
]
