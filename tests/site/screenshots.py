"""Screenshots of the site's widgets, to look at: light and dark schemes, and a 375 px phone.

    python tests/site/screenshots.py [OUT_DIR]     (default build/screenshots; `make screenshots`)

Builds the site, serves it locally, answers each widget once through its
controls (so the pictures show live answers), and writes
``<scheme>-<widget>.png`` (the widget in a 1280 x 900 window) for the light
and dark schemes, ``phone-<widget>.png`` (375 px wide, the whole widget) and
``loading.png`` / ``error.png`` (the status line while Pyodide loads, and
after a bad card).  Not a test: nothing is asserted.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from sitekit import REPO, SiteServer, build_site, chromium_path, launch_args

# One live answer per widget, through its controls.
ACTIONS: dict[str, list[tuple[str, str, str]]] = {
    "trick": [("fill", 'input[name="cards"]', "H2 SK S3 DJ"), ("click", "button.md-button--primary", "")],
    "ranking": [("select", 'select[name="chosen"]', "D,C"), ("click", "button.md-button--primary", "")],
    "choose": [("click", 'button[value="restart"]', ""), ("click", 'button[value="next"]', ""), ("click", 'button[value="next"]', "")],
    "chalk": [("click", 'button[value="A:ordinary"]', ""), ("click", 'button[value="B:kept-in"]', ""), ("click", 'button[value="A:nine"]', "")],
}


def widget_pages(site: Path) -> dict[str, str]:
    where: dict[str, str] = {}
    for index in sorted(site.rglob("index.html")):
        text = index.read_text(encoding="utf-8")
        rel = index.parent.relative_to(site).as_posix()
        for kind in ACTIONS:
            if f'data-widget="{kind}"' in text:
                where.setdefault(kind, "" if rel == "." else rel + "/")
    return where


def answer(page: Any, kind: str) -> Any:
    widget = page.locator(f'.sv-widget[data-widget="{kind}"]').first
    for action, selector, value in ACTIONS[kind]:
        target = widget.locator(selector).first
        before = widget.evaluate("w => w.svResponses || 0")
        if action == "fill":
            target.fill(value)
            continue
        if action == "select":
            target.select_option(value)
            continue
        target.click()
        page.wait_for_function("([w, n]) => (w.svResponses || 0) > n", arg=[widget.element_handle(), before])
    page.mouse.move(0, 0)  # no hover tooltips in the picture
    page.evaluate("document.activeElement && document.activeElement.blur()")
    return widget


def scroll_to(page: Any, widget: Any) -> None:
    widget.evaluate("w => window.scrollTo(0, w.getBoundingClientRect().top + window.scrollY - 64)")
    page.wait_for_timeout(150)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "build" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    if chromium_path() is None:
        print("screenshots: no Chromium at /usr/bin/chromium (or STYTVOLT_CHROMIUM)")
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="stytvolt-shots-") as tmp:
        site = Path(tmp) / "site"
        server = SiteServer(site)
        proc = build_site(site)
        if proc.returncode != 0:
            server.close()
            print(proc.stdout + proc.stderr, file=sys.stderr)
            return 1
        pages = widget_pages(site)
        with server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=launch_args())
            for scheme in ("light", "dark"):
                context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
                page = context.new_page()
                for kind, rel in pages.items():
                    page.goto(server.url + rel)
                    page.wait_for_function("() => window.stytvolt && window.stytvolt.stage === 'ready'", timeout=60_000)
                    widget = answer(page, kind)
                    scroll_to(page, widget)
                    page.screenshot(path=str(out / f"{scheme}-{kind}.png"))
                context.close()
            context = browser.new_context(viewport={"width": 375, "height": 800}, device_scale_factor=2, is_mobile=True, has_touch=True)
            page = context.new_page()
            for kind, rel in pages.items():
                page.goto(server.url + rel)
                page.wait_for_function("() => window.stytvolt && window.stytvolt.stage === 'ready'", timeout=60_000)
                widget = answer(page, kind)
                page.add_style_tag(content=".md-header { position: static !important; }")  # not over the widget
                widget.screenshot(path=str(out / f"phone-{kind}.png"))
            context.close()
            context = browser.new_context(viewport={"width": 1000, "height": 700})
            page = context.new_page()
            rel = pages.get("trick", next(iter(pages.values())))
            page.goto(server.url + rel)
            widget = page.locator(".sv-widget").first
            widget.locator("button").first.click()
            page.wait_for_timeout(400)
            scroll_to(page, widget)
            page.screenshot(path=str(out / "loading.png"))
            page.wait_for_function("() => window.stytvolt.stage === 'ready'", timeout=60_000)
            if widget.get_attribute("data-widget") == "trick":
                widget.locator('input[name="cards"]').fill("H2 X1")
                widget.locator('input[name="cards"]').press("Enter")
                page.wait_for_selector('.sv-status [role="alert"]')
                scroll_to(page, widget)
                page.screenshot(path=str(out / "error.png"))
            context.close()
            browser.close()
    for png in sorted(out.glob("*.png")):
        print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
