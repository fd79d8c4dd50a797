"""The live streams' gzip: one member that the device inflates as events arrive."""

from __future__ import annotations

import zlib

from hypothesis import given
from hypothesis import strategies as st

from companion.compression import WINDOW, EventCompressor


def region(version: int, size: int = 5000) -> str:
    rows = "".join(f"<li>entry {i}: rolled {i * 7 % 6 + 1}</li>" for i in range(size // 30))
    return f'event: live\nid: {version}\ndata: <div id="live" data-version="{version}">{rows}</div>\n\n'


def test_events_inflate_one_by_one_as_one_gzip_stream():
    compress = EventCompressor()
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)  # what a browser does with gzip
    for version in range(1, 30):
        for text in (region(version), "event: ping\ndata: \n\n"):
            assert inflate.decompress(compress(text)).decode() == text


def test_an_update_that_repeats_the_last_region_costs_little():
    compress = EventCompressor()
    first = len(compress(region(1)))
    update = len(compress(region(2)))
    assert first > 500
    assert update < first / 5


def test_regions_larger_than_the_window_still_inflate():
    compress = EventCompressor()
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    for version in range(1, 6):
        text = region(version, size=WINDOW + 5000)
        assert inflate.decompress(compress(text)).decode() == text


@given(st.lists(st.text(max_size=3000), min_size=1, max_size=12))
def test_any_events_come_out_as_they_went_in(texts):
    compress = EventCompressor()
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    for text in texts:
        assert inflate.decompress(compress(text)).decode() == text
