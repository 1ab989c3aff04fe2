"""Every refusal of the register, named once, in the shape of `tournaments.services.errors`.

A member is ``(code, HTTP status, message template)`` like an `ErrorCode` member, and is raised
the same way: ``ServiceError(RegisterCode.X, field=..., **params)``. Pages and the API read it
as they read any service's refusal (the API answers ``{"code", "message", "field"}`` with its
status), so this app adds its refusals without editing the tournaments app's list.
"""

from enum import Enum

from django.utils.translation import gettext_lazy

from tournaments.services.errors import ServiceError

HTTP_400, HTTP_403, HTTP_404, HTTP_409 = 400, 403, 404, 409


class RegisterCode(Enum):
    def __init__(self, code: str, status: int, template):
        self.code = code
        self.status = status
        self.templates = template if isinstance(template, dict) else {None: template}

    def message(self, case: str | None = None, **params) -> str:
        template = str(self.templates[case])
        return template % params if params else template

    NOT_OFFICER = (
        "register_forbidden",
        HTTP_403,
        {
            None: gettext_lazy("Only the register's officers may do this."),
            "link": gettext_lazy(
                "Only an arbiter of %(name)s or a register officer may link its players."
            ),
        },
    )
    NO_PERSON = ("no_person", HTTP_404, gettext_lazy("The register has no person %(person)s."))
    PERSON_MERGED = (
        "person_merged",
        HTTP_409,
        gettext_lazy("%(name)s was merged into %(kept)s: choose %(kept)s."),
    )
    ALREADY_LINKED = (
        "already_linked",
        HTTP_409,
        gettext_lazy("%(player)s is already linked to %(name)s; unlink first."),
    )
    NOT_LINKED = ("not_linked", HTTP_409, gettext_lazy("%(player)s is linked to nobody."))
    LINK_CHANGED = (
        "link_changed",
        HTTP_409,
        gettext_lazy("Someone changed the link of %(player)s meanwhile; reload and try again."),
    )
    SAME_PERSON = ("same_person", HTTP_400, gettext_lazy("Choose two different persons to merge."))
    SPLIT_IMPOSSIBLE = (
        "split_impossible",
        HTTP_409,
        {
            None: gettext_lazy("This change is no merge: only a merge can be split."),
            "done": gettext_lazy("This merge was already split."),
            "later": gettext_lazy("%(name)s was merged again since: split the later merge first."),
        },
    )
    REASON_NEEDED = ("reason_needed", HTTP_400, gettext_lazy("Say why, for the register's audit."))
    BAD_PAST_FILE = (
        "bad_trf_file",
        HTTP_400,
        {
            None: gettext_lazy("Line %(line)s, column %(column)s: %(problem)s Nothing was stored."),
            "no_place": gettext_lazy("%(problem)s Nothing was stored."),
            "empty": gettext_lazy("The file has no player. Nothing was stored."),
        },
    )


def refuse(code: RegisterCode, *, field: str | None = None, case=None, **params) -> ServiceError:
    """The ServiceError of `code` (to raise)."""
    return ServiceError(code, field=field, case=case, **params)
