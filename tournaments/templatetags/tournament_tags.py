from django import template

register = template.Library()


@register.filter
def team_rows(tables, table):
    """Rows of one team table, ready for the template (see TeamTables.rows)."""
    return list(tables.rows(table))
