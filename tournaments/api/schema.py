"""The OpenAPI schema's conventions, kept in one place.

Every operation gets a summary (the first line of its docstring) and the error responses it can
give, all in the one error shape: 400 and 404 everywhere, 429 when throttled, 500 as the last
resort; 401, 403 and 409 on writes, which need an arbiter's credentials; on a write that names
the version it changes (tournaments/api/versions.py), the If-Match header and 428.
"""

import re

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse

from tournaments.api.serializers import ErrorSerializer
from tournaments.api.versions import IF_MATCH_HELP
from tournaments.services.game_files import OGN_MEDIA_TYPE

READ_ERRORS = {
    "400": "A parameter is invalid.",
    "401": "An `Authorization: Token` header whose token is no valid one.",
    "404": "No such tournament, section, round, game or player (or not published).",
    "429": "Too many requests; retry after the time the Retry-After header gives.",
    "500": "The server failed.",
}
# Refused by the HTTP server before the API reads the request, in its own HTML.
HTTP_SERVER_ERRORS = {"414": "The address (with its query) is longer than the server reads."}
WRITE_ERRORS = {
    "401": "No credentials, or wrong ones (the WWW-Authenticate header says which scheme).",
    "403": "The credentials are right but not those of an arbiter of this tournament.",
    "409": "The tournament's state does not allow it now (for example, round already paired), "
    "or what the write changes changed since the version it sent.",
}
VERSIONED_WRITE_ERRORS = {"428": "Neither expected_version nor If-Match was sent."}
# A read that needs credentials (a backup's download): refused as a write is.
CREDENTIAL_ERRORS = {key: WRITE_ERRORS[key] for key in ("401", "403")}
# A body past DATA_UPLOAD_MAX_MEMORY_SIZE (oware_tournaments/settings.py), in the error shape.
BODY_ERRORS = {"413": "The body is larger than the API reads."}
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


# Examples of path parameters: the demo tournament (`manage.py loaddemo`), so that readers of
# the docs, and the fuzzer, reach real data.
PATH_EXAMPLES = {"slug": "demo", "section": "men", "number": 1}
# Django's <slug:…> converter: any other text is an address the API does not have at all.
SLUG_PATTERN = "^[-a-zA-Z0-9_]+$"
SLUG_PARAMETERS = ("slug", "section")
QUERY_DESCRIPTIONS = {"format": "The response format: json (default), csv or ndjson."}
PATH_DESCRIPTIONS = {
    "slug": "The tournament's slug, as in its page's address.",
    "section": "The section's slug within the tournament.",
    "number": "The round number, from 1.",
    "pairing_id": "The game's id (the `id` of a board in a round, or of a game).",
    "player_id": "The player's id, which stays when pairing numbers change.",
}


class OwareAutoSchema(AutoSchema):
    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        for parameter in (operation or {}).get("parameters", []):
            if parameter.get("in") == "query" and not parameter.get("description"):
                parameter["description"] = QUERY_DESCRIPTIONS.get(parameter["name"], "")
            if parameter.get("in") != "path":
                continue
            if parameter["name"] in PATH_EXAMPLES:
                parameter.setdefault("example", PATH_EXAMPLES[parameter["name"]])
            if parameter["name"] in PATH_DESCRIPTIONS:
                parameter["description"] = PATH_DESCRIPTIONS[parameter["name"]]
            if parameter["name"] in SLUG_PARAMETERS:
                parameter["schema"]["pattern"] = SLUG_PATTERN
        return operation

    def _get_request_body(self, direction="request"):
        """A DELETE that reads a body (the reason and version of clearing a result, the version
        of deleting a draft) declares it, as a POST does; drf-spectacular leaves DELETE bodies
        out, so a generated client could never send them."""
        if self.method != "DELETE" or self.get_request_serializer() is None:
            return super()._get_request_body(direction)
        self.method = "POST"
        try:
            body = super()._get_request_body(direction)
        finally:
            self.method = "DELETE"
        if body is not None:
            body["required"] = False  # the version may come as If-Match, the rest has defaults
        return body

    def get_operation_id(self):
        """drf-spectacular's id, with the view's `operation_name` before the action when it has
        one: a section's document and its tournament's share their address's words."""
        operation_id = super().get_operation_id()
        name = getattr(self.view, "operation_name", None)
        if name:
            head, _sep, action = operation_id.rpartition("_")
            operation_id = f"{head}_{name}_{action}"
        return operation_id

    def written_version(self) -> str | None:
        """What this operation's write names as its version ("result", "tournament"), if any."""
        if self.method in SAFE_METHODS:
            return None
        return getattr(self.view, "written_version", None)

    def get_override_parameters(self):
        parameters = super().get_override_parameters()
        what = self.written_version()
        if what:
            header = OpenApiParameter(
                "If-Match", str, OpenApiParameter.HEADER, description=IF_MATCH_HELP[what]
            )
            parameters = [*parameters, header]
        return parameters

    def get_summary(self):
        description = self.get_description() or ""
        first = description.strip().split("\n")[0].strip()
        return first or None

    def _needs_credentials(self) -> bool:
        return any(
            getattr(permission, "__name__", "") == "IsAuthenticated"
            for permission in getattr(self.view, "permission_classes", ())
        )

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        errors = dict(READ_ERRORS)
        if self.method not in SAFE_METHODS:
            errors |= WRITE_ERRORS | BODY_ERRORS
        elif self._needs_credentials():
            errors |= CREDENTIAL_ERRORS
        if self.written_version():
            errors |= VERSIONED_WRITE_ERRORS
        for code, description in errors.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    OpenApiResponse(ErrorSerializer, description=description), code
                )
        for code, description in HTTP_SERVER_ERRORS.items():
            responses[code] = {
                "description": description,
                "content": {"text/html": {"schema": TEXT}},
            }
        return responses


