"""Pages for players and spectators: no login, read-only, phone-sized.

Only published rounds are shown; a draft pairing stays with the arbiters.
"""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from tournaments import tiebreak_labels
from tournaments.lookups import in_public_rounds, public_rounds, public_section, public_tournament
from tournaments.models import Pairing, Round, Seat, Section, Tournament
from tournaments.services import calendar_feeds
from tournaments.services.game_files import OGN_MEDIA_TYPE, game_ogn, round_ogn_zip
from tournaments.services.games import game_plies, game_view
from tournaments.services.pairing_lists import find_players, round_roster
from tournaments.services.prizes import prize_list as prize_list_of
from tournaments.services.qr import qr_svg
from tournaments.services.schedule import section_schedule
from tournaments.services.standings import section_crosstable, section_standings
from tournaments.services.teams import team_tables
from tournaments.services.timetable import planned_start, timetable
from tournaments.views.caching import revalidated


def _in_progress(tournament_id: int) -> bool:
    """True while a round of the tournament is published and waiting for results: the pages
    then refresh themselves."""
    return Round.objects.filter(
        section__tournament_id=tournament_id, status=Round.Status.PUBLISHED
    ).exists()


def home(request):
    tournaments = Tournament.objects.filter(published=True)
    return render(request, "tournaments/public/home.html", {"tournaments": tournaments})


@revalidated
def tournament(request, slug):
    event = public_tournament(slug)
    url = request.build_absolute_uri(event.get_absolute_url())
    # The rounds with a planned start; each section's next one (not yet published) first.
    planned = [row for row in timetable(event) if row.starts_at is not None]
    return render(
        request,
        "tournaments/public/tournament.html",
        {
            "tournament": event,
            "planned": planned,
            "next_rounds": [row for row in planned if row.next],
            "sections": _with_current_round(event),
            "live": _in_progress(event.pk),
            "qr": qr_svg(url),
            "page_url": url,
        },
    )


def _with_current_round(event: Tournament) -> list[Section]:
    """The event's sections, each with `current_round`: the number of its last public round
    (None before the first is published)."""
    sections = list(event.sections.all())
    current: dict[int, int] = {}
    for round_ in Round.objects.filter(section__tournament=event).exclude(
        status=Round.Status.DRAFT
    ):
        current[round_.section_id] = max(current.get(round_.section_id, 0), round_.number)
    for group in sections:
        group.current_round = current.get(group.pk)
    return sections


def find_player(request, slug):
    """The event's one search box: a name (or part of it) in any section. A single player found
    goes straight to his board in his section's current round; several are listed."""
    event = public_tournament(slug)
    text = request.GET.get("q", "")[:100]
    found = find_players(event, text)
    if len(found) == 1 and found[0].seat is not None:
        seat = found[0].seat
        url = reverse("public:round", args=[slug, found[0].player.section.slug, seat.round.number])
        return redirect(f"{url}#board-{seat.pairing.board}")
    return render(
        request,
        "tournaments/public/find_player.html",
        {"tournament": event, "query": text, "found": found},
    )


def _public_rounds(section: Section) -> list[Round]:
    return list(public_rounds(section).order_by("number"))


def _section_page(request, group: Section, template: str, tab: str | None, rounds=None, **context):
    """Render one of a section's pages with the navigation every one of them shows."""
    context.update(
        tournament=group.tournament,
        section=group,
        rounds=_public_rounds(group) if rounds is None else rounds,
        tab=tab,
    )
    context.setdefault("live", _in_progress(group.tournament_id))
    return render(request, f"tournaments/public/{template}", context)


@revalidated
def section(request, slug, section):
    group = public_section(slug, section)
    rounds = _public_rounds(group)
    if rounds:
        return _round_page(request, group, rounds, rounds[-1])
    return _section_page(
        request, group, "section.html", None, rounds=rounds, schedule=section_schedule(group)
    )


def schedule(request, slug, section):
    """Every round of a round robin, paired or not; there is none for a Swiss section."""
    group = public_section(slug, section)
    rounds_ahead = section_schedule(group)
    if rounds_ahead is None:
        raise Http404("A Swiss section is paired round by round.")
    return _section_page(request, group, "schedule.html", "schedule", schedule=rounds_ahead)


