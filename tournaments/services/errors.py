from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _


class ServiceError(Exception):
    """An arbiter's request that cannot be carried out; nothing was written.

    `code` is machine-readable (the API returns it), `field` names the input at fault when there
    is one, and the message is for a person.
    """

    def __init__(self, message: str, *, code: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field

    def as_dict(self) -> dict:
        data = {"code": self.code, "message": self.message}
        if self.field:
            data["field"] = self.field
        return data


def save_validated(instance):
    """Check `instance` against its model (fields, choices, constraints), then save it.

    A refusal becomes a ServiceError naming the first field at fault, so that forms and the API
    show it where it belongs; nothing is written.
    """
    try:
        instance.full_clean()
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        raise ServiceError(" ".join(messages), code="invalid", field=field) from error
    try:
        # A savepoint, so that a row written meanwhile by another request (a race full_clean
        # could not see) leaves the caller's transaction usable and no constraint name shows.
        with transaction.atomic():
            instance.save()
    except IntegrityError as error:
        raise ServiceError(
            _("Someone saved a conflicting entry meanwhile; reload the page and try again."),
            code="conflict",
        ) from error
    return instance
