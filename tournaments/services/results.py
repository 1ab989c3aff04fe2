"""Entering and correcting results: the one way a result reaches the database.

Forms, the REST API and the demo all call `record_result`. A result comes either from a move
record, which the rules validator replays (the outcome is computed, never typed), or from scores
typed by the arbiter, which are checked to be possible for the ending. Every entry and correction
is kept in the audit trail with who, when, before and after.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import GameRecord, RecordSource
from games.oware.clock import check_clocks
from games.oware.errors import RecordError
from games.oware.notation import parse_leniently, replay_record
from games.oware.outcome import (
    GameResult,
    ResultEntryError,
    result_from_scores,
    result_of_replay,
    timed_out_score,
)
from games.oware.sides import Side
from games.oware.variants import get_variant
from tournaments.models import Pairing, Result, ResultChange, Round, Tournament
from tournaments.models.results import Ending
from tournaments.models.sides import SIDE_LABELS
from tournaments.services.core_messages import entry_problem, record_problem
from tournaments.services.errors import ServiceError
from tournaments.services.permissions import require_arbiter
from tournaments.services.rounds import complete_if_done

# Endings a record can declare after its last move; the others follow from the moves.
DECLARED_ENDINGS = {Ending.AGREED, Ending.TIME, Ending.RESIGN}
OTHER_SIDE = {side.letter: side.opponent.letter for side in Side}
# Longest record accepted. Competition games end long before (a cycle is ended by agreement);
# the limits keep one typed record from costing seconds of replay and a page of megabytes.
MAX_RECORD_PLIES = 1000
MAX_RECORD_CHARACTERS = 20_000


@dataclass
class ResultEntry:
    """What the arbiter entered for one game.

    With a `record`, the ending may be left out (the moves decide) or be `agreed`, `time` or
    `resign` declared after the last move; typed scores and points, when given, must agree with
    the replay. Without a record, `ending` is required and the scores must be possible for it.
    `decided_by` is the flagged player for `time`, the resigning one for `resign`, the absent
    one for `forfeit` ('S' or 'N').

    With `stores_at_end`, the seeds typed for `time` or `resign` are the two stores at the
    moment the flag fell or the player resigned; the game score is then computed by the
    competition table: a flagged player with 25 or more wins with the stores as they are, 24 is
    a 24–24 draw, less loses with his store against 25; a resigning player keeps his store
    against 25.
    """

    ending: str | None = None
    south_seeds: int | None = None
    north_seeds: int | None = None
    south_points: Decimal | None = None
    north_points: Decimal | None = None
    decided_by: str | None = None
    record: str = ""
    stores_at_end: bool = False


@dataclass
class Assessment:
    """An entry checked: its game result, the side that decided it ('' when none), and for an
    entry with a record the moves (mover-relative pits) and clock readings (seconds or None)."""

    outcome: GameResult
    decided_by: str
    moves: list[int] | None = None
    clocks: list[int | None] | None = None


def current_version(pairing: Pairing) -> int:
    """The id of the pairing's last result change, 0 before any: what a page showed."""
    last = pairing.result_changes.order_by("-pk").values_list("pk", flat=True).first()
    return last or 0


