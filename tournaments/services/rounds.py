"""Pairing a section's next round, and the life of a round: draft → published → completed.

The section's pairing system (`tournaments.pairing.systems`) sees the section only through its
TRF-shaped history (`history.py`), the same input a pairing program would read from a file, so
the product pairs exactly as the engine's command line does.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from oware.sides import Side
from tournaments.announcements import (
    PAIRING_PUBLISHED,
    ROUND_TAKEN_BACK,
    STANDINGS_FINAL,
    announce,
)
from tournaments.freshness import raised_once, touch
from tournaments.models import Pairing, Player, ResultChange, Round, Seat, Section, Tournament, Undo
from tournaments.pairing import PairingRequest
from tournaments.pairing.errors import PairingImpossible
from tournaments.pairing.records import RoundPairing
from tournaments.pairing.request import request_from_history
from tournaments.pairing.systems import DUTCH, get_system
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.history import section_history
from tournaments.services.permissions import require_arbiter


def pair_next_round(section: Section, *, by) -> Round:
    """Pair the next round of `section` with its pairing system and store it as a draft.

    Refused (ServiceError, nothing written) when the previous round is unpublished or has games
    without a result, when every round is already paired, or when no valid pairing exists.
    Two simultaneous requests create one round: the section row is locked, and the unique round
    number stops whichever transaction gets past a database without row locks.
    """
    require_arbiter(section.tournament, by)
    try:
        with transaction.atomic():
            section = (
                Section.objects.select_for_update().select_related("tournament").get(pk=section.pk)
            )
            number = _next_round_number(section)
            pairing = _engine_pairing(section, number)
            return _store_round(section, number, pairing)
    except IntegrityError as error:
        raise ServiceError(ErrorCode.ROUND_EXISTS, case="meanwhile") from error


@dataclass
class SectionOutcome:
    """What an action on every section did to one of them: its round, or why it was refused."""

    section: Section
    round: Round | None = None
    refusal: ServiceError | None = None


def pair_all_sections(tournament: Tournament, *, by, publish: bool = False) -> list[SectionOutcome]:
    """Pair the next round of every section of `tournament` (and publish it with `publish`).

    Each section is checked and paired on its own, through `pair_next_round` and
    `publish_round`: a section that cannot be paired keeps its refusal in its outcome and the
    others go on. A section paired and published writes both or nothing.
    """
    require_arbiter(tournament, by)
    outcomes = []
    for section in tournament.sections.all():
        try:
            with transaction.atomic():
                round_ = pair_next_round(section, by=by)
                if publish:
                    round_ = publish_round(round_, by=by)
        except ServiceError as error:
            outcomes.append(SectionOutcome(section, refusal=error))
        else:
            outcomes.append(SectionOutcome(section, round=round_))
    return outcomes


def publish_all_drafts(tournament: Tournament, *, by) -> list[SectionOutcome]:
    """Publish the draft round of every section that has one, each through `publish_round`."""
    require_arbiter(tournament, by)
    outcomes = []
    drafts = Round.objects.filter(section__tournament=tournament, status=Round.Status.DRAFT)
    for round_ in drafts.select_related("section").order_by("section__order", "section__name"):
        try:
            outcomes.append(SectionOutcome(round_.section, round=publish_round(round_, by=by)))
        except ServiceError as error:
            outcomes.append(SectionOutcome(round_.section, refusal=error))
    return outcomes


def current_rounds(tournament: Tournament) -> list[tuple[Section, Round | None]]:
    """Every section with its last round (draft or not), None before its first."""
    last: dict[int, Round] = {}
    for round_ in Round.objects.filter(section__tournament=tournament).order_by("number"):
        last[round_.section_id] = round_
    return [(section, last.get(section.pk)) for section in tournament.sections.all()]


def _next_round_number(section: Section) -> int:
    last = section.rounds.order_by("-number").first()
    if last is None:
        number = 1
    else:
        if last.status == Round.Status.DRAFT:
            raise ServiceError(ErrorCode.ROUND_EXISTS, case="draft", round=last.number)
        missing = games_without_result(last).count()
        if missing:
            raise ServiceError(ErrorCode.RESULTS_MISSING, round=last.number, count=missing)
        number = last.number + 1
    if number > section.total_rounds:
        raise ServiceError(ErrorCode.TOURNAMENT_OVER, rounds=section.total_rounds)
    if not any(player.is_paired_in(number) for player in section.players.all()):
        raise ServiceError(ErrorCode.NO_PLAYERS, section=section.name, round=number)
    return number


def games_without_result(round_: Round):
    """The boards of `round_` still waiting for a result (the bye needs none)."""
    return round_.pairings.filter(north__isnull=False, result__isnull=True)


def complete_if_done(round_: Round) -> None:
    """Mark a published round completed once every game has a result (at once if it has none)."""
    if round_.status == Round.Status.PUBLISHED and not games_without_result(round_).exists():
        round_.status = Round.Status.COMPLETED
        round_.save(update_fields=["status"])
        follow_rounds(round_.section.tournament_id)


def follow_rounds(tournament_id: int) -> str:
    """Set the tournament's status from its rounds and return it: registration while no section
    has a round, finished once every section has completed its last round, in progress between.
    """
    tournament = Tournament.objects.get(pk=tournament_id)
    sections = list(tournament.sections.all())
    rounds = Round.objects.filter(section__tournament_id=tournament_id)
    completed_last = sum(
        rounds.filter(
            section=section, number=section.total_rounds, status=Round.Status.COMPLETED
        ).exists()
        for section in sections
    )
    if not rounds.exists():
        status = Tournament.Status.REGISTRATION
    elif sections and completed_last == len(sections):
        status = Tournament.Status.FINISHED
    else:
        status = Tournament.Status.RUNNING
    if tournament.status != status:
        Tournament.objects.filter(pk=tournament_id).update(status=status)
        touch(tournament_id)
        if status == Tournament.Status.FINISHED:
            announce(STANDINGS_FINAL, tournament_id)
    return status


def reopen_if_waiting(round_: Round) -> None:
    """Mark a completed round published again once a game of it waits for a result (a result
    cleared)."""
    if round_.status == Round.Status.COMPLETED and games_without_result(round_).exists():
        round_.status = Round.Status.PUBLISHED
        round_.save(update_fields=["status"])


def _pairing_request(section: Section, number: int) -> PairingRequest:
    """The engine's input for round `number`: the history before it, and who is absent."""
    history = section_history(section, number - 1, announce_round=number)
    return request_from_history(history, number)


