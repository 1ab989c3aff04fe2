"""Logging pieces named in settings.LOGGING."""

import logging


class RefusalsInOneLine(logging.Filter):
    """Drop the traceback from records of refused requests (status below 500).

    Django logs a 403 or 404 raised as an exception with the exception attached, so each refusal
    would fill the log with a traceback that says nothing about a fault of the server.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status is not None and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
