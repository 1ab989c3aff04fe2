"""Game records on the pages: the marked move list, an agreed end's repetitions shown before
saving, and .ogn files imported on the arbiter's page and exported for a game and a round."""

import io
import zipfile

import pytest

from oware.notation import write_record
from oware.ogn import read_ogn, write_ogn
from oware.replay import replay
from tournaments.models import GameRecord, Result

from .conftest import REPEATING, played_game, record_of

pytestmark = pytest.mark.django_db

OPENING = [3, 1, 0, 5, 0, 4]  # D b A f A e


@pytest.fixture
def public(tournament):
    tournament.published = True
    tournament.save()
    return tournament


def result_page(game) -> str:
    return f"/t/{game.round.section.tournament.slug}/arbiter/game/{game.pk}/result/"


def clocked_record() -> str:
    """The opening with South under three minutes from ply 3 on."""
    clocks = [300, 250, 170, 240, 100, 200]
    return write_record(replay(OPENING, "abapa", "resign"), clocks=clocks)


def test_the_game_viewer_marks_the_plies_played_under_the_warning_time(
    client, alice_client, game, public
):
    alice_client.post(result_page(game), {"record": clocked_record()})
    html = client.get(f"/t/accra/game/{game.pk}/").content.decode()
    assert html.count('class="under-warning"') == 2  # plies 3 and 5
    assert "02:50" in html


def test_the_arbiters_page_marks_them_too(alice_client, game):
    alice_client.post(result_page(game), {"record": clocked_record()})
    html = alice_client.get(result_page(game)).content.decode()
    assert html.count('class="under-warning"') == 2


def test_an_agreed_end_shows_the_repeated_positions_before_it_is_saved(alice_client, game):
    record = write_record(replay(REPEATING, "abapa", "agreed"))
    response = alice_client.post(result_page(game), {"record": record})
    html = response.content.decode()
    assert "The position after ply 115 repeats the one after ply 103." in html
    assert not Result.objects.filter(pairing=game).exists()

    alice_client.post(result_page(game), {"record": record, "confirm_agreed": "on"})
    assert Result.objects.get(pairing=game).ending == "agreed"


def test_an_agreed_end_without_repetition_is_refused(alice_client, game):
    record = record_of(OPENING)
    response = alice_client.post(
        result_page(game), {"record": record, "ending": "agreed", "confirm_agreed": "on"}
    )
    assert "the position after ply 6 did not" in response.content.decode()
    assert not Result.objects.filter(pairing=game).exists()


def test_other_endings_need_no_confirmation(alice_client, game):
    moves, _ = played_game("capture")
    alice_client.post(result_page(game), {"record": record_of(moves)})
    assert Result.objects.get(pairing=game).ending == "capture"


def test_a_game_file_is_imported_through_the_validator(alice_client, game):
    moves, replayed = played_game("capture")
    text = write_ogn(replay(moves, "abapa"), {"South": "Ama", "North": "Kofi"})
    upload = io.BytesIO(text.encode())
    upload.name = "game.ogn"
    alice_client.post(result_page(game), {"import_ogn": "1", "ogn-file": upload})
    result = Result.objects.get(pairing=game)
    assert (result.south_seeds, result.north_seeds) == replayed.stores
    stored = GameRecord.objects.get(pairing=game)
    assert (stored.source, stored.moves) == ("imported", moves)


def test_a_pasted_game_file_with_an_impossible_clock_is_refused(alice_client, game):
    text = '[Variant "Oware Abapa"]\n\n1. D {19:00} b {21:00} 2. A f\n'
    response = alice_client.post(result_page(game), {"import_ogn": "1", "ogn-pasted": text})
    assert "ply 2" in response.content.decode()
    assert not Result.objects.filter(pairing=game).exists()


def test_a_game_file_of_other_players_is_refused(alice_client, game):
    moves, _ = played_game("capture")
    text = write_ogn(replay(moves, "abapa"), {"South": "Yaw", "North": "Kofi"})
    response = alice_client.post(result_page(game), {"import_ogn": "1", "ogn-pasted": text})
    assert "Yaw" in response.content.decode()
    assert not Result.objects.filter(pairing=game).exists()


def test_a_game_is_exported_with_its_clock_readings(client, alice_client, game, public):
    alice_client.post(result_page(game), {"record": clocked_record()})
    response = client.get(f"/t/accra/game/{game.pk}/ogn")
    assert response["Content-Disposition"].endswith('.ogn"')
    read = read_ogn(response.content.decode())
    assert read.game.moves == OPENING
    assert read.clocks == [300, 250, 170, 240, 100, 200]
    assert read.game.ending == "resign"
    assert (read.tags["South"], read.tags["North"]) == ("Ama", "Kofi")


