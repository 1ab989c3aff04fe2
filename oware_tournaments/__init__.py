"""The project: settings, URL configuration, WSGI and ASGI entry points.

Every process of the site imports this package first (manage.py, gunicorn, the task worker, the
tests), so the one process-wide setting lives here: the garbage collector's first threshold.
Python collects the youngest objects after every 700 net allocations by default, and starting
allocates some 300,000 objects (Django, DRF and the apps' modules, classes and functions) that
live as long as the process: the passes over them, each also ageing the older ones into fuller
collections, took up to a fifth of a start (docs/performance.md, "Process start"). Fifty
thousand keeps what a request leaves in cycles a few milliseconds longer and starts nearly as
fast as with no collection at all. manage.py imports this package before Django for the same
reason.
"""

import gc

gc.set_threshold(50_000, *gc.get_threshold()[1:])
