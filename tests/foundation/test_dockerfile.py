"""The image holds the whole product: the Dockerfile copies every package the wheel installs
(pyproject's `[tool.setuptools.packages.find] include`) and the files the server runs with, so
that a new package cannot be forgotten in it."""

import re
import tomllib

from tests.servers import ROOT

# What the image needs beside the packages: the site's files, the serving scripts, manage.py.
RUN_WITH = {"templates", "locale", "scripts", "manage.py"}


def copied() -> set[str]:
    """The sources of the Dockerfile's COPY instructions (its last word is the destination)."""
    sources = set()
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        words = line.split()
        if words and words[0] == "COPY" and not any(w.startswith("--from") for w in words):
            sources |= {word.rstrip("/") for word in words[1:-1] if not word.startswith("--")}
    return sources


def test_the_image_copies_every_package_and_file_the_product_runs_with():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {re.sub(r"\*$", "", pattern).rstrip(".") for pattern in patterns}
    assert packages, "pyproject lists no package"
    missing = (packages | RUN_WITH) - copied()
    assert not missing, f"the Dockerfile does not copy {sorted(missing)}"
    # Each package is a folder of the tree (a pattern that names none would prove nothing).
    assert all((ROOT / package / "__init__.py").exists() for package in packages)
    # And every top-level package of the tree is one of them: a new app left out of pyproject
    # would be missing from the wheel and from the image.
    tree = {
        folder.name
        for folder in ROOT.iterdir()
        if (folder / "__init__.py").exists() and folder.name not in ("tests", "bench")
    }
    assert not tree - packages, f"pyproject does not package {sorted(tree - packages)}"


def test_no_top_level_package_is_named_config():
    """The project's package is `oware_tournaments`, after the distribution: a top-level `config`
    (a folder or a module) would clash with any other distribution installing one."""
    assert (ROOT / "oware_tournaments" / "settings.py").is_file()
    assert not (ROOT / "config").exists() and not (ROOT / "config.py").exists()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    assert not [pattern for pattern in patterns if pattern.startswith("config")]
    assert "config" not in copied()
    assert pyproject["tool"]["pytest"]["ini_options"]["DJANGO_SETTINGS_MODULE"].startswith(
        "oware_tournaments."
    )
