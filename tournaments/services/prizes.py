"""Prize categories of a section and the prize list: each category's players in the section's
own order (its tie-breaks, from the standings service), never ranked again by hand."""

import re
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Player, PrizeCategory, Section
from tournaments.services.errors import ErrorCode, ServiceError, save_validated
from tournaments.services.permissions import require_arbiter
from tournaments.services.standings import section_standings

Kind = PrizeCategory.Kind
FIRST_BIRTH_YEAR = 1900
# The fields each kind reads; any other one filled in is refused rather than ignored.
KIND_FIELDS = {
    Kind.WOMEN: set(),
    Kind.RATING: {"min_rating", "max_rating"},
    Kind.JUNIORS: {"born_from"},
    Kind.TEAM_BEST: set(),
}
FIELD_WORDS = {
    "min_rating": gettext_lazy("lowest rating"),
    "max_rating": gettext_lazy("highest rating"),
    "born_from": gettext_lazy("birth year"),
}


@transaction.atomic
def add_category(section: Section, *, by, **fields) -> PrizeCategory:
    """Add a prize category to `section` after checking it (ServiceError, nothing written):
    a women's category in an open section only, a rating group with a lowest or highest rating
    in order, a juniors category with a birth year, no field its kind does not read, a name not
    used in the section."""
    require_arbiter(section.tournament, by)
    category = PrizeCategory(section=section, **fields)
    check_category(category)
    if section.prize_categories.filter(name=category.name).exists():
        raise ServiceError(
            ErrorCode.PRIZE_CATEGORY,
            case="taken",
            field="name",
            section=section.name,
            name=category.name,
        )
    category.order = section.prize_categories.count()
    return save_validated(category)


def check_category(category: PrizeCategory) -> None:
    """Refuse (ServiceError naming the field) a category its section cannot hold."""
    section, kind = category.section, category.kind
    for name in ("min_rating", "max_rating", "born_from"):
        if getattr(category, name) is not None and name not in KIND_FIELDS.get(kind, set()):
            raise ServiceError(
                ErrorCode.PRIZE_CATEGORY, case="unused", field=name, what=FIELD_WORDS[name]
            )
    if kind == Kind.WOMEN and section.sex == Section.Kind.MEN:
        raise ServiceError(
            ErrorCode.PRIZE_CATEGORY, case="women_in_men", field="kind", section=section.name
        )
    if kind == Kind.WOMEN and section.sex == Section.Kind.WOMEN:
        raise ServiceError(
            ErrorCode.PRIZE_CATEGORY, case="women_in_women", field="kind", section=section.name
        )
    if kind == Kind.RATING:
        low, high = category.min_rating, category.max_rating
        if low is None and high is None:
            raise ServiceError(ErrorCode.PRIZE_CATEGORY, case="no_rating", field="min_rating")
        if low is not None and high is not None and low > high:
            raise ServiceError(
                ErrorCode.PRIZE_CATEGORY,
                case="rating_order",
                field="max_rating",
                low=low,
                high=high,
            )
    if kind == Kind.JUNIORS:
        year, last = category.born_from, timezone.now().year
        if year is None:
            raise ServiceError(ErrorCode.PRIZE_CATEGORY, case="no_year", field="born_from")
        if not FIRST_BIRTH_YEAR <= year <= last:
            raise ServiceError(
                ErrorCode.PRIZE_CATEGORY, case="year_range", field="born_from", year=year, last=last
            )


def delete_category(category: PrizeCategory, *, by) -> None:
    require_arbiter(category.section.tournament, by)
    category.delete()


def birth_year(player: Player) -> int | None:
    """The year a player was born, from his birth date as a TRF file holds it (YYYY/MM/DD, or
    a year alone); None when unknown."""
    match = re.match(r"\s*(\d{4})", player.birth_date or "")
    return int(match.group(1)) if match else None


def in_category(category: PrizeCategory, player: Player) -> bool:
    """Whether `player` competes in `category` (a team's best board is decided by the order)."""
    if category.kind == Kind.WOMEN:
        return player.sex == Player.Sex.FEMALE
    if category.kind == Kind.RATING:
        if player.rating is None:
            return False
        low, high = category.min_rating, category.max_rating
        return (low is None or player.rating >= low) and (high is None or player.rating <= high)
    if category.kind == Kind.JUNIORS:
        year = birth_year(player)
        return year is not None and year >= category.born_from
    return player.team_id is not None  # TEAM_BEST


@dataclass
class PrizeRow:
    prize: int  # 1 for the category's first prize
    place: str  # the player's place in the section ("4", or "4-5" when shared)
    player: Player
    values: list  # the section's tie-break values, in its order


@dataclass
class CategoryList:
    category: PrizeCategory
    rows: list[PrizeRow] = field(default_factory=list)

    @property
    def description(self) -> str:
        """What the category takes, in words."""
        category = self.category
        if category.kind == Kind.RATING:
            low, high = category.min_rating, category.max_rating
            if low is not None and high is not None:
                return _("rating %(low)d to %(high)d") % {"low": low, "high": high}
            if low is not None:
                return _("rating %(low)d or more") % {"low": low}
            return _("rating up to %(high)d") % {"high": high}
        if category.kind == Kind.JUNIORS:
            return _("born in %(year)d or later") % {"year": category.born_from}
        if category.kind == Kind.TEAM_BEST:
            return _("the best-placed player of each team")
        return _("the women of the section")


def prize_list(section: Section):
    """(standings, [CategoryList]): each category's prize winners in the order of the section's
    standings (`section_standings`, the tie-breaks of the tournament), `prizes` of them."""
    table = section_standings(section)
    ranked = list(table.rows())
    lists = []
    for category in section.prize_categories.all():
        listed = CategoryList(category)
        teams_seen = set()
        for place, player, values in ranked:
            if len(listed.rows) >= category.prizes:
                break
            if not in_category(category, player):
                continue
            if category.kind == Kind.TEAM_BEST:
                if player.team_id in teams_seen:
                    continue
                teams_seen.add(player.team_id)
            listed.rows.append(PrizeRow(len(listed.rows) + 1, place, player, values))
        lists.append(listed)
    return table, lists
