"""Request body parsers of the API."""

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class BoundedJSONParser(JSONParser):
    """JSON whose nesting the interpreter can follow; deeper bodies are a client error.

    Python's json module recurses once per nested array or object, so a body of a few thousand
    brackets raises RecursionError, which would otherwise surface as a server error.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(_("The JSON body is nested too deeply.")) from None
