"""Every step on the event day can be taken back, with a reason and a trace: a result cleared, a
round taken back with its results, a draft paired again, a withdrawal, a requested bye or a late
entry undone. Each refusal (not an arbiter, no reason, too late) writes nothing."""

from decimal import Decimal

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments.models import (
    GameRecord,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Undo,
)
from tournaments.services import registration
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, clear_result, record_result
from tournaments.services.rounds import pair_again, pair_next_round, take_back_round
from tournaments.services.versions import current_version

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db

WIN = ResultEntry(ending="capture", south_seeds=30, north_seeds=10)


def refusal(call, *args, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call(*args, **kwargs)
    return caught.value


@pytest.fixture
def bob(django_user_model, tournament):
    """An arbiter of another tournament."""
    from tournaments.models import Tournament

    user = django_user_model.objects.create_user("bob", password="bob-password-1")
    Tournament.objects.create(name="Lomé Open", slug="lome").arbiters.add(user)
    return user


@pytest.fixture
def completed_round(published_round, alice):
    """Round 1 with a result on every board, the first one with its moves."""
    moves, _game = played_game("capture")
    boards = list(published_round.pairings.all())
    record_result(boards[0], ResultEntry(record=record_of(moves)), by=alice)
    for pairing in boards[1:]:
        record_result(pairing, WIN, by=alice)
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.COMPLETED
    return published_round


# --- clearing a result ----------------------------------------------------------------------


def test_a_cleared_result_leaves_its_audit_row_and_opens_the_round_again(completed_round, alice):
    game = completed_round.pairings.get(board=1)
    before = Result.objects.get(pairing=game).snapshot()
    before["record"] = GameRecord.objects.get(pairing=game).text
    clear_result(game, by=alice, reason="wrong board", expected=current_version(game))
    assert not Result.objects.filter(pairing=game).exists()
    assert not GameRecord.objects.filter(pairing=game).exists()
    change = ResultChange.objects.filter(pairing=game).last()
    assert (change.before, change.after, change.reason) == (before, None, "wrong board")
    assert change.changed_by == alice
    completed_round.refresh_from_db()
    assert completed_round.status == Round.Status.PUBLISHED


def test_clearing_needs_a_reason_and_a_result(game, alice):
    assert refusal(clear_result, game, by=alice, reason="x").code == "no_result"
    record_result(game, WIN, by=alice)
    error = refusal(clear_result, game, by=alice, reason="  ")
    assert (error.code, error.field) == ("reason_required", "reason")
    assert Result.objects.filter(pairing=game).exists()
    assert ResultChange.objects.filter(pairing=game).count() == 1


def test_clearing_is_refused_to_a_non_arbiter_and_over_a_newer_version(game, alice, bob):
    seen = current_version(game)
    record_result(game, WIN, by=alice)
    assert refusal(clear_result, game, by=bob, reason="x").code == "forbidden"
    assert refusal(clear_result, game, by=alice, reason="x", expected=seen).code == (
        "result_changed"
    )
    assert Result.objects.filter(pairing=game).exists()


def test_a_result_the_next_round_was_paired_on_cannot_be_cleared(completed_round, alice):
    pair_next_round(completed_round.section, by=alice)
    game = completed_round.pairings.get(board=2)
    error = refusal(clear_result, game, by=alice, reason="x")
    assert (error.code, error.status) == ("not_last_round", 409)
    assert Result.objects.filter(pairing=game).exists()


def test_the_clear_page_asks_for_the_reason_then_clears(alice_client, game, alice):
    record_result(game, WIN, by=alice)
    page = f"/t/accra/arbiter/game/{game.pk}/clear/"
    assert "Clear the result of board 1?" in alice_client.get(page).content.decode()
    answer = alice_client.post(page, {"reason": "", "version": current_version(game)})
    assert "Give the reason for clearing the result of board 1." in answer.content.decode()
    assert Result.objects.filter(pairing=game).exists()
    public = "/t/accra/men/round/1/"
    answer = alice_client.post(
        page, {"reason": "slip of board 2", "version": current_version(game)}
    )
    assert answer.status_code == 302
    assert not Result.objects.filter(pairing=game).exists()
    # The public page and the API answer without it at once.
    assert alice_client.get(f"/api/tournaments/accra/games/{game.pk}/").json()["result"] is None
    assert alice_client.get(public).status_code == 200
    history = alice_client.get(f"/t/accra/arbiter/game/{game.pk}/result/").content.decode()
    assert "no result (cleared)" in history and "slip of board 2" in history


def test_the_clear_page_is_refused_to_a_plain_user(client, charlie, game, alice):
    record_result(game, WIN, by=alice)
    client.force_login(charlie)
    answer = client.post(f"/t/accra/arbiter/game/{game.pk}/clear/", {"reason": "x", "version": 1})
    assert answer.status_code == 403
    assert Result.objects.filter(pairing=game).exists()


@pytest.fixture
def api(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return client


def test_the_api_clears_a_result_with_its_version_and_a_reason(api, game, alice):
    record_result(game, WIN, by=alice)
    url = f"/api/tournaments/accra/games/{game.pk}/result/"
    assert api.delete(url, {"reason": "x"}, format="json").status_code == 428
    version = current_version(game)
    answer = api.delete(url, {"expected_version": version}, format="json")
    assert (answer.status_code, answer.json()["code"]) == (400, "reason_required")
    answer = api.delete(url, {"reason": "typed on the wrong game"}, HTTP_IF_MATCH=f'"{version}"')
    assert answer.status_code == 200, answer.json()
    assert answer.json()["result"] is None
    assert answer.json()["version"] == current_version(game) != version
    assert APIClient().get(f"/api/tournaments/accra/games/{game.pk}/").json()["result"] is None
    again = api.delete(url, {"reason": "x", "expected_version": answer.json()["version"]})
    assert (again.status_code, again.json()["code"]) == (409, "no_result")


def test_the_api_refuses_a_clear_to_another_tournaments_arbiter(game, alice, bob):
    record_result(game, WIN, by=alice)
    client = APIClient()
    client.force_authenticate(bob)
    answer = client.delete(
        f"/api/tournaments/accra/games/{game.pk}/result/", {"reason": "x", "expected_version": 1}
    )
    assert answer.status_code == 403
    assert Result.objects.filter(pairing=game).exists()


# --- taking back a round ---------------------------------------------------------------------


def test_a_round_with_results_is_taken_back_and_kept_in_the_audit(completed_round, alice):
    section = completed_round.section
    game = completed_round.pairings.get(board=2)
    record_result(
        game,
        ResultEntry(ending="capture", south_seeds=10, north_seeds=30),
        by=alice,
        reason="misread",
    )
    undo = take_back_round(completed_round, by=alice, reason="wrong players list")
    assert not section.rounds.exists()
    assert not Result.objects.exists() and not ResultChange.objects.exists()
    assert (undo.kind, undo.round_number, undo.reason, undo.done_by) == (
        Undo.Kind.ROUND,
        1,
        "wrong players list",
        alice,
    )
    boards = undo.snapshot["boards"]
    assert [b["board"] for b in boards] == [1, 2, 3]
    assert boards[1]["south"] == {"number": 3, "name": "Yaw"}
    assert boards[1]["result"]["south_points"] == "0"
    assert [c["reason"] for c in boards[1]["changes"]] == ["", "misread"]
    assert boards[0]["result"]["record"]
    # The section is paired again from round 1.
    assert pair_next_round(section, by=alice).number == 1


def test_taking_back_needs_a_reason_an_arbiter_and_the_last_round(completed_round, alice, bob):
    assert refusal(take_back_round, completed_round, by=alice, reason="").code == "reason_required"
    assert refusal(take_back_round, completed_round, by=bob, reason="x").code == "forbidden"
    pair_next_round(completed_round.section, by=alice)
    assert refusal(take_back_round, completed_round, by=alice, reason="x").code == (
        "not_last_round"
    )
    assert Result.objects.count() == 3 and not Undo.objects.exists()


def test_the_take_back_page_counts_what_goes_and_the_audit_shows_it(alice_client, completed_round):
    page = "/t/accra/arbiter/men/round/1/take-back/"
    assert "3 boards and 3 results will be removed" in alice_client.get(page).content.decode()
    answer = alice_client.post(page, {"reason": ""})
    assert "Give the reason for taking back round 1." in answer.content.decode()
    assert Round.objects.exists()
    assert alice_client.post(page, {"reason": "pairing on the wrong list"}).status_code == 302
    assert not Round.objects.exists()
    audit = alice_client.get("/t/accra/arbiter/audit/").content.decode()
    assert "Round taken back" in audit and "pairing on the wrong list" in audit
    assert "Kwame" in audit and "Capture past 24" in audit


def test_a_draft_is_paired_again_in_one_click(alice_client, section, players, alice):
    draft = pair_next_round(section, by=alice)
    answer = alice_client.post("/t/accra/arbiter/men/round/1/pair-again/")
    assert answer.status_code == 302
    (again,) = Round.objects.all()
    assert again.pk != draft.pk and again.number == 1 and again.status == Round.Status.DRAFT


def test_a_published_round_is_not_paired_again(published_round, alice):
    assert refusal(pair_again, published_round, by=alice).code == "round_published"
    assert Round.objects.get().pk == published_round.pk


# --- withdrawals, requested byes and late entries --------------------------------------------


def test_a_withdrawal_is_undone_until_its_round_is_paired(section, players, alice):
    player = registration.withdraw_player(players[5], 2, by=alice)
    error = refusal(registration.undo_withdrawal, player, by=alice, reason="")
    assert error.code == "reason_required"
    registration.undo_withdrawal(player, by=alice, reason="came back before round 2")
    player.refresh_from_db()
    assert (player.status, player.withdrawn_from_round) == (Player.Status.ACTIVE, None)
    undo = Undo.objects.get()
    assert (undo.kind, undo.round_number, undo.snapshot["withdrawn_from_round"]) == (
        Undo.Kind.WITHDRAWAL,
        2,
        2,
    )
    registration.withdraw_player(player, 1, by=alice)
    pair_next_round(section, by=alice)
    error = refusal(registration.undo_withdrawal, player, by=alice, reason="x")
    assert (error.code, error.status) == ("step_fixed", 409)
    assert Player.objects.get(pk=player.pk).status == Player.Status.WITHDRAWN


def test_undoing_a_withdrawal_of_an_active_player_is_refused(players, alice, bob):
    assert refusal(registration.undo_withdrawal, players[0], by=alice, reason="x").code == (
        "not_withdrawn"
    )
    withdrawn = registration.withdraw_player(players[0], 1, by=alice)
    assert refusal(registration.undo_withdrawal, withdrawn, by=bob, reason="x").code == (
        "forbidden"
    )


def test_a_requested_bye_is_cancelled_until_its_round_is_paired(section, players, alice):
    bye = registration.request_bye(players[0], 1, Decimal("0.5"), by=alice)
    late = registration.request_bye(players[1], 2, Decimal("0"), by=alice)
    registration.cancel_bye(bye, by=alice, reason="plays after all")
    assert not RequestedBye.objects.filter(pk=bye.pk).exists()
    assert Undo.objects.get().snapshot == {"player": 1, "name": "Ama", "round": 1, "points": "0.5"}
    pair_next_round(section, by=alice)
    round_two = Round.objects.create(section=section, number=2)
    assert refusal(registration.cancel_bye, late, by=alice, reason="x").code == "step_fixed"
    round_two.delete()
    assert refusal(registration.cancel_bye, late, by=alice, reason=" ").code == "reason_required"
    assert RequestedBye.objects.filter(pk=late.pk).exists()


def test_a_late_entry_is_undone_until_his_first_round_is_paired(section, players, alice):
    assert refusal(registration.undo_late_entry, players[5], by=alice, reason="x").code == (
        "not_late_entry"
    )
    pair_next_round(section, by=alice)
    first = registration.register_player(section, by=alice, name="Kojo", sex="m")
    last = registration.register_player(section, by=alice, name="Abena", sex="w")
    assert refusal(registration.undo_late_entry, first, by=alice, reason="x").code == (
        "not_late_entry"
    )
    assert refusal(registration.undo_late_entry, last, by=alice, reason="").code == (
        "reason_required"
    )
    registration.undo_late_entry(last, by=alice, reason="registered twice")
    assert not Player.objects.filter(name="Abena").exists()
    undo = Undo.objects.get()
    assert (undo.kind, undo.snapshot["name"], undo.snapshot["entry_round"]) == (
        Undo.Kind.LATE_ENTRY,
        "Abena",
        "2",
    )
    Round.objects.create(section=section, number=2)
    assert refusal(registration.undo_late_entry, first, by=alice, reason="x").code == "step_fixed"


def test_the_undo_pages_ask_for_a_reason_and_refuse_a_plain_user(
    client, alice_client, charlie, section, players, alice
):
    registration.withdraw_player(players[5], 1, by=alice)
    bye = registration.request_bye(players[0], 1, Decimal("0.5"), by=alice)
    withdrawal = "/t/accra/arbiter/men/players/6/undo-withdrawal/"
    cancel = f"/t/accra/arbiter/men/byes/{bye.pk}/cancel/"
    listing = alice_client.get("/t/accra/arbiter/men/players/").content.decode()
    assert withdrawal in listing and cancel in listing
    answer = alice_client.post(withdrawal, {"reason": ""})
    assert "Give the reason for undoing this step." in answer.content.decode()
    assert alice_client.post(withdrawal, {"reason": "mistake"}).status_code == 302
    assert alice_client.post(cancel, {"reason": "mistake"}).status_code == 302
    assert Undo.objects.count() == 2
    client.logout()
    client.force_login(charlie)
    registration.withdraw_player(players[5], 1, by=alice)
    assert client.post(withdrawal, {"reason": "x"}).status_code == 403
    assert Player.objects.get(pk=players[5].pk).status == Player.Status.WITHDRAWN


# --- a form that cannot be saved says so -----------------------------------------------------


def test_a_form_sent_with_an_expired_session_comes_back_to_its_page_after_the_login(client, game):
    page = f"/t/accra/arbiter/game/{game.pk}/result/"
    answer = client.post(
        f"/t/accra/arbiter/game/{game.pk}/clear/",
        {"reason": "x"},
        HTTP_REFERER=f"http://testserver{page}",
    )
    assert answer.status_code == 302
    assert answer["Location"] == f"/accounts/login/?next={page}"
    elsewhere = client.post(
        f"/t/accra/arbiter/game/{game.pk}/clear/", {"reason": "x"}, HTTP_REFERER="http://evil/x"
    )
    assert elsewhere["Location"].endswith(f"next=/t/accra/arbiter/game/{game.pk}/clear/")


def test_a_refused_form_token_shows_a_page_that_says_nothing_was_saved(alice, game):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    answer = client.post(f"/t/accra/arbiter/game/{game.pk}/result/", {"ending": "capture"})
    assert answer.status_code == 403
    assert "The form was refused: nothing was saved" in answer.content.decode()
    assert not Result.objects.exists()


def test_the_grid_refusal_of_a_stale_board_names_what_was_saved_meanwhile(
    alice_client, game, alice
):
    seen = current_version(game)
    record_result(game, ResultEntry(ending="capture", south_seeds=10, north_seeds=30), by=alice)
    answer = alice_client.post(
        "/t/accra/arbiter/men/round/1/results/1/",
        {"result": "1", "south_seeds": 30, "north_seeds": 10, "version": seen},
        HTTP_ACCEPT="application/json",
    )
    data = answer.json()
    assert (answer.status_code, data["code"]) == (409, "result_changed")
    assert data["version"] == current_version(game) and data["current"].startswith("0–1")
    assert "changed by alice meanwhile" in data["errors"][0]["message"]


def test_the_take_back_page_of_an_earlier_round_says_why_not(alice_client, completed_round, alice):
    pair_next_round(completed_round.section, by=alice)
    page = alice_client.get("/t/accra/arbiter/men/round/1/take-back/").content.decode()
    assert "Round 1 is not the last round paired." in page
    round_page = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert "take-back/" not in round_page
