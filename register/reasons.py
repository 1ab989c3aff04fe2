"""The matching core's reasons in the reader's language (register/matching.py keeps English
sentences for itself; the product words them by code)."""

from django.utils.translation import gettext_lazy as _

from register import matching

REASON_TEXTS = {
    matching.SAME_ID: _("the same identity number"),
    matching.SAME_NAME: _("the same name (case, accents and word order aside)"),
    matching.KNOWN_VARIANT: _("a name this person has played under"),
    matching.NAME_WITHIN: _("every word of the shorter name is in the other"),
    matching.SAME_INITIALS: _("the same surname, with initials for the other names"),
    matching.SIMILAR_SPELLING: _("a name spelled almost the same"),
    matching.SAME_BIRTH_YEAR: _("born the same year"),
    matching.OTHER_BIRTH_YEAR: _("born another year"),
    matching.SAME_FEDERATION: _("the same federation"),
    matching.OTHER_FEDERATION: _("another federation"),
    matching.OTHER_SEX: _("the other sex"),
}


def reason_text(code: str) -> str:
    return str(REASON_TEXTS.get(code, matching.REASONS.get(code, code)))
