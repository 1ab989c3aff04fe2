"""How a page shows the services' refusals."""

from tournaments.services.errors import ServiceError


def show_on_form(form, error: ServiceError) -> None:
    """Put `error` next to the field it names, or at the top of `form` when the field is not
    one of the form's own."""
    form.add_error(error.field if error.field in form.fields else None, error.message)
