"""The demo tournament: eight national teams of two men, two women and a coach.

Everything is made through the same services an arbiter uses, so the demo shows the product as
it is. Building it again leaves the same data: rows are matched by their natural keys.
"""

import random
import secrets
from datetime import date

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.models import Section, Team, Tournament
from tournaments.services.registration import assign_pairing_numbers, register_player

DEMO_SLUG = "demo"
ARBITER_USERNAME = "arbiter"

TEAMS = [
    # name, code, coach, (men), (women)
    ("Ghana", "GHA", "Kwame Asante", ("Kofi Boateng", "Yaw Mensah"), ("Ama Owusu", "Akua Darko")),
    ("Nigeria", "NGR", "Tunde Adebayo", ("Segun Ayodele", "Chidi Okafor"), ("Funmi Bello", "Ngozi Eze")),
    ("Benin", "BEN", "Rodrigue Houngbo", ("Koffi Agossou", "Serge Dossou"), ("Pélagie Ahouansou", "Rosine Zinsou")),
    ("Togo", "TOG", "Komlan Amouzou", ("Edem Kpodar", "Yao Agbeko"), ("Afi Mensah", "Dzifa Lawson")),
    ("Cabo Verde", "CPV", "Jorge Tavares", ("Nuno Semedo", "Paulo Furtado"), ("Ana Lopes", "Djenifer Monteiro")),
    ("Côte d'Ivoire", "CIV", "Yves Kouassi", ("Arsène Koffi", "Didier Yao"), ("Aya Kouamé", "Mariam Traoré")),
    ("Cameroon", "CMR", "Paul Mbarga", ("Samuel Eto", "Jean Ndongo"), ("Brigitte Fouda", "Clarisse Atangana")),
    ("Antigua and Barbuda", "ANT", "Desmond Joseph", ("Rohan Samuel", "Kelvin Thomas"), ("Shania Henry", "Tamara Francis")),
]


def build_demo(password: str | None = None) -> tuple[Tournament, str]:
    """Create or refresh the demo tournament; return it and the arbiter's password."""
    with transaction.atomic():
        tournament = _tournament()
        sections = _sections(tournament)
        _teams_and_players(tournament, sections)
    password = _arbiter(tournament, password)
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
        },
    )
    return tournament


def _sections(tournament: Tournament) -> dict[str, Section]:
    sections = {}
    for order, (slug, name) in enumerate([("men", "Men"), ("women", "Women")]):
        sections[slug], _ = Section.objects.update_or_create(
            tournament=tournament, slug=slug, defaults={"name": name, "order": order}
        )
    return sections


def _teams_and_players(tournament: Tournament, sections: dict[str, Section]) -> None:
    ratings = random.Random(2026)  # fixed seed: the demo is the same on every machine
    for name, code, coach, men, women in TEAMS:
        team, _ = Team.objects.update_or_create(
            tournament=tournament, code=code,
            defaults={"name": name, "coach": coach, "federation": code},
        )
        for section_slug, sex, names in (("men", "m", men), ("women", "w", women)):
            section = sections[section_slug]
            for player_name in names:
                rating = ratings.randrange(1400, 2200, 5)
                if not section.players.filter(name=player_name).exists():
                    register_player(
                        section, name=player_name, sex=sex, rating=rating, federation=code, team=team
                    )
    for section in sections.values():
        if not section.rounds.exists():
            assign_pairing_numbers(section)


def _arbiter(tournament: Tournament, password: str | None) -> str:
    user_model = get_user_model()
    user, _ = user_model.objects.get_or_create(username=ARBITER_USERNAME)
    password = password or secrets.token_urlsafe(12)
    user.set_password(password)
    user.is_staff = True
    user.save()
    tournament.arbiters.add(user)
    return password
