"""The OpenAPI schema's conventions, kept in one place.

Every operation gets a summary (the first line of its docstring) and the error responses it can
give, all in the one error shape: 400 and 404 everywhere, 429 when throttled, 500 as the last
resort; 401, 403 and 409 on writes, which need an arbiter's credentials.
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse

from tournaments.api.serializers import ErrorSerializer

READ_ERRORS = {
    "400": "A parameter is invalid.",
    "404": "No such tournament, section, round, game or player (or not published).",
    "429": "Too many requests; retry after the time the Retry-After header gives.",
    "500": "The server failed.",
}
WRITE_ERRORS = {
    "401": "No credentials, or wrong ones (the WWW-Authenticate header says which scheme).",
    "403": "The credentials are right but not those of an arbiter of this tournament.",
    "409": "The tournament's state does not allow it now (for example, round already paired).",
}


# Examples of path parameters: the demo tournament (`manage.py loaddemo`), so that readers of
# the docs, and the fuzzer, reach real data.
PATH_EXAMPLES = {"slug": "demo", "section": "men", "number": 1}
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
        return operation

    def get_summary(self):
        description = self.get_description() or ""
        first = description.strip().split("\n")[0].strip()
        return first or None

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        errors = dict(READ_ERRORS)
        if self.method not in ("GET", "HEAD", "OPTIONS"):
            errors |= WRITE_ERRORS
        for code, description in errors.items():
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    OpenApiResponse(ErrorSerializer, description=description), code
                )
        return responses
