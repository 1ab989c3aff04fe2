"""Template filters of the arbiter's pages."""

from django import template

from oware.endings import Ending
from tournaments.forms import player_label
from tournaments.models.results import ENDING_LABELS

register = template.Library()


@register.filter
def ending_label(code: str) -> str:
    """The ending's name in the page's language, for the audit trail's stored codes."""
    try:
        return ENDING_LABELS[Ending(code)]
    except ValueError:
        return code


@register.filter
def player_choice(player) -> str:
    """`#number name (team, rating)`, as the drop-downs show a player."""
    return player_label(player)
