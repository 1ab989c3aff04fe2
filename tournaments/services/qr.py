"""QR codes that open a page of the event on a phone, drawn on the server as inline SVG."""

import io

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str, title: str = "") -> SafeString:
    """An <svg> element encoding `url` (no XML declaration, scalable, dark on transparent).

    Safe to insert as is: segno writes the markup and escapes `title`."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        scale=4,
        border=2,
        title=title or url,
        svgclass="qr",
        lineclass=None,
        dark="#000",
        light="#fff",
    )
    return mark_safe(buffer.getvalue().decode())
