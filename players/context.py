"""The banner of "my next game" at the top of every page, for a signed-in player only: a
session without the player's mark (players/signin.py `PLAYS`) costs no query."""

from django.utils.functional import SimpleLazyObject

from players.signin import PLAYS


def my_next_game(request):
    session = getattr(request, "session", None)
    if session is None or not request.user.is_authenticated or not session.get(PLAYS):
        return {}

    def find():
        from players.games import next_game
        from players.models import Account

        account = Account.objects.filter(user=request.user).first()
        return None if account is None else next_game(account)

    return {"my_next_game": SimpleLazyObject(find)}
