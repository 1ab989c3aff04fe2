from django.urls import path

from register import views

app_name = "register"
urlpatterns = [
    path("register/", views.people, name="people"),
    path("register/person/<int:person_id>/", views.person, name="person"),
    path("register/audit/", views.audit, name="audit"),
    path("register/audit/<int:change_id>/split/", views.split, name="split"),
    path("register/past-event/", views.past_event, name="past_event"),
    path("t/<slug:slug>/arbiter/register/", views.event, name="event"),
]
