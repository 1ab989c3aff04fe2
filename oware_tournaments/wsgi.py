import os
from importlib import import_module

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings")
application = get_wsgi_application()
# The URL configuration (and with it every view) is imported here rather than on the first
# request: under gunicorn's --preload (scripts/serve) once, in the master, for every worker.
import_module(settings.ROOT_URLCONF)
