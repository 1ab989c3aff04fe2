"""Entering and correcting results: the one way a result reaches the database.

Every way in — the result grid, the one-board page, the API, a live board, a game file, a TRF
import — calls `record_result`, which checks the entry (`result_checks.assess`), writes the
result and the game's record, keeps one row of the audit trail (who, when, before, after, why)
and raises the tournament's revision (`tournaments/freshness.py`), all in one transaction.
`clear_result` takes a result back to "no result" the same way: one audit row (after: none), a
reason, the revision raised.

The games of a round are written side by side: a write locks its game's row first and takes
the rows every write of the round shares, the round's and the tournament's, only at its end
(`_told`: the round locked, one `touch`). An online round's no-shows and flag falls are
written dozens at once, and each remote move raises the same tournament's revision: with those
rows held from the start of each write, the results took turns and every move of the event
waited behind them. Whatever else locks a round's games and its round (taking the round back,
services/rounds.py) locks them in that order too.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.announcements import RESULT_CLEARED, RESULT_RECORDED, announce
from tournaments.freshness import held_back, touch
from tournaments.models import Pairing, Result, ResultChange, Round
from tournaments.models.records import GameRecord
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.game_tags import check_record_tags, record_text
from tournaments.services.permissions import require_arbiter
from tournaments.services.result_checks import Assessment, ResultEntry, assess, points_of
from tournaments.services.rounds import complete_if_done, reopen_if_waiting
from tournaments.services.versions import last_change

__all__ = ["ResultEntry", "clear_result", "record_result"]


def record_result(
    pairing: Pairing, entry: ResultEntry, *, by, reason: str = "", expected: int | None = None
) -> Result:
    """Check `entry`, store it as the result of `pairing` and log the change.

    An entry with a game also writes the game's record (`GameRecord`, marked with the
    entry's `source`; moves are written out in the notation with the game's tags) in the same
    transaction; an entry without one removes any record the game had. Raises ServiceError
    (nothing written) when `by` is not an arbiter of the tournament, the round is not
    published, the pairing is a bye, or the entry is impossible, contradicts its game or has
    clock readings the time control refuses; the error's `field` names the input at fault. A
    correction (a result already stored) needs a `reason`. With `expected` (the version the page
    showed, `versions.current_version`) a result changed by someone else since is refused
    (`result_changed`). An entry that changes nothing is not recorded again, nor refused as
    changed meanwhile: it is what is stored, whatever version the sender last saw.
    """
    tournament = pairing.round.section.tournament
    require_arbiter(tournament, by)
    assessment = assess(entry, tournament)
    if assessment.read is not None and entry.record.strip():
        check_record_tags(pairing, assessment.read.tags, tournament.variant)
    with transaction.atomic():
        with held_back():  # the revision is raised once, below
            pairing = _locked(pairing)
            result = Result.objects.filter(pairing=pairing).first()
            if result:
                result.pairing = pairing
            before = result.snapshot() if result else None
            result = result or Result(pairing=pairing)
            _fill(result, assessment, by)
            text = _record_text(pairing, entry, assessment)
            if before is not None and {**result.snapshot(), "record": text} == before:
                # What is stored already: sent again after a lost answer, it is no conflict.
                return Result.objects.get(pk=result.pk)
            _check_expected(pairing, expected)
            if before is not None and not reason.strip():
                raise ServiceError(ErrorCode.REASON_REQUIRED, field="reason", board=pairing.board)
            result.save()
            _write_game_record(pairing, assessment, text, tournament.variant, entry.source)
            ResultChange.objects.create(
                pairing=pairing,
                before=before,
                after=result.snapshot(),
                changed_by=by,
                reason=reason,
            )
        complete_if_done(_told(pairing, RESULT_RECORDED))
    return result


def clear_result(pairing: Pairing, *, by, reason: str, expected: int | None = None) -> None:
    """Take the result of `pairing` back to "no result", keeping it in the audit trail.

    The result and the game's record are deleted and one `ResultChange` (before: the result,
    after: none) keeps them with `reason`, in one transaction that raises the tournament's
    revision; a completed round is open again. Refused (ServiceError, nothing written) when `by`
    is not an arbiter, the reason is empty, the game has no result, the round is not the
    section's last (the next round was paired on this result), or `expected` is not the current
    version (someone changed the result meanwhile).
    """
    require_arbiter(pairing.round.section.tournament, by)
    with transaction.atomic():
        with held_back():  # the revision is raised once, below
            pairing = _locked(pairing)
            _check_expected(pairing, expected)
            result = Result.objects.filter(pairing=pairing).select_related("pairing").first()
            if result is None:
                raise ServiceError(ErrorCode.NO_RESULT, field="pairing", board=pairing.board)
            if pairing.round.section.rounds.filter(number__gt=pairing.round.number).exists():
                raise ServiceError(
                    ErrorCode.NOT_LAST_ROUND,
                    case="clear",
                    field="pairing",
                    number=pairing.round.number,
                )
            if not reason.strip():
                raise ServiceError(
                    ErrorCode.REASON_REQUIRED, case="clear", field="reason", board=pairing.board
                )
            before = result.snapshot()
            result.delete()
            GameRecord.objects.filter(pairing=pairing).delete()
            ResultChange.objects.create(
                pairing=pairing, before=before, after=None, changed_by=by, reason=reason.strip()
            )
        reopen_if_waiting(_told(pairing, RESULT_CLEARED))


def _locked(pairing: Pairing) -> Pairing:
    """The pairing, its row alone locked until the transaction ends, once it is known to take
    a result."""
    pairing = (
        Pairing.objects.select_for_update(of=("self",))
        .select_related("round__section")
        .get(pk=pairing.pk)
    )
    _require_published(pairing.round)
    if pairing.is_bye:
        raise ServiceError(ErrorCode.BYE_HAS_NO_RESULT, field="pairing")
    return pairing


def _told(pairing: Pairing, kind: str) -> Round:
    """The end of a write to `pairing`'s result: its round locked, the tournament's revision
    raised once and `kind` announced; the round, for its status to follow."""
    round_ = _round_locked(pairing)
    tournament_id = round_.section.tournament_id
    touch(tournament_id)
    announce(kind, tournament_id, pairing_id=pairing.pk, facts=_game_facts(pairing))
    return round_


def _round_locked(pairing: Pairing) -> Round:
    """The pairing's round, locked from here to the commit and read again: the writes of its
    other games take turns from this point on, so that whether the round is complete is decided
    by one of them at a time, and a round taken back to draft meanwhile refuses the result."""
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("section")
        .get(pk=pairing.round_id)
    )
    _require_published(round_)
    pairing.round = round_
    return round_


def _require_published(round_: Round) -> None:
    if round_.status == Round.Status.DRAFT:
        raise ServiceError(ErrorCode.ROUND_NOT_PUBLISHED, field="pairing", round=round_.number)


def _check_expected(pairing: Pairing, expected: int | None) -> None:
    if expected is None:
        return
    last = last_change(pairing)
    if (last.pk if last else 0) != expected:
        who = last.changed_by.get_username() if last and last.changed_by else _("someone")
        raise ServiceError(ErrorCode.RESULT_CHANGED, field="pairing", board=pairing.board, who=who)


def _fill(result: Result, assessment: Assessment, by) -> None:
    outcome = assessment.outcome
    result.south_points, result.north_points = points_of(outcome)
    result.south_seeds, result.north_seeds = outcome.game_score or (None, None)
    result.ending = outcome.ending
    result.decided_by = assessment.decided_by
    result.score_unknown = assessment.score_unknown
    result.entered_by = by


def _record_text(pairing: Pairing, entry: ResultEntry, assessment: Assessment) -> str:
    """The game's record as it is kept and shown: the text entered, or the moves written out."""
    if assessment.game is None:
        return ""
    if entry.record.strip():
        return entry.record.strip()
    return record_text(pairing, assessment.game, assessment.clocks).strip()


def _write_game_record(
    pairing: Pairing, assessment: Assessment, text: str, variant: str, source: str
) -> None:
    """Keep the game's record in step with the result just written."""
    if assessment.game is None:
        GameRecord.objects.filter(pairing=pairing).delete()
        pairing.game_record = None
        return
    pairing.game_record, _created = GameRecord.objects.update_or_create(
        pairing=pairing,
        defaults={
            "variant": variant,
            "moves": list(assessment.game.moves),
            "clocks": assessment.clocks,
            "ending": assessment.outcome.ending,
            "source": source,
            "text": text,
            "readable": True,
        },
    )


def _game_facts(pairing: Pairing) -> dict:
    """What names a game once its round is gone (an announcement's `facts`): its section's slug,
    its round's number and its board."""
    return {
        "section": pairing.round.section.slug,
        "round": pairing.round.number,
        "board": pairing.board,
    }
