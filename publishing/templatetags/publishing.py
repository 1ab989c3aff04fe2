"""`{% load publishing %}`: the lines pages show about publishing.

`{% mirror_notice tournament %}` on public pages of a mirror: where its results come from and
when they last arrived. `{% publishing_status tournament %}` on the arbiter's dashboard at the
venue: each public server and how far it was published. `tournament|is_mirror` hides the write
buttons of the arbiter's pages on a mirror.
"""

from django import template
from django.utils import timezone

from publishing.models import Mirror
from publishing.sending import status

register = template.Library()


@register.inclusion_tag("publishing/_mirror_notice.html")
def mirror_notice(tournament):
    mirror = None
    if tournament is not None and getattr(tournament, "pk", None):
        mirror = Mirror.objects.filter(
            tournament_id=tournament.pk, detached_at__isnull=True
        ).first()
    received = timezone.localtime(mirror.received_at) if mirror and mirror.received_at else None
    return {"mirror": mirror, "received": received}


@register.inclusion_tag("publishing/_status.html")
def publishing_status(tournament):
    rows = [
        (target, status(target, tournament.revision)) for target in tournament.publish_targets.all()
    ]
    return {"tournament": tournament, "targets": rows}


@register.filter
def is_mirror(tournament) -> bool:
    return Mirror.objects.filter(tournament_id=tournament.pk, detached_at__isnull=True).exists()
