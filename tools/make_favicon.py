"""Writes claimsvc/api/static/favicon.ico from icon.svg: the icon drawn by headless Chromium at
16, 32 and 48 pixels, each kept as a PNG inside one ICO file (the form every browser reads).

    .venv/bin/python tools/make_favicon.py
"""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

from playwright.async_api import async_playwright

STATIC = Path(__file__).resolve().parent.parent / "claimsvc" / "api" / "static"
SIZES = (16, 32, 48)


async def draw(size: int) -> bytes:
    """The SVG at `size` x `size` pixels, as a PNG with a transparent background."""
    svg = (STATIC / "icon.svg").read_text()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path="/usr/bin/chromium")
        page = await browser.new_page(viewport={"width": size, "height": size})
        html = f"<style>*{{margin:0}}svg{{width:{size}px;height:{size}px;display:block}}</style>"
        await page.set_content(html + svg)
        png = await page.screenshot(omit_background=True)
        await browser.close()
    return png


def ico(images: list[tuple[int, bytes]]) -> bytes:
    """An ICO file holding PNG images (ICONDIR, one ICONDIRENTRY each, then the PNGs)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, png in images:
        side = size % 256  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        blobs += png
        offset += len(png)
    return header + entries + blobs


async def main() -> None:
    images = [(size, await draw(size)) for size in SIZES]
    target = STATIC / "favicon.ico"
    target.write_bytes(ico(images))
    print(f"{target}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    asyncio.run(main())
