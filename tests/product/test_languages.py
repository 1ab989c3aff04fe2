"""Every page and refusal in English, French or Portuguese: picked from the browser's
Accept-Language or the switcher in the header, with dates and numbers written as each language
writes them."""

from datetime import date
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tournaments.models import Result, Round
from tournaments.services.results import ResultEntry, record_result
from tournaments.translation_catalogs import catalog_gaps, missing_translations

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"


def test_the_public_tournament_page_follows_accept_language(client, tournament, section):
    tournament.start_date = date(2026, 3, 5)
    tournament.save()
    french = client.get("/t/accra/", headers={"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"})
    portuguese = client.get("/t/accra/", headers={"accept-language": "pt-BR,pt;q=0.9"})
    english = client.get("/t/accra/", headers={"accept-language": "en-GB"})

    assert '<html lang="fr">' in french.content.decode()
    assert "Classement par équipes" in french.content.decode()
    assert "5 mars 2026" in french.content.decode()
    assert '<html lang="pt">' in portuguese.content.decode()
    assert "Classificação por equipas" in portuguese.content.decode()
    assert "5 de Março de 2026" in portuguese.content.decode()
    assert "Team standings" in english.content.decode()
    assert "March 5, 2026" in english.content.decode()


def test_a_language_the_product_does_not_speak_falls_back_to_english(client, tournament):
    html = client.get("/t/accra/", headers={"accept-language": "de-DE,de"}).content.decode()
    assert '<html lang="en">' in html and "Team standings" in html


def test_the_arbiter_round_page_in_french_and_portuguese(alice_client, published_round):
    url = "/t/accra/arbiter/men/round/1/"
    french = alice_client.get(url, headers={"accept-language": "fr"}).content.decode()
    portuguese = alice_client.get(url, headers={"accept-language": "pt"}).content.decode()
    assert "Feuilles de résultat" in french and "saisir le résultat" in french
    assert "Publiée" in french
    assert "Boletins de resultado" in portuguese and "introduzir o resultado" in portuguese


def test_the_result_slips_in_french(alice_client, tournament, published_round):
    html = alice_client.get(
        "/t/accra/arbiter/men/round/1/slips/", headers={"accept-language": "fr"}
    ).content.decode()
    assert "20 minutes par joueur" in html and "Signature de l'arbitre" in html
    assert "3 feuilles, deux par page A4." in html
    assert "Graines au grenier" in html


def test_a_refusal_of_the_result_form_is_in_the_page_language(alice_client, game):
    response = alice_client.post(
        f"/t/accra/arbiter/game/{game.pk}/result/",
        {"expected_version": 0, "ending": "", "record": ""},
        headers={"accept-language": "fr"},
    )
    assert response.status_code == 200
    assert "Indiquez la fin de partie, ou un relevé des coups." in response.content.decode()
    assert not Result.objects.exists()


def test_a_refusal_of_the_api_is_in_the_requested_language(alice, game):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "ending": "time"},
        format="json",
        headers={"accept-language": "pt"},
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "missing_decided_by" and body["field"] == "decided_by"
    assert body["message"] == "Indique o jogador que perdeu por tempo ou abandonou."


def test_a_refusal_of_a_draft_action_is_in_french(alice_client, published_round):
    response = alice_client.post(
        "/t/accra/arbiter/men/round/1/delete/",
        {"confirm": "on"},
        headers={"accept-language": "fr"},
        follow=True,
    )
    assert "La ronde 1 est publiée ; seul un brouillon peut être supprimé." in (
        response.content.decode()
    )
    assert Round.objects.filter(number=1).exists()


