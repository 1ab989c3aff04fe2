"""Django's own strings that its Portuguese catalog lacks (new in Django 6), listed here so that
extraction puts them into ours (locale/) and every page is whole in each language."""

from django.utils.translation import gettext_noop

FRAMEWORK_STRINGS = [
    gettext_noop("- Select an option -"),  # the empty choice of a select (Django's forms)
]
