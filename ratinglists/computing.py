"""Closing a rating period and recomputing it: the games of the period's finished events, read
from the database as the `ratings` core reads a TRF file, rated by the core, published as a
new immutable list.

The period's games are every rated game (the core's `ratings.events.game_of_cell` decides, on
the same round blocks the TRF export writes: forfeits, byes and unplayed games never count) of
the tournaments finished with an end date in the period, between two entries linked to persons
of the register. A game against an entry nobody linked is not rated.

The list before the period is the current list of the period before. For the register's first
period there is none: each person starts from his entry's rating in the first event of the
period he played (FIDE: with no earlier games; Glicko-2: with the register's deviation and
volatility of a new player). Later newcomers start unrated (FIDE) or at the register's defaults
(Glicko-2).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.db.models import Q

from ratinglists.models import RatingList, RatingPeriod, RatingRow, RatingSettings, System
from ratings import fide, glicko2
from ratings.events import game_of_cell
from ratings.records import Event, period_year
from register.access import is_officer
from register.models import Person, PlayerLink, RegisterChange
from tournaments.models import Player, ResultChange, Section, Tournament
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.history import section_history
from tournaments.trf.history import round_cell


@dataclass
class PeriodGames:
    """What the period's events give the core: its events (records), the games as stored in a
    list (`[section, round, person, opponent, score]`, once from each side), the persons who
    took part, and each one's rating in his first entry of the period (the first list's seed)."""

    events: list[Event] = field(default_factory=list)
    games: list[list] = field(default_factory=list)
    tournaments: list[int] = field(default_factory=list)
    persons: set[int] = field(default_factory=set)
    entry_rating: dict[int, int | None] = field(default_factory=dict)


def period_tournaments(start, end):
    """The tournaments finished with an end date (else a start date) from `start` to `end`, in
    the order the core reads a period's files: by end date, then by number."""
    dated = Q(end_date__gte=start, end_date__lte=end) | Q(
        end_date__isnull=True, start_date__gte=start, start_date__lte=end
    )
    return Tournament.objects.filter(dated, status=Tournament.Status.FINISHED).order_by(
        "end_date", "start_date", "pk"
    )


def _persons_of(player_ids) -> dict[int, int]:
    """Each linked entry's person, a merged person's links leading to the person kept."""
    merged = dict(Person.objects.filter(merged_into__isnull=False).values_list("pk", "merged_into"))

    def kept(pk):
        seen = set()
        while pk in merged and pk not in seen:
            seen.add(pk)
            pk = merged[pk]
        return pk

    links = PlayerLink.objects.filter(player_id__in=player_ids).values_list(
        "player_id", "person_id"
    )
    return {player: kept(person) for player, person in links}


def period_games(start, end) -> PeriodGames:
    found = PeriodGames()
    for tournament in period_tournaments(start, end):
        found.tournaments.append(tournament.pk)
        games = []
        sections = Section.objects.filter(tournament=tournament).order_by("order", "pk")
        for section in sections:
            history = section_history(section)
            players = list(
                Player.objects.filter(section=section).values_list("pk", "pairing_number", "rating")
            )
            person_of_player = _persons_of([pk for pk, _, _ in players])
            person_at = {}
            for pk, number, rating in players:
                person = person_of_player.get(pk)
                if person is None:
                    continue
                person_at[number] = person
                found.persons.add(person)
                found.entry_rating.setdefault(person, rating)
            for record in history.players:
                person = person_at.get(record.number)
                if person is None:
                    continue
                for index, round_record in enumerate(record.rounds, start=1):
                    opponent = person_at.get(round_record.opponent)
                    if opponent is None or opponent == person:
                        continue
                    game = game_of_cell(
                        str(person), str(opponent), round_cell(round_record, history.scoring)
                    )
                    if game is None:
                        continue
                    games.append(game)
                    found.games.append([section.pk, index, person, opponent, str(game.score)])
        found.events.append(
            Event(
                name=tournament.name,
                end=tournament.end_date or tournament.start_date,
                games=tuple(games),
            )
        )
    return found


def previous_list(period: RatingPeriod) -> RatingList | None:
    before = RatingPeriod.objects.filter(start__lt=period.start).order_by("-start").first()
    return before.current_list if before is not None else None


