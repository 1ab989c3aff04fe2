"""What the translation catalogs (locale/<language>/LC_MESSAGES/*.po) still lack.

Plain Python over Babel's .po reader, used by `scripts/update-translations` and by the test that
keeps every page fully translated. Run `python -m tournaments.translation_catalogs locale`.
"""

import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po


@dataclass(frozen=True)
class Gap:
    """One message of one catalog that a reader would see in English or garbled."""

    catalog: Path
    msgid: str
    problem: str  # "untranslated", "fuzzy" or the checker's complaint about placeholders

    def __str__(self):
        return f"{self.catalog}: {self.problem}: {self.msgid!r}"


def catalog_paths(locale_dir: Path) -> list[Path]:
    return sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po"))


def catalog_gaps(path: Path) -> list[Gap]:
    """Return every message of the .po file at `path` that is empty, fuzzy, or whose
    translation does not carry the same %-placeholders as the original."""
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    gaps = []
    for message in catalog:
        if not message.id:
            continue  # the header
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            gaps.append(Gap(path, msgid, "untranslated"))
        elif message.fuzzy:
            gaps.append(Gap(path, msgid, "fuzzy"))
    for message, errors in catalog.check():
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        gaps.extend(Gap(path, msgid, str(error)) for error in errors)
    return gaps


def missing_translations(locale_dir: Path) -> list[Gap]:
    """Every gap of every catalog under `locale_dir`."""
    return [gap for path in catalog_paths(locale_dir) for gap in catalog_gaps(path)]


def main(argv: list[str]) -> int:
    locale_dir = Path(argv[0] if argv else "locale")
    gaps = missing_translations(locale_dir)
    for gap in gaps:
        print(gap)
    print(f"{len(gaps)} message(s) to translate in {len(catalog_paths(locale_dir))} catalog(s).")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
