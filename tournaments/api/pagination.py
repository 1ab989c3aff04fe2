"""Pages of list endpoints: `limit` is clamped to MAX_LIMIT and `offset` to MAX_OFFSET.

A limit or offset too large for the database (`?limit=9223372036854775808`) is clamped rather
than passed on; a non-numeric or negative one falls back to the default, as DRF does.
"""

from rest_framework.pagination import LimitOffsetPagination, _positive_int

MAX_LIMIT = 500
# Far beyond any tournament's size, and inside every database's signed 32-bit range.
MAX_OFFSET = 1_000_000


class ClampedLimitOffsetPagination(LimitOffsetPagination):
    default_limit = 200
    max_limit = MAX_LIMIT

    def get_offset(self, request):
        try:
            return _positive_int(request.query_params[self.offset_query_param], cutoff=MAX_OFFSET)
        except (KeyError, ValueError):
            return 0

    def get_paginated_response_schema(self, schema):
        """DRF's page schema, with `next` and `previous` null as OpenAPI 3.1 says it (a type
        list): 3.1 has no `nullable`, and a checker reading DRF's would refuse a last page."""
        page = super().get_paginated_response_schema(schema)
        for link in ("next", "previous"):
            field = page["properties"][link]
            if field.pop("nullable", False):
                field["type"] = [field["type"], "null"]
        return page
