"""Every public and arbiter page, rendered by a real browser in French and Portuguese (scripts
included, since they write words too), shows no English the catalogs know: no sentence of the
catalogs left in English, and no form label that reads the same as on the English page.

The catalog test (tests/product/test_languages.py) finds untranslated catalog entries; this one
finds the words that never reached a catalog, or reached it under another spelling."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

from tournaments.models import Tournament

from .site_pages import DemoValues, add_round_robin, arbiter_routes, public_routes
from .test_printing import logged_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALE = Path(settings.BASE_DIR) / "locale"
BROWSER_LOCALES = {"en": "en-GB", "fr": "fr-FR", "pt": "pt-PT"}
# Placeholders, tags, and code samples (an HTTP header stays as it is in every language).
PLACEHOLDER = re.compile(r"<code>.*?</code>|%\(\w+\)[sd]|%[sd]|\{\w*\}|<[^>]+>")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")

# Everything the reader sees that a script or an attribute may carry, besides the page's text.
VISIBLE_TEXT = """() => {
  const parts = [document.title, document.body.innerText];
  for (const element of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = element.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  for (const element of document.querySelectorAll('input[type=submit], input[type=button]')) {
    parts.push(element.value);
  }
  return parts.join('\\n');
}"""
# Labels without the colon each language writes its own way ("Team:", "Équipe :").
LABELS = """() => [...document.querySelectorAll('label, legend, button, th, summary, option')]
  .map(element => element.innerText.trim().replace(/\\s*:$/, '')).filter(text => text)"""


def english_sentences(language: str) -> set[str]:
    """Each catalog message of several words, cut at its placeholders into the pieces a page
    shows as they are; messages its translators kept in English (a name) are left out."""
    sentences = set()
    for path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            catalog = read_po(file)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for msgid in ids:
                if msgid in strings:
                    continue
                for piece in PLACEHOLDER.split(msgid):
                    piece = piece.strip(" .,:;·—–()\n")
                    if len(WORD.findall(piece)) >= 2:
                        sentences.add(piece)
    return sentences


def untranslated_in(text: str, sentences: set[str]) -> list[str]:
    # The plain search first: it rules out nearly every sentence of the catalogs at once.
    return sorted(
        sentence
        for sentence in sentences
        if sentence in text and re.search(r"(?<![\w-])" + re.escape(sentence) + r"(?![\w-])", text)
    )


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    tournament = Tournament.objects.get(slug="demo")
    add_round_robin(tournament)
    return DemoValues(tournament)


def pages_in(browser, live_server, demo, language: str) -> dict[str, tuple[str, list[str]]]:
    """{path: (visible text, label texts)} of every HTML page answered to the demo's arbiter."""
    context = logged_in(browser.new_context(locale=BROWSER_LOCALES[language]), live_server)
    page = context.new_page()
    seen = {}
    for route in public_routes() + arbiter_routes():
        path = demo.path(route)
        answer = page.request.get(f"{live_server.url}{path}", max_redirects=0)
        if answer.status != 200 or "text/html" not in answer.headers.get("content-type", ""):
            continue  # a download, JSON, a form's target that only takes a POST, a redirect
        page.goto(f"{live_server.url}{path}")
        assert page.locator("html").get_attribute("lang") == language, path
        seen[path] = (page.evaluate(VISIBLE_TEXT), page.evaluate(LABELS))
    context.close()
    return seen


def test_no_page_shows_english_in_another_language(browser, live_server, demo):
    # Every language against the same English pages, read once: each problem names its language.
    english = pages_in(browser, live_server, demo, "en")
    problems = []
    for language in TRANSLATED:
        problems += untranslated_pages(browser, live_server, demo, language, english)
    assert problems == [], "\n".join(problems)


TRANSLATED = ("fr", "pt")


def untranslated_pages(browser, live_server, demo, language: str, english: dict) -> list[str]:
    """What a page in `language` shows in English, compared with the `english` pages."""
    sentences = english_sentences(language)
    if len(sentences) <= 300:
        return [f"{language}: the catalog's sentences were not read ({len(sentences)})"]
    translated = pages_in(browser, live_server, demo, language)
    if set(translated) != set(english):
        differ = sorted(set(translated) ^ set(english))
        return [f"{language}: other pages than in English: {differ}"]
    # Public pages, the arbiter's dashboard, players, rounds, results, slips, settings…
    if len(translated) < 25 or not any("/arbiter/" in path for path in translated):
        return [f"{language}: too few pages, or none of the arbiter's: {sorted(translated)}"]

    kept = kept_as_in_english(language)
    names = names_in_the_data()
    problems = []
    for path, (text, labels) in translated.items():
        problems += [f"{language} {path}: {s!r}" for s in untranslated_in(text, sentences)]
        same = set(labels) & set(english[path][1])
        # A label written the same in both languages is English if it is made of words (not a
        # number or a code such as BH), is not the name of a person, team or section, and is not
        # a word the translators kept as it is (their catalog says so).
        problems += [
            f"{language} {path}: label {label!r}"
            for label in sorted(same)
            if re.fullmatch(r"[A-Z][A-Za-z]+( [A-Za-z()]+)*", label)
            and re.search("[a-z]", label)
            and label not in kept | names
        ]
    return problems


def kept_as_in_english(language: str) -> set[str]:
    """Messages whose translation is the English word itself ("Points" in French)."""
    kept = set()
    for path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as file:
            kept |= {m.id for m in read_po(file) if isinstance(m.id, str) and m.string == m.id}
    return kept


def names_in_the_data() -> set[str]:
    from django.contrib.auth import get_user_model

    from tournaments.models import Player, Section, Team

    return {
        *Player.objects.values_list("name", flat=True),
        *Team.objects.values_list("name", flat=True),
        *(f"{name} ({code})" for name, code in Team.objects.values_list("name", "code")),
        *Section.objects.values_list("name", flat=True),
        *Tournament.objects.values_list("name", flat=True),
        *get_user_model().objects.values_list("username", flat=True),
    }