@revalidated(parameters=("print",))
def round_pairings(request, slug, section, number):
    group = public_section(slug, section)
    rounds = _public_rounds(group)
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise Http404("No published round with that number.")
    return _round_page(request, group, rounds, round_)


def _round_page(request, group: Section, rounds: list[Round], round_: Round):
    url = request.build_absolute_uri(
        f"/t/{group.tournament.slug}/{group.slug}/round/{round_.number}/"
    )
    roster = round_roster(round_)
    before = {entry.player.pk: entry.points_before for entry in roster.entries}
    return _section_page(
        request,
        group,
        "round.html",
        "pairings",
        rounds=rounds,
        round=round_,
        planned_start=planned_start(round_, group.tournament),
        roster=roster,
        # Each board with both players' points before the round, as the paper on the wall shows.
        boards=[(p, before.get(p.south_id), before.get(p.north_id)) for p in roster.boards],
        # ?print=boards or ?print=names: only that list goes to paper (one sheet for the boards,
        # one for finding a name), the arbiter's print menu links to each.
        print_part=request.GET.get("print") if request.GET.get("print") in PRINT_PARTS else "",
        qr=qr_svg(url),
        page_url=url,
    )


PRINT_PARTS = ("boards", "names")


@revalidated
def standings(request, slug, section):
    group = public_section(slug, section)
    table = section_standings(group)
    return _section_page(
        request,
        group,
        "standings.html",
        "standings",
        table=table,
        legend=tiebreak_labels.explained(table.standings.tiebreaks),
    )


@revalidated
def crosstable(request, slug, section):
    group = public_section(slug, section)
    table = section_standings(group)
    codes = [code for code in table.standings.tiebreaks if code != "PTS"]
    rows = [
        (player, row, [row.values[code] for code in codes])
        for player, row in section_crosstable(table)
    ]
    rounds = list(range(1, table.after_round + 1))
    return _section_page(
        request,
        group,
        "crosstable.html",
        "crosstable",
        table=table,
        crosstable=rows,
        round_numbers=rounds,
        tiebreaks=codes,
        print_parts=crosstable_print_parts(rounds, len(codes)),
    )


# A4 landscape at 8 pt holds the place, a name and about 20 narrow columns (a round's cell or a
# tie-break value); a longer round robin is printed in parts of 16 rounds, each with the place
# and name again, the points and tie-breaks with the last one.
PRINT_COLUMNS = 20
PRINT_ROUNDS_PER_PART = 16


def crosstable_print_parts(rounds: list[int], tiebreaks: int) -> list[dict]:
    """The crosstable's paper parts: ``[{"rounds": [...], "totals": bool}]``; a single part
    when everything fits across one landscape page."""
    if len(rounds) + 1 + tiebreaks <= PRINT_COLUMNS:
        return [{"rounds": rounds, "totals": True}]
    chunks = [
        rounds[start : start + PRINT_ROUNDS_PER_PART]
        for start in range(0, len(rounds), PRINT_ROUNDS_PER_PART)
    ]
    parts = [{"rounds": chunk, "totals": False} for chunk in chunks]
    if len(chunks[-1]) + 1 + tiebreaks <= PRINT_COLUMNS:
        parts[-1]["totals"] = True
    else:
        parts.append({"rounds": [], "totals": True})
    return parts


@revalidated
def teams(request, slug):
    event = public_tournament(slug)
    return render(
        request,
        "tournaments/public/teams.html",
        {"tournament": event, "tables": team_tables(event), "only": None},
    )


@revalidated
def section_teams(request, slug, section):
    group = public_section(slug, section)
    return _section_page(
        request, group, "teams.html", "teams", tables=team_tables(group.tournament), only=group.slug
    )


@revalidated
def player(request, slug, section, number):
    group = public_section(slug, section)
    person = get_object_or_404(group.players.select_related("team"), pairing_number=number)
    seats = list(
        in_public_rounds(Seat.objects.filter(player=person))
        .select_related(
            "round", "pairing__south", "pairing__north", "pairing__result", "pairing__game_record"
        )
        .order_by("round__number")
    )
    # The next game: a board of a published round still waiting for its result.
    next_seat = next(
        (seat for seat in seats if not seat.is_bye and not hasattr(seat.pairing, "result")),
        None,
    )
    table = section_standings(group, extra_tiebreaks=["PTS"])
    place, points = next(
        (
            (place, values[table.standings.tiebreaks.index("PTS")])
            for place, row_player, values in table.rows()
            if row_player.pk == person.pk
        ),
        (None, None),
    )
    return _section_page(
        request,
        group,
        "player.html",
        None,
        player=person,
        seats=seats,
        next_seat=next_seat,
        next_start=planned_start(next_seat.round, group.tournament) if next_seat else None,
        place=place,
        points=points,
        after_round=table.after_round,
    )


@revalidated(parameters=("ply",))
def game(request, slug, pairing_id):
    event = public_tournament(slug)
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__section", "south", "north", "result", "game_record"),
        pk=pairing_id,
        round__section__tournament=event,
        north__isnull=False,
    )
    if not pairing.round.is_public:
        raise Http404("Not published.")
    result = getattr(pairing, "result", None)
    # The viewer starts at the first position unless a ply is asked for.
    view = game_view(result, event.variant, _requested_ply(request) or 0)
    plies = game_plies(result, event.variant, event.clock_warning_minutes) if view else None
    return render(
        request,
        "tournaments/public/game.html",
        {
            "tournament": event,
            "section": pairing.round.section,
            "pairing": pairing,
            "result": result,
            "view": view,
            "plies": plies,
        },
    )


def game_file(request, slug, pairing_id):
    """The game as an .ogn file, once its round is public."""
    event = public_tournament(slug)
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__section__tournament", "south", "north"),
        pk=pairing_id,
        round__section__tournament=event,
        north__isnull=False,
    )
    text = game_ogn(pairing) if pairing.round.is_public else None
    if text is None:
        raise Http404("No public record.")
    response = HttpResponse(text, content_type=f"{OGN_MEDIA_TYPE}; charset=utf-8")
    name = f"{event.slug}-r{pairing.round.number}-b{pairing.board}.ogn"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def round_game_files(request, slug, section, number):
    """Every recorded game of a public round, as a zip of .ogn files."""
    group = public_section(slug, section)
    round_ = get_object_or_404(public_rounds(group), number=number)
    response = HttpResponse(round_ogn_zip(round_), content_type="application/zip")
    name = f"{group.tournament.slug}-{group.slug}-round-{number}.zip"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _requested_ply(request) -> int | None:
    """The ply asked for with ?ply=N, or None for the final position."""
    try:
        return int(request.GET["ply"])
    except (KeyError, ValueError):
        return None


@revalidated
def prize_list(request, slug, section):
    group = public_section(slug, section)
    table, lists = prize_list_of(group)
    return _section_page(request, group, "prizes.html", "prizes", table=table, category_lists=lists)


def _round_url(request, event: Tournament):
    """A round's page for the calendar feeds: the round's once it is public, else the event's."""

    def url_of(planned) -> str:
        if planned.public:
            address = reverse(
                "public:round", args=[event.slug, planned.section.slug, planned.number]
            )
        else:
            address = event.get_absolute_url()
        return request.build_absolute_uri(address)

    return url_of


def _calendar_answer(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=f"{calendar_feeds.MEDIA_TYPE}; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{name}.ics"'
    return response


@revalidated
def calendar(request, slug):
    """The tournament's calendar feed: every section's rounds with a planned start."""
    event = public_tournament(slug)
    return _calendar_answer(calendar_feeds.tournament_feed(event, _round_url(request, event)), slug)


@revalidated
def player_calendar(request, slug, section, number):
    """A player's calendar feed: his boards once published, the rounds' slots before."""
    group = public_section(slug, section)
    person = get_object_or_404(group.players, pairing_number=number)
    event = group.tournament
    content = calendar_feeds.player_feed(event, person, _round_url(request, event))
    return _calendar_answer(content, f"{slug}-{section}-{number}")
