"""The API as an integrator meets it: a typed client generated from the served schema by a
mainstream generator (openapi-python-client), used against the real server (scripts/serve,
gunicorn, the demo tournament). A schema that misdeclares an answer breaks the generated code
here, not in someone else's program."""

import csv
import importlib
import io
import json
import pkgutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.servers import (
    fetch,
    free_port,
    load_demo,
    production_env,
    serve,
    stop,
    wait_until_served,
)

# Media types the generator does not read itself are read as what they are: a zip as bytes,
# NDJSON and an .ogn game as text. No formatter runs over the generated code (it need not be
# pretty here).
GENERATOR_CONFIG = """\
content_type_overrides:
  application/zip: application/octet-stream
  application/x-ndjson: text/plain
  application/x-oware-ogn: text/plain
post_hooks: []
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The demo on SQLite behind scripts/serve, and its arbiter's API token."""
    folder = tmp_path_factory.mktemp("client-server")
    database = f"sqlite:///{folder / 'db.sqlite3'}"
    token = load_demo(production_env(DATABASE_URL=database))
    port = free_port()
    process = serve(database, port)
    try:
        wait_until_served(port, "/api/")
        yield port, token
    finally:
        stop(process)


def generate(port: int, folder: Path, package: str, config: str | None) -> str:
    """Generate package `package` in `folder` from the served schema; the generator's output."""
    status, schema = fetch(port, "/api/schema/")
    assert status == 200
    (folder / "schema.yaml").write_bytes(schema)
    options = []
    if config is not None:
        (folder / "config.yaml").write_text(config)
        options = ["--config", str(folder / "config.yaml")]
    generator = Path(sys.executable).parent / "openapi-python-client"
    assert generator.exists(), "install the dev extras: pip install -e '.[dev]'"
    generated = subprocess.run(
        [
            str(generator),
            "generate",
            "--path",
            str(folder / "schema.yaml"),
            *options,
            "--meta",
            "none",
            "--output-path",
            str(folder / package),
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    return generated.stdout + generated.stderr


def imported(folder: Path, package: str):
    """Import the generated package and every module of it (an operation's module that does not
    import is an operation no integrator can call)."""
    sys.path.insert(0, str(folder))
    module = importlib.import_module(package)
    for found in pkgutil.walk_packages(module.__path__, f"{package}."):
        importlib.import_module(found.name)
    return module


def forget(folder: Path, package: str) -> None:
    sys.path.remove(str(folder))
    for name in [n for n in sys.modules if n.split(".")[0] == package]:
        del sys.modules[name]


@pytest.fixture(scope="module")
def oware_client(server, tmp_path_factory):
    """The package openapi-python-client generates from the schema the server serves."""
    port, _token = server
    folder = tmp_path_factory.mktemp("generated")
    output = generate(port, folder, "oware_client", GENERATOR_CONFIG)
    # Every operation made it into the client: the generator warns about any it had to drop.
    assert "Warning" not in output, output
    try:
        yield imported(folder, "oware_client")
    finally:
        forget(folder, "oware_client")


@pytest.fixture(scope="module")
def default_client(server, tmp_path_factory):
    """The package generated with the generator's default configuration. It leaves out the
    answers of the media types it does not read (zip, NDJSON, .ogn: warned about), never a
    write: every write body is JSON, and each write's module imports."""
    port, _token = server
    folder = tmp_path_factory.mktemp("generated-default")
    output = generate(port, folder, "default_client", None)
    warned = [line for line in output.splitlines() if line.startswith("WARNING parsing")]
    assert warned and all(line.split()[2] == "GET" for line in warned), output
    try:
        yield imported(folder, "default_client")
    finally:
        forget(folder, "default_client")


def api_module(client_package, tag: str, operation: str):
    return importlib.import_module(f"{client_package.__name__}.api.{tag}.{operation}")


@pytest.fixture(scope="module")
def anonymous(server, oware_client):
    port, _token = server
    return oware_client.Client(base_url=f"http://127.0.0.1:{port}", raise_on_unexpected_status=True)


@pytest.fixture(scope="module")
def arbiter(server, oware_client):
    port, token = server
    return oware_client.AuthenticatedClient(
        base_url=f"http://127.0.0.1:{port}", token=token, prefix="Token"
    )


def test_lists_tournaments(oware_client, anonymous):
    listing = api_module(oware_client, "tournaments", "tournaments_list").sync(client=anonymous)
    assert [t.slug for t in listing.results] == ["demo"]
    demo = listing.results[0]
    assert {section.slug for section in demo.sections} == {"men", "women"}


def test_reads_a_round_with_its_byes(oware_client, anonymous):
    read = api_module(oware_client, "rounds", "tournaments_rounds_retrieve")
    round_ = read.sync("demo", "women", 3, client=anonymous)
    seat_types = oware_client.models.SeatTypeEnum
    kinds = {seat.type_ for seat in round_.unpaired}
    assert {seat_types.REQUESTED_BYE, seat_types.ABSENT} <= kinds
    requested = next(s for s in round_.unpaired if s.type_ == seat_types.REQUESTED_BYE)
    assert (requested.pairing_number, requested.points) == (5, 0.5)
    assert all(board.result is not None for board in round_.pairings if board.north is not None)
    table = api_module(oware_client, "rounds", "tournaments_rounds_csv_retrieve")
    rows = list(csv.DictReader(io.StringIO(table.sync("demo", "women", 3, client=anonymous))))
    assert ("requested_bye", "5") in {(row["type"], row["south"]) for row in rows}


def test_reads_standings_as_json_and_downloads_csv_and_trf(oware_client, anonymous):
    standings = api_module(oware_client, "standings", "tournaments_standings_retrieve").sync(
        "demo", "men", client=anonymous
    )
    assert standings.after_round == 5
    leader = standings.rows[0]
    as_csv = api_module(oware_client, "standings", "tournaments_standings_csv_retrieve")
    answer = as_csv.sync_detailed("demo", "men", client=anonymous)
    assert answer.headers["Content-Disposition"].endswith('filename="demo-men-standings.csv"')
    rows = list(csv.DictReader(io.StringIO(answer.parsed)))
    assert (rows[0]["name"], rows[0]["place"]) == (leader.name, leader.place)
    assert len(rows) == len(standings.rows)
    trf = api_module(oware_client, "files", "tournaments_trf_retrieve").sync(
        "demo", "men", client=anonymous
    )
    assert trf.startswith("012 ")
    assert sum(line.startswith("001 ") for line in trf.splitlines()) == len(standings.rows)
    archive = api_module(oware_client, "files", "tournaments_games_ogn_zip_retrieve").sync(
        "demo", "men", client=anonymous
    )
    assert zipfile.ZipFile(archive.payload).namelist()


def test_downloads_one_game_and_reads_personal_data_as_the_arbiter(
    oware_client, anonymous, arbiter
):
    games = api_module(oware_client, "games", "tournaments_games_list").sync(
        "demo", client=anonymous, limit=500
    )
    game = next(g for g in games.results if g.north is not None and g.result is not None)
    ogn = api_module(oware_client, "files", "tournaments_games_ogn_retrieve")
    answer = ogn.sync_detailed("demo", game.id, client=anonymous)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("application/x-oware-ogn")
    assert answer.parsed.startswith("[")
    players = api_module(oware_client, "players", "tournaments_players_list")
    assert players.sync("demo", "men", client=anonymous).results[0].identity_number is None
    assert players.sync("demo", "men", client=arbiter).results[0].identity_number == ""


def test_posts_a_result_with_a_token_and_gets_typed_errors(oware_client, anonymous, arbiter):
    models = oware_client.models
    games = api_module(oware_client, "games", "tournaments_games_list").sync(
        "demo", client=anonymous, limit=500
    )
    game = next(g for g in games.results if g.round_ == 5 and g.north is not None)
    post = api_module(oware_client, "games", "tournaments_games_result_create")
    entry = models.ResultEntryRequest(
        ending=models.EndingEnum.CAPTURE,
        south_seeds=30,
        north_seeds=18,
        reason="Score sheet re-read",
        expected_version=game.version,
    )
    saved = post.sync_detailed("demo", game.id, client=arbiter, body=entry)
    assert saved.status_code == 200, saved.content
    assert (saved.parsed.result.south_seeds, saved.parsed.result.north_seeds) == (30, 18)
    assert saved.parsed.version > game.version

    # The same entry again is what is stored: saved, whatever version it names (a resend after
    # a lost answer). Another entry naming the version read before: someone saved meanwhile.
    again = post.sync_detailed("demo", game.id, client=arbiter, body=entry)
    assert again.status_code == 200 and again.parsed.version == saved.parsed.version
    other = models.ResultEntryRequest(
        ending=models.EndingEnum.CAPTURE,
        south_seeds=18,
        north_seeds=30,
        reason="Score sheet re-read",
        expected_version=game.version,
    )
    stale = post.sync_detailed("demo", game.id, client=arbiter, body=other)
    assert stale.status_code == 409
    assert isinstance(stale.parsed, models.Error)
    assert stale.parsed.code == stale.parsed.errors[0].code

    # Without credentials: 401, typed too, with no field at fault.
    refused = post.sync_detailed("demo", game.id, client=anonymous, body=entry)
    assert refused.status_code == 401
    assert isinstance(refused.parsed, models.Error)
    assert refused.parsed.code == "not_authenticated" and refused.parsed.field is None

    # Bad input: every field at fault, each typed.
    wrong = models.ResultEntryRequest(south_seeds=60, north_seeds=-1, reason="x")
    invalid = post.sync_detailed("demo", game.id, client=arbiter, body=wrong)
    assert invalid.status_code == 400
    assert {problem.field for problem in invalid.parsed.errors} == {"south_seeds", "north_seeds"}

    changed = api_module(oware_client, "games", "tournaments_games_list").sync(
        "demo", client=anonymous, since=saved.parsed.result.entered_at
    )
    assert [g.id for g in changed.results] == [game.id]
    mine = api_module(oware_client, "games", "tournaments_games_list").sync(
        "demo", client=anonymous, player=game.south.id, limit=500
    )
    assert {g.round_ for g in mine.results} == {1, 2, 3, 4, 5}


def test_edits_a_player_naming_the_tournament_revision(oware_client, anonymous, arbiter):
    models = oware_client.models
    read = api_module(oware_client, "tournaments", "tournaments_retrieve")
    revision = read.sync("demo", client=arbiter).revision
    players = api_module(oware_client, "players", "tournaments_players_list").sync(
        "demo", "men", client=anonymous, limit=500
    )
    player = players.results[0]
    edit = api_module(oware_client, "players", "tournaments_players_partial_update")
    # The same rating: the write goes through and raises the revision, the standings stay.
    body = models.PatchedPlayerWriteRequest(rating=player.rating, expected_version=revision)
    saved = edit.sync_detailed("demo", "men", player.id, client=arbiter, body=body)
    assert saved.status_code == 200, saved.content
    assert read.sync("demo", client=arbiter).revision > revision

    stale = edit.sync_detailed("demo", "men", player.id, client=arbiter, body=body)
    assert stale.status_code == 409
    assert isinstance(stale.parsed, models.Error) and stale.parsed.code == "tournament_changed"
    missing = edit.sync_detailed(
        "demo", "men", player.id, client=arbiter, body=models.PatchedPlayerWriteRequest()
    )
    assert missing.status_code == 428
    assert isinstance(missing.parsed, models.Error) and missing.parsed.code == "version_required"


TRF_IN_PLAY = (Path(__file__).parents[1] / "data" / "trf-programs" / "in-play.trf").read_text()


def test_every_write_through_a_client_of_the_default_configuration(server, default_client):
    """Each write of the API, through the client generated with the generator's defaults: a
    TRF section imported, a player registered and edited, a round paired, its draft deleted,
    paired again and published, a result entered and cleared, the tournament exported and
    restored under another slug. Each body goes out as JSON."""
    port, token = server
    models = default_client.models
    arbiter = default_client.AuthenticatedClient(
        base_url=f"http://127.0.0.1:{port}", token=token, prefix="Token"
    )

    def call(tag, operation, *args, **kwargs):
        answer = api_module(default_client, tag, operation).sync_detailed(
            *args, client=arbiter, **kwargs
        )
        assert answer.status_code < 300, (operation, answer.status_code, answer.content)
        return answer.parsed

    def revision():
        return call("tournaments", "tournaments_retrieve", "demo").revision

    imported = call(
        "backups",
        "tournaments_sections_import_trf_create",
        "demo",
        body=models.TrfSectionImportRequest(
            name="Imported", trf=TRF_IN_PLAY, kind=models.KindEnum.OPEN, expected_version=revision()
        ),
    )
    assert (imported.slug, imported.rounds) == ("imported", 3)
    player = call(
        "players",
        "tournaments_players_create",
        "demo",
        "imported",
        body=models.PlayerWriteRequest(name="Latecomer, Kofi", expected_version=revision()),
    )
    edited = call(
        "players",
        "tournaments_players_partial_update",
        "demo",
        "imported",
        player.id,
        body=models.PatchedPlayerWriteRequest(rating=1500, expected_version=revision()),
    )
    assert edited.rating == 1500
    pair = models.VersionRequest
    draft = call(
        "rounds",
        "tournaments_pair_create",
        "demo",
        "imported",
        body=pair(expected_version=revision()),
    )
    assert draft.number == 3
    deleted = api_module(default_client, "rounds", "tournaments_rounds_destroy").sync_detailed(
        "demo", "imported", 3, client=arbiter, body=pair(expected_version=revision())
    )
    assert deleted.status_code == 204, deleted.content
    call(
        "rounds",
        "tournaments_pair_create",
        "demo",
        "imported",
        body=pair(expected_version=revision()),
    )
    published = call(
        "rounds",
        "tournaments_rounds_publish_create",
        "demo",
        "imported",
        3,
        body=pair(expected_version=revision()),
    )
    board = next(b for b in published.pairings if b.north is not None)

    entered = call(
        "games",
        "tournaments_games_result_create",
        "demo",
        board.id,
        body=models.ResultEntryRequest(
            ending=models.EndingEnum.CAPTURE,
            south_seeds=30,
            north_seeds=18,
            expected_version=board.version,
        ),
    )
    assert entered.result is not None
    cleared = call(
        "games",
        "tournaments_games_result_destroy",
        "demo",
        board.id,
        body=models.ClearResultRequest(reason="Wrong board", expected_version=entered.version),
    )
    assert cleared.result is None and cleared.version > entered.version

    exported = api_module(default_client, "backups", "tournaments_export_retrieve")
    answer = exported.sync_detailed("demo", client=arbiter)
    assert answer.status_code == 200
    document = json.loads(answer.content)
    document["tournament"][0]["slug"] = "demo-restored"
    restored = call(
        "backups",
        "tournaments_import_create",
        body=models.BackupDocumentRequest.from_dict(document),
    )
    assert restored.slug == "demo-restored"
    assert "imported" in {section.slug for section in restored.sections}
