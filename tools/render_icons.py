"""Render the app's PNG icons from their SVGs with Chromium (run again after changing an SVG).

    .venv/bin/python tools/render_icons.py

static/companion/icons/icon.svg (the favicon's design, transparent corners) gives the
192 and 512 px icons; icon-maskable.svg (full bleed, the die inside the central 80 % that
every mask keeps) gives the maskable 512 px icon and the 180 px apple-touch-icon (iOS
rounds its corners itself and shows no transparency).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "companion" / "icons"
RENDERS = [
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("icon-maskable.svg", "icon-maskable-512.png", 512),
    ("icon-maskable.svg", "apple-touch-icon.png", 180),
]


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for source, target, size in RENDERS:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / source).read_text()
            page.set_content(
                f"<html><body style='margin:0;background:transparent'>"
                f"<img src='data:image/svg+xml;utf8,{svg.replace('#', '%23')}'"
                f" width='{size}' height='{size}' style='display:block'></body></html>"
            )
            page.screenshot(path=ICONS / target, omit_background=True)
            page.close()
            print(target, size)
        browser.close()


if __name__ == "__main__":
    main()
