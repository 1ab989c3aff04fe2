"""The direction between the folders, read from the imports of every module.

Each top-level folder stands on the ones `STANDS_ON` names and imports nothing else of the
project: the rules engine `oware` at the bottom imports none; `tournaments` stands on the
engine; `games` and `register` stand on `tournaments` (a game belongs to a pairing; the register
links a tournament's players to persons); `publishing` stands on `games` too (a venue publishes
its live boards); `ratinglists` (the rating periods and lists) stands on `register`;
`notifications` (webhooks) stands on `tournaments`, which tells it what happened through
`tournaments.announcements`; `players` (player accounts and their mail) stands on `register`
too (a player links his account to a person); `oware_tournaments`,
the project, sits on top and no app imports it.
The pure cores (the engine, pairing, tie-breaks, TRF files, ratings and the outcome words they
share) import no framework and no app, so that they run, and are tested, on their own.
"""

import ast
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = "oware"
CORES = (
    "oware",
    "tournaments.pairing",
    "tournaments.tiebreaks",
    "tournaments.trf",
    "publishing.chain",
    "ratings",
    "register.matching",
    "games.remote_clock",
    "games.move_timings",
)
# The packages a core sits in run their __init__ whenever the core is imported.
CORE_MODULES = ("tournaments.outcomes", "tournaments", "publishing", "register", "games")
FRAMEWORKS = ("django", "rest_framework", "drf_spectacular")
TOURNAMENTS_APP = (
    "tournaments.models",
    "tournaments.services",
    "tournaments.views",
    "tournaments.api",
)


def is_within(module: str, package: str) -> bool:
    """Whether `module` is `package` or one of its submodules."""
    return module == package or module.startswith(package + ".")


APPS = ("tournaments", "games", "publishing", "register", "ratinglists")
# What each folder may import of the project, lowest first; no import points back up.
STANDS_ON = {
    "oware": (),
    "ratings": ("oware", "tournaments"),  # the TRF core only: a core imports no app module
    "tournaments": ("oware",),
    "games": ("oware", "tournaments", "players"),
    "register": ("oware", "ratings", "tournaments"),
    "ratinglists": ("oware", "ratings", "tournaments", "register"),
    "publishing": ("oware", "tournaments", "games"),
    "notifications": ("oware", "tournaments"),
    "players": ("oware", "tournaments", "register"),
    "online": ("oware", "tournaments", "games", "players", "notifications", "register"),
    "oware_tournaments": (
        "oware",
        "tournaments",
        "games",
        "register",
        "ratinglists",
        "publishing",
        "notifications",
        "players",
        "online",
    ),
}


def is_games_app(module: str) -> bool:
    """A module of the games app (the live board)."""
    return is_within(module, "games")


def is_core(module: str) -> bool:
    return module in CORE_MODULES or any(is_within(module, core) for core in CORES)


def imported_modules(source: str, module: str, is_package: bool = False) -> list[str]:
    """The absolute name of everything `source` (the text of `module`) imports, at any depth
    of the code (a lazy import in a function counts too). `from a import b` gives `a.b`, since
    `b` may be a submodule; relative imports are resolved against the module's package."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            prefix = ".".join([*base, *([node.module] if node.module else [])])
            found.extend(f"{prefix}.{alias.name}" for alias in node.names)
    return found


def wrong_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Each import of `module` against the direction, as 'module imports name: why'."""
    wrong = []
    for name in imported_modules(source, module, is_package):
        why = _why_wrong(module, name)
        if why:
            wrong.append(f"{module} imports {name}: {why}")
    return wrong


def _folder(module: str) -> str:
    return module.split(".", 1)[0]


