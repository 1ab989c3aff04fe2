"""The shared cache's table (oware_tournaments/settings.py) is read and written through a
connection of its own to the same database: what a request counts there (a wrong code, a password
check) is committed at once, whatever becomes of the request's own transaction."""

CACHE_APP = "django_cache"  # the app label of Django's DatabaseCache entries


class CacheRouter:
    def db_for_read(self, model, **hints):
        return "cache" if model._meta.app_label == CACHE_APP else None

    def db_for_write(self, model, **hints):
        return "cache" if model._meta.app_label == CACHE_APP else None

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        # Both aliases name one database: its tables are made through `default` only.
        return None if db == "default" else False