def record_result(
    pairing: Pairing,
    entry: ResultEntry,
    *,
    by,
    reason: str = "",
    source: str = RecordSource.TYPED,
    expected: int | None = None,
) -> Result:
    """Validate `entry`, store it as the result of `pairing` and log the change.

    An entry with a record also writes the game's record (`games.GameRecord`, marked with
    `source`) in the same transaction; an entry without one removes any record the game had.
    Raises ServiceError (nothing written) when the user is not an arbiter of the tournament, the
    round is not published, the pairing is a bye, or the entry is impossible, contradicts its
    record or has clock readings the time control refuses; the error's `field` names the input
    at fault. A correction (a result already stored) needs a `reason`. With `expected` (the
    `current_version` the arbiter's page showed) a result changed by someone else since is
    refused with code 'result_changed'. An entry that changes nothing is not recorded again.
    """
    tournament = pairing.round.section.tournament
    require_arbiter(tournament, by)
    assessment = assess(entry, tournament)
    if entry.record.strip():
        check_record_tags(pairing, entry.record, tournament.variant)
    with transaction.atomic():
        pairing = Pairing.objects.select_for_update().select_related("round").get(pk=pairing.pk)
        _check_pairing_takes_a_result(pairing)
        _check_expected(pairing, expected)
        result = Result.objects.filter(pairing=pairing).first()
        if result:
            result.pairing = pairing
        before = result.snapshot() if result else None
        result = result or Result(pairing=pairing)
        _fill(result, assessment.outcome, assessment.decided_by, by)
        record_text = entry.record.strip() if assessment.moves is not None else ""
        if before is not None and {**result.snapshot(), "record": record_text} == before:
            return Result.objects.get(pk=result.pk)
        if before is not None and not reason.strip():
            raise ServiceError(
                _("Board %(board)d already has a result; give the reason for the correction.")
                % {"board": pairing.board},
                code="reason_required",
                field="reason",
            )
        result.save()
        _write_game_record(pairing, entry, assessment, tournament.variant, source)
        ResultChange.objects.create(
            pairing=pairing, before=before, after=result.snapshot(), changed_by=by, reason=reason
        )
        complete_if_done(pairing.round)
    return result


def assess(entry: ResultEntry, tournament: Tournament) -> Assessment:
    """Check `entry` against the rules of `tournament`'s variant and, for a record, its clock
    readings against the time control. Raises ServiceError when the entry is impossible."""
    if entry.record.strip():
        return _from_record(
            entry, tournament.variant, start_seconds=tournament.minutes_per_player * 60
        )
    return Assessment(*_from_scores(entry))


def _write_game_record(
    pairing: Pairing, entry: ResultEntry, assessment: Assessment, variant: str, source: str
) -> None:
    """Keep the game's record in step with the result just written."""
    if assessment.moves is None:
        GameRecord.objects.filter(pairing=pairing).delete()
        pairing.game_record = None
        return
    pairing.game_record, _created = GameRecord.objects.update_or_create(
        pairing=pairing,
        defaults={
            "variant": variant,
            "moves": assessment.moves,
            "clocks": assessment.clocks,
            "ending": assessment.outcome.ending,
            "source": source,
            "text": entry.record.strip(),
            "readable": True,
        },
    )


# Tag values that say "not known" (spec/notation.md): they match any pairing.
UNKNOWN_TAG_VALUES = {"", "?", "-"}


def check_record_tags(pairing: Pairing, record: str, variant: str) -> None:
    """Refuse a record whose `Round`, `South`, `North` or `Variant` tag contradicts the pairing.

    A tag left out or written `?` is not checked. Names compare without regard to case or
    surrounding spaces; the round tag may carry a sub-number (`3.2` is round 3). Raises
    ServiceError(code='tag_mismatch', field='record') naming the tag at fault.
    """
    tags, _problem = parse_leniently(record)
    tags = {name: value.strip() for name, value in tags.tags.items()}
    expected = {
        "Round": str(pairing.round.number),
        "South": pairing.south.name,
        "North": pairing.north.name if pairing.north else "",
    }
    for name, wanted in expected.items():
        found = tags.get(name, "")
        if found in UNKNOWN_TAG_VALUES:
            continue
        given = found.split(".")[0] if name == "Round" else found
        if given.casefold() != wanted.strip().casefold():
            raise _tag_mismatch(name, found, wanted)
    found = tags.get("Variant", "")
    if found not in UNKNOWN_TAG_VALUES:
        wanted = get_variant(variant)
        try:
            matches = get_variant(found) == wanted
        except KeyError:
            matches = False
        if not matches:
            raise _tag_mismatch("Variant", found, wanted.title)


def _tag_mismatch(tag: str, found: str, wanted: str) -> ServiceError:
    return ServiceError(
        _("The record's %(tag)s tag says “%(found)s”, but this game has “%(wanted)s”.")
        % {"tag": tag, "found": found, "wanted": wanted},
        code="tag_mismatch",
        field="record",
    )