def _why_wrong(module: str, name: str) -> str | None:
    here, there = _folder(module), _folder(name)
    if here in STANDS_ON and there in STANDS_ON and there != here:
        if there not in STANDS_ON[here]:
            if here == ENGINE:
                return "the rules engine belongs to no app"
            if here in STANDS_ON[there]:
                return f"{there} stands on {here}, not the other way"
            return f"{here} does not stand on {there}"
    if is_core(module) and any(is_within(name, top) for top in FRAMEWORKS):
        return "a pure core imports no framework"
    if is_core(module) and (
        is_games_app(name)
        or any(is_within(name, app) for app in TOURNAMENTS_APP)
        or (is_within(name, "register") and not is_core(name))
        or is_within(name, "ratinglists")
    ):
        return "a pure core imports no app module"
    return None


def project_modules():
    """(module name, path, is a package's __init__) of every .py of the apps and the cores."""
    for app in STANDS_ON:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            yield ".".join(parts[:-1] if is_package else parts), path, is_package


def test_every_import_follows_the_direction_between_the_apps():
    modules = list(project_modules())
    assert len(modules) > 100, "the walk should see both apps"
    wrong = [
        problem
        for module, path, is_package in modules
        for problem in wrong_imports(path.read_text(encoding="utf-8"), module, is_package)
    ]
    assert wrong == []


def test_the_cores_load_without_any_framework():
    """Importing every module of the cores loads no framework module, however indirectly."""
    script = (
        "import importlib, pkgutil, sys\n"
        f"for name in {CORES + ('tournaments.outcomes',)!r}:\n"
        "    try:\n"
        "        package = importlib.import_module(name)\n"
        "    except ModuleNotFoundError:\n"
        "        continue\n"
        "    for found in pkgutil.walk_packages(getattr(package, '__path__', []), name + '.'):\n"
        "        if not found.name.endswith('__main__'):\n"
        "            importlib.import_module(found.name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "source", "why"),
    [
        ("tournaments.freshness", "from games.models import LiveBoard", "games stands on"),
        ("tournaments.services.x", "from games import live", "games stands on"),
        ("tournaments.views.x", "def f():\n    import games.views", "games stands on"),
        ("tournaments.services.x", "from ...games import live", "games stands on"),
        ("tournaments.pairing.x", "from django.db import models", "no framework"),
        ("tournaments.trf.x", "import rest_framework.fields", "no framework"),
        ("tournaments.outcomes", "from django.utils import timezone", "no framework"),
        ("tournaments", "from django.apps import AppConfig", "no framework"),
        ("tournaments.tiebreaks.x", "from tournaments.models import Result", "no app module"),
        ("tournaments.pairing.x", "from tournaments.services import history", "no app module"),
        ("tournaments.trf.x", "from ..api import views", "no app module"),
        ("oware.x", "from django.conf import settings", "no framework"),
        ("oware.x", "from games.models import LiveBoard", "belongs to no app"),
        ("oware.x", "from games import live", "belongs to no app"),
        ("oware.x", "from publishing.chain import backoff", "belongs to no app"),
        ("oware.x", "from tournaments.outcomes import Scoring", "belongs to no app"),
        ("tournaments.services.x", "from publishing import sending", "publishing stands on"),
        ("games.live", "from publishing.live import restore_live", "publishing stands on games"),
        ("register.linking", "from games.live import claim", "register does not stand on"),
        (
            "tournaments.views.x",
            "from oware_tournaments.env import env_str",
            "oware_tournaments stands on",
        ),
        ("oware.x", "from oware_tournaments import settings", "belongs to no app"),
        ("publishing.chain", "from django.db import transaction", "no framework"),
        ("publishing.chain", "from tournaments.services import backup", "no app module"),
        ("ratings.fide", "from django.db import models", "no framework"),
        ("ratings", "from tournaments.models import Player", "no app module"),
        ("ratings.events", "from tournaments.services import trf_import", "no app module"),
        ("ratings.cli", "from games import live", "ratings does not stand on games"),
        ("tournaments.services.x", "from register.linking import link_by_id", "register stands on"),
        ("tournaments.apps", "def f():\n    import register.models", "register stands on"),
        ("register.matching", "from django.db import models", "no framework"),
        ("register.matching", "from tournaments.models import Player", "no app module"),
        ("register.matching", "from register.models import Person", "no app module"),
        ("oware.x", "from register import matching", "belongs to no app"),
        ("tournaments.services.x", "from ratinglists import computing", "ratinglists stands on"),
        ("register.models", "def f():\n    import ratinglists.models", "ratinglists stands on"),
        ("ratings.fide", "from ratinglists.models import RatingRow", "ratinglists stands on"),
    ],
)
def test_the_checker_finds_an_import_against_the_direction(module, source, why):
    (problem,) = wrong_imports(source, module)
    assert why in problem


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("tournaments.models.x", "from oware.sides import Side"),
        ("tournaments.services.x", "import oware"),
        ("tournaments.pairing.x", "from tournaments.outcomes import Scoring"),
        ("tournaments.tiebreaks.x", "from . import ranking\nfrom ..trf import parse_file"),
        ("oware.x", "from .rules import legal_moves"),
        ("games.live", "from tournaments.services.results import record_result"),
        ("games.views", "from django.http import JsonResponse"),
        ("publishing.live", "from games.models import LiveBoard"),
        ("oware_tournaments.urls", "from publishing import views"),
        ("ratings.events", "from tournaments import trf"),
        ("ratings.cli", "from .fide import rate_period"),
        ("register.linking", "from tournaments.models import Player"),
        ("register.apps", "from tournaments import freshness"),
        ("register.linking", "from register.matching import name_key"),
        ("ratinglists.computing", "from ratings import fide"),
        ("ratinglists.computing", "from register.models import PlayerLink"),
        ("ratinglists.apps", "from tournaments.services import rating_source"),
    ],
)
def test_the_checker_lets_an_import_along_the_direction_pass(module, source):
    assert wrong_imports(source, module) == []