# What each download is, in the schema: a generated client then reads text or bytes, not JSON.
TEXT = {"type": "string"}
BINARY = {"type": "string", "format": "binary"}
DOWNLOADS = {
    "}/trf/": ("text/plain", TEXT, "The section as a TRF-2026 file."),
    "}/games.txt": ("text/plain", TEXT, "Every recorded game in the notation."),
    "}/games-ogn.zip": ("application/zip", BINARY, "A zip of Aualé .ogn files, one per game."),
    "}.ogn": (OGN_MEDIA_TYPE, TEXT, "One game as an Aualé .ogn file (UTF-8 text)."),
}
TABLE_MEDIA_TYPES = {
    "text/csv": "One row per line after a header row.",
    "application/x-ndjson": "One JSON object per line.",
}
TABLE_FILES = {".csv": "text/csv", ".ndjson": "application/x-ndjson"}
CONTENT_DISPOSITION = {
    "Content-Disposition": {
        "description": "attachment, with the file's name.",
        "schema": {"type": "string"},
    }
}
VERSIONED = "/api/v1/"
# The live board's JSON endpoint is a page's companion, not a DRF view: described here by hand.
LIVE_BOARD_PATH = "/t/{slug}/board/{code}/moves/"


# What every answer of a deprecated 1.0 path says (tournaments/api/deprecation.py).
DEPRECATION_HEADERS = {
    "Deprecation": {
        "description": "RFC 9745: the date this path was deprecated, as `@` and a Unix time.",
        "schema": {"type": "string"},
    },
    "Sunset": {
        "description": "RFC 8594: the date after which this path may stop answering.",
        "schema": {"type": "string"},
    },
    "Link": {
        "description": 'The same resource under `/api/v1/`, `rel="successor-version"`.',
        "schema": {"type": "string"},
    },
}


def resource_tag(path: str) -> str:
    """The resource an address belongs to, as a tag: one group per resource in the docs and
    one module per resource in a generated client."""
    rest = path.removeprefix(VERSIONED).removeprefix("/api/")
    parts = [part for part in rest.split("/") if part]
    if path == LIVE_BOARD_PATH:
        return "live boards"
    if not parts:
        return "api"
    if parts[-1] in ("import", "export", "import-trf"):
        return "backups"
    if path.endswith(tuple(DOWNLOADS)):
        return "files"
    for word, tag in [
        ("games", "games"),
        ("teams", "standings"),
        ("standings", "standings"),
        ("players", "players"),
        ("rounds", "rounds"),
        ("pair", "rounds"),
    ]:
        if word in [part.split(".")[0] for part in parts]:  # `standings.csv` too
            return tag
    return "tournaments"


def operation_id(path: str, operation_id: str) -> str:
    """Ids a generated client can name functions after: letters, digits and underscores; the
    versioned paths get the plain names, the 1.0 aliases the same prefixed with `legacy_`."""
    cleaned = re.sub(r"[^A-Za-z0-9]+", "_", operation_id)
    if path.startswith(VERSIONED):
        return cleaned.removeprefix("v1_")
    return cleaned if path in ("/api/", LIVE_BOARD_PATH) else "legacy_" + cleaned


def exact_schema(result, generator, request, public):
    """drf-spectacular's last step (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]): the media
    types of files and tables, ids, tags, deprecated 1.0 aliases and the live board."""
    result["paths"][LIVE_BOARD_PATH] = live_board_operations()
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components["LiveBoardState"] = {
        "type": "object",
        "description": "The board: position, moves, clocks, sides taken, offers and result.",
        "additionalProperties": True,
    }
    components["LiveBoardRefusal"] = {
        "allOf": [
            {"$ref": "#/components/schemas/Error"},
            {
                "type": "object",
                "properties": {
                    "error": {"$ref": "#/components/schemas/Problem"},
                    "state": {"$ref": "#/components/schemas/LiveBoardState"},
                },
            },
        ]
    }
    for path, operations in result["paths"].items():
        for operation in operations.values():
            operation["operationId"] = operation_id(path, operation["operationId"])
            operation["tags"] = [resource_tag(path)]
            if path != "/api/" and path.startswith("/api/") and not path.startswith(VERSIONED):
                operation["deprecated"] = True
                for response in operation.get("responses", {}).values():
                    if "$ref" not in response:
                        response.setdefault("headers", {}).update(DEPRECATION_HEADERS)
            if path.endswith(tuple(TABLE_FILES)):
                # The address names the format already.
                operation["parameters"] = [
                    p for p in operation.get("parameters", []) if p["name"] != "format"
                ]
            for status, response in operation["responses"].items():
                exact_response(path, status, response)
    return result


