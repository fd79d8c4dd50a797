"""The start command as a newcomer runs it: migrations, address and QR code, a real server."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.fixtures import ROOT, free_port, port_open, server_env


def test_check_deploy_is_clean_for_the_start_settings(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=server_env(tmp_path),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_serve_migrates_prints_the_address_and_serves_without_debug(tmp_path):
    port = free_port()
    env = server_env(tmp_path)
    process = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "serve",
            "--port",
            str(port),
            "--public-url",
            f"http://127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not port_open("127.0.0.1", port) and time.monotonic() < deadline:
            assert process.poll() is None, process.stdout.read()
            time.sleep(0.2)
        home = httpx.get(f"http://127.0.0.1:{port}/")
        assert home.status_code == 200 and "Start a table" in home.text
        css = httpx.get(f"http://127.0.0.1:{port}/static/companion/app.css")
        assert css.status_code == 200 and "text/css" in css.headers["content-type"]
        missing = httpx.get(f"http://127.0.0.1:{port}/no-such-page/")
        assert missing.status_code == 404 and "Traceback" not in missing.text  # DEBUG is off
        # The secret key was generated and kept; the SQLite file is in WAL mode.
        assert (tmp_path / "secret_key").stat().st_size > 40
        # The collected static files are beside the data folder, not in it (issue 24).
        assert (Path(env["COMPANION_STATIC_ROOT"]) / "staticfiles.json").exists()
        assert sorted(path.name for path in tmp_path.iterdir() if path.is_dir()) == []
        with sqlite3.connect(tmp_path / "companion.sqlite3") as connection:
            assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=20)
    assert f"http://127.0.0.1:{port}/" in output
    assert "█" in output or "▀" in output or "▄" in output  # the QR code, drawn in the terminal