def test_a_package_resolves_its_relative_imports_from_itself():
    assert imported_modules("from . import live", "games", is_package=True) == ["games.live"]
    assert imported_modules("from .rules import play", "oware", is_package=True) == [
        "oware.rules.play"
    ]
    assert wrong_imports("from games.live import play", "oware", is_package=True)


# --- the edges: side letters and colour letters, and the points of a game ----------------------

# Where a side may be spelt by hand, and nowhere else: the engine's own letters and its record
# notation and game files, the database column and the choices of forms and the API. TRF colour
# letters live only in the TRF package.
SIDE_LETTERS = frozenset({"S", "N"})
COLOUR_LETTERS = frozenset({"w", "b"})
SIDE_LETTER_EDGES = ("oware.sides", "oware.notation", "oware.ogn", "tournaments.models.sides")
COLOUR_LETTER_EDGES = ("tournaments.trf",)
# A migration is the database's own history, frozen as it was written.
FROZEN = ".migrations."
# Names that hold a side (or a colour) when a letter is assigned to them or passed as them.
SIDE_NAMES = re.compile(
    r"side|colou?r|decided_by|offer|mover|to_move|winner|resigner|flagged|absent|loser"
)
# The one module that declares the points of a win, a draw and a loss.
POINTS_MODULE = "oware.points"
POINTS_NAMES = re.compile(r"(^|_)(win|wins|draw|draws|loss|losses|half)(_|$)", re.IGNORECASE)


def _letters_allowed(module: str) -> frozenset[str]:
    """The letters `module` may spell: S/N at the side edges, w/b in the TRF package."""
    allowed = set()
    if any(is_within(module, edge) for edge in SIDE_LETTER_EDGES):
        allowed |= SIDE_LETTERS
    if any(is_within(module, edge) for edge in COLOUR_LETTER_EDGES):
        allowed |= COLOUR_LETTERS
    return frozenset(allowed)