def _fide_rows(period, before_rows, played: PeriodGames, first: bool):
    persons = _persons(set(before_rows) | played.persons)
    players = []
    for pk in sorted(persons):
        row = before_rows.get(pk)
        if row is not None:
            rating = None if row.rating is None else int(row.rating)
            players.append(
                fide.FidePlayer(
                    str(pk),
                    persons[pk].name,
                    rating,
                    row.total_games,
                    persons[pk].birth_year,
                    fide.K_TOP if row.k_kept else None,
                )
            )
        else:
            seed = played.entry_rating.get(pk) if first else None
            players.append(
                fide.FidePlayer(str(pk), persons[pk].name, seed, 0, persons[pk].birth_year)
            )
    year = period_year(played.events) or period.end.year
    results = fide.rate_period(players, played.events, year)
    rows = []
    for player, result in zip(players, results, strict=True):
        pk = int(player.id)
        before = before_rows.get(pk)
        rated = result.rating_after is not None
        rows.append(
            RatingRow(
                person_id=pk,
                name=persons[pk].name,
                rating=result.rating_after,
                rating_before=result.rating_before,
                games=result.games,
                total_games=(player.games + result.games) if rated else 0,
                score=result.score,
                expected=result.expected,
                k=result.k,
                k_kept=bool(
                    (before and before.k_kept) or (rated and result.rating_after >= fide.TOP_RATING)
                ),
                change=result.change,
            )
        )
    return rows


def _glicko2_rows(period, before_rows, played: PeriodGames, first: bool):
    parameters = period.parameters
    persons = _persons(set(before_rows) | played.persons)
    players = []
    for pk in sorted(persons):
        row = before_rows.get(pk)
        if row is not None:
            players.append(
                glicko2.Glicko2Player(
                    str(pk), persons[pk].name, row.rating, row.deviation, row.volatility
                )
            )
        else:
            seed = played.entry_rating.get(pk) if first else None
            players.append(
                glicko2.Glicko2Player(
                    str(pk),
                    persons[pk].name,
                    float(seed) if seed is not None else parameters["rating"],
                    parameters["rd"],
                    parameters["volatility"],
                )
            )
    after = glicko2.rate_period(players, played.events, parameters["tau"])
    counted: dict[int, list] = defaultdict(lambda: [0, Decimal(0)])
    for event in played.events:
        for game in event.games:
            tally = counted[int(game.player)]
            tally[0] += 1
            tally[1] += game.score
    rows = []
    for player, result in zip(players, after, strict=True):
        pk = int(player.id)
        games, score = counted.get(pk, (0, Decimal(0)))
        rows.append(
            RatingRow(
                person_id=pk,
                name=persons[pk].name,
                rating=round(result.rating, 6),
                rating_before=round(player.rating, 6),
                games=games,
                total_games=(before_rows[pk].total_games if pk in before_rows else 0) + games,
                score=score,
                change=round(result.rating - player.rating, 6),
                deviation=round(result.deviation, 6),
                volatility=round(result.volatility, 6),
            )
        )
    return rows


def _persons(pks) -> dict[int, Person]:
    return {p.pk: p for p in Person.objects.filter(pk__in=pks).only("pk", "name", "birth_year")}


def _compute(period: RatingPeriod) -> tuple[list[RatingRow], PeriodGames]:
    before = previous_list(period)
    before_rows = {} if before is None else {r.person_id: r for r in before.rows.all()}
    played = period_games(period.start, period.end)
    build = _fide_rows if period.system == System.FIDE else _glicko2_rows
    return build(period, before_rows, played, first=before is None), played


def _publish(period, rows, played, *, by, supersedes=None, reason="", changes=None) -> RatingList:
    rating_list = RatingList.objects.create(
        period=period,
        number=(supersedes.number + 1) if supersedes else 1,
        date=period.end,
        system=period.system,
        parameters=period.parameters,
        supersedes=supersedes,
        reason=reason,
        games=played.games,
        events=played.tournaments,
        changes=changes or {},
        published_by=by,
    )
    for row in rows:
        row.rating_list = rating_list
    RatingRow.objects.bulk_create(rows, batch_size=2000)
    return rating_list


def _require_officer(by) -> None:
    if not is_officer(by):
        raise ServiceError(ErrorCode.RATINGS_FORBIDDEN)


