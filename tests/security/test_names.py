"""Names are stored composed (NFC) and refuse what would make them display as another name or
break their one line: controls, format characters (direction overrides, zero-width characters,
the BOM), line and paragraph separators — by the model's validator, so every way in refuses them.
The product's own files for such a player stay readable."""

import unicodedata

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Player
from tournaments.services.standings import section_trf
from tournaments.trf import dumps

pytestmark = pytest.mark.django_db

REFUSED = {
    "line separator": "Kofi\u2028Mensah",
    "paragraph separator": "Kofi\u2029Mensah",
    "right-to-left override": "Ama \u202eHSAWO",
    "left-to-right isolate": "Ama \u2066Owusu\u2069",
    "BOM": "\ufeffAma Owusu",
    "zero-width space": "Ama\u200bOwusu",
    "zero-width joiner": "Ama\u200dOwusu",
    "soft hyphen": "Ama\u00adOwusu",
    "tab": "Ama\tOwusu",
    "line feed": "Ama\nOwusu",
    "delete": "Ama\x7fOwusu",
    "C1 control": "Ama\x85Owusu",
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_the_model_refuses_invisible_and_line_breaking_characters(section, name):
    player = Player(section=section, name=REFUSED[name], sex="m", pairing_number=1)
    with pytest.raises(ValidationError) as error:
        player.full_clean()
    assert "name" in error.value.message_dict


@pytest.mark.parametrize("name", list(REFUSED))
def test_the_players_form_refuses_them(client, alice, section, name):
    client.force_login(alice)
    page = client.post(
        "/t/accra/arbiter/men/players/", {"name": REFUSED[name], "sex": "m", "rating": ""}
    )
    assert not Player.objects.exists(), name
    assert page.status_code == 200


def test_names_are_stored_composed(make_player):
    decomposed = unicodedata.normalize("NFD", "Zoé Ndiaye")
    assert len(decomposed) == 11
    player = make_player(decomposed, 1)
    player.refresh_from_db()
    assert player.name == "Zoé Ndiaye" and len(player.name) == 10


def test_scripts_of_the_world_are_names(section):
    for name in ("Kwame Nkrumah", "Zoé Ndiaye", "Αθηνά", "أحمد", "ምስራቅ", "李小龍", "Ọlá"):
        Player(section=section, name=name, sex="m", pairing_number=1).full_clean()


def test_every_character_written_to_trf_fits_its_columns(section, make_player):
    longest = unicodedata.normalize("NFD", "é" * 33)  # 66 code points typed, 33 letters
    make_player(longest, 1)
    make_player("Ọlá Adébáyọ̀", 2)
    text = dumps(section_trf(section))
    for line in text.splitlines():
        if line.startswith("001"):
            assert line == unicodedata.normalize("NFC", line)
            assert line[4:8].strip().isdigit() and line[14:47].rstrip() in ("é" * 33, "Ọlá Adébáyọ̀")
