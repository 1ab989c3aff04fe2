"""Pages in the signed-in player's language: his account's (`Account.language`, which his page
sets), when the reader has not chosen one with the language switcher, whose choice is its
cookie. The account's choice comes before the browser's Accept-Language, which nobody chose on
this site.

The language is the session's copy (players/signin.py `LANGUAGE`, kept at sign-in and when the
account changes it), so a page costs no query more; an arbiter's session has none.
"""

from django.conf import settings
from django.utils import translation

from players.signin import LANGUAGE


class AccountLanguageMiddleware:
    """After LocaleMiddleware and the session: switch to the account's language when the
    request carries no language cookie."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        session = getattr(request, "session", None)
        language = session.get(LANGUAGE) if session is not None else None
        if (
            language in dict(settings.LANGUAGES)
            and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES
        ):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