def test_the_switcher_keeps_the_chosen_language_over_the_browser_one(client, tournament):
    response = client.post("/i18n/setlang/", {"language": "pt", "next": "/t/accra/"})
    assert response.status_code == 302 and response["Location"] == "/t/accra/"
    html = client.get("/t/accra/", headers={"accept-language": "fr"}).content.decode()
    assert '<html lang="pt">' in html and "Classificação por equipas" in html

    client.post("/i18n/setlang/", {"language": "en", "next": "/t/accra/"})
    html = client.get("/t/accra/", headers={"accept-language": "fr"}).content.decode()
    assert '<html lang="en">' in html


def test_every_page_offers_the_three_languages_marking_the_current_one(client, tournament):
    html = client.get("/t/accra/", headers={"accept-language": "fr"}).content.decode()
    assert 'action="/i18n/setlang/"' in html
    for code in ["en", "fr", "pt"]:
        assert f'name="language" value="{code}"' in html
    assert 'value="fr" lang="fr" title="français" aria-current="true"' in html


def test_decimal_tie_breaks_and_points_use_the_language_decimal_comma(
    client, alice, published_round
):
    for pairing in published_round.pairings.all():
        draw = ResultEntry(ending="draw24", south_seeds=24, north_seeds=24)
        record_result(pairing, draw, by=alice)
    french = client.get("/t/accra/men/standings/", headers={"accept-language": "fr"})
    english = client.get("/t/accra/men/standings/", headers={"accept-language": "en"})
    # A half is written ½ in every language; other decimals take the language's separator.
    assert '<td class="num">½</td>' in french.content.decode()
    assert '<td class="num">½</td>' in english.content.decode()


def test_every_message_of_every_catalog_is_translated():
    assert {path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/django.po")} == {
        "fr",
        "pt",
    }
    gaps = missing_translations(LOCALE)
    assert gaps == [], "\n".join(str(gap) for gap in gaps)


def test_every_catalog_is_compiled_and_up_to_date():
    for source in LOCALE.glob("*/LC_MESSAGES/*.po"):
        compiled = source.with_suffix(".mo")
        assert compiled.exists(), f"{compiled} is missing: run `make install`"
        assert compiled.stat().st_mtime >= source.stat().st_mtime, (
            f"{compiled} is older than its .po: run `make install`"
        )


def test_the_catalog_check_finds_empty_fuzzy_and_misplaced_placeholders(tmp_path):
    catalog = tmp_path / "django.po"
    catalog.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Save"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Publish"\nmsgstr "Publier"\n\n'
        '#, python-format\nmsgid "Round %(number)d published."\n'
        'msgstr "Ronde %(numero)d publiée."\n\n'
        'msgid "Board"\nmsgstr "Table"\n',
        encoding="utf-8",
    )
    problems = {(gap.msgid, gap.problem.split(":")[0]) for gap in catalog_gaps(catalog)}
    assert ("Save", "untranslated") in problems
    assert ("Publish", "fuzzy") in problems
    assert any(msgid == "Round %(number)d published." for msgid, _ in problems)
    assert not any(msgid == "Board" for msgid, _ in problems)


def test_the_rules_complaint_about_a_record_is_translated_and_english_is_unchanged(
    alice_client, game
):
    url = f"/t/accra/arbiter/game/{game.pk}/result/"
    illegal = {"record": "1. A b 2. A c", "ending": ""}
    french = alice_client.post(url, illegal, headers={"accept-language": "fr"}).content.decode()
    english = alice_client.post(url, illegal, headers={"accept-language": "en"}).content.decode()
    assert "Relevé des coups, demi-coup 3 : la case est vide." in french
    assert "Move record, ply 3: the pit is empty." in english
    assert not Result.objects.exists()


def test_a_score_the_rules_forbid_is_refused_in_portuguese_through_the_api(alice, game):
    api = APIClient()
    api.force_authenticate(alice)
    response = api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "ending": "capture", "south_seeds": 30, "north_seeds": 20},
        format="json",
        headers={"accept-language": "pt"},
    )
    assert response.status_code == 400
    assert response.json()["message"] == "30 + 20 é mais do que as 48 sementes"
