"""The one address of the client a request came from (settings.TRUSTED_PROXIES).

Behind nginx every request arrives from the proxy's address, and the client's own address is in
`X-Forwarded-For`. Anyone can send that header, so it is believed only as far as it was written
by a proxy we trust: the entries are read from the right (the one the nearest proxy appended)
and each one is believed only while the hop that wrote it is trusted. A client that talks to
the application directly, or through an untrusted hop, keeps its own address whatever it sends.

`ClientAddressMiddleware` puts that address in `REMOTE_ADDR` before anything else reads it, so
the API's throttles, the login lockout (django-axes), the logs and any other reader of the
request see one and the same address. The proxy's own address stays in `PROXY_ADDR`.
"""

import ipaddress

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(text: str) -> int | tuple[Network, ...]:
    """TRUSTED_PROXIES as written in the environment: a number of proxy hops in front of the
    application, or a comma-separated list of addresses and networks (`127.0.0.1,172.16.0.0/12`).
    Empty: no proxy is trusted."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        return int(text)
    return tuple(ipaddress.ip_network(part.strip()) for part in text.split(",") if part.strip())


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[::1]:port" as some proxies write it
        text = text[1 : text.index("]")]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _is_trusted(address, networks) -> bool:
    return address is not None and any(address in network for network in networks)


def client_address(meta: dict, trusted: int | tuple[Network, ...] | None = None) -> str:
    """The client's address for a request's META (the proxy's when nothing better is known)."""
    trusted = settings.TRUSTED_PROXIES if trusted is None else trusted
    peer = meta.get("PROXY_ADDR", meta.get("REMOTE_ADDR", ""))
    forwarded = [hop for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    if isinstance(trusted, int):
        # A count: that many proxies stand in front and each appended the address it saw.
        if trusted and len(forwarded) >= trusted:
            found = _address(forwarded[-trusted])
            return str(found) if found else peer
        return peer
    address = _address(peer)
    if address is None:
        return peer
    while _is_trusted(address, trusted) and forwarded:
        hop = _address(forwarded.pop())
        if hop is None:
            break  # a trusted proxy passed on something that is no address: stop at it
        address = hop
    return str(address)


def request_address(request) -> str:
    """The client's address of `request` (the callable django-axes is given)."""
    return request.META.get("REMOTE_ADDR", "")


class ClientAddressMiddleware:
    """First in settings.MIDDLEWARE: every later reader of REMOTE_ADDR sees the client."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "PROXY_ADDR" not in request.META:
            request.META["PROXY_ADDR"] = request.META.get("REMOTE_ADDR", "")
            request.META["REMOTE_ADDR"] = client_address(request.META)
        return self.get_response(request)