def test_an_exported_game_imports_back_to_the_same_result(client, alice_client, game, public):
    moves, _ = played_game("capture")
    alice_client.post(result_page(game), {"record": record_of(moves)})
    exported = client.get(f"/t/accra/game/{game.pk}/ogn").content.decode()
    before = Result.objects.get(pairing=game)
    alice_client.post(result_page(game), {"import_ogn": "1", "ogn-pasted": exported})
    after = Result.objects.get(pairing=game)
    assert (after.south_seeds, after.north_seeds, after.ending) == (
        before.south_seeds,
        before.north_seeds,
        before.ending,
    )
    # The same game imported back changes nothing, so nothing is written or logged again.
    assert GameRecord.objects.get(pairing=game).source == "typed"
    assert game.result_changes.count() == 1


def test_a_round_is_exported_as_a_zip_of_its_recorded_games(
    client, alice_client, published_round, public
):
    boards = published_round.pairings.order_by("board")
    moves, _ = played_game("capture")
    for pairing in boards[:2]:
        alice_client.post(result_page(pairing), {"record": record_of(moves)})
    response = client.get("/t/accra/men/round/1/ogn.zip")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert archive.namelist() == ["board-01.ogn", "board-02.ogn"]
    assert read_ogn(archive.read("board-02.ogn").decode()).game.moves == moves


def test_a_game_of_a_draft_round_is_not_exported(client, alice_client, game, public):
    moves, _ = played_game("capture")
    alice_client.post(result_page(game), {"record": record_of(moves)})
    game.round.status = "draft"
    game.round.save()
    assert client.get(f"/t/accra/game/{game.pk}/ogn").status_code == 404
    assert client.get("/t/accra/men/round/1/ogn.zip").status_code == 404


def test_an_agreed_end_typed_as_scores_has_no_positions_to_confirm(alice_client, game):
    alice_client.post(
        result_page(game), {"ending": "agreed", "south_seeds": "30", "north_seeds": "18"}
    )
    assert Result.objects.get(pairing=game).ending == "agreed"


def round_zip(client) -> bytes:
    return client.get("/t/accra/men/round/1/ogn.zip").content


def upload_round(alice_client, archive: bytes, reason: str = ""):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return alice_client.post(
        "/t/accra/arbiter/men/round/1/games/",
        {"file": SimpleUploadedFile("round.zip", archive), "reason": reason},
        follow=True,
    )


def test_a_round_exported_as_a_zip_imports_back_onto_its_boards(
    client, alice_client, published_round, public
):
    games = list(published_round.pairings.order_by("board"))
    for game in games[:2]:
        moves, _ = played_game("capture")
        alice_client.post(result_page(game), {"record": record_of(moves)})
    archive = round_zip(client)
    Result.objects.all().delete()
    GameRecord.objects.all().delete()
    page = upload_round(alice_client, archive)
    assert "2 games imported." in page.content.decode()
    assert set(GameRecord.objects.values_list("pairing__board", "source")) == {
        (1, "imported"),
        (2, "imported"),
    }


def test_a_round_zip_with_a_game_of_no_board_stores_nothing(
    client, alice_client, published_round, public
):
    games = list(published_round.pairings.order_by("board"))
    moves, _ = played_game("capture")
    alice_client.post(result_page(games[0]), {"record": record_of(moves)})
    good = zipfile.ZipFile(io.BytesIO(round_zip(client))).read("board-01.ogn").decode()
    stranger = good.replace('[Round "1.1"]', '[Round "9.9"]').replace("Ama", "Nobody")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("board-01.ogn", good)
        archive.writestr("board-02.ogn", stranger)
    Result.objects.all().delete()
    GameRecord.objects.all().delete()
    page = upload_round(alice_client, buffer.getvalue()).content.decode()
    assert "board-02.ogn" in page and "Nothing was imported." in page
    assert not Result.objects.exists() and not GameRecord.objects.exists()


def test_a_file_that_is_no_zip_is_refused_in_words(alice_client, published_round, public):
    page = upload_round(alice_client, b"not a zip").content.decode()
    assert "The file is not a zip of .ogn game files." in page


def test_the_api_serves_one_game_as_the_page_does(client, alice_client, game, public):
    alice_client.post(result_page(game), {"record": clocked_record(), "confirm_agreed": "on"})
    client.logout()
    page = client.get(f"/t/accra/game/{game.pk}/ogn")
    answer = client.get(f"/api/v1/tournaments/accra/games/{game.pk}.ogn")
    assert answer.status_code == 200
    # One media type for an .ogn file, on the page and in the API.
    assert (
        answer["Content-Type"] == page["Content-Type"] == "application/x-oware-ogn; charset=utf-8"
    )
    assert answer["Content-Disposition"] == 'attachment; filename="accra-r1-b1.ogn"'
    assert answer.content == page.content
    assert read_ogn(answer.content.decode()).clocks == [300, 250, 170, 240, 100, 200]


def test_the_api_answers_404_for_a_game_without_record_or_of_a_draft_round(
    client, alice_client, game, public
):
    missing = client.get(f"/api/v1/tournaments/accra/games/{game.pk}.ogn")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    moves, _ = played_game("capture")
    alice_client.post(result_page(game), {"record": record_of(moves)})
    game.round.status = "draft"
    game.round.save()
    client.logout()
    assert client.get(f"/api/v1/tournaments/accra/games/{game.pk}.ogn").status_code == 404
