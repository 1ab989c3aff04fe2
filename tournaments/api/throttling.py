"""Request rates of the API (rates in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]).

Anonymous reads are limited per client address (oware_tournaments/client_address.py); writes (any
method that changes something) per user. A refused request is told the limit and when it may try
again (`Retry-After` and the `RateLimit-*` headers, added in tournaments/api/errors.py).
"""

import math
from dataclasses import dataclass

from rest_framework.settings import api_settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


@dataclass(frozen=True)
class RateLimit:
    """What a throttled client is told: the allowance and the seconds until it has room again."""

    limit: int
    reset: int


class CurrentRateMixin:
    """Reads the rate from the settings at each request, not once at import, and leaves the
    limit on a refused request for its answer's headers."""

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]

    def allow_request(self, request, view):
        if super().allow_request(request, view):
            return True
        request.rate_limit = RateLimit(self.num_requests, max(1, math.ceil(self.wait() or 0)))
        return False


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
