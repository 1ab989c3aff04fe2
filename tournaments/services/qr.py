"""QR codes that open a page of the event on a phone, drawn on the server as inline SVG."""

import io
from functools import lru_cache

import segno
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=512)
def qr_svg(url: str, title: str = "") -> SafeString:
    """An <svg> element encoding `url` (no XML declaration, scalable, dark on transparent).

    Safe to insert as is: segno writes the markup and escapes `title`. Kept per address: a page
    rendered again after every result shows the same code each time, and drawing it took a tenth
    of the round page's render."""
    buffer = io.BytesIO()
    code = segno.make(url, error="m")
    code.save(
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
    # A viewBox, so that the drawing scales to the box the page's styles give the code (16 mm on
    # a result slip, 30 mm on paper): without one the box would show only its top left corner.
    width, height = code.symbol_size(scale=4, border=2)
    svg = buffer.getvalue().decode().replace("<svg ", f'<svg viewBox="0 0 {width} {height}" ', 1)
    return mark_safe(svg)
