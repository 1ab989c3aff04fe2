"""The page a notification's "Stop following" opens (/t/<slug>/unfollow/<token>/): it asks, and
a press of its button stops the pushes to that browser about that player or tournament. No
account: the token in the link is the key."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from notifications.followers import unfollow_by_token
from notifications.models import Follower


@require_http_methods(["GET", "HEAD", "POST"])
def unfollow(request, slug, token):
    if request.method == "POST":
        follower = unfollow_by_token(token)
        if follower is None or follower.tournament.slug != slug:
            raise Http404
        done = True
    else:
        follower = (
            Follower.objects.select_related("tournament", "player")
            .filter(token=token, tournament__slug=slug)
            .first()
        )
        if follower is None:
            raise Http404
        done = False
    return render(request, "notifications/unfollow.html", {"follower": follower, "done": done})
