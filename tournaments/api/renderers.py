"""Tables as files: CSV and NDJSON for pairings and standings (`?format=csv`, `?format=ndjson`).

Views hand these renderers a list of flat rows (dicts with the same keys, in column order).
CSV cells that a spreadsheet would run as a formula (starting with = + - @, tab or CR) are
prefixed with an apostrophe, so a player's name can never become a formula.
"""

import csv
import io
import json

from rest_framework.renderers import BaseRenderer

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TABLE_FORMATS = ("csv", "ndjson")


def neutralised(value) -> str:
    """`value` as a CSV cell that no spreadsheet evaluates; numbers stay numbers."""
    if value is None:
        return ""
    if isinstance(value, bool | int | float):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class CsvRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        rows = data if isinstance(data, list) else [data]
        # An empty table keeps its header row, when the view named its columns.
        response = (renderer_context or {}).get("response")
        columns = list(rows[0]) if rows else getattr(response, "columns", None)
        out = io.StringIO()
        if columns:
            writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
            writer.writeheader()
            for row in rows:
                writer.writerow({key: neutralised(value) for key, value in row.items()})
        return out.getvalue().encode("utf-8")


class NdjsonRenderer(BaseRenderer):
    media_type = "application/x-ndjson"
    format = "ndjson"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        rows = data if isinstance(data, list) else [data]
        lines = [json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in rows]
        return "".join(line + "\n" for line in lines).encode("utf-8")
