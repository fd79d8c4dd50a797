"""Each test starts with an empty cache: ratings are cached under a fingerprint of the results."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def empty_cache():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
