"""Django set up in the benchmark's own process, on a fresh data folder (in-process benches)."""

from __future__ import annotations

import os
import tempfile


def setup_django(database_url: str | None, name: str) -> None:
    """Settings, a fresh data folder ``bench-<name>-…`` and migrations; ``database_url``
    selects PostgreSQL, else the embedded SQLite. No Redis: one process."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    os.environ["COMPANION_DATA_DIR"] = tempfile.mkdtemp(prefix=f"bench-{name}-")
    if database_url:
        os.environ["DATABASE_URL"] = database_url
    else:
        os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
