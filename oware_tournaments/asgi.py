"""The ASGI application: what `scripts/serve-stream` serves (uvicorn workers under gunicorn), the
streams of remote games (games/stream.py) above all, whose waits then hold no thread. Every other
address answers here as under WSGI; nginx sends only the streams this way (deploy/nginx.conf)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings")
application = get_asgi_application()
