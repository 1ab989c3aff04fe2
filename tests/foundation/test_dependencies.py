"""The direction between the apps, read from the imports of every module.

`games`, `publishing` and `register` stand on `tournaments` (a game belongs to a pairing; a venue
publishes a tournament; the register links a tournament's players to persons), so `tournaments`
imports nothing of `games`, `publishing` or `register`. `ratinglists` (the rating periods and
lists) stands on `register` and `tournaments`, and neither imports it. The rules engine
`oware` is a package of its own at the bottom: every app may import it and it imports none.
The pure cores (the engine, pairing, tie-breaks, TRF files, ratings and the outcome words they
share) import no framework and no app, so that they run, and are tested, on their own.
"""

import ast
import subprocess
import sys
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
)
# Cores that are packages of their own at the top level, beside the apps and the engine.
TOP_LEVEL_CORES = ("ratings",)
# The packages a core sits in run their __init__ whenever the core is imported.
CORE_MODULES = ("tournaments.outcomes", "tournaments", "publishing", "register")
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


def _why_wrong(module: str, name: str) -> str | None:
    if is_within(module, ENGINE) and any(is_within(name, app) for app in APPS):
        return "the rules engine belongs to no app"
    if is_within(module, "tournaments") and is_games_app(name):
        return "games stands on tournaments, not the other way"
    if is_within(module, "tournaments") and is_within(name, "publishing"):
        return "publishing stands on tournaments, not the other way"
    if is_within(module, "tournaments") and is_within(name, "register"):
        return "register stands on tournaments, not the other way"
    if any(is_within(module, app) for app in ("tournaments", "register")) and is_within(
        name, "ratinglists"
    ):
        return "ratinglists stands on register and tournaments, not the other way"
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
    for app in (*APPS, ENGINE, *TOP_LEVEL_CORES):
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
        ("publishing.chain", "from django.db import transaction", "no framework"),
        ("publishing.chain", "from tournaments.services import backup", "no app module"),
        ("ratings.fide", "from django.db import models", "no framework"),
        ("ratings", "from tournaments.models import Player", "no app module"),
        ("ratings.events", "from tournaments.services import trf_import", "no app module"),
        ("ratings.cli", "from games import live", "no app module"),
        ("tournaments.services.x", "from register.linking import link_by_id", "register stands on"),
        ("tournaments.apps", "def f():\n    import register.models", "register stands on"),
        ("register.matching", "from django.db import models", "no framework"),
        ("register.matching", "from tournaments.models import Player", "no app module"),
        ("register.matching", "from register.models import Person", "no app module"),
        ("oware.x", "from register import matching", "belongs to no app"),
        ("tournaments.services.x", "from ratinglists import computing", "ratinglists stands on"),
        ("register.models", "def f():\n    import ratinglists.models", "ratinglists stands on"),
        ("ratings.fide", "from ratinglists.models import RatingRow", "no app module"),
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
