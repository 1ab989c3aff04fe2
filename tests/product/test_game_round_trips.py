"""Every game the product exports (one .ogn file, a round's zip of them, a section's games.txt)
is accepted back by every way a game comes in, with the same record, result and ending: each
demo game is exported and entered again over itself, which must change nothing."""

import pytest
from rest_framework.test import APIClient

from oware.notation import write_record
from oware.ogn import write_ogn
from oware.replay import repeated_position, replay
from tournaments.models import Pairing, Round, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.game_files import game_ogn, import_ogn, import_round_ogn, round_ogn_zip
from tournaments.services.game_tags import game_tags
from tournaments.services.results import ResultEntry, record_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(copy_demo, django_user_model):
    copy_demo()
    return Tournament.objects.get(slug="demo")


@pytest.fixture
def arbiter(demo, django_user_model):
    return django_user_model.objects.get(username="arbiter")


def recorded(demo) -> list[Pairing]:
    games = Pairing.objects.filter(
        round__section__tournament=demo, game_record__isnull=False, result__isnull=False
    ).select_related("round__section__tournament", "south", "north", "game_record", "result")
    return list(games.order_by("round__section__order", "round__number", "board"))


def state(pairing: Pairing) -> tuple:
    """The game as the product holds it: moves, clocks, ending, and the result."""
    pairing = Pairing.objects.select_related("game_record", "result").get(pk=pairing.pk)
    record, result = pairing.game_record, pairing.result
    return (
        record.moves,
        record.clocks,
        record.ending,
        record.readable,
        result.south_points,
        result.north_points,
        result.south_seeds,
        result.north_seeds,
        result.ending,
        result.decided_by,
    )


def test_the_demo_has_games_of_every_kind_of_ending(demo):
    endings = {pairing.game_record.ending for pairing in recorded(demo)}
    # An agreed end is the case a writer dropped; the round trip below must meet it.
    assert "agreed" in endings and len(endings) >= 2


def test_every_game_comes_back_from_its_ogn_file(demo, arbiter):
    for pairing in recorded(demo):
        before = state(pairing)
        import_ogn(pairing, game_ogn(pairing), by=arbiter, reason="round trip")
        assert state(pairing) == before, pairing


def test_every_ogn_file_is_accepted_as_a_typed_record(demo, arbiter):
    # The result API and the arbiter's form take a record's text: an .ogn file is one too.
    for pairing in recorded(demo):
        before = state(pairing)
        entry = ResultEntry(record=game_ogn(pairing))
        record_result(pairing, entry, by=arbiter, reason="round trip")
        assert state(pairing) == before, pairing


def test_every_round_comes_back_from_its_ogn_zip(demo, arbiter):
    games = recorded(demo)
    before = {pairing.pk: state(pairing) for pairing in games}
    for round_ in Round.objects.filter(pk__in={p.round_id for p in games}):
        import_round_ogn(round_, round_ogn_zip(round_), by=arbiter, reason="round trip")
    assert {pairing.pk: state(pairing) for pairing in games} == before


def test_every_game_of_games_txt_comes_back_as_a_typed_record(demo, arbiter):
    games = recorded(demo)
    api = APIClient()
    for section in demo.sections.all():
        text = api.get(f"/api/tournaments/demo/{section.slug}/games.txt").content.decode()
        ours = [p for p in games if p.round.section_id == section.pk and p.round.published_at]
        records = split_records(text)
        assert len(records) == len(ours)
        for pairing, record in zip(ours, records, strict=True):
            before = state(pairing)
            record_result(pairing, ResultEntry(record=record), by=arbiter, reason="round trip")
            assert state(pairing) == before, record


def test_an_agreed_game_comes_back_from_every_path(demo, arbiter):
    agreed = [p for p in recorded(demo) if p.game_record.ending == "agreed"]
    assert agreed
    for pairing in agreed:
        before = state(pairing)
        import_ogn(pairing, game_ogn(pairing), by=arbiter, reason="round trip")
        assert state(pairing) == before


def test_no_path_takes_an_agreement_on_a_position_that_never_occurred(demo, arbiter):
    pairing = next(p for p in recorded(demo) if p.game_record.ending != "agreed")
    before = state(pairing)
    moves = pairing.game_record.moves[:10]
    game = replay(moves, pairing.game_record.variant, "agreed")
    assert repeated_position(game) is None
    text = write_record(game, game_tags(pairing))
    for entry in (
        ResultEntry(moves=moves, clocks=[None] * len(moves), ending="agreed"),
        ResultEntry(record=text),
    ):
        with pytest.raises(ServiceError) as refused:
            record_result(pairing, entry, by=arbiter, reason="agreed early")
        assert refused.value.code == "no_repetition"
    with pytest.raises(ServiceError) as refused:
        import_ogn(pairing, write_ogn(game, game_tags(pairing)), by=arbiter, reason="file")
    assert refused.value.code == "no_repetition"
    assert state(pairing) == before


def split_records(text: str) -> list[str]:
    """The records of a games.txt: each starts with its tag lines."""
    records, current = [], []
    for line in text.split("\n"):
        if line.startswith("[") and current and not current[-1].startswith("["):
            records.append("\n".join(current).strip())
            current = []
        current.append(line)
    if "".join(current).strip():
        records.append("\n".join(current).strip())
    return records
