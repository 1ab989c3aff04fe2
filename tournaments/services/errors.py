"""Every refusal the product makes, named once: its code, its HTTP status, its message.

A service refuses by raising ``ServiceError(ErrorCode.X, field=..., **params)``: the code is what
the API returns, the status is what the API answers, the message is a translatable template filled
with the parameters in the language of the request, and the headers (``Retry-After``, ``Allow``)
travel with the error. Nothing is written when one is raised. Views, forms and the API read
``code``, ``status``, ``field``, ``message`` and ``headers`` from the error and answer JSON in the
one shape of ``error_body``; none of them keeps its own list of codes.

Parameters are typed values — a ``Side``, an ending, a number, a core's own error — and become
words only when the message is read (``worded``), in the language active then.
"""

from enum import Enum

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from oware.endings import Ending
from oware.errors import RecordError
from oware.outcome import ResultEntryError
from oware.sides import Side
from tournaments.models.results import ENDING_LABELS
from tournaments.models.sides import SIDE_LABELS
from tournaments.pairing.errors import PairingImpossible
from tournaments.services.core_messages import (
    entry_problem,
    pairing_problem,
    record_problem,
    trf_problem,
)
from tournaments.trf.errors import TrfError

# Named apart from the members, which share some of these names.
HTTP_400, HTTP_403, HTTP_404, HTTP_405, HTTP_409 = 400, 403, 404, 405, 409
HTTP_429 = 429


