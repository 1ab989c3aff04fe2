"""Every refusal the product makes, named once: its code, its HTTP status, its message.

A service refuses by raising ``ServiceError(ErrorCode.X, field=..., **params)``: the code is what
the API returns, the status is what the API answers, the message is a translatable template filled
with the parameters in the language of the request. Nothing is written when one is raised. Views,
forms and the API read ``code``, ``status``, ``field`` and ``message`` from the error; none of them
keeps its own list of codes.
"""

from enum import Enum
from http import HTTPStatus

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
    # Results and the files that bring them (services/results.py, result_checks.py,
    # game_tags.py, game_files.py, trf_import.py, backup.py).
    REASON_REQUIRED = (
        "reason_required",
        BAD_REQUEST,
        gettext_lazy("Board %(board)d already has a result; give the reason for the correction."),
    )
    RESULT_CHANGED = (
        "result_changed",
        HTTPStatus.CONFLICT,
        gettext_lazy("Board %(board)d was changed by %(who)s meanwhile; check the result shown."),
    )
    ROUND_NOT_PUBLISHED = (
        "round_not_published",
        HTTPStatus.CONFLICT,
        gettext_lazy("Round %(round)d is not published yet."),
    )
    BYE_HAS_NO_RESULT = (
        "bye_has_no_result",
        BAD_REQUEST,
        gettext_lazy("A pairing-allocated bye has no game result."),
    )
    TAG_MISMATCH = (
        "tag_mismatch",
        BAD_REQUEST,
        gettext_lazy("The record's %(tag)s tag says “%(found)s”, but this game has “%(wanted)s”."),
    )
    UNEXPECTED_RECORD = (
        "unexpected_record",
        BAD_REQUEST,
        gettext_lazy("A forfeit has no move record."),
    )
    RECORD_TOO_LONG = (
        "record_too_long",
        BAD_REQUEST,
        gettext_lazy("A move record may be at most %(limit)d characters long."),
    )
    RECORD_TOO_MANY_PLIES = (
        "record_too_long",
        BAD_REQUEST,
        gettext_lazy("A move record may have at most %(limit)d plies; this one has %(plies)d."),
    )
    ENDING_MISMATCH = (
        "ending_mismatch",
        BAD_REQUEST,
        gettext_lazy("The record ends by %(found)s, not %(entered)s."),
    )
    DECLARED_SCORE = (
        "declared_score",
        BAD_REQUEST,
        gettext_lazy("The record gives the game score %(south)d–%(north)d, not %(typed)s."),
    )
    DECIDED_BY_MISMATCH = (
        "decided_by_mismatch",
        BAD_REQUEST,
        gettext_lazy(
            "The record leaves %(side)s to move, so that player is the one who lost "
            "on time or resigned."
        ),
    )
    AGREED_END_UNCONFIRMED = (
        "agreed_end_unconfirmed",
        BAD_REQUEST,
        gettext_lazy("Check the repeated positions, then confirm the agreed end."),
    )
    MISSING_ENDING = (
        "missing_ending",
        BAD_REQUEST,
        gettext_lazy("Give the ending, or a move record."),
    )
    MISSING_ABSENT = (
        "missing_absent",
        BAD_REQUEST,
        gettext_lazy("Name the player who did not appear."),
    )
    MISSING_DECIDED_BY = (
        "missing_decided_by",
        BAD_REQUEST,
        gettext_lazy("Name the player who lost on time or resigned."),
    )
    RESIGNER_WINS = (
        "inconsistent_with_ending",
        BAD_REQUEST,
        gettext_lazy("The resigning player cannot have the winning score."),
    )
    RESIGNER_HAS_WON = (
        "inconsistent_with_ending",
        BAD_REQUEST,
        gettext_lazy("A player with more than 24 seeds has already won; he cannot resign."),
    )
    STORES_OVER_48 = (
        "too_many_seeds",
        BAD_REQUEST,
        gettext_lazy("The two stores hold more than 48 seeds."),
    )
    POINTS_MISMATCH = (
        "points_mismatch",
        BAD_REQUEST,
        gettext_lazy("The game gives %(south)s–%(north)s, not the points entered."),
    )
    OTHER_PLAYERS = (
        "other_players",
        BAD_REQUEST,
        gettext_lazy("The file's %(side)s player is %(named)s, not %(player)s."),
    )
    NOT_AN_OGN_ZIP = (
        "bad_file",
        BAD_REQUEST,
        gettext_lazy("The file is not a zip of .ogn game files."),
    )
    EMPTY_OGN_ZIP = ("bad_file", BAD_REQUEST, gettext_lazy("The zip holds no .ogn file."))
    NO_SUCH_BOARD = (
        "no_such_board",
        BAD_REQUEST,
        gettext_lazy("No board of round %(number)d has these players or this board number."),
    )
    INVALID_TRF = ("invalid_trf", BAD_REQUEST, gettext_lazy("%(problem)s"))
    TRF_PLAYERS_DISAGREE = (
        "invalid_trf",
        BAD_REQUEST,
        gettext_lazy("Round %(round)d: players %(a)d and %(b)d do not name each other."),
    )
    SECTION_NAME_TAKEN = (
        "duplicate_section",
        BAD_REQUEST,
        gettext_lazy("The tournament has a section %(name)s already."),
    )
    TOO_MANY_ROUNDS = (
        "too_many_rounds",
        BAD_REQUEST,
        gettext_lazy("The file has %(played)d rounds; the tournament has %(rounds)d."),
    )
    MAY_NOT_CREATE = (
        "forbidden",
        HTTPStatus.FORBIDDEN,
        gettext_lazy("You may not create tournaments."),
    )
    NOT_A_BACKUP = ("invalid", BAD_REQUEST, gettext_lazy("This is not a tournament backup."))
    BACKUP_VERSION = (
        "invalid",
        BAD_REQUEST,
        gettext_lazy("Backup version %(version)s cannot be read."),
    )
    BACKUP_WITHOUT_TOURNAMENT = (
        "invalid",
        BAD_REQUEST,
        gettext_lazy("The backup has no tournament."),
    )
    BACKUP_DAMAGED = ("invalid", BAD_REQUEST, gettext_lazy("The backup is damaged: %(problem)s"))
    TOURNAMENT_EXISTS = (
        "tournament_exists",
        BAD_REQUEST,
        gettext_lazy("A tournament %(slug)s exists already."),
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
