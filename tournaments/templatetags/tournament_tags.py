from django import template

register = template.Library()


@register.filter
def team_rows(tables, table):
    """Rows of one team table, ready for the template (see TeamTables.rows)."""
    return list(tables.rows(table))


@register.filter
def score(value) -> str:
    """A points or tie-break value as people write it: 3, 4.5, 12.25 (never 4.50)."""
    if value is None or value == "":
        return ""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