def _letter(node, letters) -> str | None:
    """The letter `node` spells when it is a string constant among `letters`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in letters:
        return node.value
    return None


def _letters_in(node, letters) -> list[str]:
    """The letters a constant, a conditional or a literal collection of them spells."""
    if isinstance(node, ast.IfExp):
        return _letters_in(node.body, letters) + _letters_in(node.orelse, letters)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [found for item in node.elts for found in _letters_in(item, letters)]
    found = _letter(node, letters)
    return [found] if found else []


def _target_names(target) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Attribute):
        return [target.attr]
    if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
        return [str(target.slice.value)]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for item in target.elts for name in _target_names(item)]
    return []


def spelt_letters(source: str, module: str) -> list[str]:
    """Each side or colour letter `module` compares with or produces as a side outside the
    edges, as 'module line N: why'."""
    letters = (SIDE_LETTERS | COLOUR_LETTERS) - _letters_allowed(module)
    found = []
    if FROZEN in module:
        return found

    def report(node, letter, how):
        found.append(f"{module} line {node.lineno}: {how} {letter!r}")

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                for letter in _letters_in(operand, letters):
                    report(node, letter, "compares with")
        elif isinstance(node, ast.Return) and node.value is not None:
            for letter in _letters_in(node.value, letters):
                report(node, letter, "returns")
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [name for target in targets for name in _target_names(target)]
            if any(SIDE_NAMES.search(name.lower()) for name in names):
                for letter in _letters_in(node.value, letters):
                    report(node, letter, "assigns a side")
        elif isinstance(node, ast.keyword) and node.arg and SIDE_NAMES.search(node.arg.lower()):
            for letter in _letters_in(node.value, letters):
                report(node.value, letter, "passes a side")
        elif isinstance(node, ast.Dict):
            keys = [key for key in node.keys if key is not None]
            side_keys = any(
                _letters_in(key, letters & SIDE_LETTERS)
                or (isinstance(key, ast.Constant) and SIDE_NAMES.search(str(key.value).lower()))
                for key in keys
            )
            for value in node.values:
                for letter in _letters_in(value, letters & SIDE_LETTERS) or (
                    _letters_in(value, letters) if side_keys else []
                ):
                    report(value, letter, "maps to")
    return found


POINTS_VALUES = frozenset({Fraction(0), Fraction(1, 2), Fraction(1)})


def _number(node) -> Fraction | None:
    """The number a literal spells: 1, 0.5, Decimal("0.5"), Fraction(1, 2); None otherwise (a
    string alone is a code, not a number)."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return Fraction(node.value)
    if (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", None) in ("Decimal", "Fraction")
        and node.args
        and all(isinstance(arg, ast.Constant) for arg in node.args)
    ):
        try:
            return Fraction(*(arg.value for arg in node.args))
        except (ValueError, TypeError):
            return None
    return None


def _is_points_value(node) -> bool:
    """A literal 1, ½ or 0, or a tuple of them (`WIN, LOSS = Decimal(1), Decimal(0)`)."""
    if isinstance(node, ast.Tuple):
        return bool(node.elts) and all(_is_points_value(item) for item in node.elts)
    return _number(node) in POINTS_VALUES


