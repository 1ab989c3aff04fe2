"""Every page of the site a reader can open, found in the URL configuration (as the permissions
matrix finds its routes), filled in with the demo tournament's values."""

from games.live import live_board_code
from notifications.models import Follower
from ratinglists.models import RatingList, RatingPeriod
from register.models import Person, RegisterChange
from tests.security.world import PARAMETER, ROUTES
from tournaments.models import GameRecord, RequestedBye, Section, Tournament
from tournaments.services.registration import assign_pairing_numbers, register_player

# Routes that are not pages a person reads: the API, the health check, the admin (Django's).
NOT_PAGES = ("api/", "healthz", "admin/")
# Routes that belong to the arbiter, the register's officers or a logged-in account.
PRIVATE = ("arbiter/", "register/", "new-tournament/", "new-online-event/", "account/")
# A round robin's schedule exists only in a round robin section; the demo has none, so the
# pages get one of their own with this slug.
ROUND_ROBIN = "round-robin"


def _is_page(route: str) -> bool:
    return not route.startswith(NOT_PAGES)


def public_routes() -> list[str]:
    return [r for r, _ in ROUTES if _is_page(r) and not any(p in r for p in PRIVATE)]


def arbiter_routes() -> list[str]:
    return [r for r, _ in ROUTES if _is_page(r) and any(p in r for p in PRIVATE)]


def add_round_robin(tournament: Tournament) -> Section:
    arbiter = tournament.arbiters.get()
    section = tournament.sections.create(
        name="Juniors", slug=ROUND_ROBIN, pairing_system="round-robin"
    )
    for n, name in enumerate(("Adwoa Owusu", "Esi Appiah", "Yaa Asantewaa", "Akua Donkor")):
        register_player(section, by=arbiter, name=name, sex="w", rating=1500 - n)
    assign_pairing_numbers(section, by=arbiter)
    return section


class DemoValues:
    """What each URL parameter stands for in the demo (`loaddemo`) tournament."""

    def __init__(self, tournament: Tournament):
        men = tournament.sections.get(slug="men")
        self.game = GameRecord.objects.filter(pairing__round__section=men).first().pairing
        self.values = {
            "slug": tournament.slug,
            "section": men.slug,
            "number": self.game.round.number,
            "pairing_id": self.game.pk,
            "game_id": self.game.pk,
            "board": self.game.board,
            "team_id": tournament.teams.order_by("pk").first().pk,
            "player_id": self.game.south_id,
            "code": live_board_code(self.game),
            "bye_id": self._bye(men).pk,
            **self._register_values(men),
            # A follower's "stop following" key; as a mailed sign-in or unsubscribe link's
            # signed part it is a forged one, refused.
            "token": self._follower(men).token,
            # An answer to a player's report: a form's target that only takes a POST.
            "dispute_id": 1,
        }

    @staticmethod
    def _follower(section: Section) -> Follower:
        """A phone following the section's first player (its "stop following" page)."""
        return Follower.objects.create(
            tournament=section.tournament,
            player=section.players.order_by("pairing_number").first(),
            endpoint="https://push.example.org/send/1",
            p256dh="B" + "A" * 86,
            auth="A" * 22,
            language="en",
            token="a-followers-token",
        )

    @staticmethod
    def _register_values(section: Section) -> dict:
        """A person of the register (named as the section's first player), an audit row of
        the register and a published rating list, made when the demo has none."""
        player = section.players.order_by("pairing_number").first()
        person = Person.objects.create(name=player.name, sex=player.sex)
        change = RegisterChange.objects.create(
            kind=RegisterChange.Kind.MERGE, person=person, other=person, snapshot={}
        )
        period = RatingPeriod.objects.create(start="2026-01-01", end="2026-01-31", system="fide")
        rating_list = RatingList.objects.create(period=period, date="2026-01-31", system="fide")
        return {
            "person_id": person.pk,
            "change_id": change.pk,
            "period_id": period.pk,
            "list_id": rating_list.pk,
        }

    @staticmethod
    def _bye(section: Section) -> RequestedBye:
        """A requested bye of the section, asked for the last round if the demo has none."""
        bye = RequestedBye.objects.filter(player__section=section).first()
        return bye or RequestedBye.objects.create(
            player=section.players.first(), round_number=section.tournament.rounds, points=0
        )

    def path(self, route: str) -> str:
        values = dict(self.values)
        if route.endswith("/schedule/"):
            values["section"] = ROUND_ROBIN
        missing = set(PARAMETER.findall(route)) - values.keys()
        assert not missing, f"route {route!r} takes {sorted(missing)}: teach DemoValues"
        return "/" + PARAMETER.sub(lambda match: str(values[match.group(1)]), route)
