"""Whether a webhook's URL may be called: an http(s) URL whose host resolves only to public
addresses. Every address the host resolves to is checked, so that a name with one public and
one private address is refused; the check runs at registration and again before each attempt,
since a name can point elsewhere later. `WEBHOOK_ALLOW_PRIVATE` lets a demo or a test call this
machine."""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

from tournaments.services.errors import ErrorCode, ServiceError


def check_url(url: str) -> None:
    """Raise ServiceError (webhook_url_refused) unless `url` may be called now."""
    parts = urlsplit(url)
    host = parts.hostname
    try:
        port = parts.port
    except ValueError:
        port = None
        host = None
    if parts.scheme not in ("http", "https") or not host or parts.username or parts.password:
        raise ServiceError(ErrorCode.WEBHOOK_URL_REFUSED, field="url")
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise ServiceError(
            ErrorCode.WEBHOOK_URL_REFUSED, case="unknown", field="url", host=host
        ) from error
    if settings.WEBHOOK_ALLOW_PRIVATE:
        return
    for *_rest, sockaddr in found:
        address = ipaddress.ip_address(sockaddr[0].split("%")[0])
        if not is_public(address):
            raise ServiceError(
                ErrorCode.WEBHOOK_URL_REFUSED,
                case="private",
                field="url",
                host=host,
                address=str(address),
            )


def is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """False for loopback, private, link-local, multicast, reserved and unspecified addresses,
    and for an IPv6 address carrying one of IPv4 (mapped or 6to4) that is not public."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is not None and not is_public(inner):
            return False
    return address.is_global and not (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )
