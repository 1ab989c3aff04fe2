"""The demo tournament: eight national teams of two men, two women and a coach.

Everything is made through the same services an arbiter uses, so the demo shows the product as
it is: rounds are paired by the Dutch engine and results go through the results service, most
with move records of legal games that the validator replays. Building it again leaves the same
data: rows are matched by their natural keys and rounds already played are kept.
"""

import random
import secrets
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction
from django.utils import timezone

from oware.endings import Ending
from oware.notation import write_record
from oware.replay import replay
from oware.selfplay import greedy_moves
from oware.sides import Side
from tournaments.models import Pairing, Round, Section, Team, Tournament
from tournaments.models.event import kind_from_name
from tournaments.services.prizes import add_category
from tournaments.services.registration import (
    assign_pairing_numbers,
    reenter_player,
    register_player,
    request_bye,
    withdraw_player,
)
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round, publish_round
from tournaments.services.timetable import set_timetable

DEMO_SLUG = "demo"
ARBITER_USERNAME = "arbiter"
ROUNDS_PLAYED = 5  # of 7: the arbiter trying the demo pairs the last two
VENUE_ZONE = "Africa/Accra"
# Planned starts on the venue's clocks: rounds 1–3 on the first day, 4–5 on the second; the two
# rounds left to play start the day after the demo is built, so its pages count down to them.
PLAYED_STARTS = [(0, 10), (0, 13), (0, 16), (1, 10), (1, 13)]  # (day of the event, hour)
COMING_STARTS = [10, 14]  # hours, tomorrow

# The unusual events an arbiter meets, each once: (section, round, board or pairing number).
TIME_FORFEIT = ("men", 2, 2)
# The player who is not to move resigns, ten moves before the game would have ended.
RESIGNATION = ("women", 2, 1)
NO_SHOW = ("women", 3, 3)
REQUESTED_BYE = ("women", 3, 5)  # pairing number 5 asks for a half-point bye in round 3
WITHDRAWAL = ("men", 4, 16)  # pairing number 16 leaves before round 4
# Pairing number 8 leaves before round 2 and comes back in round 4: absent in rounds 2 and 3.
RE_ENTRY = ("women", 2, 4, 8)

TEAMS = [
    # name, code, coach, (men), (women)
    ("Ghana", "GHA", "Kwame Asante", ("Kofi Boateng", "Yaw Mensah"), ("Ama Owusu", "Akua Darko")),
    (
        "Nigeria",
        "NGR",
        "Tunde Adebayo",
        ("Segun Ayodele", "Chidi Okafor"),
        ("Funmi Bello", "Ngozi Eze"),
    ),
    (
        "Benin",
        "BEN",
        "Rodrigue Houngbo",
        ("Koffi Agossou", "Serge Dossou"),
        ("Pélagie Ahouansou", "Rosine Zinsou"),
    ),
    (
        "Togo",
        "TOG",
        "Komlan Amouzou",
        ("Edem Kpodar", "Yao Agbeko"),
        ("Afi Mensah", "Dzifa Lawson"),
    ),
    (
        "Cabo Verde",
        "CPV",
        "Jorge Tavares",
        ("Nuno Semedo", "Paulo Furtado"),
        ("Ana Lopes", "Djenifer Monteiro"),
    ),
    (
        "Côte d'Ivoire",
        "CIV",
        "Yves Kouassi",
        ("Arsène Koffi", "Didier Yao"),
        ("Aya Kouamé", "Mariam Traoré"),
    ),
    (
        "Cameroon",
        "CMR",
        "Paul Mbarga",
        ("Samuel Eto", "Jean Ndongo"),
        ("Brigitte Fouda", "Clarisse Atangana"),
    ),
    (
        "Antigua and Barbuda",
        "ANT",
        "Desmond Joseph",
        ("Rohan Samuel", "Kelvin Thomas"),
        ("Shania Henry", "Tamara Francis"),
    ),
]


def build_demo(password: str | None = None) -> tuple[Tournament, str]:
    """Create or refresh the demo tournament; return it and the arbiter's password."""
    with transaction.atomic():
        tournament = _tournament()
        user, password = _arbiter(tournament, password)
        sections = _sections(tournament)
        _teams_and_players(tournament, sections, user)
        _prize_categories(sections, user)
        _schedule(tournament, user)
    for section in tournament.sections.all():
        _play_rounds(section, user)
    return tournament, password


def _tournament() -> Tournament:
    tournament, _ = Tournament.objects.update_or_create(
        slug=DEMO_SLUG,
        defaults={
            "name": "Demo Oware Open 2026",
            "venue": "Accra, National Theatre",
            "start_date": date(2026, 11, 20),
            "end_date": date(2026, 11, 22),
            "status": Tournament.Status.RUNNING,
            # The team composition of competition.md, as the arbiter's settings show it.
            "players_per_team_per_section": 2,
            "team_has_coach": True,
        },
    )
    return tournament


def _schedule(tournament: Tournament, user) -> None:
    """Every section's rounds at the same times (PLAYED_STARTS, COMING_STARTS)."""
    zone = ZoneInfo(VENUE_ZONE)
    first_day = tournament.start_date
    tomorrow = timezone.now().astimezone(zone).date() + timedelta(days=1)
    days = [(first_day + timedelta(days=day), hour) for day, hour in PLAYED_STARTS]
    days += [(tomorrow, hour) for hour in COMING_STARTS]
    starts = {
        (section.pk, number): datetime(day.year, day.month, day.day, hour, tzinfo=zone)
        for section in tournament.sections.all()
        for number, (day, hour) in enumerate(days, start=1)
    }
    set_timetable(tournament, by=user, time_zone=VENUE_ZONE, starts=starts)


def _sections(tournament: Tournament) -> dict[str, Section]:
    sections = {}
    for order, (slug, name) in enumerate([("men", "Men"), ("women", "Women")]):
        # Each section takes the kind its name says: Men of men, Women of women.
        sections[slug], _ = Section.objects.update_or_create(
            tournament=tournament,
            slug=slug,
            defaults={"name": name, "order": order, "sex": kind_from_name(name)},
        )
    return sections


def _teams_and_players(tournament: Tournament, sections: dict[str, Section], user) -> None:
    ratings = random.Random(2026)  # fixed seed: the demo is the same on every machine
    for name, code, coach, men, women in TEAMS:
        team, _ = Team.objects.update_or_create(
            tournament=tournament,
            code=code,
            defaults={"name": name, "coach": coach, "federation": code},
        )
        for section_slug, sex, names in (("men", "m", men), ("women", "w", women)):
            section = sections[section_slug]
            for player_name in names:
                rating = ratings.randrange(1400, 2200, 5)
                if not section.players.filter(name=player_name).exists():
                    register_player(
                        section,
                        by=user,
                        name=player_name,
                        sex=sex,
                        rating=rating,
                        federation=code,
                        team=team,
                    )
    for section in sections.values():
        if not section.rounds.exists():
            assign_pairing_numbers(section, by=user)


# Each section's prize categories: ranked by the section's tie-breaks on its prize list.
DEMO_PRIZES = [
    ("Under 1800", {"kind": "rating", "max_rating": 1799, "prizes": 3}),
    ("1800 and over", {"kind": "rating", "min_rating": 1800, "prizes": 3}),
    ("Best of each team", {"kind": "team_best", "prizes": 4}),
]


def _prize_categories(sections: dict[str, Section], user) -> None:
    for section in sections.values():
        for name, fields in DEMO_PRIZES:
            if not section.prize_categories.filter(name=name).exists():
                add_category(section, by=user, name=name, **fields)


def _arbiter(tournament: Tournament, password: str | None):
    user_model = get_user_model()
    user, _ = user_model.objects.get_or_create(username=ARBITER_USERNAME)
    password = password or secrets.token_urlsafe(12)
    user.set_password(password)
    # Not staff: a demo password is printed on the console, so it opens no door to the admin.
    user.is_staff = False
    user.save()
    # The demo arbiter may also try creating a tournament of his own.
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament.arbiters.add(user)
    return user, password


def _play_rounds(section: Section, user) -> None:
    """Pair, publish and enter the results of the demo's rounds that are not played yet."""
    while section.rounds.count() < ROUNDS_PLAYED:
        number = section.rounds.count() + 1
        _before_pairing(section, number, user)
        round_ = publish_round(pair_next_round(section, by=user), by=user)
        rng = random.Random(f"{section.slug}-{number}")
        for pairing in round_.pairings.filter(north__isnull=False).select_related("south", "north"):
            entry = _demo_result(section, round_, pairing, rng)
            record_result(pairing, entry, by=user)


def _before_pairing(section: Section, number: int, user) -> None:
    slug, round_number, pairing_number = REQUESTED_BYE
    if (section.slug, number) == (slug, round_number):
        request_bye(section.players.get(pairing_number=pairing_number), number, "0.5", by=user)
    slug, round_number, pairing_number = WITHDRAWAL
    if (section.slug, number) == (slug, round_number):
        withdraw_player(section.players.get(pairing_number=pairing_number), number, by=user)
    slug, leaves, returns, pairing_number = RE_ENTRY
    if (section.slug, number) == (slug, leaves):
        withdraw_player(section.players.get(pairing_number=pairing_number), number, by=user)
    if (section.slug, number) == (slug, returns):
        reenter_player(section.players.get(pairing_number=pairing_number), number, by=user)


def _demo_result(
    section: Section, round_: Round, pairing: Pairing, rng: random.Random
) -> ResultEntry:
    where = (section.slug, round_.number, pairing.board)
    if where == NO_SHOW:
        return ResultEntry(ending=Ending.FORFEIT, decided_by=Side.NORTH)
    variant = section.tournament.variant
    moves, ending = greedy_moves(variant, rng=rng)
    resigner = None
    if where == TIME_FORFEIT:
        # The flag falls a few moves before the end; the player to move is the one flagged.
        moves, ending = moves[: max(len(moves) - 6, 1)], Ending.TIME
    if where == RESIGNATION:
        moves, ending = moves[: max(len(moves) - 10, 1)], Ending.RESIGN
        resigner = 1 - replay(moves, variant).to_move
    game = replay(moves, variant, ending, resigner=resigner)
    if pairing.board % 3 == 0 and ending is None:
        # Some results are typed as scores, as from a paper scoresheet without moves.
        return ResultEntry(
            ending=game.ending, south_seeds=game.stores[0], north_seeds=game.stores[1]
        )
    tags = {
        "Event": section.tournament.name,
        "Round": str(round_.number),
        "South": pairing.south.name,
        "North": pairing.north.name,
    }
    return ResultEntry(ending=ending, record=write_record(game, tags))
