"""``manage.py serve``: the production start: migrate, build the statistics' plays an
upgrade left to build (``build_plays``), print the address, run uvicorn."""

from __future__ import annotations

import os
import socket
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from companion import qr


def lan_address() -> str:
    """This machine's address on the local network (what phones must use).

    Connecting a UDP socket sends nothing; it only makes the OS pick the
    interface it would route through, whose address we then read.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            address = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


class Command(BaseCommand):
    help = "Apply migrations and serve Table Companion on the local network."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="0.0.0.0", help="interface to listen on")
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument(
            "--public-url",
            default=os.environ.get("COMPANION_PUBLIC_URL", ""),
            help="the address phones use, when the LAN address found is not the right one",
        )
        parser.add_argument(
            "--workers",
            type=int,
            default=1,
            help="server processes (more than one needs REDIS_URL for live updates)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        import uvicorn

        workers = options["workers"]
        if workers > 1 and not settings.REDIS_URL:
            self.stderr.write("More than one worker needs REDIS_URL; starting one.")
            workers = 1
        call_command("migrate", interactive=False, verbosity=0)
        # After an upgrade: the statistics' plays, built before the first request needs them.
        call_command("build_plays")
        # Fingerprinted, compressed static files, sent with a year's cache.
        call_command("collectstatic", interactive=False, verbosity=0)
        public = (options["public_url"] or f"http://{lan_address()}:{options['port']}").rstrip("/")
        # Worker processes read it from the environment; this process from settings.
        os.environ["COMPANION_PUBLIC_URL"] = public
        settings.PUBLIC_URL = public
        database = str(settings.DATABASES["default"]["ENGINE"]).rsplit(".", 1)[-1]
        self.stdout.write(qr.terminal(public + "/"))
        self.stdout.write(f"Table Companion is running: {public}/")
        self.stdout.write(
            "Open it on the table's screen, start a table, and let the phones scan its QR code."
        )
        self.stdout.write(
            f"Data: {settings.DATA_DIR} ({database}); live updates: "
            f"{'Redis' if settings.REDIS_URL else 'in-process'}; workers: {workers}. Ctrl+C stops."
        )
        self.stdout.flush()
        uvicorn.run(
            "companion.asgi:application",
            host=options["host"],
            port=options["port"],
            workers=workers,
            log_level="warning",
            proxy_headers=True,
            # Open live streams would otherwise hold a shutdown forever.
            timeout_graceful_shutdown=2,
        )
