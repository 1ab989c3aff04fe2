"""The remote game's stream in the OpenAPI schema: a plain Django view (it streams Server-Sent
Events, under ASGI in production), which drf-spectacular does not see, added by a step of its
own (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"], before `tournaments.api.schema.exact_schema`
gives every operation its id and tag)."""

from tournaments.api.schema import path_parameter

STREAM_PATH = "/api/v1/tournaments/{slug}/games/{pairing_id}/stream/"

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


def remote_stream(result, generator, request, public):
    """Add the stream's operation to the schema `result`."""
    result["paths"][STREAM_PATH] = {"get": stream_operation()}
    return result


def stream_operation() -> dict:
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    return {
        "operationId": "tournaments_games_stream",
        "summary": "A remote game's states as they change, pushed (Server-Sent Events).",
        "description": EVENTS,
        "parameters": [path_parameter("slug"), path_parameter("pairing_id")],
        "security": [{"tokenAuth": []}, {"cookieAuth": []}, {}],
        "responses": {
            "200": {
                "description": "The stream of the game's states, until the game is over.",
                "content": {"text/event-stream": {"schema": {"type": "string"}}},
            },
            "404": {
                "description": "No remote game with this id in a published round of the "
                "tournament.",
                "content": error,
            },
            "500": {"description": "The server failed.", "content": error},
        },
    }
