"""One shape for every refusal of the API: {"code", "message", "field"?}.

Service errors already have it; DRF's own errors (validation, 403, 404, 405, 415) are turned
into it here so that a client handles one format.
"""

from rest_framework import exceptions
from rest_framework.views import exception_handler


def api_exception_handler(error, context):
    response = exception_handler(error, context)
    if response is None:
        return None
    if isinstance(error, exceptions.ValidationError) and isinstance(response.data, dict):
        field, messages = next(iter(response.data.items()))
        message = messages[0] if isinstance(messages, list) else str(messages)
        body = {"code": "invalid", "message": str(message)}
        if field != "non_field_errors":
            body["field"] = field
        response.data = body
    elif isinstance(error, exceptions.APIException):
        detail = error.detail
        codes = error.get_codes()
        response.data = {
            "code": codes if isinstance(codes, str) else "invalid",
            "message": str(detail if isinstance(detail, str) else detail),
        }
    return response
