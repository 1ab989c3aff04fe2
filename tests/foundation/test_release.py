"""`manage.py release` collects the static files only when what it would collect has changed: a
restart, or a second server on the same image, costs the migration check and no hashing."""

import fcntl
import os
import socket
import threading
from pathlib import Path

from tournaments.management.commands.release import COLLECTED_FROM, collect_static


def collected(root: Path) -> dict[str, int]:
    return {
        str(path.relative_to(root)): path.stat().st_mtime_ns
        for path in root.rglob("*")
        if path.is_file() and path.name != COLLECTED_FROM
    }


def static_folders(tmp_path, settings) -> tuple[Path, Path]:
    """A source folder with one style sheet, and an empty STATIC_ROOT, hashed as production."""
    sources, root = tmp_path / "sources", tmp_path / "static"
    sources.mkdir()
    (sources / "hall.css").write_text("body { margin: 0 }")
    settings.STATICFILES_DIRS = [sources]
    settings.STATIC_ROOT = root
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    return sources, root


def test_static_files_are_collected_again_only_when_a_source_changed(tmp_path, settings):
    sources, root = static_folders(tmp_path, settings)

    collect_static()
    first = collected(root)
    assert "hall.css" in first

    collect_static()
    assert collected(root) == first  # nothing written again

    edited = sources / "hall.css"
    edited.write_text("body { margin: 1px }")
    # collectstatic itself skips a file not newer by a whole second than its copy.
    later = edited.stat().st_mtime + 5
    os.utime(edited, (later, later))
    collect_static()
    assert (root / "hall.css").read_text() == "body { margin: 1px }"

    (sources / "board.css").write_text("td { padding: 0 }")
    collect_static()
    assert (root / "board.css").read_text() == "td { padding: 0 }"


def test_a_second_start_waits_for_the_collection_under_way_then_skips_it(tmp_path, settings):
    _, root = static_folders(tmp_path, settings)
    root.mkdir()
    with open(root / COLLECTED_FROM, "a+") as under_way:
        fcntl.flock(under_way, fcntl.LOCK_EX)  # another start collecting
        second = threading.Thread(target=collect_static)
        second.start()
        second.join(timeout=2)
        assert second.is_alive(), "the second start did not wait"
        assert not (root / "hall.css").exists()
    second.join(timeout=60)
    assert not second.is_alive()
    assert (root / "hall.css").read_text() == "body { margin: 0 }"
    first = collected(root)
    collect_static()
    assert collected(root) == first


def test_a_server_whose_release_fails_exits_without_opening_its_port():
    """The release runs in gunicorn's master before it binds (oware_tournaments/gunicorn_hooks.py):
    with no database to migrate, scripts/serve ends with an error, as `manage.py release` failing
    ended it before, and nothing ever answers on its port."""
    from tests.servers import free_port, serve, stop

    port, nowhere = free_port(), free_port()
    server = serve(f"postgres://postgres@127.0.0.1:{nowhere}/oware", port)
    try:
        assert server.wait(timeout=60) != 0
    finally:
        if server.poll() is None:
            stop(server)
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", port)) != 0