@transaction.atomic
def close_period(start, end, *, by) -> RatingList:
    """Close the period from `start` to `end` with the register's system and parameters, and
    publish the list after it. Refused when the dates are reversed, the period overlaps or
    precedes a closed one, and for anyone but the register's officers."""
    _require_officer(by)
    if end < start:
        raise ServiceError(ErrorCode.PERIOD_REFUSED, case="order", field="end")
    last = RatingPeriod.objects.select_for_update().order_by("-end").first()
    if last is not None and start <= last.end:
        raise ServiceError(
            ErrorCode.PERIOD_REFUSED, case="overlap", field="start", end=last.end.isoformat()
        )
    settings = RatingSettings.current()
    period = RatingPeriod.objects.create(
        start=start,
        end=end,
        system=settings.system,
        parameters=settings.parameters(),
        closed_by=by,
    )
    rows, played = _compute(period)
    return _publish(period, rows, played, by=by)


def stale_reasons(period: RatingPeriod) -> list[str]:
    """Why the period's current list no longer says what the register and the results say:
    `results` (a result of its events corrected or cleared since), `register` (a link, merge or
    split of its events' entries or of its persons since), `earlier` (an earlier period's list
    was recomputed since), `events` (the finished events of its dates are not those it rated).
    Empty: up to date."""
    current = period.current_list
    if current is None:
        return []
    reasons = []
    tournaments = list(period_tournaments(period.start, period.end).values_list("pk", flat=True))
    if ResultChange.objects.filter(
        changed_at__gt=current.published_at,
        pairing__round__section__tournament_id__in=current.events,
    ).exists():
        reasons.append("results")
    regrouped = (RegisterChange.Kind.MERGE, RegisterChange.Kind.SPLIT)
    if (
        RegisterChange.objects.filter(done_at__gt=current.published_at)
        .filter(
            Q(player__section__tournament_id__in=current.events)
            | Q(kind__in=regrouped, person__rating_rows__rating_list=current)
            | Q(kind__in=regrouped, other__rating_rows__rating_list=current)
        )
        .exists()
    ):
        reasons.append("register")
    if RatingList.objects.filter(
        period__start__lt=period.start, published_at__gt=current.published_at
    ).exists():
        reasons.append("earlier")
    if sorted(tournaments) != sorted(current.events):
        reasons.append("events")
    return reasons


def _game_key(game) -> tuple:
    return (game[0], game[1], game[2])


def changes_between(old: RatingList, new_rows, new_games) -> dict:
    """What moved from `old` to the recomputed list: the games that changed (added, removed,
    another score) and each person whose rating moved, with the changed games he played."""
    before = {_game_key(g): g for g in old.games}
    after = {_game_key(g): g for g in new_games}
    changed = []
    for key in sorted(set(before) | set(after)):
        was, now = before.get(key), after.get(key)
        if was is not None and now is not None and was[3:] == now[3:]:
            continue
        game = was or now
        if game[2] > game[3]:
            continue  # each game once: from the side of the lower person number
        changed.append(
            {
                "section": game[0],
                "round": game[1],
                "person": game[2],
                "opponent": game[3],
                "before": was[4] if was else None,
                "after": now[4] if now else None,
            }
        )
    touched = defaultdict(list)
    for index, game in enumerate(changed):
        touched[game["person"]].append(index)
        touched[game["opponent"]].append(index)
    old_rows = {r.person_id: r for r in old.rows.all()}
    moved = []
    for row in new_rows:
        was = old_rows.get(row.person_id)
        old_rating = was.rating if was else None
        if old_rating == row.rating and (was is None or was.deviation == row.deviation):
            continue
        moved.append(
            {
                "person": row.person_id,
                "name": row.name,
                "before": old_rating,
                "after": row.rating,
                "games": touched.get(row.person_id, []),
            }
        )
    return {"games": changed, "moved": moved}


@transaction.atomic
def recompute(period: RatingPeriod, *, by, reason: str) -> list[RatingList]:
    """A new list for `period` and for every later period, each superseding the one it
    replaces (published lists are never edited), each saying what moved and why."""
    _require_officer(by)
    if not reason.strip():
        raise ServiceError(ErrorCode.REASON_REQUIRED, case="ratings", field="reason")
    published = []
    for later in (
        RatingPeriod.objects.select_for_update().filter(start__gte=period.start).order_by("start")
    ):
        old = later.current_list
        rows, played = _compute(later)
        changes = changes_between(old, rows, played.games)
        published.append(
            _publish(later, rows, played, by=by, supersedes=old, reason=reason, changes=changes)
        )
    return published


def current_list() -> RatingList | None:
    """The list of the latest closed period, in its latest edition."""
    period = RatingPeriod.objects.order_by("-start").first()
    return period.current_list if period is not None else None
