"""How long the review of a whole hand takes at the table in Chromium: to the first decision shown and to the last.

    python bench/table_review.py [--hands N] [--games styrivolt,sjavs,...] [--site DIR]

For each game, ``--hands`` hands (seeds 1, 2, ...) are dealt at the table in
its first setup and played to their end in CPython through the table's own
answers (``stytvolt.web.handle``: South presses the first button offered, the
computer players move as the table makes them); the finished game's text is
then opened by its permalink on the game's table page in headless Chromium (/usr/bin/chromium,
or ``STYTVOLT_CHROMIUM``), with a fresh profile and the site served on
127.0.0.1 (built with ``mkdocs build --strict`` into a temporary directory
unless ``--site`` names a built one).  The page finds the hand over and
reviews it in its worker, a decision at a time, as a reader sees it.  Timed
from the moment the engine is live on the page: the first decision shown
(the review's ``data-settled`` reaching 1) and the last (``data-complete``).
Printed per game: South's decisions, the medians and worst of both times.
Figures are printed, never asserted; without Chromium it says so and exits 0.
"""

from __future__ import annotations

import argparse
import html
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "site"))

from sitekit import SiteServer, build_site, chromium_path, launch_args  # noqa: E402

from stytvolt.web import handle  # noqa: E402

#: Each game's table page.
PAGES = {"styrivolt": "table/", "sjavs": "sjavs/table/", "klorsjavs": "klorsjavs/table/", "knorri": "knorri/table/",
         "brus": "brus/table/", "vira": "vira/table/"}


def finished_game(game: str, seed: int) -> str:
    """The text of a game whose first hand is played to its end through the table's answers."""
    def ask(**params: str) -> dict[str, Any]:
        answer = handle({"game": game, "widget": "table", "params": params})
        assert answer["ok"], answer
        return answer

    answer = ask(do="new", seed=str(seed))
    for _ in range(2_000):
        page, text = answer["html"], answer["set"]["game"]
        turn = re.search(r'data-turn="(\w+)"', page)
        assert turn is not None
        if turn.group(1) in ("next", "over"):
            return str(text)
        if turn.group(1) == "computer":
            answer = ask(do="computer", game=text)
            continue
        acts = re.findall(r'data-do="play" data-action="([^"]+)"', page)
        if acts:
            answer = ask(do="play", game=text, action=html.unescape(acts[0]))
            continue
        pick = re.search(r'data-pick="(\w+)"', page)
        boxes = re.findall(r'name="pick" value="(\w+)"', page)
        assert pick is not None, "South is asked for something this bench cannot press"
        fewest = int(re.search(r'data-min="(\d+)"', page).group(1)) if re.search(r'data-min="(\d+)"', page) else 2
        answer = ask(do="play", game=text, action=" ".join([pick.group(1), *boxes[:fewest]]))
    raise AssertionError(f"{game} seed {seed}: the hand did not end")


def timed(browser: Any, url: str, text: str) -> tuple[float, float, int]:
    """Seconds from the engine live on the page to the review's first decision shown and to its last; decisions.
    The game is opened by its permalink (``?w=<the table's id>&game=<text>#<id>``), as a link to it would."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(url)
        widget = page.evaluate("() => document.querySelector('.sv-widget[data-widget=\"table\"]').id")
        page.goto(url + "?" + urlencode({"w": widget, "game": text}) + "#" + widget)
        page.wait_for_function("() => window.stytvolt && window.stytvolt.stage === 'ready'", timeout=120_000)
        live = time.perf_counter()
        page.wait_for_function("() => { const r = document.querySelector('.sv-review');"
                               " return r && (Number(r.dataset.settled) >= 1 || r.dataset.total === '0'); }",
                               timeout=600_000)
        first = time.perf_counter() - live
        page.wait_for_function("() => { const r = document.querySelector('.sv-review');"
                               " return r && r.dataset.complete === 'yes'; }", timeout=1_800_000)
        last = time.perf_counter() - live
        total = int(page.evaluate("() => document.querySelector('.sv-review').dataset.total"))
        return first, last, total
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--games", default=",".join(PAGES))
    parser.add_argument("--site", default="", help="a built site (default: build one)")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("bench/table_review.py: no Chromium here; nothing measured")
        return 0
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(args.site) if args.site else Path(tmp) / "site"
        if not args.site:
            built = build_site(site)
            if built.returncode != 0:
                print(built.stderr, file=sys.stderr)
                return 1
        with SiteServer(site) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=launch_args())
            print(f"bench/table_review.py: Chromium {browser.version}, {args.hands} hands a game", flush=True)
            for game in [g for g in args.games.split(",") if g]:
                firsts, lasts, counts = [], [], []
                for seed in range(1, args.hands + 1):
                    text = finished_game(game, seed)
                    first, last, total = timed(browser, server.url + PAGES[game], text)
                    firsts.append(first)
                    lasts.append(last)
                    counts.append(total)
                print(f"{game:10} decisions {statistics.median(counts):5.0f} (median)  first shown: median "
                      f"{statistics.median(firsts):5.1f} s, worst {max(firsts):5.1f} s;  last: median "
                      f"{statistics.median(lasts):6.1f} s, worst {max(lasts):6.1f} s", flush=True)
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
