"""The receiving end on the public server (POST /api/mirror/<slug>/) and the arbiter's page
naming the public servers a tournament is published to (/t/<slug>/arbiter/publishing/)."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from publishing import chain, sending
from publishing.receiving import (
    Transfer,
    check_publishing,
    check_token,
    parse_document,
    receive,
)
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import json_refusal


def _header_int(request, name: str) -> int | None:
    value = request.headers.get(name, "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError as error:
        raise ServiceError(ErrorCode.BAD_TRANSFER, problem=f"{name}: {value}") from error


@csrf_exempt
@require_POST
def receive_transfer(request, slug):
    """Store a venue's transfer; answer {"revision": held} or the one error shape."""
    try:
        token = _mirror_token(request, slug)
        check_token(slug, token)  # before reading a stranger's body
        kind = request.headers.get("Publish-Kind", chain.SNAPSHOT)
        revision = _header_int(request, "Publish-Revision")
        if kind not in chain.KINDS or revision is None:
            raise ServiceError(ErrorCode.BAD_TRANSFER, problem=kind)
        try:
            text = chain.unpack(request.body, settings.UPLOAD_MAX_BYTES * 4)
        except ValueError as error:
            raise ServiceError(ErrorCode.BAD_TRANSFER, problem=str(error)) from error
        held = receive(
            Transfer(
                slug=slug,
                token=token,
                kind=kind,
                revision=revision,
                previous=_header_int(request, "Publish-Previous"),
                source=request.headers.get("Publish-Source", ""),
                document=parse_document(text) if kind == chain.SNAPSHOT else None,
                changes=parse_document(text) if kind == chain.INCREMENT else None,
                digest=request.headers.get("Publish-Digest", ""),
            )
        )
    except ServiceError as refusal:
        return json_refusal(refusal)
    return JsonResponse({"revision": held})


def _mirror_token(request, slug) -> str:
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    if scheme != "Mirror" or not token.strip():
        raise ServiceError(ErrorCode.MIRROR_TOKEN_MISSING, slug=slug)
    return token.strip()


@require_GET
def check_transfer(request, slug):
    """GET /api/mirror/<slug>/check/: whether the venue's token lets it publish `slug` here,
    asked when its arbiter saves the token; {"revision": held} or the refusal a transfer
    would get (the one error shape, same status)."""
    try:
        held = check_publishing(slug, _mirror_token(request, slug))
    except ServiceError as refusal:
        return json_refusal(refusal)
    return JsonResponse({"revision": held})


class TargetForm(forms.Form):
    url = forms.URLField(
        label=gettext_lazy("Public server"),
        max_length=300,
        help_text=gettext_lazy("The address of the public site, e.g. https://results.example"),
    )
    token = forms.CharField(
        label=gettext_lazy("Token"),
        max_length=200,
        help_text=gettext_lazy("Given by the public site's administrator for this tournament."),
    )


@arbiter_required
def targets(request, tournament):
    """The public servers the tournament is published to: name one (url and token), or stop,
    resume or remove one (`action` and `target`)."""
    if request.method == "POST" and "action" in request.POST:
        return _change_target(request, tournament)
    form = TargetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # The token is checked with the public server at once, not at the first send.
        refusal = sending.check_token(
            form.cleaned_data["url"], tournament.slug, form.cleaned_data["token"]
        )
        if refusal is not None:
            form.add_error(
                "token", _("The public server refused it: %(answer)s") % {"answer": refusal}
            )
    if request.method == "POST" and form.is_valid():
        try:
            sending.publish_to(
                tournament, form.cleaned_data["url"], form.cleaned_data["token"], by=request.user
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Publishing to %(url)s.") % form.cleaned_data)
            return redirect("publishing:targets", slug=tournament.slug)
    rows = [
        (target, sending.status(target, tournament.revision))
        for target in tournament.publish_targets.all()
    ]
    return render(
        request,
        "publishing/targets.html",
        {"tournament": tournament, "form": form, "targets": rows},
    )


def _change_target(request, tournament):
    target = get_object_or_404(tournament.publish_targets, pk=request.POST.get("target") or 0)
    try:
        if request.POST["action"] == "remove":
            sending.remove_target(target, by=request.user)
        elif request.POST["action"] == "resume":
            sending.publish_to(tournament, target.url, target.token, by=request.user)
        else:
            sending.stop_publishing(target, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("publishing:targets", slug=tournament.slug)