def _engine_pairing(section: Section, number: int) -> RoundPairing:
    try:
        return get_system(section.pairing_system).pair(_pairing_request(section, number))
    except PairingImpossible as error:
        raise ServiceError(ErrorCode.PAIRING_IMPOSSIBLE, reason=error) from error


def _store_round(section: Section, number: int, pairing: RoundPairing) -> Round:
    round_ = Round.objects.create(section=section, number=number)
    players = {p.pairing_number: p for p in section.players.all()}
    boards = [
        (players[b.south], players[b.north], b.explanation.text() if b.explanation else "")
        for b in pairing.boards
    ]
    if pairing.bye is not None:
        boards.append((players[pairing.bye], None, _("Pairing-allocated bye")))
    store_boards(round_, boards)
    return round_


def store_boards(round_: Round, boards: list[tuple[Player, Player | None, str]]) -> None:
    """Write the boards of `round_` (South, North or None for the bye, explanation) and seats."""
    pairings = Pairing.objects.bulk_create(
        Pairing(round=round_, board=index, south=south, north=north, explanation=text[:300])
        for index, (south, north, text) in enumerate(boards, start=1)
    )
    seats = []
    for pairing in pairings:
        if pairing.north is None:
            # The pairing-allocated bye: a seat on no side.
            seats.append(Seat(round=round_, player=pairing.south, pairing=pairing, side=None))
        else:
            seats.append(Seat(round=round_, player=pairing.south, pairing=pairing, side=Side.SOUTH))
            seats.append(Seat(round=round_, player=pairing.north, pairing=pairing, side=Side.NORTH))
    Seat.objects.bulk_create(seats)
    touch(round_.section.tournament_id)  # bulk writes send no signals
    follow_rounds(round_.section.tournament_id)


