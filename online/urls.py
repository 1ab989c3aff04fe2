from django.urls import path

from online import views

app_name = "online"

urlpatterns = [
    path("", views.event_page, name="event"),
    path("start/", views.start, name="start"),
    path("reports/<int:dispute_id>/", views.answer_report, name="answer"),
]
