"""One shape for every refusal of the API:
{"code", "message", "field", "errors": [{"code", "message", "field"}, ...]}.

`errors` lists every problem (every field at fault in a form); the top-level `code`, `message`
and `field` repeat the first, so that clients written for API 1.0 keep working. `field` is null
when the refusal is not about one input.

Service errors already have it; DRF's own errors (validation, 401, 403, 404, 405, 415, 429)
are turned into it here, and Django's 404 and 500 for any URL under /api/ answer it too, so
that a client handles one format. Statuses follow the meaning: 401 (with WWW-Authenticate) for
missing or wrong credentials, 403 for right credentials that are not enough, 409 for a request
that conflicts with the tournament's state, 400 for anything else the client got wrong.
"""

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import exception_handler

from tournaments.services.errors import ErrorCode, ServiceError, error_body

# One code per meaning, whatever part of DRF raised it: the product's own where it has one.
DRF_CODES = {
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: ErrorCode.FORBIDDEN.code,
    exceptions.NotFound: ErrorCode.NOT_FOUND.code,
    exceptions.MethodNotAllowed: ErrorCode.METHOD_NOT_ALLOWED.code,
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.ParseError: ErrorCode.PARSE_ERROR.code,
    exceptions.Throttled: "throttled",
}


def api_exception_handler(error, context):
    # Errors are JSON whatever format the request asked for (CSV, NDJSON, text).
    request = context.get("request")
    if request is not None:
        request.accepted_renderer = JSONRenderer()
        request.accepted_media_type = JSONRenderer.media_type
    if isinstance(error, ServiceError):
        return Response(error_body([error.as_dict()]), status=error.status, headers=error.headers)
    # Django's own 404 and 403 (get_object_or_404, an unknown ?format=) as DRF's, with codes.
    if isinstance(error, Http404):
        error = exceptions.NotFound(str(error) or None)
    elif isinstance(error, DjangoPermissionDenied):
        error = exceptions.PermissionDenied(str(error) or None)
    response = exception_handler(error, context)
    if response is None:
        return None
    limit = getattr(request, "rate_limit", None)
    if isinstance(error, exceptions.Throttled) and limit is not None:
        # The IETF RateLimit fields, beside DRF's Retry-After: a client learns the allowance.
        response["RateLimit-Limit"] = str(limit.limit)
        response["RateLimit-Remaining"] = "0"
        response["RateLimit-Reset"] = str(limit.reset)
    if isinstance(error, exceptions.ValidationError):
        response.data = _validation_body(response.data)
    elif isinstance(error, exceptions.APIException):
        code = next((c for kind, c in DRF_CODES.items() if isinstance(error, kind)), "invalid")
        detail = error.detail
        response.data = error_body(
            [{"code": code, "message": str(detail if isinstance(detail, str) else detail)}]
        )
    return response


def _validation_body(data) -> dict:
    """Every problem of a serializer's error tree, each with the (dotted) field it is about."""
    problems = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, child in node.items():
                walk(child, [*path, str(key)])
        elif isinstance(node, list):
            for index, child in enumerate(node):
                # A list of messages stays on its field; a list of objects names the item.
                is_item = isinstance(child, dict | list)
                walk(child, [*path, str(index)] if is_item else path)
        else:
            field = ".".join(part for part in path if part != "non_field_errors")
            # "invalid" for every input problem, as in 1.0; the message says which.
            problems.append({"code": "invalid", "message": str(node), "field": field or None})

    walk(data, [])
    return error_body(problems or [{"code": "invalid", "message": str(data)}])


def not_authenticated() -> JsonResponse:
    """401 in the API's error shape for a view outside DRF (a stream) that needs a signed-in
    user or his token, as DRF answers its own views."""
    error = exceptions.NotAuthenticated()
    body = error_body([{"code": DRF_CODES[exceptions.NotAuthenticated], "message": str(error)}])
    return JsonResponse(body, status=401, headers={"WWW-Authenticate": "Token"})


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


@csrf_exempt
def page_not_found(request, exception=None):
    """404: JSON in the API's error shape under /api/, Django's own page elsewhere."""
    if _is_api(request):
        refusal = ServiceError(ErrorCode.NOT_FOUND, case="path", path=request.path)
        return JsonResponse(error_body([refusal.as_dict()]), status=refusal.status)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception=None):
    """400 raised outside a view (a body Django refuses to parse, too many fields, a bad
    host): JSON in the API's error shape under /api/, Django's own page elsewhere."""
    if _is_api(request):
        return JsonResponse(
            error_body([{"code": "bad_request", "message": _("The request cannot be read.")}]),
            status=400,
        )
    return defaults.bad_request(request, exception)


def server_error(request):
    """500: JSON in the API's error shape under /api/, Django's own page elsewhere."""
    if _is_api(request):
        # Not a refusal: the server failed.
        problem = {"code": "server_error", "message": _("The server failed; the error was logged.")}
        return JsonResponse(error_body([problem]), status=500)
    return defaults.server_error(request)
