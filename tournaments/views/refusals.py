"""How a page shows the services' refusals."""

from axes.helpers import get_cool_off, get_lockout_message
from django.http import HttpResponse
from django.utils.translation import gettext_lazy

from tournaments.services.errors import ServiceError

# A delete button asks once: its checkbox is ticked with it.
ASK_ONCE = gettext_lazy("Tick the box beside “delete” to delete %(name)s.")


def show_on_form(form, error: ServiceError) -> None:
    """Put `error` next to the field it names, or at the top of `form` when the field is not
    one of the form's own."""
    form.add_error(error.field if error.field in form.fields else None, error.message)


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
