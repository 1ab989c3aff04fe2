"""The remote games' streams in the OpenAPI schema (a game's, a player's own): plain Django
views (they stream Server-Sent Events, under ASGI in production), which drf-spectacular does not
see, added by a step of its own (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"], before
`tournaments.api.schema.exact_schema` gives every operation its id and tag)."""

from tournaments.api.schema import path_parameter

STREAM_PATH = "/api/v1/tournaments/{slug}/games/{pairing_id}/stream/"
MY_STREAM_PATH = "/api/v1/me/stream/"

EVENTS = """Server-Sent Events (text/event-stream), one per change of the game:

    id: <the board's revision>
    event: state
    data: <the game as GET /api/v1/me/game/ answers it (RemoteGame), one line of JSON>

The first event is the game as it is now, so that a client that connects again has its board
back at once (it needs no Last-Event-ID). A comment line (`: keep-alive`) comes when nothing
changed for a while. The stream ends after the state of a game over. Its players read it with
their token (`Authorization: Token …`) or signed in, and the states then give their `side`;
anyone else reads it as a spectator (`side` null; a token that is no valid token counts as
none)."""


MY_EVENTS = """Server-Sent Events (text/event-stream) of the signed-in player's games, one
after the other, for as long as the connection lasts: while he plays a game, its events as the
game's own stream (`/api/v1/tournaments/{slug}/games/{pairing_id}/stream/`) sends them

    id: <the board's revision>
    event: state
    data: <the game as GET /api/v1/me/game/ answers it (RemoteGame), one line of JSON>

and, whenever he has no game being played (before the first, between two rounds, after the
last),

    event: waiting
    data: {}

The next game's first state comes as soon as its round is paired and its boards open: a program
keeps this one connection for a whole event instead of asking GET /api/v1/me/game/ again and
again. The first event is the player's state now (a game's, or `waiting`). A comment line
(`: keep-alive`) comes when nothing changed for a while. Read with the player's token
(`Authorization: Token …`) or signed in."""

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}


def events_content(*kinds: str) -> dict:
    """The text/event-stream content whose events are of `kinds`. On OpenAPI 3.0 and 3.1 a
    stream's `schema` is read as one event's (3.2 names it `itemSchema`), as schemathesis checks
    it: the fields of the event as the SSE format parses them, all text, `data` the JSON line."""
    return {
        "text/event-stream": {
            "schema": {
                "type": "object",
                "required": ["event", "data"],
                "properties": {
                    "event": {"type": "string", "enum": list(kinds)},
                    "id": {"type": "string", "description": "The board's revision."},
                    "data": {
                        "type": "string",
                        "description": "One line of JSON, as the operation's description says.",
                    },
                },
            }
        }
    }


def remote_stream(result, generator, request, public):
    """Add the streams' operations to the schema `result`."""
    result["paths"][STREAM_PATH] = {"get": stream_operation()}
    result["paths"][MY_STREAM_PATH] = {"get": my_stream_operation()}
    return result


def my_stream_operation() -> dict:
    return {
        "operationId": "me_stream",
        "summary": "The signed-in player's games as they are played, pushed (Server-Sent Events).",
        "description": MY_EVENTS,
        "security": [{"tokenAuth": []}, {"cookieAuth": []}],
        "responses": {
            "200": {
                "description": "The stream of the player's games, until he disconnects.",
                "content": events_content("state", "waiting"),
            },
            "401": {"description": "No credentials, or wrong ones.", "content": ERROR},
            "500": {"description": "The server failed.", "content": ERROR},
        },
    }


def stream_operation() -> dict:
    return {
        "operationId": "tournaments_games_stream",
        "summary": "A remote game's states as they change, pushed (Server-Sent Events).",
        "description": EVENTS,
        "parameters": [path_parameter("slug"), path_parameter("pairing_id")],
        "security": [{"tokenAuth": []}, {"cookieAuth": []}, {}],
        "responses": {
            "200": {
                "description": "The stream of the game's states, until the game is over.",
                "content": events_content("state"),
            },
            "404": {
                "description": "No remote game with this id in a published round of the "
                "tournament.",
                "content": ERROR,
            },
            "500": {"description": "The server failed.", "content": ERROR},
        },
    }
