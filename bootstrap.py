"""Create the project's virtual environment and keep it in step with pyproject.toml.

Used by ``start.py`` and ``runtests.py`` so that a fresh machine needs only Python.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def ensure(extras: str = "") -> Path:
    """The venv's python, with the project installed (``extras``: e.g. ``"test"``)."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this runs on whatever python3 the machine has
        sys.exit("Table Companion needs Python 3.11 or newer.")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'app'}"
    if not stamp.exists() or stamp.read_text() != wanted:
        print("Installing dependencies ...", flush=True)
        target = f".[{extras}]" if extras else "."
        subprocess.check_call(
            [
                str(PYTHON),
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "-e",
                target,
            ],
            cwd=ROOT,
        )
        stamp.write_text(wanted)
    return PYTHON