def exact_response(path: str, status: str, response: dict) -> None:
    content = response.get("content")
    if not status.startswith("2"):
        # Errors of the API are JSON whatever format was asked for (errors.py).
        if path.startswith("/api/") and content and "application/json" in content:
            response["content"] = {"application/json": content["application/json"]}
        return
    download = next((d for name, d in DOWNLOADS.items() if path.endswith(name)), None)
    if download is not None:
        media_type, schema, description = download
        response["content"] = {media_type: {"schema": schema}}
        response["description"] = description
        response["headers"] = CONTENT_DISPOSITION
        return
    if content is None:
        return
    content.pop("text/html", None)  # the browsable API, for people
    table_file = next((t for t in TABLE_FILES if path.endswith(t)), None)
    if table_file is not None:
        # `standings.csv`: that media type only.
        kept = TABLE_FILES[table_file]
        response["content"] = {kept: content[kept]}
        response["headers"] = CONTENT_DISPOSITION
        content = response["content"]
    for media_type, description in TABLE_MEDIA_TYPES.items():
        if media_type in content:
            content[media_type] = {"schema": TEXT | {"description": description}}


def path_parameter(name: str) -> dict:
    """The path parameter `name` (one of PATH_DESCRIPTIONS), for an operation written by hand."""
    if name in SLUG_PARAMETERS:
        schema = {"type": "string", "pattern": SLUG_PATTERN}
    else:
        schema = {"type": "integer"}
    return {
        "in": "path",
        "name": name,
        "required": True,
        "schema": schema,
        "description": PATH_DESCRIPTIONS[name],
    }


def live_board_operations() -> dict:
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/LiveBoardRefusal"}}}
    state = {"application/json": {"schema": {"$ref": "#/components/schemas/LiveBoardState"}}}
    # Outside /api/, Django's own 500 page answers.
    server_error = {"description": "The server failed.", "content": {"text/html": {"schema": TEXT}}}
    http_414 = {
        "description": HTTP_SERVER_ERRORS["414"],
        "content": {"text/html": {"schema": TEXT}},
    }
    not_found = {
        "description": "No published live board with this code (JSON); an address that is no "
        "board's at all, such as a slug with other characters, gets the site's HTML page.",
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/Error"}},
            "text/html": {"schema": TEXT},
        },
    }
    parameters = [
        path_parameter("slug"),
        {
            "in": "path",
            "name": "code",
            "required": True,
            "schema": {"type": "string"},
            "description": "The board's code, as printed at the table.",
        },
    ]
    return {
        "get": {
            "operationId": "live_board_state",
            "summary": "A live board's state, for players and spectators.",
            "parameters": [
                *parameters,
                {
                    "in": "query",
                    "name": "device",
                    "schema": {"type": "string"},
                    "description": "The asking device's id: the state says which side it holds.",
                },
            ],
            "responses": {
                "200": {"description": "The board.", "content": state},
                "404": not_found,
                "414": http_414,
                "500": server_error,
            },
        },
        "post": {
            "operationId": "live_board_act",
            "summary": "A device's request: claim a side, play moves, offer, accept, resign, flag.",
            "description": "Browsers send the page's CSRF token (X-CSRFToken); without it the "
            "server refuses with 403 before reading the request.",
            "parameters": parameters,
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["device", "action"],
                            "properties": {
                                "device": {"type": "string"},
                                "action": {
                                    "type": "string",
                                    "enum": ["claim", "moves", "offer", "accept", "resign", "flag"],
                                },
                                "side": {"type": ["string", "null"]},
                                "code": {
                                    "type": "string",
                                    "description": "The side's code from the result slip "
                                    "(`claim`; both codes, for both sides).",
                                },
                                "from_ply": {"type": ["integer", "null"]},
                                "moves": {"type": "array", "items": {"type": "string"}},
                            },
                        }
                    }
                },
            },
            "responses": {
                "200": {"description": "The board after the request.", "content": state},
                "400": {"description": "The request is not allowed now.", "content": error},
                "403": {
                    "description": "No CSRF token (a page's refusal, as HTML).",
                    "content": {"text/html": {"schema": TEXT}},
                },
                "404": not_found,
                "405": {"description": "Only GET and POST.", "content": error},
                "409": {"description": "Another device holds the side.", "content": error},
                "414": http_414,
                "500": server_error,
            },
        },
    }