def points_declarations(source: str, module: str) -> list[str]:
    """Each win, draw or loss value of points declared in `module` at the level of the module or
    of a class, outside the one module that declares them, as 'module line N: name'."""
    if module == POINTS_MODULE:
        return []
    found = []
    tree = ast.parse(source)
    bodies = [tree.body] + [n.body for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    for body in bodies:
        for node in body:
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [name for target in targets for name in _target_names(target)]
            if any(POINTS_NAMES.search(name) for name in names) and _is_points_value(node.value):
                found.append(f"{module} line {node.lineno}: {', '.join(names)}")
    return found


def test_side_and_colour_letters_are_spelt_only_at_the_edges():
    spelt = [
        problem
        for module, path, _is_package in project_modules()
        for problem in spelt_letters(path.read_text(encoding="utf-8"), module)
    ]
    assert spelt == []


TEMPLATE_LETTER = re.compile(r"""(==|!=|\bin)\s*["'](S|N|w|b)["']""")


def test_templates_compare_no_side_letter():
    """A page asks the side (or the ending) itself, never its letter."""
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for match in TEMPLATE_LETTER.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_points_of_a_game_are_declared_once():
    found = [
        problem
        for module, path, _is_package in project_modules()
        for problem in points_declarations(path.read_text(encoding="utf-8"), module)
    ]
    assert found == []


@pytest.mark.parametrize(
    ("module", "source", "why"),
    [
        ("tournaments.services.x", 'if entry.decided_by == "S":\n    pass', "compares with 'S'"),
        ("games.live", 'ok = side in ("S", "N")', "compares with"),
        ("tournaments.views.x", 'def f():\n    return "N"', "returns 'N'"),
        ("games.live", 'board.decided_by = "N"', "assigns a side 'N'"),
        ("tournaments.services.x", 'ResultEntry(decided_by="S")', "passes a side 'S'"),
        ("tournaments.services.backup", 'OLD = {"w": "S", "b": "N"}', "maps to 'S'"),
        ("tournaments.services.x", 'state = {"side": "N"}', "maps to 'N'"),
        ("tournaments.services.standings", 'if colour != "b":\n    pass', "compares with 'b'"),
        ("tournaments.pairing.x", 'colour = "w" if south else "b"', "assigns a side 'w'"),
        ("oware.replay", 'mover = "S" if side == 0 else "N"', "assigns a side 'S'"),
        ("tournaments.models.results", 'x = side == "N"', "compares with 'N'"),
    ],
)
def test_the_checker_finds_a_letter_spelt_away_from_the_edges(module, source, why):
    problems = spelt_letters(source, module)
    assert problems and why in problems[0]


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("tournaments.services.x", "if entry.decided_by is Side.SOUTH:\n    pass"),
        ("tournaments.services.x", "ResultEntry(decided_by=Side.NORTH)"),
        ("tournaments.models.sides", '_SIDE_OF_LETTER = {"S": Side.SOUTH, "N": Side.NORTH}'),
        ("oware.sides", '_LETTERS = ("S", "N")'),
        ("oware.notation", 'if token == "S":\n    pass'),
        ("tournaments.trf.colours", '_COLOUR_OF_SIDE = {Side.SOUTH: "w", Side.NORTH: "b"}'),
        ("tournaments.trf.reader", 'if colour in ("w", "b"):\n    pass'),
        ("tournaments.services.prizes", "return player.sex == Player.Sex.FEMALE"),
        ("tournaments.registration_import", 'SEXES = {"f": "w", "female": "w"}'),
        ("tournaments.pairing.cli", 'open(path, "w")'),
        ("games.views", 'if data.get("side") == "both":\n    pass'),
    ],
)
def test_the_checker_lets_a_typed_side_and_the_edges_pass(module, source):
    assert spelt_letters(source, module) == []


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("tournaments.outcomes", 'class Scoring:\n    win: Decimal = Decimal("1")'),
        ("tournaments.pairing.generator", "WIN, LOSS = Decimal(1), Decimal(0)"),
        ("tournaments.tiebreaks.sample", 'HALF = Decimal("0.5")'),
        ("oware.outcome", "DRAW = 0.5"),
        ("tournaments.services.x", "class Points:\n    LOSS = 0"),
    ],
)
def test_the_checker_finds_a_second_declaration_of_the_points(module, source):
    assert points_declarations(source, module)


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("oware.points", 'WIN = Decimal(1)\nDRAW = Decimal("0.5")\nLOSS = Decimal(0)'),
        ("tournaments.outcomes", "class Scoring:\n    win: Decimal = WIN"),
        ("oware.rules", "WIN_SCORE = SEEDS // 2 + 1"),
        ("tournaments.trf.codes", 'WIN = "1"\nDRAW = "="'),
        ("tournaments.services.x", 'def f():\n    draw = Decimal("0.5")'),
        ("tournaments.outcomes", "class Scoring:\n    forfeit_win: Decimal | None = None"),
    ],
)
def test_the_checker_lets_the_one_declaration_and_its_readers_pass(module, source):
    assert points_declarations(source, module) == []
