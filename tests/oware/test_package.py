"""The engine is a package of its own: it imports, replays and runs its command line on a bare
interpreter that has no Django (no site-packages at all), from the source tree alone."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# -I: isolated (no PYTHON* variables, no user site, no current folder on the path);
# -S: no site-packages, so no Django, DRF or any installed distribution can be found.
BARE = [sys.executable, "-I", "-S", "-c"]


def bare(script: str, stdin: str = "") -> subprocess.CompletedProcess:
    prelude = f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
    return subprocess.run(
        BARE + [prelude + script], input=stdin, capture_output=True, text=True, check=True
    )


def test_the_bare_interpreter_has_no_django():
    found = bare("import importlib.util; print(importlib.util.find_spec('django'))")
    assert found.stdout.strip() == "None"


def test_every_module_of_the_engine_imports_without_django():
    loaded = bare(
        "import importlib, pkgutil, oware\n"
        "names = [m.name for m in pkgutil.walk_packages(oware.__path__, 'oware.')]\n"
        "for name in names: importlib.import_module(name)\n"
        "print(len(names), sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'tournaments', 'games', 'publishing')))\n"
    )
    count, foreign = loaded.stdout.split(" ", 1)
    assert int(count) >= 14
    assert foreign.strip() == "[]"


def test_the_command_line_replays_on_a_bare_interpreter():
    request = {"id": "g1", "variant": "abapa", "record": "1. C d"}
    answer = bare(
        "import runpy; sys.argv = ['oware', 'replay']; runpy.run_module('oware', "
        "run_name='__main__')",
        stdin=json.dumps(request) + "\n",
    )
    result = json.loads(answer.stdout)
    assert result["id"] == "g1"
    assert result["result"]["plies"] == 2
