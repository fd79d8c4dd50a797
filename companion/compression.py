"""gzip for an endless event stream, without zlib's state kept per stream.

A stream's events form one gzip member that never ends (the connection closes first).
The plain way, one ``zlib.compressobj`` per stream flushed after each event, keeps
150-250 KB of deflate state per open stream: with a thousand phones streaming that was
most of the server's memory (``bench/live.py``).

Here each event is compressed by a fresh raw-deflate compressor and flushed to a byte
boundary (``Z_SYNC_FLUSH``, never a final block), so the device's inflater reads the
events as the blocks of one deflate stream. What makes an update small is that it
mostly repeats the region sent before it: the text sent last is given to zlib as its
preset dictionary (``zdict``), exactly the text the device's inflater holds in its
window, so the new event refers back to it as one long-lived compressor would. A
stream keeps only that text, from the last region it sent on: what an update resembles
is the region before it, and zlib hashes the whole dictionary for every event, so a
shorter one costs less CPU than deflate's full 32 KB reach (the dictionary only has to
be the window's newest bytes, which it is).
"""

from __future__ import annotations

import zlib

# ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS (RFC 1952).
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
WINDOW = 32 * 1024  # how far back deflate can refer
SMALL = 256  # events this short (pings, clock ticks) are not worth hashing a dictionary for


class EventCompressor:
    """Compresses one stream's events; each call returns bytes ready to send."""

    def __init__(self) -> None:
        self._sent = b""  # the tail of the text sent so far, as the inflater's window has it
        self._header = GZIP_HEADER

    def __call__(self, text: str) -> bytes:
        data = text.encode()
        if self._sent and len(data) > SMALL:
            deflate = zlib.compressobj(
                6, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY, self._sent
            )
        else:
            deflate = zlib.compressobj(6, zlib.DEFLATED, -15)
        out = self._header + deflate.compress(data) + deflate.flush(zlib.Z_SYNC_FLUSH)
        self._header = b""
        self._sent = data[-WINDOW:] if len(data) > SMALL else (self._sent + data)[-WINDOW:]
        return out
