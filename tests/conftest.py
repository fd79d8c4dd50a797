"""Shared fixtures: the test engine, phones as HTTP clients, services on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["tests.fixtures"]

ENGINES = Path(__file__).parent / "engines"


def pytest_configure(config: pytest.Config) -> None:
    """Register the platform tests' tiny engine (the server subprocess gets it by env)."""
    import games
    from tests.engines import dice_race

    games.register(dice_race.GAME)
    try:
        from django.conf import settings

        settings.TEMPLATES[0]["DIRS"].append(ENGINES / "templates")
    except Exception:  # engine-only runs without Django settings
        pass


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Every test starts with no request counted against the client 127.0.0.1."""
    try:
        from django.core.cache import cache

        cache.clear()
    except Exception:  # engine-only runs without Django settings
        pass
