"""What an arbiter has to do next in a section: the dashboard's one line per section."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.models import Round, Section
from tournaments.services.registration import numbering_needed


@dataclass
class NextStep:
    """`action` is one of register, number, pair, publish, results, finished; `text` says it."""

    action: str
    text: str
    round_number: int | None = None


def next_step(section: Section) -> NextStep:
    """The first thing missing in `section`: players, their numbers, the next round paired,
    the draft published, the results of the published round, in that order.

    Reads `section.rounds.all()` (prefetch it for many sections).
    """
    rounds = list(section.rounds.all())
    if not rounds:
        if not section.players.exists():
            return NextStep("register", _("Register the players."))
        if numbering_needed(section):
            return NextStep("number", _("Number the players by rating, then pair round 1."))
        return NextStep("pair", _("Pair round 1."), 1)
    last = max(rounds, key=lambda r: r.number)
    if last.status == Round.Status.DRAFT:
        return NextStep(
            "publish", _("Check and publish round %(n)d.") % {"n": last.number}, last.number
        )
    missing = last.pairings.filter(north__isnull=False, result__isnull=True).count()
    if missing:
        return NextStep(
            "results",
            _("Round %(n)d: %(missing)d results missing.") % {"n": last.number, "missing": missing},
            last.number,
        )
    if last.number < section.total_rounds:
        return NextStep("pair", _("Pair round %(n)d.") % {"n": last.number + 1}, last.number + 1)
    return NextStep("finished", _("All rounds are played."))