def _from_record(entry: ResultEntry, variant: str, *, start_seconds: int | None) -> Assessment:
    declared = entry.ending if entry.ending in DECLARED_ENDINGS else None
    if entry.ending in (Ending.FORFEIT, Ending.DOUBLE_FORFEIT):
        raise ServiceError(
            _("A forfeit has no move record."), code="unexpected_record", field="record"
        )
    if len(entry.record) > MAX_RECORD_CHARACTERS:
        raise ServiceError(
            _("A move record may be at most %(limit)d characters long.")
            % {"limit": MAX_RECORD_CHARACTERS},
            code="record_too_long",
            field="record",
        )
    try:
        game = replay_record(entry.record, variant, declared)
        if game.plies > MAX_RECORD_PLIES:
            raise ServiceError(
                _("A move record may have at most %(limit)d plies; this one has %(plies)d.")
                % {"limit": MAX_RECORD_PLIES, "plies": game.plies},
                code="record_too_long",
                field="record",
            )
        clocks = parse_leniently(entry.record)[0].clocks
        if start_seconds is not None:
            # Before the ending: a refused reading names an earlier ply than an unfinished game.
            check_clocks(
                clocks,
                game.sides,
                start_seconds=start_seconds,
                ending=game.ending,
                to_move=game.to_move,
            )
        outcome = result_of_replay(game)
    except RecordError as error:
        raise ServiceError(
            _("Move record, ply %(ply)d: %(problem)s.")
            % {"ply": error.ply, "problem": record_problem(error)},
            code=error.reason,
            field="record",
        ) from error
    if entry.ending and entry.ending != outcome.ending:
        raise ServiceError(
            _("The record ends by %(found)s, not %(entered)s.")
            % {"found": outcome.ending, "entered": entry.ending},
            code="ending_mismatch",
            field="ending",
        )
    scores = _typed_scores(entry)
    if scores is not None and scores != outcome.game_score:
        raise ServiceError(
            _("The record gives the game score %(south)d–%(north)d, not %(typed)s.")
            % {
                "south": outcome.game_score[0],
                "north": outcome.game_score[1],
                "typed": f"{scores[0]}–{scores[1]}",
            },
            code="declared_score",
            field="south_seeds",
        )
    decided_by = ""
    if outcome.ending in (Ending.TIME, Ending.RESIGN):
        mover = Side(game.to_move).letter
        if entry.decided_by and entry.decided_by != mover:
            raise ServiceError(
                _(
                    "The record leaves %(side)s to move, so that player is the one who lost "
                    "on time or resigned."
                )
                % {"side": SIDE_LABELS[Side(game.to_move)]},
                code="decided_by_mismatch",
                field="decided_by",
            )
        decided_by = mover
    _check_typed_points(entry, outcome)
    return Assessment(outcome, decided_by, list(game.moves), clocks)


def _from_scores(entry: ResultEntry) -> tuple[GameResult, str]:
    if not entry.ending:
        raise ServiceError(
            _("Give the ending, or a move record."), code="missing_ending", field="ending"
        )
    winner = None
    if entry.ending == Ending.FORFEIT:
        if entry.decided_by not in OTHER_SIDE:
            raise ServiceError(
                _("Name the player who did not appear."), code="missing_absent", field="decided_by"
            )
        winner = OTHER_SIDE[entry.decided_by]
    if entry.ending in (Ending.TIME, Ending.RESIGN) and entry.decided_by not in OTHER_SIDE:
        raise ServiceError(
            _("Name the player who lost on time or resigned."),
            code="missing_decided_by",
            field="decided_by",
        )
    south_seeds, north_seeds = _scores_from_stores(entry)
    try:
        outcome = result_from_scores(
            entry.ending,
            south_seeds,
            north_seeds,
            winner=winner,
            flagged=entry.decided_by if entry.ending == Ending.TIME else None,
        )
    except ResultEntryError as error:
        raise ServiceError(
            entry_problem(error), code=error.code, field=_field_name(error.field)
        ) from error
    if (
        entry.ending == Ending.RESIGN
        and outcome.winner is not Side.from_letter(entry.decided_by).opponent
    ):
        raise ServiceError(
            _("The resigning player cannot have the winning score."),
            code="inconsistent_with_ending",
            field="decided_by",
        )
    _check_typed_points(entry, outcome)
    decided_by = (
        entry.decided_by if entry.ending in (Ending.TIME, Ending.RESIGN, Ending.FORFEIT) else ""
    )
    return outcome, decided_by


