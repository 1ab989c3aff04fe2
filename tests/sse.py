"""The remote games' streams (Server-Sent Events, games/stream.py) read as a player's program
reads them: one connection held open, each event parsed as it arrives, keep-alive comments
skipped. A game's stream (`open_stream`, `next_state`) and a player's own (`open_my_stream`,
`next_event`: his games' states and `waiting` between them). Used by the serving test, the
benches and the online event's bots."""

import http.client
import json


def open_stream(
    port: int, slug: str, game: int, token: str | None = None, timeout: float = 20
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """The stream of game `game` of tournament `slug` on loopback `port`, read as the player
    whose API token is `token` (None: a spectator). Returns the connection (close it when done)
    and its answer, whose headers have arrived. `timeout`: how long a read may wait for the next
    line (keep-alives included)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Accept": "text/event-stream"}
    if token:
        headers["Authorization"] = f"Token {token}"
    connection.request("GET", f"/api/v1/tournaments/{slug}/games/{game}/stream/", headers=headers)
    return connection, connection.getresponse()


def open_my_stream(
    port: int, token: str, timeout: float = 20
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """The own stream of the player whose API token is `token`, on loopback `port`, as
    `open_stream` opens a game's."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Accept": "text/event-stream", "Authorization": f"Token {token}"}
    connection.request("GET", "/api/v1/me/stream/", headers=headers)
    return connection, connection.getresponse()


def next_event(answer: http.client.HTTPResponse) -> tuple[str, dict] | None:
    """The stream's next event as (its type, its data): ("state", the game) or ("waiting", {});
    keep-alive comments skipped. None once the stream has ended."""
    kind = "message"
    while True:
        line = answer.readline()
        if not line:
            return None
        if line.startswith(b"event: "):
            kind = line[7:].strip().decode()
        elif line.startswith(b"data: "):
            return kind, json.loads(line[6:])


def next_state(answer: http.client.HTTPResponse) -> dict | None:
    """The stream's next state (keep-alive comments and the event's other fields skipped), or
    None once the stream has ended."""
    while True:
        line = answer.readline()
        if not line:
            return None
        if line.startswith(b"data: "):
            return json.loads(line[6:])
