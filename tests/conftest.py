"""Shared fixtures: the test engine, phones as HTTP clients, services on 127.0.0.1."""

from __future__ import annotations

import shutil
import tempfile
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
        # The in-process requests get the static files by their plain names, as on a fresh
        # clone: not the fingerprinted ones that the start command collected into the
        # checkout (a test run after starting the app failed on the icon's address). The
        # servers the tests start collect into a folder of their own (fixtures.server_env).
        settings.STATIC_ROOT = Path(tempfile.mkdtemp(prefix="companion-static-"))
    except Exception:  # engine-only runs without Django settings
        pass


def pytest_unconfigure(config: pytest.Config) -> None:
    try:
        from django.conf import settings

        static = Path(settings.STATIC_ROOT)
    except Exception:  # engine-only runs without Django settings
        return
    if static.name.startswith("companion-static-"):
        shutil.rmtree(static, ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Every test starts with no request counted against the client 127.0.0.1."""
    try:
        from django.core.cache import cache

        cache.clear()
    except Exception:  # engine-only runs without Django settings
        pass