def _locked_draft(round_: Round, by, refusal: str) -> Round:
    """`round_` re-read and locked for this transaction; ServiceError unless it is a draft.

    `refusal` names what a published round refuses: a case of ErrorCode.ROUND_PUBLISHED.
    """
    require_arbiter(round_.section.tournament, by)
    number = round_.number
    round_ = (
        Round.objects.select_for_update()
        .select_related("section__tournament")
        .filter(pk=round_.pk)
        .first()
    )
    if round_ is None:
        # Another request (a double click, a second arbiter) deleted it first.
        raise ServiceError(ErrorCode.ROUND_GONE, number=number)
    if round_.status != Round.Status.DRAFT:
        raise ServiceError(ErrorCode.ROUND_PUBLISHED, case=refusal, number=round_.number)
    return round_


def delete_draft_round(round_: Round, *, by) -> None:
    """Delete a draft round so it can be paired again; published rounds stay."""
    with transaction.atomic():
        round_ = _locked_draft(round_, by, "delete")
        _delete(round_)
        follow_rounds(round_.section.tournament_id)


def _delete(round_: Round) -> None:
    """Delete `round_` with its boards, seats and results, the tournament's revision raised once
    for them all."""
    with raised_once(round_.section.tournament_id):
        round_.delete()


def publish_round(round_: Round, *, by) -> Round:
    """Make a draft round public; results can be entered from then on."""
    with transaction.atomic():
        round_ = _locked_draft(round_, by, "publish")
        round_.status = Round.Status.PUBLISHED
        round_.published_at = timezone.now()
        round_.save(update_fields=["status", "published_at"])
        announce(
            PAIRING_PUBLISHED,
            round_.section.tournament_id,
            round_id=round_.pk,
            facts={"section": round_.section.slug, "number": round_.number},
        )
        complete_if_done(round_)
    return round_


# Findings that describe a pairing the database cannot even hold; they are refused outright.
# A player left out is refused too: a requested bye or a withdrawal says so explicitly.
IMPOSSIBLE_FINDINGS = {"PAIRED_TWICE", "NOT_PRESENT", "SELF_PAIRED", "MISSING"}


@dataclass
class DraftEdit:
    """What the checker said of an arbiter's pairing, and whether it was saved.

    `equals_dutch` is True when the pairing is the one the section's system gives (the Dutch
    pairing, or the Berger schedule's round); None when that system has no pairing.
    """

    findings: list[str]
    equals_dutch: bool | None
    saved: bool


def replace_draft_boards(
    round_: Round, boards: list[tuple[int, int | None]], *, by, confirm: bool
) -> DraftEdit:
    """Replace the boards of a draft round with the arbiter's, after checking them.

    `boards` lists (South, North) pairing numbers, North None for the pairing-allocated bye.
    The checker lists every absolute rule the pairing breaks; with findings it is saved only
    when `confirm` is True. A pairing that names a player twice, an unknown or absent player,
    a player against himself, or leaves a player out is refused (ServiceError, field 'boards').
    """
    with transaction.atomic():
        round_ = _locked_draft(round_, by, "edit")
        pairs = [(south, north) for south, north in boards if north is not None]
        byes = [south for south, north in boards if north is None]
        if len(byes) > 1:
            raise ServiceError(ErrorCode.TWO_BYES, field="boards")
        system = get_system(round_.section.pairing_system)
        report = system.check(
            _pairing_request(round_.section, round_.number), pairs, byes[0] if byes else None
        )
        players = {p.pairing_number: p for p in round_.section.players.select_related("team")}
        impossible = [
            finding_text(f, players) for f in report.findings if f.code in IMPOSSIBLE_FINDINGS
        ]
        if impossible:
            raise ServiceError(
                ErrorCode.IMPOSSIBLE_PAIRING,
                field="boards",
                findings=" ".join(impossible).rstrip("."),
                problems=impossible,
            )
        findings = [finding_text(f, players) for f in report.findings]
        edit = DraftEdit(findings, report.equals_dutch, saved=not findings or confirm)
        if edit.saved:
            with raised_once(round_.section.tournament_id):
                round_.pairings.all().delete()
            note = _system_note(system.code) if report.equals_dutch else _("Edited by the arbiter")
            store_boards(round_, [(players[s], players[n] if n else None, note) for s, n in boards])
        return edit


