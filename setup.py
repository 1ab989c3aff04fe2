"""Packaging of what lives beside the Python packages: the site's templates (templates/) and its
compiled translations (locale/) are copied into the `oware_tournaments` package of a build, so an
installed wheel runs outside the source tree (oware_tournaments/settings.py looks for them there
first). Everything else is declared in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithSiteFiles(build_py):
    def run(self):
        super().run()
        if self.editable_mode:
            return  # an editable install reads them from the source tree
        target = Path(self.build_lib) / "oware_tournaments"
        shutil.copytree(HERE / "templates", target / "templates", dirs_exist_ok=True)
        for catalog in (HERE / "locale").glob("*/LC_MESSAGES/*.po"):
            compiled = target / "locale" / catalog.relative_to(HERE / "locale")
            compiled.parent.mkdir(parents=True, exist_ok=True)
            _compile(catalog, compiled.with_suffix(".mo"))


def _compile(source: Path, target: Path) -> None:
    # Babel compiles the catalogs without GNU gettext (pyproject.toml lists it for the build).
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as po:
        catalog = read_po(po)
    with target.open("wb") as mo:
        write_mo(mo, catalog)


setup(cmdclass={"build_py": BuildWithSiteFiles})
