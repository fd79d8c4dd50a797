"""QR codes: SVG for the pages, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(data: str) -> bytes:
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue()


def terminal(data: str) -> str:
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    buffer = io.StringIO()
    code.print_ascii(out=buffer, invert=True)
    return buffer.getvalue()