def _named(player: Player | None, number: int) -> str:
    """A player as the pairing editor names him: number, name and team code."""
    if player is None:
        return _("number %(number)d") % {"number": number}
    team = f" ({player.team.code})" if player.team_id else ""
    return f"{player.pairing_number}. {player.name}{team}"


def finding_text(finding, players: dict[int, Player]) -> str:
    """The checker's finding as one sentence for the arbiter, naming the players (number, name,
    team) and, for two who may not meet, why: team-mates, already met, or forbidden by the
    imported file."""
    numbers = list(finding.players)
    names = [_named(players.get(n), n) for n in numbers]
    a = names[0] if names else ""
    b = names[1] if len(names) > 1 else ""
    code = finding.code
    if code == "FORBIDDEN_PAIR":
        first, second = (players.get(n) for n in numbers[:2])
        if first and second and first.team_id and first.team_id == second.team_id:
            return _("%(a)s and %(b)s are team-mates (%(team)s); team-mates never meet.") % {
                "a": a,
                "b": b,
                "team": first.team.name,
            }
        return _("%(a)s and %(b)s may not meet: the imported file forbids it.") % {"a": a, "b": b}
    texts = {
        "REMATCH": _("%(a)s and %(b)s have already played each other."),
        "ABSOLUTE_COLOUR": _("%(a)s and %(b)s must both play the same side."),
        "THREE_IN_A_ROW": _("%(a)s would play the same side a third time running."),
        "COLOUR_DIFFERENCE": _("%(a)s would play one side more than twice as often as the other."),
        "SECOND_BYE": _("%(a)s already had a bye or a win without playing."),
        "PAIRED_TWICE": _("%(a)s is written on more than one line."),
        "MISSING": _("%(a)s is neither paired nor given the bye."),
        "NOT_PRESENT": _("%(a)s is absent from this round or not registered, but is paired."),
        "SELF_PAIRED": _("%(a)s is paired against himself."),
    }
    if code == "BYE_COUNT":
        if numbers:
            return _("An even number of players leaves nobody a bye: pair %(a)s.") % {"a": a}
        return _("An odd number of players needs a pairing-allocated bye: write one number alone.")
    if code in texts:
        return texts[code] % {"a": a, "b": b}
    return finding.message


def _system_note(code: str) -> str:
    """The explanation stored on boards an arbiter re-entered exactly as the system pairs them."""
    if code == DUTCH:
        return _("Dutch pairing")
    return _("Berger table pairing")


def unpublish_refusal(round_: Round) -> ServiceError | None:
    """Why `round_` cannot be taken back to draft now, or None when it can.

    A draft is one already; a round with a result keeps its results (they are corrected
    instead); only the section's last round can go back, since a later round was paired on its
    results. The round page offers the button only when this is None.
    """
    if round_.status == Round.Status.DRAFT:
        return ServiceError(ErrorCode.ROUND_DRAFT, number=round_.number)
    if round_.pairings.filter(result__isnull=False).exists():
        return ServiceError(ErrorCode.ROUND_HAS_RESULTS, number=round_.number)
    if round_.section.rounds.filter(number__gt=round_.number).exists():
        return ServiceError(ErrorCode.NOT_LAST_ROUND, number=round_.number)
    return None


