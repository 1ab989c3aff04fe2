"""Template tags that put live boards on the arbiter's and the spectators' round pages."""

from django import template
from django.urls import reverse

from games.live import clock_marks, confirmation, live_board_code
from games.models.live import LiveBoard
from tournaments.services.qr import qr_svg

register = template.Library()


@register.simple_tag
def arbiter_live_boards(round_, pairings):
    """[(pairing, LiveBoard, confirmation, clock mark)] for every game of a published round,
    issuing codes as needed (the arbiter prints them on the result slips): what the arbiter
    reads before confirming (`games.live.confirmation`, None unless the board waits for him)
    and, for a board under the warning time, its mark (`games.live.clock_marks`)."""
    if round_.status == round_.Status.DRAFT:
        return []
    games = [pairing for pairing in pairings if not pairing.is_bye]
    for pairing in games:
        live_board_code(pairing)
    boards = {
        b.pairing_id: b
        for b in LiveBoard.objects.filter(pairing__in=games).select_related(
            "pairing__round__section__tournament", "pairing__south", "pairing__north"
        )
    }
    marks = clock_marks(round_)
    return [
        (pairing, boards[pairing.pk], confirmation(boards[pairing.pk]), marks.get(pairing.board))
        for pairing in games
    ]


@register.simple_tag
def live_board_of(pairing):
    """The live board of `pairing` for its result slip, issued if it has none yet: the slip is
    where the players find the board's code and, each on his own half, his side's secret code."""
    live_board_code(pairing)
    live = LiveBoard.objects.get(pairing=pairing)
    live.pairing = pairing  # its players and round, as the slip already has them
    return live


@register.simple_tag(takes_context=True)
def live_board_url(context, live):
    """The absolute address of `live`, which a phone at the table opens (not a secret)."""
    tournament = live.pairing.round.section.tournament
    return context["request"].build_absolute_uri(
        reverse("games:live_board", args=[tournament.slug, live.code])
    )


@register.simple_tag(takes_context=True)
def live_board_qr(context, live):
    """The QR code of `live`'s address, for its result slip: a player's phone opens the board by
    it, then claims his side with the code printed on his half of the slip."""
    return qr_svg(live_board_url(context, live))


@register.filter
def slip_halves(live):
    """The two halves of `live`'s result slip, South's then North's, each for one player: his
    side, his name and his side's code — never the other side's, so that a player holding his
    half can claim no side but his own (`games.live.claim` takes a side with its own code)."""
    pairing = live.pairing
    return [
        {"south": True, "player": pairing.south, "code": live.south_pin},
        {"south": False, "player": pairing.north, "code": live.north_pin},
    ]


@register.simple_tag(takes_context=True)
def public_live_boards(context):
    """The live boards with moves to watch among the page's `pairings` (a round page) or its
    `pairing` (the game viewer)."""
    pairings = context.get("pairings")
    if pairings is None and context.get("round") is not None:
        return _watched(LiveBoard.objects.filter(pairing__round=context["round"]))
    if pairings is None:
        pairing = context.get("pairing")
        pairings = [pairing] if pairing is not None else []
    return _watched(LiveBoard.objects.filter(pairing__in=list(pairings)))


def _watched(boards):
    return list(
        boards.exclude(moves=[])
        .select_related("pairing__round__section__tournament", "pairing__south", "pairing__north")
        .order_by("pairing__board")
    )


@register.filter
def live_board_in(pairing, live_boards):
    """The live board of `pairing` among `arbiter_live_boards`' pairs, or None (a draft, a bye)."""
    for game, live, *_reading in live_boards:
        if game.pk == pairing.pk:
            return live
    return None
