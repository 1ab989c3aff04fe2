"""Reading the published lists: the filtered list, a person across events and lists, and an
event's rating report in the FIDE style. The arithmetic of a report's expected scores is the
`ratings` core's (table 8.1.2 for FIDE, E of step 3 for Glicko-2)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q

from ratinglists.models import RatingList, RatingPeriod, RatingRow, System
from ratings import glicko2
from ratings.fide import MAX_DIFFERENCE
from ratings.tables import HUNDREDTH, score_probability_hundredths
from register.models import Person, PlayerLink
from tournaments.models import Pairing, Section, Tournament

AGE_GROUPS = {
    "u12": (None, 12),
    "u14": (None, 14),
    "u16": (None, 16),
    "u18": (None, 18),
    "u20": (None, 20),
    "o50": (50, None),
    "o65": (65, None),
}
"""Age groups by the year of the list: under 12 … 20 (at most that age in the list's year),
50 and over, 65 and over."""


def sorted_rows(rows):
    """Rated first, highest first; the unrated after them, by name (never as 0)."""
    return sorted(rows, key=lambda r: (r.rating is None, -(r.rating or 0), r.name.casefold()))


def filtered_rows(rating_list: RatingList, *, federation="", sex="", age="", query=""):
    rows = rating_list.rows.select_related("person")
    if federation:
        rows = rows.filter(person__federation=federation.upper())
    if sex in Person.Sex.values:
        rows = rows.filter(person__sex=sex)
    if age in AGE_GROUPS:
        low, high = AGE_GROUPS[age]
        year = rating_list.date.year
        if high is not None:
            rows = rows.filter(person__birth_year__gte=year - high)
        if low is not None:
            rows = rows.filter(person__birth_year__lte=year - low)
    if query:
        for word in query.split():
            rows = rows.filter(Q(name__icontains=word) | Q(person__variants__name__icontains=word))
        rows = rows.distinct()
    return rows.order_by("rating_list", models_nulls_last(), "name")


def models_nulls_last():
    from django.db.models import F

    return F("rating").desc(nulls_last=True)


def federations(rating_list: RatingList) -> list[str]:
    return sorted(
        set(
            rating_list.rows.exclude(person__federation="").values_list(
                "person__federation", flat=True
            )
        )
    )


def history(person: Person) -> list[RatingRow]:
    """The person's row on the current list of every period he is on, oldest first."""
    rows = RatingRow.objects.filter(person=person, rating_list__superseded_by__isnull=True)
    return list(rows.select_related("rating_list").order_by("rating_list__date"))


@dataclass
class Meeting:
    """The games against one opponent across events: wins, draws, losses (forfeits apart)."""

    opponent: Person
    games: list = field(default_factory=list)

    @property
    def score(self) -> Decimal:
        return sum((g["points"] for g in self.games if g["played"]), Decimal(0))

    @property
    def played(self) -> int:
        return sum(1 for g in self.games if g["played"])


def person_games(person: Person, *, public_only=True):
    """The person's events (his entries) and his games with their results, and the same
    grouped by opponent (a person of the register, or the entry's name when not linked)."""
    links = PlayerLink.objects.filter(person=person).select_related("player__section__tournament")
    if public_only:
        links = links.filter(player__section__tournament__published=True)
    players = {link.player_id: link.player for link in links}
    pairings = (
        Pairing.objects.filter(Q(south_id__in=players) | Q(north_id__in=players))
        .filter(north__isnull=False, result__isnull=False)
        .select_related("result", "round__section__tournament", "south", "north")
        .order_by("round__section__tournament__start_date", "round__number")
    )
    if public_only:
        pairings = pairings.filter(round__status__in=["published", "completed"])
    pairings = list(pairings)
    others = {p.north_id if p.south_id in players else p.south_id for p in pairings}
    opponent_of = dict(
        PlayerLink.objects.filter(player_id__in=others).values_list("player_id", "person_id")
    )
    persons = Person.objects.in_bulk(set(opponent_of.values()))
    games = []
    for pairing in pairings:
        south = pairing.south_id in players
        result = pairing.result
        mine, theirs = (
            (result.south_points, result.north_points)
            if south
            else (result.north_points, result.south_points)
        )
        other = pairing.north if south else pairing.south
        games.append(
            {
                "tournament": pairing.round.section.tournament,
                "round": pairing.round.number,
                "opponent_entry": other.name,
                "opponent": persons.get(opponent_of.get(other.pk)),
                "points": mine,
                "their_points": theirs,
                "played": result.ending not in ("forfeit", "double_forfeit"),
                "ending": result.get_ending_display(),
            }
        )
    meetings: dict = {}
    for game in games:
        if game["opponent"] is not None:
            meetings.setdefault(game["opponent"].pk, Meeting(game["opponent"])).games.append(game)
    events = sorted(
        {p.section.tournament for p in players.values()},
        key=lambda t: (t.start_date is None, t.start_date, t.pk),
    )
    return events, games, sorted(meetings.values(), key=lambda m: m.opponent.name)


def chart(rows: list[RatingRow], width=600, height=200, margin=30) -> dict | None:
    """The points of a rating history chart in an SVG box: x by the list's date, y by rating."""
    points = [(r.rating_list.date, r.rating) for r in rows if r.rating is not None]
    if not points:
        return None
    low = min(p[1] for p in points)
    high = max(p[1] for p in points)
    if high - low < 50:
        low, high = low - 25, high + 25
    first = points[0][0].toordinal()
    span = max(points[-1][0].toordinal() - first, 1)
    drawn = []
    for day, rating in points:
        x = margin + (width - 2 * margin) * (
            (day.toordinal() - first) / span if len(points) > 1 else 0.5
        )
        y = height - margin - (height - 2 * margin) * (rating - low) / (high - low)
        drawn.append({"x": round(x, 1), "y": round(y, 1), "date": day, "rating": round(rating)})
    return {
        "width": width,
        "height": height,
        "points": drawn,
        "polyline": " ".join(f"{p['x']},{p['y']}" for p in drawn),
        "low": round(low),
        "high": round(high),
        "low_y": height - margin,
        "high_y": margin,
    }


def list_of_event(tournament: Tournament) -> RatingList | None:
    """The current list of the period that rated `tournament`, if any rated it."""
    day = tournament.end_date or tournament.start_date
    if day is None:
        return None
    period = RatingPeriod.objects.filter(start__lte=day, end__gte=day).first()
    if period is None:
        return None
    current = period.current_list
    return current if current is not None and tournament.pk in current.events else None


@dataclass
class ReportRow:
    row: RatingRow
    games: int = 0
    score: Decimal = Decimal(0)
    opponents: list = field(default_factory=list)
    expected: Decimal | None = None
    change: Decimal | None = None

    @property
    def opponents_average(self) -> int | None:
        return round(sum(self.opponents) / len(self.opponents)) if self.opponents else None


def event_report(tournament: Tournament, rating_list: RatingList) -> list[ReportRow]:
    """Per person of the event: his rating before the period, his rated games here, their
    score, his opponents' average, the expected score and K × (score − expected) for this event
    (FIDE; the period's change is the sum over its events, rounded once). Glicko-2: the expected
    score is Σ E of step 3, and the change is left to the period's list."""
    sections = set(Section.objects.filter(tournament=tournament).values_list("pk", flat=True))
    games = [g for g in rating_list.games if g[0] in sections]
    persons = {g[2] for g in games} | set(
        PlayerLink.objects.filter(player__section__in=sections).values_list("person_id", flat=True)
    )
    rows = {r.person_id: r for r in rating_list.rows.filter(person_id__in=persons)}
    report = {pk: ReportRow(row) for pk, row in rows.items()}
    fide = rating_list.system == System.FIDE
    hundredths = defaultdict(int)
    glicko_expected = defaultdict(float)
    for _section, _round, person, opponent, score in games:
        mine, theirs = rows.get(person), rows.get(opponent)
        if mine is None or theirs is None:
            continue
        entry = report[person]
        if fide:
            if theirs.rating_before is None:
                continue  # 8.3.1, 8.2: only games against rated opponents count
            if mine.rating_before is not None:
                hundredths[person] += score_probability_hundredths(
                    int(mine.rating_before), int(theirs.rating_before), MAX_DIFFERENCE
                )
        else:
            glicko_expected[person] += glicko2.expectation(
                (mine.rating_before - glicko2.CENTRE) / glicko2.SCALE,
                (theirs.rating_before - glicko2.CENTRE) / glicko2.SCALE,
                _deviation_before(theirs) / glicko2.SCALE,
            )
        entry.games += 1
        entry.score += Decimal(score)
        entry.opponents.append(theirs.rating_before)
    for pk, entry in report.items():
        row = entry.row
        if fide and row.rating_before is not None:
            entry.expected = (Decimal(hundredths[pk]) / 100).quantize(HUNDREDTH)
            entry.change = (row.k * (entry.score - entry.expected)).quantize(Decimal("0.1"))
        elif not fide:
            entry.expected = Decimal(str(round(glicko_expected[pk], 2)))
    return sorted(
        report.values(),
        key=lambda e: (e.row.rating_before is None, -(e.row.rating_before or 0), e.row.name),
    )


def _deviation_before(row: RatingRow) -> float:
    """The RD a Glicko-2 row started the period with: its previous list's, else the period's
    default for a newcomer."""
    previous = (
        RatingRow.objects.filter(
            person_id=row.person_id,
            rating_list__superseded_by__isnull=True,
            rating_list__date__lt=row.rating_list.date,
        )
        .order_by("-rating_list__date")
        .first()
    )
    if previous is not None:
        return previous.deviation
    return row.rating_list.parameters.get("rd", glicko2.DEFAULT_DEVIATION)
