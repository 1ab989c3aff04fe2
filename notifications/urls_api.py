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
]
