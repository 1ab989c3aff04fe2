"""Request rates of the API (rates in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]).

Anonymous reads are limited per address; writes (any method that changes something) per user.
"""

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class CurrentRateMixin:
    """Reads the rate from the settings at each request, not once at import."""

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]


class AnonymousReadThrottle(CurrentRateMixin, AnonRateThrottle):
    scope = "anon_read"

    def allow_request(self, request, view):
        if request.method not in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class WriteThrottle(CurrentRateMixin, UserRateThrottle):
    scope = "write"

    def allow_request(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)
