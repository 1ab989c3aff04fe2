"""An online event's people for the tests: an organiser who may create tournaments, and players
with accounts and API tokens."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient

from players.models import Account
from tournaments.services.tokens import issue_token
from tournaments.tasks import tell

ONLINE_BLOCK = {
    "clock_minutes": 1,
    "increment_seconds": 0,
    "no_show_seconds": 10,
    "next_round": "after_last_game",
    "gap_seconds": 0,
}


def organiser(name: str = "olu"):
    """A user who may create tournaments."""
    user = get_user_model().objects.create_user(name, password="organiser-pass-1")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def player_user(name: str):
    """A player with an account, as a sign-in makes him."""
    address = f"{name}@example.org"
    user = get_user_model().objects.create_user(address, email=address, password="p-4-ss-word!")
    Account.objects.create(user=user, email_checked=True)
    return user


def token_client(user) -> APIClient:
    """An API client sending `user`'s token, as a script or a bot does."""
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(user).key}")
    return api


def new_event(api: APIClient, slug: str = "online-open", rounds: int = 3, **online) -> dict:
    body = {
        "name": "Online Open",
        "slug": slug,
        "rounds": rounds,
        "online": {**ONLINE_BLOCK, **online},
    }
    response = api.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def start(api: APIClient, slug: str = "online-open"):
    revision = api.get(f"/api/v1/tournaments/{slug}/").json()["revision"]
    return api.post(f"/api/v1/tournaments/{slug}/start/", {"expected_version": revision})


def tell_what_happened() -> None:
    """Run the queued announcements in their order, as the task worker would (the listeners of
    `tournaments.announcements` are told by it, not in the request), and take them off the
    queue."""
    told = DBTaskResult.objects.filter(task_path="tournaments.tasks.tell").order_by("enqueued_at")
    for queued in told:
        tell.call(*queued.args_kwargs["args"])
        queued.delete()
