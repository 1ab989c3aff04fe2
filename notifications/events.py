"""From an announcement of `tournaments` to the events sent to the tournament's webhooks.

`on_announcement` runs in the task worker (tournaments/announcements.py: the request only
queued the announcement). It writes the event once — its body, the JSON every delivery of it
carries, made with the API's own serializers, and its stable `webhook-id` — with one delivery per
endpoint that asked for its kind, then queues the sending as one task (notifications/tasks.py),
all in one transaction. The worker tells a tournament's announcements in the order of its
writes, so its events, and each endpoint's deliveries, are in that order.

The body shows the round or the game as the API shows it when the worker writes the event: a
change made meanwhile shows in it (its own event follows). One whose round was taken back
meanwhile still goes out, in its place, with only what names it (`gone_data`): every event is
sent, in order, whatever followed it.
"""

import json
import uuid

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from notifications.models import Delivery, Endpoint, Event
from tournaments import announcements
from tournaments.api.serializers import GameSerializer, RoundSerializer, TournamentSerializer
from tournaments.models import Pairing, Round, Tournament
from tournaments.queueing import enqueue
from tournaments.services.versions import with_versions


def on_announcement(announcement: announcements.Announcement) -> None:
    endpoints = [
        endpoint
        for endpoint in Endpoint.objects.filter(tournament_id=announcement.tournament_id)
        if endpoint.wants(announcement.kind)
    ]
    if not endpoints:
        return
    body = event_body(announcement)
    if body is None:
        return  # the tournament is gone, with its endpoints
    from notifications.tasks import send_event

    # One transaction, one task: the request that made the write pays for one commit.
    with transaction.atomic():
        event = Event.objects.create(
            tournament_id=announcement.tournament_id,
            kind=announcement.kind,
            message_id=f"msg_{uuid.uuid4().hex}",
            body=body,
        )
        now = timezone.now()
        Delivery.objects.bulk_create(
            Delivery(endpoint=endpoint, event=event, next_attempt_at=now) for endpoint in endpoints
        )
        enqueue(send_event, event.pk)


def event_body(announcement: announcements.Announcement) -> str | None:
    """The JSON text of the event: `type`, `tournament` (its slug), `revision` and `data`, the
    round or the game as the API shows it to the public (with the round's section's slug)."""
    tournament = Tournament.objects.filter(pk=announcement.tournament_id).first()
    if tournament is None:
        return None
    data = _data(announcement, tournament)
    if data is None:
        data = gone_data(announcement)
    return json.dumps(
        {
            "type": announcement.kind,
            "tournament": tournament.slug,
            "revision": announcement.revision,
            "data": data,
        },
        ensure_ascii=False,
        separators=(",", ":"),
        default=str,
    )


def _data(announcement, tournament) -> dict | None:
    kind = announcement.kind
    if kind == announcements.PAIRING_PUBLISHED:
        round_ = (
            Round.objects.select_related("section__tournament")
            .prefetch_related(
                Prefetch(
                    "pairings",
                    queryset=with_versions(
                        Pairing.objects.select_related(
                            "south", "north", "result", "game_record", "round__section__tournament"
                        )
                    ),
                )
            )
            .filter(pk=announcement.round_id)
            .first()
        )
        if round_ is None:
            return None
        return {"section": round_.section.slug, **RoundSerializer(round_).data}
    if kind in (announcements.RESULT_RECORDED, announcements.RESULT_CLEARED):
        game = (
            with_versions(Pairing.objects)
            .select_related(
                "round__section__tournament", "south__team", "north__team", "result", "game_record"
            )
            .filter(pk=announcement.pairing_id)
            .first()
        )
        return None if game is None else GameSerializer(game).data
    if kind == announcements.ROUND_TAKEN_BACK:
        return dict(announcement.facts)
    return TournamentSerializer(tournament).data  # standings.final


def gone_data(announcement: announcements.Announcement) -> dict:
    """The `data` of a round or a game taken back before its event was written: what names it
    (a round's section and number; a game's id, section, round and board) and `gone`."""
    facts = announcement.facts
    if announcement.kind == announcements.PAIRING_PUBLISHED:
        return {"section": facts.get("section"), "number": facts.get("number"), "gone": True}
    return {
        "id": announcement.pairing_id,
        "section": facts.get("section"),
        "round": facts.get("round"),
        "board": facts.get("board"),
        "gone": True,
    }