def _field_name(core_field: str) -> str:
    return {
        "south": "south_seeds",
        "north": "north_seeds",
        "score": "south_seeds",
        "points": "south_points",
        "flagged": "decided_by",
        "winner": "decided_by",
    }.get(core_field, core_field)


def _typed_scores(entry: ResultEntry) -> tuple[int, int] | None:
    if entry.south_seeds is None and entry.north_seeds is None:
        return None
    return (entry.south_seeds, entry.north_seeds)


def _check_typed_points(entry: ResultEntry, outcome: GameResult) -> None:
    """Points typed beside a record or scores are a cross-check: each one given must agree."""
    computed = _points(outcome)
    for field, typed, right in zip(
        ("south_points", "north_points"),
        (entry.south_points, entry.north_points),
        computed,
        strict=True,
    ):
        if typed is not None and Decimal(str(typed)) != right:
            raise ServiceError(
                _("The game gives %(south)s–%(north)s, not the points entered.")
                % {"south": computed[0], "north": computed[1]},
                code="points_mismatch",
                field=field,
            )


def _points(outcome: GameResult) -> tuple[Decimal, Decimal]:
    return tuple(Decimal(str(p)).normalize() for p in outcome.points)


def _check_pairing_takes_a_result(pairing: Pairing) -> None:
    if pairing.round.status == Round.Status.DRAFT:
        raise ServiceError(
            _("Round %(round)d is not published yet.") % {"round": pairing.round.number},
            code="round_not_published",
            field="pairing",
        )
    if pairing.is_bye:
        raise ServiceError(
            _("A pairing-allocated bye has no game result."),
            code="bye_has_no_result",
            field="pairing",
        )


def _fill(result: Result, outcome: GameResult, decided_by: str, by) -> None:
    result.south_points, result.north_points = _points(outcome)
    result.south_seeds, result.north_seeds = outcome.game_score or (None, None)
    result.ending = outcome.ending
    result.decided_by = decided_by
    result.entered_by = by


def _check_expected(pairing: Pairing, expected: int | None) -> None:
    if expected is None:
        return
    last = pairing.result_changes.select_related("changed_by").order_by("-pk").first()
    if (last.pk if last else 0) != expected:
        who = last.changed_by.get_username() if last and last.changed_by else _("someone")
        raise ServiceError(
            _("Board %(board)d was changed by %(who)s meanwhile; check the result shown.")
            % {"board": pairing.board, "who": who},
            code="result_changed",
            field="pairing",
        )


def _scores_from_stores(entry: ResultEntry) -> tuple[int | None, int | None]:
    """The game score of a time forfeit or resignation typed as the stores at that moment."""
    if not entry.stores_at_end or entry.ending not in (Ending.TIME, Ending.RESIGN):
        return entry.south_seeds, entry.north_seeds
    if entry.south_seeds is None or entry.north_seeds is None or entry.decided_by not in OTHER_SIDE:
        return entry.south_seeds, entry.north_seeds
    if entry.south_seeds + entry.north_seeds > 48:
        raise ServiceError(
            _("The two stores hold more than 48 seeds."), code="too_many_seeds", field="north_seeds"
        )
    loser = Side.from_letter(entry.decided_by)
    stores = (entry.south_seeds, entry.north_seeds)
    if entry.ending == Ending.TIME:
        return timed_out_score(stores, loser)[0]
    if stores[loser] > 24:
        raise ServiceError(
            _("A player with more than 24 seeds has already won; he cannot resign."),
            code="inconsistent_with_ending",
            field="decided_by",
        )
    return (stores[0], 25) if loser == 0 else (25, stores[1])
