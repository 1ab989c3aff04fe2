"""How a page shows the services' refusals: beside the field of its form, or as JSON in the one
shape the API answers (`services.errors.error_body`) for a page's script."""

from axes.helpers import get_cool_off, get_lockout_message
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy

from tournaments.services.errors import ServiceError, error_body

# A delete button asks once: its checkbox is ticked with it.
ASK_ONCE = gettext_lazy("Tick the box beside “delete” to delete %(name)s.")


def show_on_form(form, error: ServiceError) -> None:
    """Put `error` next to the field it names, or at the top of `form` when the field is not
    one of the form's own."""
    form.add_error(error.field if error.field in form.fields else None, error.message)


def json_refusal(errors: ServiceError | list[ServiceError], **extra) -> JsonResponse:
    """The JSON answer of a refused request, as the API gives it: every error in the one shape
    (`{"code", "message", "field", "errors"}`, plus `extra` for the page's script), with the
    first error's status and headers (`Retry-After`, `Allow`)."""
    errors = [errors] if isinstance(errors, ServiceError) else list(errors)
    body = error_body([error.as_dict() for error in errors])
    return JsonResponse(body | extra, status=errors[0].status, headers=errors[0].headers)


def login_refused(request, original_response=None, credentials=None):
    """django-axes's refusal of a login (settings.AXES_LOCKOUT_CALLABLE): a locked-out username
    and address, or a client past its budget of password checks (tournaments/auth_backends.py).
    429 with Retry-After, so that a script knows when it may try again."""
    wait = getattr(request, "password_checks_wait", None)
    if wait is None:
        wait = int(get_cool_off(request).total_seconds())
    response = HttpResponse(get_lockout_message(), status=429, content_type="text/plain")
    response["Retry-After"] = str(wait)
    return response
