"""The page where a user creates and revokes the API token his scripts use."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tournaments.services.tokens import current_token, issue_token, revoke_token


@login_required
@require_http_methods(["GET", "POST"])
def api_tokens(request):
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            revoke_token(request.user)
        else:
            issue_token(request.user)
        return redirect("api_tokens")
    return render(request, "account/tokens.html", {"token": current_token(request.user)})
