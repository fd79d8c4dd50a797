#!/usr/bin/env python3
"""Install (on first run) and start Table Companion.

    python3 start.py [--port 8000] [--public-url http://192.168.1.20:8000] [--workers 1]

Applies migrations, counts the finished games an upgrade left for the statistics
(``manage.py build_plays``), serves the app with uvicorn on all interfaces and prints
the LAN address with a QR code. See README.md.
"""

from __future__ import annotations

import os
import sys

from bootstrap import ROOT, ensure

if __name__ == "__main__":
    python = ensure()
    os.chdir(ROOT)
    os.execv(str(python), [str(python), "manage.py", "serve", *sys.argv[1:]])