class ErrorCode(Enum):
    """A reason for a refusal: ``(code, HTTP status, message template[, headers])``.

    The template is lazy (translated when read) and takes ``%(name)s`` parameters. A refusal met
    in several situations keeps one code and names a template per situation (a dict), so that
    its message still says what to do next; the raise site picks one with ``case=``.
    Statuses: 403 forbidden, 404 a thing that does not exist, 409 the tournament's state
    forbids it, 400 bad input. ``headers`` names the HTTP headers the refusal answers with and
    the parameter that gives each one's value (``{"Retry-After": "seconds"}``).
    """

    def __init__(self, code: str, status: int, template, headers=None):
        self.code = code
        self.status = status
        self.templates = template if isinstance(template, dict) else {None: template}
        self.headers = dict(headers or {})

    def message(self, case: str | None = None, **params) -> str:
        """The template of `case` in the active language, filled with `params` (already in
        words: see `worded`)."""
        template = str(self.templates[case])
        return template % params if params else template

    # --- anywhere ---------------------------------------------------------------------------
    FORBIDDEN = (
        "forbidden",
        HTTP_403,
        {
            None: gettext_lazy("Only an arbiter of %(name)s may change it."),
            "export": gettext_lazy("Only an arbiter of %(name)s may export it."),
        },
    )
    INVALID = (
        "invalid",
        HTTP_400,
        {
            None: gettext_lazy("%(problem)s"),
            "side": gettext_lazy("Choose South, North or both."),
            "not_a_backup": gettext_lazy("This is not a tournament backup."),
            "backup_version": gettext_lazy("Backup version %(version)s cannot be read."),
            "no_tournament": gettext_lazy("The backup has no tournament."),
            "damaged_backup": gettext_lazy("The backup is damaged: %(problem)s"),
        },
    )
    CONFLICT = (
        "conflict",
        HTTP_409,
        {
            None: gettext_lazy(
                "Someone saved a conflicting entry meanwhile; reload the page and try again."
            ),
            "fewer_moves": gettext_lazy("The board has fewer moves."),
            "played_differently": gettext_lazy("Ply %(ply)d was already played differently."),
        },
    )
    BAD_REQUEST = ("bad_request", HTTP_400, gettext_lazy("Unknown request."))
    NOT_FOUND = (
        "not_found",
        HTTP_404,
        {
            "live_board": gettext_lazy("There is no published live board %(code)s."),
            "remote_game": gettext_lazy("There is no remote game %(id)s in this tournament."),
            "path": gettext_lazy("There is nothing at %(path)s."),
        },
    )
    METHOD_NOT_ALLOWED = (
        "method_not_allowed",
        HTTP_405,
        {
            "get_post": gettext_lazy("Only GET and POST are allowed."),
            "read_only": gettext_lazy("Only GET is allowed."),
        },
        {"Allow": "allowed"},
    )
    PARSE_ERROR = ("parse_error", HTTP_400, gettext_lazy("The body must be a JSON object."))
    MIRROR_READ_ONLY = (
        "mirror_read_only",
        HTTP_409,
        gettext_lazy(
            "%(name)s is a copy of the results published from %(venue)s: change it there, not here."
        ),
    )

    # --- tournaments, sections and teams (services/events.py) --------------------------------
    CREATE_FORBIDDEN = (
        "create_forbidden",
        HTTP_403,
        gettext_lazy("You may not create tournaments."),
    )
    # --- online events (online/): players enter themselves, rounds run themselves ---------
    NOT_ONLINE = (
        "not_online",
        HTTP_404,
        gettext_lazy("%(name)s is not an online event."),
    )
    EVENT_STARTED = (
        "event_started",
        HTTP_409,
        gettext_lazy("%(name)s has started already."),
    )
    ENTRIES_CLOSED = (
        "entries_closed",
        HTTP_409,
        {
            None: gettext_lazy("Entries to %(name)s are closed."),
            "not_yet": gettext_lazy("Entries to %(name)s open at %(when)s."),
            "late": gettext_lazy(
                "Entries to %(name)s are closed: half of its %(rounds)d rounds are played."
            ),
        },
    )
    ALREADY_ENTERED = (
        "already_entered",
        HTTP_409,
        gettext_lazy("You have entered %(name)s already, as %(player)s."),
    )
    NOT_ENTERED = (
        "not_entered",
        HTTP_403,
        gettext_lazy("You have no entry in %(name)s."),
    )
    CHECK_IN_CLOSED = (
        "check_in_closed",
        HTTP_409,
        {
            None: gettext_lazy("Round %(round)d of %(name)s is paired already."),
            "over": gettext_lazy("Every round of %(name)s is paired."),
        },
    )
    NOT_YOUR_GAME = (
        "not_your_game",
        HTTP_403,
        gettext_lazy("You did not play game %(id)d."),
    )
    DISPUTE_CLOSED = (
        "dispute_closed",
        HTTP_409,
        gettext_lazy("This report was answered already."),
    )
    NO_SECTION = (
        "no_section",
        HTTP_400,
        gettext_lazy("A tournament needs at least one section."),
    )
    DUPLICATE_SECTION = (
        "duplicate_section",
        HTTP_400,
        {
            None: gettext_lazy("Two sections have the same name."),
            "taken": gettext_lazy("The tournament has a section %(name)s already."),
        },
    )
    UNKNOWN_PAIRING_SYSTEM = (
        "unknown_pairing_system",
        HTTP_400,
        gettext_lazy("Unknown pairing system."),
    )
    ROUNDS_PAIRED = (
        "rounds_paired",
        HTTP_409,
        gettext_lazy("%(count)d rounds are already paired."),
    )
    MIXED_SECTION = (
        "mixed_section",
        HTTP_409,
        gettext_lazy("Players of the other sex are registered in %(section)s."),
    )
    # Something that only makes sense before the section's first round is paired.
    ROUNDS_EXIST = (
        "rounds_exist",
        HTTP_409,
        {
            "team": gettext_lazy("Players of %(team)s are already paired; the team stays."),
            "player": gettext_lazy(
                "A round of %(section)s is paired: withdraw the player instead."
            ),
            "numbers": gettext_lazy("Pairing numbers are fixed once round 1 is paired."),
        },
    )

    # --- players (services/registration.py) -----------------------------------------------
    PRIZE_CATEGORY = (
        "prize_category",
        HTTP_400,
        {
            "women_in_men": gettext_lazy(
                "%(section)s is a section of men: a women's category would be empty."
            ),
            "women_in_women": gettext_lazy(
                "%(section)s is a section of women: every player is in a women's category "
                "already; use the standings."
            ),
            "no_rating": gettext_lazy("A rating group needs a lowest rating, a highest, or both."),
            "rating_order": gettext_lazy(
                "The lowest rating (%(low)d) is above the highest (%(high)d)."
            ),
            "no_year": gettext_lazy(
                "A juniors category needs the year from which players born count as juniors."
            ),
            "year_range": gettext_lazy(
                "%(year)d is not a birth year: write one between 1900 and %(last)d."
            ),
            "unused": gettext_lazy(
                "This kind of category takes no %(what)s: empty it, or choose another kind."
            ),
            "taken": gettext_lazy("%(section)s already has a category named %(name)s."),
        },
    )
    WRONG_SEX = (
        "wrong_sex",
        HTTP_400,
        {
            None: gettext_lazy("The section %(section)s is for %(sex)s players only."),
            "player": gettext_lazy(
                "%(name)s: the section %(section)s is for %(sex)s players only."
            ),
        },
    )
    FOREIGN_TEAM = (
        "foreign_team",
        HTTP_400,
        gettext_lazy("The team %(team)s belongs to another tournament."),
    )
    UNKNOWN_TEAM = (
        "unknown_team",
        HTTP_400,
        gettext_lazy("%(name)s has no team with code %(team_code)s."),
    )
    TEAM_FULL = (
        "team_full",
        HTTP_409,
        gettext_lazy(
            "The team %(team)s already has %(count)d players in %(section)s, its full quota."
        ),
    )
    SCHEDULE_FIXED = (
        "schedule_fixed",
        HTTP_409,
        gettext_lazy(
            "A round robin's schedule is fixed once round 1 is paired; no player can join."
        ),
    )
    NOT_WITHDRAWN = ("not_withdrawn", HTTP_409, gettext_lazy("%(name)s is not withdrawn."))
    BEFORE_WITHDRAWAL = (
        "before_withdrawal",
        HTTP_400,
        gettext_lazy("%(name)s was withdrawn from round %(round)d; re-enter him from then on."),
    )
    BAD_ORDER = (
        "bad_order",
        HTTP_400,
        gettext_lazy("The order must list every player of the section exactly once."),
    )
    ALREADY_PAIRED = (
        "already_paired",
        HTTP_409,
        gettext_lazy("%(name)s is already paired in round %(round)d or later."),
    )
    NO_SUCH_ROUND = (
        "no_such_round",
        HTTP_400,
        gettext_lazy("The tournament has rounds 1 to %(rounds)d."),
    )
    UNKNOWN_TIME_ZONE = (
        "unknown_time_zone",
        HTTP_400,
        gettext_lazy("%(zone)s is no time zone; give an IANA name such as Africa/Accra."),
    )
    FOREIGN_ROUND = (
        "foreign_round",
        HTTP_400,
        gettext_lazy(
            "Round %(number)d named here is not a round of %(name)s; nothing was changed."
        ),
    )
    NO_PLANNED_START = (
        "no_planned_start",
        HTTP_409,
        gettext_lazy("Round %(number)d has no planned start to move; set one in the table first."),
    )
    BAD_SHIFT = (
        "bad_shift",
        HTTP_400,
        gettext_lazy("Move the start by 1 to %(most)d minutes, earlier or later."),
    )
    NOT_PLAYING = (
        "not_playing",
        HTTP_409,
        gettext_lazy("%(name)s does not play round %(round)d anyway."),
    )
    BAD_FILE = (
        "bad_file",
        HTTP_400,
        {
            "no_header": gettext_lazy(
                "The first line must name the columns, among them the player's name."
            ),
            "bad_trf": gettext_lazy("The TRF file cannot be read, line %(line)s: %(problem)s"),
            "not_ogn_zip": gettext_lazy("The file is not a zip of .ogn game files."),
            "empty_ogn_zip": gettext_lazy("The zip holds no .ogn file."),
            "nul": gettext_lazy(
                "Line %(line)d, column %(column)d holds a null character, which no text may "
                "hold: save the file again as text (CSV or TRF)."
            ),
        },
    )
    IMPORT_ERRORS = (
        "import_errors",
        HTTP_400,
        {
            "rows": gettext_lazy("%(count)d rows have errors; nothing was imported."),
            "empty": gettext_lazy("The file holds no player."),
        },
    )

    # --- rounds (services/rounds.py) ------------------------------------------------------
    # The round this needs unpaired is paired already.
    ROUND_EXISTS = (
        "round_exists",
        HTTP_409,
        {
            "meanwhile": gettext_lazy("That round was paired a moment ago by someone else."),
            "draft": gettext_lazy("Round %(round)d is still a draft: publish or delete it first."),
            "reenter": gettext_lazy(
                "Round %(round)d is already paired; re-enter the player from a later round."
            ),
            "bye": gettext_lazy(
                "Round %(round)d is already paired; a bye must be asked for before."
            ),
        },
    )
    RESULTS_MISSING = (
        "results_missing",
        HTTP_409,
        gettext_lazy("Round %(round)d has %(count)d game(s) without a result."),
    )
    TOURNAMENT_OVER = (
        "tournament_over",
        HTTP_409,
        gettext_lazy("All %(rounds)d rounds are paired."),
    )
    NO_PLAYERS = (
        "no_players",
        HTTP_409,
        gettext_lazy("Nobody in %(section)s plays round %(round)d."),
    )
    PAIRING_IMPOSSIBLE = (
        "pairing_impossible",
        HTTP_409,
        gettext_lazy("No valid pairing exists: %(reason)s"),
    )
    ROUND_GONE = (
        "round_gone",
        HTTP_409,
        gettext_lazy("Round %(number)d no longer exists: it was deleted meanwhile."),
    )
    # Only a draft can be changed this way.
    ROUND_PUBLISHED = (
        "round_published",
        HTTP_409,
        {
            "delete": gettext_lazy("Round %(number)d is published; only a draft can be deleted."),
            "publish": gettext_lazy("Round %(number)d is already published."),
            "edit": gettext_lazy("Round %(number)d is published; its pairing is final."),
        },
    )
    TWO_BYES = (
        "two_byes",
        HTTP_400,
        gettext_lazy("A round has at most one pairing-allocated bye."),
    )
    IMPOSSIBLE_PAIRING = ("impossible_pairing", HTTP_400, gettext_lazy("%(findings)s."))
    ROUND_DRAFT = ("round_draft", HTTP_409, gettext_lazy("Round %(number)d is still a draft."))
    ROUND_HAS_RESULTS = (
        "round_has_results",
        HTTP_409,
        gettext_lazy("Round %(number)d has results; correct them instead of taking it back."),
    )
    NOT_LAST_ROUND = (
        "not_last_round",
        HTTP_409,
        {
            None: gettext_lazy("Round %(number)d is not the last round paired."),
            "clear": gettext_lazy(
                "Round %(number)d is not the last round paired: the next round was paired on "
                "this result. Take that round back first."
            ),
        },
    )
    # Undoing a withdrawal, a requested bye or a late entry: only until its round is paired.
    STEP_FIXED = (
        "step_fixed",
        HTTP_409,
        gettext_lazy(
            "Round %(round)d is already paired; take it back first to undo this for %(name)s."
        ),
    )
    NOT_LATE_ENTRY = (
        "not_late_entry",
        HTTP_409,
        {
            None: gettext_lazy(
                "No round is paired yet: delete the registration of %(name)s instead."
            ),
            "not_last": gettext_lazy(
                "Undo the later entries first: %(name)s is not the last player registered."
            ),
        },
    )
    NO_FILE = ("no_file", HTTP_400, gettext_lazy("Choose a zip of .ogn files."))

    # --- results and the files that bring them (results.py, result_checks.py, game_tags.py,
    # game_files.py, trf_import.py, backup.py) ---------------------------------------------
    REASON_REQUIRED = (
        "reason_required",
        HTTP_400,
        {
            None: gettext_lazy(
                "Board %(board)d already has a result; give the reason for the correction."
            ),
            "clear": gettext_lazy("Give the reason for clearing the result of board %(board)d."),
            "round": gettext_lazy("Give the reason for taking back round %(number)d."),
            "undo": gettext_lazy("Give the reason for undoing this step."),
            "register": gettext_lazy("Say why, for the register's audit."),
            "ratings": gettext_lazy("Say why the lists are recomputed."),
        },
    )
    NO_RESULT = (
        "no_result",
        HTTP_409,
        gettext_lazy("Board %(board)d has no result to clear."),
    )
    TOURNAMENT_CHANGED = (
        "tournament_changed",
        HTTP_409,
        gettext_lazy("%(name)s was changed meanwhile; read it again and check before you write."),
    )
    RESULT_CHANGED = (
        "result_changed",
        HTTP_409,
        gettext_lazy("Board %(board)d was changed by %(who)s meanwhile; check the result shown."),
    )
    ROUND_NOT_PUBLISHED = (
        "round_not_published",
        HTTP_409,
        gettext_lazy("Round %(round)d is not published yet: publish it, then enter its results."),
    )
    BYE_HAS_NO_RESULT = (
        "bye_has_no_result",
        HTTP_400,
        gettext_lazy(
            "A pairing-allocated bye has no game result: the pairing stores its points, "
            "there is nothing to type."
        ),
    )
    TAG_MISMATCH = (
        "tag_mismatch",
        HTTP_400,
        gettext_lazy("The record's %(tag)s tag says “%(found)s”, but this game has “%(wanted)s”."),
    )
    UNEXPECTED_RECORD = (
        "unexpected_record",
        HTTP_400,
        gettext_lazy("A forfeit has no move record."),
    )
    ENDING_MISMATCH = (
        "ending_mismatch",
        HTTP_400,
        gettext_lazy("The record ends by %(found)s, not %(entered)s."),
    )
    DECLARED_SCORE = (
        "declared_score",
        HTTP_400,
        gettext_lazy(
            "The record gives the game score %(south)d–%(north)d, not %(typed_south)d–"
            "%(typed_north)d."
        ),
    )
    DECIDED_BY_MISMATCH = (
        "decided_by_mismatch",
        HTTP_400,
        {
            "time": gettext_lazy(
                "The record leaves %(side)s to move, so that player is the one who lost on time."
            ),
            "resign": gettext_lazy("The record names %(side)s as the player who resigned."),
        },
    )
    AGREED_END_UNCONFIRMED = (
        "agreed_end_unconfirmed",
        HTTP_400,
        gettext_lazy("Check the repeated positions, then confirm the agreed end."),
    )
    NO_REPETITION = (
        "no_repetition",
        HTTP_400,
        {
            "record": gettext_lazy(
                "A game ends by agreement only on a position that occurred before in it; the "
                "position after ply %(ply)d did not. The arbiter may still decide the result "
                "with the scores and a reason."
            ),
            "live": gettext_lazy(
                "The game may end by agreement only when the position (board, stores and player "
                "to move) has occurred before; this one has not. Play on, or call the arbiter."
            ),
        },
    )
    MISSING_ENDING = (
        "missing_ending",
        HTTP_400,
        gettext_lazy("Give the ending, or a move record."),
    )
    MISSING_ABSENT = (
        "missing_absent",
        HTTP_400,
        gettext_lazy(
            "Name the player who did not appear: South or North (the grid's “No game” choices "
            "do it in one)."
        ),
    )
    MISSING_DECIDED_BY = (
        "missing_decided_by",
        HTTP_400,
        gettext_lazy("Name the player who lost on time or resigned."),
    )
    STORES_OVER_48 = (
        "too_many_seeds",
        HTTP_400,
        gettext_lazy(
            "The two stores hold more than 48 seeds: type the seeds each player captured, "
            "48 at most together."
        ),
    )
    POINTS_MISMATCH = (
        "points_mismatch",
        HTTP_400,
        gettext_lazy(
            "The game gives %(south)s–%(north)s, not the points entered: type that result, or "
            "correct the scores."
        ),
    )
    OTHER_PLAYERS = (
        "other_players",
        HTTP_400,
        gettext_lazy("The file's %(side)s player is %(named)s, not %(player)s."),
    )
    NO_SUCH_BOARD = (
        "no_such_board",
        HTTP_400,
        gettext_lazy("No board of round %(number)d has these players or this board number."),
    )
    TOO_MANY_ROUNDS = (
        "too_many_rounds",
        HTTP_400,
        {
            None: gettext_lazy("The file has %(played)d rounds; the tournament has %(rounds)d."),
            "announced": gettext_lazy(
                "The file has %(played)d rounds played but announces %(rounds)d rounds (XXR)."
            ),
            "limit": gettext_lazy(
                "The file announces %(rounds)d rounds (XXR); a section has at most %(limit)d."
            ),
        },
    )
    TOURNAMENT_EXISTS = (
        "tournament_exists",
        HTTP_400,
        gettext_lazy("A tournament %(slug)s exists already."),
    )
    RECORD_TOO_LONG = (
        "record_too_long",
        HTTP_400,
        {
            "characters": gettext_lazy("A move record may be at most %(limit)d characters long."),
            "plies": gettext_lazy(
                "A move record may have at most %(limit)d plies; this one has %(plies)d."
            ),
        },
    )
    RESIGNATION_IMPOSSIBLE = (
        "inconsistent_with_ending",
        HTTP_400,
        {
            "resigner_wins": gettext_lazy("The resigning player cannot have the winning score."),
            "already_won": gettext_lazy(
                "A player with more than 24 seeds has already won; he cannot resign."
            ),
        },
    )
    INVALID_TRF = (
        "invalid_trf",
        HTTP_400,
        {
            None: gettext_lazy("%(problem)s"),
            "line": gettext_lazy("The TRF file cannot be read, line %(line)s: %(problem)s"),
            "opponents": gettext_lazy(
                "Round %(round)d: players %(a)d and %(b)d do not name each other."
            ),
        },
    )

    # --- refusals of the plain-Python cores, passed on with the core's own reason code ------
    # The client reads the core's reason (`empty_pit`, `must_feed`, `too_many_seeds`, …) as the
    # code: ServiceError(ErrorCode.RULES, core_code=error.reason, …). The member gives the status
    # and says where the problem was found.
    RULES = (
        "rules",
        HTTP_400,
        {
            "record": gettext_lazy("Move record, ply %(ply)d: %(problem)s."),
            "game_file": gettext_lazy("Game file, ply %(ply)d: %(problem)s."),
            "live": gettext_lazy("Ply %(ply)d: %(problem)s."),
            "file": gettext_lazy("%(problem)s"),
        },
    )
    ENTRY = ("entry", HTTP_400, gettext_lazy("%(problem)s"))
    # One file of a zip refused: the file's name, then what was wrong with it.
    IN_FILE = ("in_file", HTTP_400, gettext_lazy("%(file)s: %(problem)s Nothing was imported."))

    # --- live boards (games/live.py) --------------------------------------------------------
    NO_DEVICE = ("no_device", HTTP_400, gettext_lazy("This device has no valid token."))
    BOARD_TAKEN = (
        "board_taken",
        HTTP_409,
        gettext_lazy("Another device already holds this side; ask the arbiter to release it."),
    )
    NOT_YOUR_TURN = (
        "not_your_turn",
        HTTP_400,
        gettext_lazy("It is not the turn of a side this device holds."),
    )
    BAD_MOVE = ("bad_move", HTTP_400, gettext_lazy("A move is a pit number with a clock reading."))
    BAD_CLOCK = (
        "bad_clock",
        HTTP_400,
        gettext_lazy("Ply %(ply)d: the clock reading %(clock)d s is not possible."),
    )
    GAME_OVER = ("game_over", HTTP_400, gettext_lazy("This game is over."))
    FLAG_HELD = (
        "flag_held",
        HTTP_409,
        gettext_lazy(
            "A flag fall the server's clock does not confirm waits for the arbiter; the game "
            "is paused until he decides."
        ),
    )
    NOT_HELD = (
        "not_held",
        HTTP_400,
        gettext_lazy("This live board has no flag fall or result for the arbiter to send back."),
    )
    NOT_YOUR_SIDE = (
        "not_your_side",
        HTTP_400,
        {
            "that": gettext_lazy("This device does not hold that side."),
            "any": gettext_lazy("This device does not hold a side."),
        },
    )
    NO_OFFER = (
        "no_offer",
        HTTP_400,
        gettext_lazy("There is no offer from the opponent to accept."),
    )
    NOT_TO_MOVE = (
        "not_to_move",
        HTTP_400,
        gettext_lazy("Only the clock of the player to move runs."),
    )
    NOT_PENDING = (
        "not_pending",
        HTTP_400,
        gettext_lazy("This live board has no result waiting for confirmation."),
    )

    # --- remote play (games/remote.py) -----------------------------------------------------
    NOT_IN_GAME = (
        "not_in_game",
        HTTP_403,
        gettext_lazy("You do not play in this game: only its two players move in it."),
    )
    OTHER_SIDE_TO_MOVE = (
        "other_side_to_move",
        HTTP_409,
        gettext_lazy("It is %(side)s's turn: wait for your opponent's move."),
    )
    WRONG_PLY = (
        "wrong_ply",
        HTTP_409,
        {
            "played": gettext_lazy("Ply %(ply)d has been played already."),
            "ahead": gettext_lazy("The next move is ply %(expected)d."),
            "bad": gettext_lazy("A move names its ply, a whole number: the next is %(expected)d."),
        },
    )
    BAD_PIT = (
        "bad_pit",
        HTTP_400,
        gettext_lazy("A move is the letter of one of your pits, A to F from your left."),
    )
    REMOTE_BOARD = (
        "remote_board",
        HTTP_409,
        gettext_lazy("This game is played remotely: each player moves on his own page, signed in."),
    )
    REMOTE_GAME_OVER = (
        "game_finished",
        HTTP_409,
        {
            None: gettext_lazy("This game is over."),
            "flag": gettext_lazy("This game is over: a flag fell on the server's clock."),
        },
    )

    # --- hostile clients: secrets, versions, bounds -----------------------------------------
    WRONG_CODE = (
        "wrong_code",
        HTTP_403,
        {
            None: gettext_lazy("That is not the code of this side; it is on the result slip."),
            "other_side": gettext_lazy(
                "That is the other side's code: type only the code on your own line of the slip."
            ),
        },
    )
    TOO_MANY_CODES = (
        "too_many_codes",
        HTTP_429,
        gettext_lazy("Too many wrong codes; try again in %(seconds)d seconds or ask the arbiter."),
        {"Retry-After": "seconds"},
    )
    INVALID_ROW = (
        "invalid_row",
        HTTP_400,
        gettext_lazy("%(kind)s %(number)s, %(name)s: %(problem)s Nothing was imported."),
    )
    FILE_TOO_LARGE = (
        "file_too_large",
        413,
        gettext_lazy("The file is larger than %(limit)d KB. Nothing was imported."),
    )
    ZIP_TOO_LARGE = (
        "zip_too_large",
        413,
        {
            "entries": gettext_lazy("The zip has more than %(limit)d files. Nothing was imported."),
            "unpacked": gettext_lazy(
                "The zip unpacks to more than %(limit)d KB. Nothing was imported."
            ),
        },
    )
    BAD_CSV = (
        "bad_csv",
        HTTP_400,
        gettext_lazy("The CSV file cannot be read: %(problem)s. Nothing was imported."),
    )
    VERSION_REQUIRED = (
        "version_required",
        428,
        gettext_lazy(
            "Send the version you read (expected_version or If-Match), so that a change "
            "saved meanwhile is not overwritten."
        ),
    )
    IMPORT_TOO_SLOW = (
        "import_too_slow",
        HTTP_400,
        gettext_lazy(
            "The file took more than %(seconds)d seconds to read; split it. Nothing was imported."
        ),
    )

    # --- a public server receiving a venue's transfers (publishing/) ------------------------
    MIRROR_TOKEN_MISSING = (
        "token_missing",
        401,
        gettext_lazy("Send the publishing token of %(slug)s: Authorization: Mirror <token>."),
    )
    MIRROR_TOKEN_REFUSED = (
        "token_refused",
        HTTP_403,
        gettext_lazy("This token does not let you publish %(slug)s here."),
    )
    MIRROR_DETACHED = (
        "mirror_detached",
        410,
        gettext_lazy(
            "The copy of %(slug)s here was detached on %(when)s and is no longer published from "
            "the venue. %(reason)s"
        ),
    )
    SLUG_TAKEN = (
        "slug_taken",
        HTTP_409,
        gettext_lazy("A tournament %(slug)s that is not a copy exists here."),
    )
    SNAPSHOT_NEEDED = (
        "snapshot_needed",
        HTTP_409,
        gettext_lazy(
            "The change does not follow revision %(held)s held here: send the whole tournament."
        ),
    )
    BAD_TRANSFER = (
        "bad_transfer",
        HTTP_400,
        gettext_lazy("The transfer cannot be read: %(problem)s"),
    )

    # --- webhooks (notifications/) ----------------------------------------------------------
    WEBHOOK_URL_REFUSED = (
        "webhook_url_refused",
        HTTP_400,
        {
            None: gettext_lazy("Give an http or https URL with a host name."),
            "private": gettext_lazy(
                "%(host)s points at this machine or a private network (%(address)s): give a "
                "public address."
            ),
            "unknown": gettext_lazy("%(host)s cannot be found: check the address."),
        },
    )
    WEBHOOK_EVENTS_REFUSED = (
        "webhook_events_refused",
        HTTP_400,
        gettext_lazy("Choose one or more events among %(known)s."),
    )
    NO_WEBHOOK = ("no_webhook", HTTP_404, gettext_lazy("This tournament has no webhook %(id)s."))
    # --- web push to followers (notifications/) -------------------------------------------
    PUSH_SUBSCRIPTION_REFUSED = (
        "push_subscription_refused",
        HTTP_400,
        {
            None: gettext_lazy(
                "This browser's push subscription cannot be used: it needs an https endpoint "
                "and its p256dh and auth keys."
            ),
            "address": gettext_lazy(
                "This browser's push service points at this machine or a private network."
            ),
        },
    )
    PUSH_NOT_SET_UP = (
        "push_not_set_up",
        HTTP_404,
        gettext_lazy("This server sends no push notifications: its VAPID keys are not set."),
    )
    NOT_A_PLAYER_HERE = (
        "not_a_player_here",
        HTTP_404,
        gettext_lazy("%(name)s has no player %(id)s."),
    )
    NOT_FOLLOWING = (
        "not_following",
        HTTP_404,
        gettext_lazy("This browser does not follow that."),
    )

    # --- player accounts (players/) ---------------------------------------------------------
    SIGN_IN_LINK_REFUSED = (
        "sign_in_link_refused",
        HTTP_400,
        {
            None: gettext_lazy("This sign-in link is not valid: ask for a new one."),
            "expired": gettext_lazy("This sign-in link has expired: ask for a new one."),
            "used": gettext_lazy("This sign-in link was used already: ask for a new one."),
        },
    )
    UNSUBSCRIBE_LINK_REFUSED = (
        "unsubscribe_link_refused",
        HTTP_400,
        gettext_lazy("This unsubscribe link is not valid."),
    )
    ACCOUNT_LINK_REFUSED = (
        "account_link_refused",
        HTTP_409,
        {
            None: gettext_lazy("You asked for this link already."),
            "confirmed": gettext_lazy("Your account is linked to this player already."),
        },
    )
    NO_ACCOUNT_LINK = (
        "no_account_link",
        HTTP_404,
        gettext_lazy("There is no request %(id)s waiting for a decision here."),
    )
    ACCOUNT_LINK_FORBIDDEN = (
        "account_link_forbidden",
        HTTP_403,
        gettext_lazy(
            "Only an arbiter of the player's tournament or a register officer may decide this."
        ),
    )

    # --- the player register (register/) ------------------------------------------------
    REGISTER_FORBIDDEN = (
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
    # --- rating periods and lists (ratinglists/) -------------------------------------------
    PERIOD_REFUSED = (
        "period_refused",
        HTTP_409,
        {
            "order": gettext_lazy("The period's last day comes before its first day."),
            "overlap": gettext_lazy(
                "Periods are closed in order: this one must start after %(end)s, the last day "
                "of the latest closed period."
            ),
        },
    )
    NO_RATING_LIST = (
        "no_rating_list",
        HTTP_404,
        gettext_lazy("No rating list is published yet."),
    )
    RATINGS_FORBIDDEN = (
        "ratings_forbidden",
        HTTP_403,
        gettext_lazy("Only the register's officers close and recompute rating periods."),
    )

    BAD_PAST_EVENT_FILE = (
        "bad_trf_file",
        HTTP_400,
        {
            None: gettext_lazy("Line %(line)s, column %(column)s: %(problem)s Nothing was stored."),
            "no_place": gettext_lazy("%(problem)s Nothing was stored."),
            "empty": gettext_lazy("The file has no player. Nothing was stored."),
        },
    )


class ServiceError(Exception):
    """A request that cannot be carried out; nothing was written.

    ``ServiceError(ErrorCode.X, field="name", case=None, **params)``. ``code`` is machine-readable
    (the API returns it), ``status`` the HTTP status it answers, ``field`` names the input at
    fault when there is one, and ``message`` is the code's template (of ``case``, for a code with
    several) filled with ``params``, for a person, in the language active when it is read.
    ``core_code`` passes on a core's own reason (``empty_pit``…) as the code clients read.
    ``headers`` are the HTTP headers every answer of the refusal carries (``Retry-After`` of a
    refusal to retry after a time, ``Allow`` of a method refused).
    """

    def __init__(
        self,
        error: ErrorCode,
        *,
        field: str | None = None,
        case: str | None = None,
        core_code: str | None = None,
        **params,
    ):
        super().__init__(core_code or error.code)
        self.error = error
        self.params = params
        self.case = case
        self.core_code = core_code
        self.field = field

    @property
    def code(self) -> str:
        return self.core_code or self.error.code

    @property
    def status(self) -> int:
        return self.error.status

    @property
    def message(self) -> str:
        return self.error.message(
            self.case, **{name: worded(value) for name, value in self.params.items()}
        )

    @property
    def headers(self) -> dict[str, str]:
        """The HTTP headers an answer of this refusal carries, from its parameters."""
        return {
            header: str(self.params[param])
            for header, param in self.error.headers.items()
            if param in self.params
        }

    @property
    def retry_after(self) -> int | None:
        """Seconds to wait before trying again, for a refusal that says so."""
        seconds = self.headers.get("Retry-After")
        return int(seconds) if seconds is not None else None

    def on_field(self, field: str | None) -> "ServiceError":
        """The same refusal put on `field` (a page's own name for the input at fault)."""
        return ServiceError(
            self.error, field=field, case=self.case, core_code=self.core_code, **self.params
        )

    def __str__(self) -> str:
        return self.message

    def as_dict(self) -> dict:
        data = {"code": self.code, "message": self.message}
        if self.field:
            data["field"] = self.field
        return data


def error_body(errors: list[dict]) -> dict:
    """The one JSON shape of a refusal, for the API, the live board and the result grid:
    `{"code", "message", "field", "errors": [{"code", "message", "field"}, …]}` — every
    problem in `errors` (each a dict with a code, a message and maybe a field), the first also
    at the top level, as API 1.0 sent it; `field` is null when it is about no one input."""
    problems = [{"field": None} | problem for problem in errors]
    return problems[0] | {"errors": problems}


def worded(value):
    """A parameter as the message says it, in the active language: a side or an ending by its
    label, a core's error (rules, result entry, pairing, TRF) by its sentence, a refusal by
    its message; any other value as it is."""
    if isinstance(value, Side):
        return str(SIDE_LABELS[value])
    if isinstance(value, Ending):
        return str(ENDING_LABELS[value])
    for kind, words in CORE_WORDS:
        if isinstance(value, kind):
            return words(value)
    if isinstance(value, ServiceError):
        return value.message
    return value


# The cores' errors, each said by its code in the active language (services/core_messages.py).
CORE_WORDS = (
    (RecordError, record_problem),
    (ResultEntryError, entry_problem),
    (PairingImpossible, pairing_problem),
    (TrfError, trf_problem),
)


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
