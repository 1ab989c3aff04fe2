"""Remote play through the API, for a player's own program (a bot, another client), signed in
with his token (`Authorization: Token …`):

`GET /api/v1/me/game/` is his remote game being played (204 when he has none);
`POST /api/v1/tournaments/{slug}/games/{pairing_id}/resign/` resigns it;
`POST /api/v1/tournaments/{slug}/games/{pairing_id}/moves/` with `{"ply", "move"}` plays his
move, `ply` being the move's number in the game (1 for the first), so that a move sent twice is
refused (`wrong_ply`) rather than played twice. Both settle a deadline that passed first (a
flag fall, a no-show), so what they answer is the game as the server's clock has it.
"""

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from games import remote
from games.models.live import LiveBoard
from tournaments.api.serializers import SideLetterField
from tournaments.services.errors import ErrorCode, ServiceError


class PositionSerializer(serializers.Serializer):
    pits = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The seeds in the twelve pits: South's six from his left (A to F), then "
        "North's six from his left (a to f).",
    )
    stores = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seeds captured by South and by North."
    )


class ClocksSerializer(serializers.Serializer):
    south = serializers.FloatField(help_text="South's seconds left by the server's clock.")
    north = serializers.FloatField(help_text="North's seconds left by the server's clock.")
    start = serializers.IntegerField(help_text="Each player's starting time, in seconds.")
    increment = serializers.IntegerField(help_text="Seconds each move adds to its mover's clock.")
    running = SideLetterField(
        allow_null=True, help_text="The side whose clock runs, null once the game is over."
    )


class RemoteGameSerializer(serializers.Serializer):
    """A remote game as its player reads it: the schema of `remote.game_state`, which the views
    answer as it is (its values are already these; the streams send the same)."""

    id = serializers.IntegerField(help_text="The game's id, as in /games/{pairing_id}/.")
    tournament = serializers.SlugField()
    section = serializers.SlugField()
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    code = serializers.CharField(help_text="The live board's code: spectators watch it by it.")
    side = SideLetterField(allow_null=True, help_text="The side the signed-in player plays.")
    south = serializers.CharField()
    north = serializers.CharField()
    state = serializers.ChoiceField(
        choices=["playing", "finished", "pending"],
        help_text="playing; finished once the result is recorded; pending when the tournament "
        "has no arbiter to record it in the name of.",
    )
    ply = serializers.IntegerField(help_text="The number of the next move, to send with it.")
    to_move = SideLetterField(help_text="The side to move.")
    your_turn = serializers.BooleanField()
    position = PositionSerializer()
    legal_moves = serializers.ListField(
        child=serializers.CharField(),
        help_text="The pit letters the player to move may sow (A–F South, a–f North).",
    )
    moves = serializers.ListField(child=serializers.CharField(), help_text="The moves so far.")
    clocks = ClocksSerializer()
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="When the game ends by itself if nobody moves: a flag fall or a no-show.",
    )
    opened_at = serializers.DateTimeField(allow_null=True)
    ending = serializers.CharField(allow_null=True)
    decided_by = SideLetterField(
        allow_null=True, help_text="The side whose flag fell, who resigned, or who was absent."
    )
    game_score = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    points = serializers.ListField(
        child=serializers.CharField(), allow_null=True, help_text="(South, North) points."
    )
    record = serializers.CharField(help_text="The finished game's record, empty before.")
    revision = serializers.IntegerField(help_text="Rises with each change of the game.")


class MoveSerializer(serializers.Serializer):
    ply = serializers.IntegerField(
        min_value=1, max_value=10_000, help_text="This move's number in the game (1 first)."
    )
    move = serializers.CharField(
        max_length=1, help_text="The letter of the pit to sow, A–F from the mover's left."
    )


def _remote_board(slug: str, pairing_id: int) -> LiveBoard:
    board = remote.find_board(slug, pairing_id)
    if board is None:
        raise ServiceError(ErrorCode.NOT_FOUND, case="remote_game", id=pairing_id)
    return board


class MyGame(APIView):
    """The signed-in player's remote game being played."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: RemoteGameSerializer,
            204: OpenApiResponse(description="The player has no remote game being played."),
        },
        operation_id="me_game",
    )
    def get(self, request):
        """The game the signed-in player is playing remotely now (a flag fall or a no-show due
        by now is recorded first, and the game answered as it ended once)."""
        now = timezone.now()
        game = remote.my_game(request.user, now)
        if game is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        board, side = game
        remote.seen(board, side, now)
        return Response(remote.answer_state(board, side, now))


class Moves(APIView):
    """A move of a remote game, by one of its players."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=MoveSerializer,
        responses={200: RemoteGameSerializer},
        operation_id="tournaments_games_moves",
    )
    def post(self, request, slug, pairing_id):
        """Play the signed-in player's move. Refused, nothing stored: not a player of this game
        (403 `not_in_game`), the other side's turn (409 `other_side_to_move`), a ply already
        played or not the next (409 `wrong_ply`), a game over, a flag that fell included
        (409 `game_finished`; the flag fall is recorded), a letter that is no pit
        (400 `bad_pit`), an illegal move (400 `rules`, with the engine's reason), a move past
        the longest record the results service takes (400 `record_too_long`: the game then
        ends by a flag, a resignation or an agreed cycle)."""
        board = _remote_board(slug, pairing_id)
        side = remote.player_side(board, request.user)
        body = MoveSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        now = timezone.now()
        move = body.validated_data
        board = remote.play_move(board, request.user, move["ply"], move["move"], now, side=side)
        return Response(remote.answer_state(board, side, now))


class Resign(APIView):
    """A player resigns his remote game."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: RemoteGameSerializer}, operation_id="tournaments_games_resign"
    )
    def post(self, request, slug, pairing_id):
        """Resign the signed-in player's game, whoever is to move: the opponent wins, and the
        result is recorded at once. Refused: not a player of this game (403 `not_in_game`), a
        game over (409 `game_finished`)."""
        board = _remote_board(slug, pairing_id)
        side = remote.player_side(board, request.user)
        now = timezone.now()
        board = remote.resign(board, request.user, now, side=side)
        return Response(remote.answer_state(board, side, now))
