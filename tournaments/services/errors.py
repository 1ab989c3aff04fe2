"""Every refusal the product makes, named once: its code, its HTTP status, its message.

A service refuses by raising ``ServiceError(ErrorCode.X, field=..., **params)``: the code is what
the API returns, the status is what the API answers, the message is a translatable template filled
with the parameters in the language of the request. Nothing is written when one is raised. Views,
forms and the API read ``code``, ``status``, ``field`` and ``message`` from the error; none of them
keeps its own list of codes.
"""

from enum import Enum

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

BAD_REQUEST, FORBIDDEN, NOT_FOUND, CONFLICT = 400, 403, 404, 409


class ErrorCode(Enum):
    """A reason for a refusal: ``(code, HTTP status, message template)``.

    The template is lazy (translated when read) and takes ``%(name)s`` parameters.
    """

    def __init__(self, code: str, status: int, template):
        self.code = code
        self.status = status
        self.template = template

    FORBIDDEN = ("forbidden", FORBIDDEN, gettext_lazy("You are not an arbiter of this tournament."))
    INVALID = ("invalid", BAD_REQUEST, gettext_lazy("%(problem)s"))
    CONFLICT = (
        "conflict",
        CONFLICT,
        gettext_lazy("Someone saved a conflicting entry meanwhile; reload the page and try again."),
    )


class ServiceError(Exception):
    """A request that cannot be carried out; nothing was written.

    ``ServiceError(ErrorCode.X, field="name", **params)``. ``code`` is machine-readable (the API
    returns it), ``status`` the HTTP status it answers, ``field`` names the input at fault when
    there is one, and ``message`` is the code's template filled with ``params``, for a person.
    """

    def __init__(self, error, *, field: str | None = None, code: str | None = None, **params):
        if isinstance(error, ErrorCode):
            self.error = error
            self.params = params
            super().__init__(error.code)
        else:  # transitional: ServiceError("a sentence", code="x") until every site has a code
            self.error = None
            self.params = {"problem": error}
            super().__init__(error)
        self._code = code
        self.field = field

    @property
    def code(self) -> str:
        return self.error.code if self.error else self._code

    @property
    def status(self) -> int:
        if self.error is not None:
            return self.error.status
        from tournaments.api.errors import legacy_status  # transitional

        return legacy_status(self._code)

    @property
    def message(self) -> str:
        if self.error is None:
            return str(self.params["problem"])
        return str(self.error.template) % self.params if self.params else str(self.error.template)

    def __str__(self) -> str:
        return self.message

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
        raise ServiceError(ErrorCode.INVALID, field=field, problem=" ".join(messages)) from error
    try:
        # A savepoint, so that a row written meanwhile by another request (a race full_clean
        # could not see) leaves the caller's transaction usable and no constraint name shows.
        with transaction.atomic():
            instance.save()
    except IntegrityError as error:
        raise ServiceError(ErrorCode.CONFLICT) from error
    return instance