def unpublish_round(round_: Round, *, by) -> Round:
    """Take a published round back to draft, unless `unpublish_refusal` says why not."""
    require_arbiter(round_.section.tournament, by)
    with transaction.atomic():
        round_ = (
            Round.objects.select_for_update()
            .select_related("section__tournament")
            .get(pk=round_.pk)
        )
        refusal = unpublish_refusal(round_)
        if refusal is not None:
            raise refusal
        round_.status = Round.Status.DRAFT
        round_.published_at = None
        round_.save(update_fields=["status", "published_at"])
        follow_rounds(round_.section.tournament_id)
    return round_


def take_back_refusal(round_: Round) -> ServiceError | None:
    """Why `round_` cannot be taken back (deleted, results and all) now, or None when it can:
    only the section's last round can, since a later round was paired on its results."""
    if round_.section.rounds.filter(number__gt=round_.number).exists():
        return ServiceError(ErrorCode.NOT_LAST_ROUND, number=round_.number)
    return None


def take_back_round(round_: Round, *, by, reason: str) -> Undo:
    """Delete the section's last round, draft or published, with its boards and results.

    What goes — each board's players, result and result changes — is kept in an `Undo` row
    with `by` and `reason`, so the audit keeps it; the section can then be paired again.
    Refused (ServiceError, nothing written) when `by` is not an arbiter, the reason is empty,
    the round is not the last one, or it was deleted meanwhile.
    """
    require_arbiter(round_.section.tournament, by)
    number = round_.number
    with transaction.atomic():
        Section.objects.select_for_update().get(pk=round_.section_id)
        # A result under way on one of its boards holds that board's row and takes the round's
        # and the tournament's rows at its end (services/results.py): the boards are locked
        # first here too, so that it finishes first and is in the undo, rather than both
        # waiting on each other.
        list(Pairing.objects.select_for_update().filter(round_id=round_.pk).order_by("pk"))
        round_ = Round.objects.select_related("section__tournament").filter(pk=round_.pk).first()
        if round_ is None:
            raise ServiceError(ErrorCode.ROUND_GONE, number=number)
        refusal = take_back_refusal(round_)
        if refusal is not None:
            raise refusal
        if not reason.strip():
            raise ServiceError(
                ErrorCode.REASON_REQUIRED, case="round", field="reason", number=number
            )
        undo = Undo.objects.create(
            section=round_.section,
            kind=Undo.Kind.ROUND,
            round_number=number,
            subject=str(round_),
            snapshot=round_snapshot(round_),
            done_by=by,
            reason=reason.strip(),
        )
        section = round_.section
        _delete(round_)
        announce(
            ROUND_TAKEN_BACK,
            section.tournament_id,
            facts={"section": section.slug, "number": number},
        )
    return undo


def round_snapshot(round_: Round) -> dict:
    """A round as plain JSON data: its state and, for each board, the players, the result and
    every change of it (who, when, before, after, why)."""
    pairings = round_.pairings.select_related("south", "north", "result", "game_record")
    changes: dict[int, list] = {}
    round_changes = ResultChange.objects.filter(pairing__round=round_).select_related("changed_by")
    for change in round_changes:
        changes.setdefault(change.pairing_id, []).append(
            {
                "at": change.changed_at.isoformat(),
                "by": change.changed_by.get_username() if change.changed_by else "",
                "before": change.before,
                "after": change.after,
                "reason": change.reason,
            }
        )
    return {
        "status": round_.status,
        "published_at": round_.published_at.isoformat() if round_.published_at else None,
        "boards": [
            {
                "board": pairing.board,
                "south": _player_data(pairing.south),
                "north": _player_data(pairing.north) if pairing.north else None,
                "result": pairing.result.snapshot() if hasattr(pairing, "result") else None,
                "changes": changes.get(pairing.pk, []),
            }
            for pairing in pairings
        ],
    }


def _player_data(player: Player) -> dict:
    return {"number": player.pairing_number, "name": player.name}


def pair_again(round_: Round, *, by) -> Round:
    """Delete a draft round and pair it afresh, in one step: the draft stays if pairing fails."""
    with transaction.atomic():
        section = round_.section
        _delete(_locked_draft(round_, by, "delete"))
        return pair_next_round(section, by=by)
