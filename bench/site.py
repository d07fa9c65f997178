"""Figures for the site in a browser: first paint, the engine's start, bytes on a first visit.

    python bench/site.py [--runs N] [--page PATH]

Builds the site (``mkdocs build --strict``) into a temporary directory, serves
it on 127.0.0.1 and drives headless Chromium (/usr/bin/chromium, or
``STYTVOLT_CHROMIUM``) with the same flags as tests/site.  Prints, for a
page with a widget:

* first paint and first contentful paint (the browser's paint entries);
* the time from navigation until the first widget answers from Pyodide, the
  reader pressing its button as soon as the page is there: cold (a fresh
  profile, empty cache) and warm (the same profile again, cache on disk),
  with the engine's stages (downloading, starting Python, installing, ready);
  and a returning reader's: the warm visit stays until its engine has kept a
  memory snapshot (interactive/worker.mjs), and the next visit starts from it;
* beside it, a bare page that only loads Pyodide's core in a worker, cold
  and warm, and the ratio widget answer / bare core;
* the bytes a first visit transfers, with the server sending files as they
  are, compressing with gzip (as most hosts do), and sending the build's own
  brotli copies (as the README sets a host up); and what the service worker
  then fetches to keep the site for offline use;
* a page change after the first load (Material's instant navigation, the
  engine already running): from the click until the new page's widget has
  answered, split into Material swapping the page in (click until the widget
  is mounted) and the answer (the button until the answer is drawn).

The cold and warm visits run without the service worker (as the bare page
does), so that they compare like with like; the warm visit then reads the
browser's HTTP cache.

Each figure is the median of ``--runs`` runs.  Figures are printed, never
asserted.  Without Chromium or Playwright it says so and exits 0 (``make
bench`` runs it after the engine benches).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "site"))

from sitekit import SiteServer, build_site, chromium_path, launch_args  # noqa: E402

BARE_DIR = "_bench-bare"
BARE_HTML = """<!doctype html>
<meta charset="utf-8">
<title>Pyodide core alone</title>
<p id="out">loading…</p>
<script type="module">
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  window.bare = new Promise((resolve, reject) => {
    worker.onmessage = (e) => { document.getElementById("out").textContent = "ready"; resolve(performance.now()); };
    worker.onerror = (e) => reject(new Error(e.message));
  });
</script>
"""
BARE_WORKER = """
const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", import.meta.url).href);
const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href, packages: [] });
pyodide.runPython("1 + 1");
postMessage("ready");
"""

# The reader presses the first widget's main button as soon as the page is
# parsed; resolves with the ms from navigation start to the live answer, and
# when each loading stage was reached.
PRESS_AND_WAIT = """async () => {
  const stages = {};
  const engine = window.stytvolt;
  const note = () => { if (!(engine.stage in stages)) stages[engine.stage] = performance.now(); };
  note();
  engine.subscribe(note);
  const w = document.querySelector('.sv-widget');
  w.querySelector('form').requestSubmit(w.querySelector('button.md-button--primary') || w.querySelector('button'));
  await new Promise((resolve) => { const check = () => (w.svResponses ? resolve() : setTimeout(check, 2)); check(); });
  const answered = performance.now();
  const paints = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
  return { answered, stages, paints, ok: w.svLastResponse.ok, loads: engine.loads, snapshot: engine.snapshot };
}"""

# After the cold visit's answer: wait until the engine has warmed up and kept its memory snapshot
# (interactive/worker.mjs), as it does while a reader reads the page; resolves to its state and size.
KEEP_SNAPSHOT = """async () => {
  const engine = window.stytvolt;
  const t0 = performance.now();
  while (!['saved', 'unavailable'].includes(engine.snapshot) && performance.now() - t0 < 60000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { state: engine.snapshot, bytes: engine.snapshotBytes, why: engine.snapshotWhy || '', ms: performance.now() - t0 };
}"""



def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def fmt_ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    spread = f" (min {min(values):.0f}, max {max(values):.0f})" if len(values) > 1 else ""
    return f"{median(values):6.0f} ms{spread}"


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


class Profiles:
    """Fresh or reused on-disk Chromium profiles (a profile keeps its HTTP cache between launches)."""

    def __init__(self, playwright: Any, root: Path) -> None:
        self.pw = playwright
        self.root = root
        self.count = 0

    def fresh(self) -> Path:
        self.count += 1
        path = self.root / f"profile-{self.count}"
        path.mkdir()
        return path

    def run(self, profile: Path, fn: Callable[[Any], Any], *, service_workers: str = "block") -> Any:
        context = self.pw.chromium.launch_persistent_context(
            str(profile), executable_path=chromium_path(), args=launch_args(), headless=True,
            viewport={"width": 1280, "height": 900}, service_workers=service_workers,
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            return fn(page)
        finally:
            context.close()


def visit_widget_page(url: str, *, keep: bool = False) -> Callable[[Any], dict[str, Any]]:
    """A visit: the first widget answers; ``keep``: then wait until the engine has kept its snapshot."""

    def go(page: Any) -> dict[str, Any]:
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_function("() => window.stytvolt && document.querySelector('.sv-widget[data-sv-mounted]')")
        result: dict[str, Any] = page.evaluate(PRESS_AND_WAIT)
        if keep:
            result["kept"] = page.evaluate(KEEP_SNAPSHOT)
        return result

    return go


# From a click on a link to another page (instant navigation) until that page's first widget has
# answered from the engine already running; the button is pressed as soon as the widget is mounted.
PAGE_CHANGE = """async (href) => {
  document.querySelectorAll('.sv-widget').forEach((w) => { w.svOld = true; });
  const a = document.createElement('a');
  a.href = href;
  a.textContent = 'go';
  document.querySelector('.md-content').prepend(a);
  const t0 = performance.now();
  a.click();
  const fresh = () => { const w = document.querySelector('.sv-widget[data-sv-mounted]'); return w && !w.svOld ? w : null; };
  await new Promise((resolve) => { const check = () => (fresh() ? resolve() : setTimeout(check, 1)); check(); });
  const w = fresh();
  const mounted = performance.now() - t0;
  const before = w.svResponses || 0;
  w.querySelector('form').requestSubmit(w.querySelector('button.md-button--primary') || w.querySelector('button'));
  await new Promise((resolve) => { const check = () => ((w.svResponses || 0) > before ? resolve() : setTimeout(check, 1)); check(); });
  return { ms: performance.now() - t0, mounted, ok: w.svLastResponse.ok, loads: window.stytvolt.loads };
}"""


def change_pages(url: str, targets: list[str], rounds: int) -> Callable[[Any], list[tuple[float, float]]]:
    def go(page: Any) -> list[tuple[float, float]]:
        page.goto(url + targets[-1], wait_until="domcontentloaded")
        page.wait_for_function("() => window.stytvolt && document.querySelector('.sv-widget[data-sv-mounted]')")
        page.evaluate("window.stytvolt.ready")
        page.evaluate(KEEP_SNAPSHOT)  # the reader reads the first page a while: the engine warms up meanwhile
        times = []
        for _ in range(rounds):
            for rel in targets:
                got = page.evaluate(PAGE_CHANGE, url + rel)
                if not got["ok"] or got["loads"] != 1:
                    raise SystemExit(f"bench/site.py: a page change to {rel} went wrong: {got}")
                times.append((float(got["ms"]), float(got["mounted"])))
        return times

    return go


def offline_copy(url: str) -> Callable[[Any], None]:
    """A first visit with the service worker on, until it has precached the site."""

    def go(page: Any) -> None:
        page.goto(url, wait_until="domcontentloaded")
        page.evaluate("window.stytvolt.ready")
        page.evaluate("""async () => {
          const registration = await navigator.serviceWorker.ready;
          const w = registration.active;
          if (w.state !== 'activated') await new Promise((r) => w.addEventListener('statechange', () => w.state === 'activated' && r()));
        }""")

    return go


def simple_widget_pages(site: Path) -> list[str]:
    """Pages whose first widget answers its main button (not the table or the puzzle, which answer by themselves)."""
    found = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        text = index.read_text(encoding="utf-8")
        first = text.find('class="sv-widget"')
        if rel.split("/")[0] in ("pyodide", "assets", "search", BARE_DIR) or first < 0:
            continue
        kind = text[first:first + 300].split('data-widget="')[1].split('"')[0]
        if kind in ("ranking", "trick", "choose", "chalk"):
            found.append("" if rel == "." else rel + "/")
    return found


def visit_bare_page(url: str) -> Callable[[Any], float]:
    def go(page: Any) -> float:
        page.goto(url, wait_until="domcontentloaded")
        return float(page.evaluate("window.bare"))

    return go


def first_widget_page(site: Path) -> str:
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.split("/")[0] in ("pyodide", "assets", "search", BARE_DIR):
            continue
        if 'class="sv-widget"' in index.read_text(encoding="utf-8"):
            return "" if rel == "." else rel + "/"
    raise SystemExit("bench/site.py: no page of the site has a widget")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median printed)")
    parser.add_argument("--page", default="", help="the widget page to measure (default: the first with a widget)")
    args = parser.parse_args()

    if chromium_path() is None:
        print("bench/site.py: skipped: no Chromium at /usr/bin/chromium (or STYTVOLT_CHROMIUM); `make setup` installs it")
        return 0
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench/site.py: skipped: Playwright for Python is not installed (`make setup` installs it)")
        return 0

    with tempfile.TemporaryDirectory(prefix="stytvolt-bench-site-") as tmp:
        root = Path(tmp)
        site = root / "site"
        plain = SiteServer(site)
        t0 = time.perf_counter()
        proc = build_site(site)
        build_s = time.perf_counter() - t0
        if proc.returncode != 0:
            plain.close()
            print(proc.stdout + proc.stderr, file=sys.stderr)
            print("bench/site.py: the site does not build", file=sys.stderr)
            return 1
        (site / BARE_DIR).mkdir()
        (site / BARE_DIR / "index.html").write_text(BARE_HTML, encoding="utf-8")
        (site / BARE_DIR / "worker.mjs").write_text(BARE_WORKER, encoding="utf-8")
        page_path = args.page or first_widget_page(site)
        pyodide_version = json.loads((REPO / "node_modules" / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
        gz = SiteServer(site, compress=True)
        br = SiteServer(site, precompressed=True)
        profiles_root = root / "profiles"
        profiles_root.mkdir()

        with plain, gz, br, sync_playwright() as pw:
            version = pw.chromium.launch(executable_path=chromium_path(), args=launch_args())
            browser_version = version.version
            version.close()
            profiles = Profiles(pw, profiles_root)
            print(f"site: built in {build_s:.1f} s; Pyodide {pyodide_version}; Chromium {browser_version} (headless); "
                  f"widget page /{page_path}; {args.runs} run(s) each, medians")

            figures: dict[str, list[float]] = {}

            def add(name: str, value: float) -> None:
                figures.setdefault(name, []).append(value)

            stage_times: dict[str, list[float]] = {}
            for run in range(args.runs):
                for label, server in (("plain", plain), ("gzip", gz), ("brotli", br)):
                    profile = profiles.fresh()
                    server.reset_counters()
                    cold = profiles.run(profile, visit_widget_page(server.url + page_path))
                    if not cold["ok"] or cold["loads"] != 1:
                        print(f"bench/site.py: the widget did not answer properly: {cold}", file=sys.stderr)
                        return 1
                    time.sleep(0.3)  # the last responses finish writing
                    add(f"bytes {label}", server.bytes_sent)
                    add(f"requests {label}", len(server.requests))
                    if label != "plain":
                        continue
                    add("cold first paint", cold["paints"].get("first-paint", float("nan")))
                    add("cold first contentful paint", cold["paints"].get("first-contentful-paint", float("nan")))
                    add("cold widget answer", cold["answered"])
                    for stage, at in cold["stages"].items():
                        stage_times.setdefault(stage, []).append(at)
                    warm = profiles.run(profile, visit_widget_page(server.url + page_path, keep=True))
                    add("warm first paint", warm["paints"].get("first-paint", float("nan")))
                    add("warm first contentful paint", warm["paints"].get("first-contentful-paint", float("nan")))
                    add("warm widget answer", warm["answered"])
                    kept = warm["kept"]
                    if kept["state"] != "saved":
                        print(f"bench/site.py: the engine kept no snapshot: {kept}", file=sys.stderr)
                        return 1
                    add("snapshot bytes", kept["bytes"])
                    add("snapshot kept after", kept["ms"])
                    back = profiles.run(profile, visit_widget_page(server.url + page_path))
                    if back["snapshot"] != "restored":
                        print(f"bench/site.py: the returning visit did not start from the snapshot: {back['snapshot']}", file=sys.stderr)
                        return 1
                    add("returning widget answer", back["answered"])
                    bare_profile = profiles.fresh()
                    add("cold bare core", profiles.run(bare_profile, visit_bare_page(server.url + BARE_DIR + "/")))
                    add("warm bare core", profiles.run(bare_profile, visit_bare_page(server.url + BARE_DIR + "/")))

            print("\nfirst paint of the widget page (ms after navigation start)")
            print(f"  cold  first paint {fmt_ms(figures['cold first paint'])}, first contentful paint {fmt_ms(figures['cold first contentful paint'])}")
            print(f"  warm  first paint {fmt_ms(figures['warm first paint'])}, first contentful paint {fmt_ms(figures['warm first contentful paint'])}")
            print("\nthe first widget answers from Pyodide (button pressed as soon as the page is parsed)")
            print(f"  cold  {fmt_ms(figures['cold widget answer'])}")
            print(f"  warm  {fmt_ms(figures['warm widget answer'])}")
            print(f"  returning reader, from the snapshot the warm visit kept {fmt_ms(figures['returning widget answer'])}")
            print(f"    (kept {fmt_ms(figures['snapshot kept after'])} after the answer, {mb(int(median(figures['snapshot bytes'])))} gzip in IndexedDB;"
                  f" speed-up over warm {median(figures['warm widget answer']) / median(figures['returning widget answer']):.2f}x)")
            order = ["downloading Pyodide", "starting Python", "installing the rules", "ready"]
            stages = ", ".join(f"{s} {median(stage_times[s]):.0f}" for s in order if s in stage_times)
            print(f"  cold stages reached at (ms): {stages}")
            print("\nPyodide's core alone (a bare page: loadPyodide in a module worker, no wheel, no site)")
            print(f"  cold  {fmt_ms(figures['cold bare core'])}")
            print(f"  warm  {fmt_ms(figures['warm bare core'])}")
            cold_ratio = median(figures["cold widget answer"]) / median(figures["cold bare core"])
            warm_ratio = median(figures["warm widget answer"]) / median(figures["warm bare core"])
            back_ratio = median(figures["returning widget answer"]) / median(figures["warm bare core"])
            print(f"  ratio widget answer / bare core: cold {cold_ratio:.2f}, warm {warm_ratio:.2f}, returning {back_ratio:.2f}")
            print("\nbytes transferred on a first visit (page, styles, scripts, search index, Pyodide, wheel; response bodies)")
            print(f"  uncompressed server  {mb(int(median(figures['bytes plain'])))} in {median(figures['requests plain']):.0f} requests")
            print(f"  gzip server          {mb(int(median(figures['bytes gzip'])))} in {median(figures['requests gzip']):.0f} requests")
            print(f"  brotli copies        {mb(int(median(figures['bytes brotli'])))} in {median(figures['requests brotli']):.0f} requests (the build's .br files)")
            br.reset_counters()
            profiles.run(profiles.fresh(), offline_copy(br.url + page_path), service_workers="allow")
            time.sleep(0.3)
            print(f"  then the service worker's offline copy of the whole site: {mb(br.bytes_sent)} in all, brotli"
                  f" ({len(br.requests)} requests; Pyodide's files come from the browser's cache when it has them)")
            targets = simple_widget_pages(site)
            changes = profiles.run(profiles.fresh(), change_pages(plain.url, targets, max(2, args.runs)))
            print(f"\na page change after the first load (instant navigation; click -> the new page's widget answered), "
                  f"{len(changes)} changes over {len(targets)} pages")
            whole = [ms for ms, _ in changes]
            print(f"  median {median(whole):.0f} ms, slowest {max(whole):.0f} ms")
            print(f"  of which Material swapping the page in (click -> widget mounted): median {median([m for _, m in changes]):.0f} ms;"
                  f" the answer (button -> drawn): median {median([ms - m for ms, m in changes]):.0f} ms, slowest {max(ms - m for ms, m in changes):.0f} ms")
            core = sum((site / "pyodide" / n).stat().st_size for n in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"))
            lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
            wheel = (site / "pyodide" / lock["packages"]["stytvolt"]["file_name"]).stat().st_size
            print(f"  of which on disk: Pyodide core {mb(core)}, the stytvolt wheel {wheel / 1e3:.0f} kB")
            print("  (the local server sends Cache-Control: no-cache, so warm visits revalidate each file: 304s, no bodies)")
            quiz = profiles.run(profiles.fresh(), answer_quiz(plain.url + "practise/", args.runs * 10))
            print(f"\nthe quiz (/practise/, {len(quiz['verdict'])} questions, medians and slowest)")
            print(f"  click on a choice → verdict drawn (click handler)        {median(quiz['handler']):.1f} ms (max {max(quiz['handler']):.1f})")
            print(f"  click on a choice → the next frame painted with it       {median(quiz['verdict']):.1f} ms (max {max(quiz['verdict']):.1f})")
            print(f"  New question → the next question drawn by Pyodide         {median(quiz['next']):.1f} ms (max {max(quiz['next']):.1f})")
    return 0


QUIZ_WATCH = """() => {
  window.__verdict = [];
  document.addEventListener("click", (e) => {
    if (!(e.target instanceof Element) || !e.target.closest(".sv-quiz-q .sv-choice")) return;
    const t0 = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__verdict.push(performance.now() - t0), 0));
  }, true);
}"""


def answer_quiz(url: str, questions: int) -> Callable[[Any], dict[str, list[float]]]:
    """Open the practise page; for each question, press New question (timed until Pyodide's question is drawn), then click a choice."""

    def go(page: Any) -> dict[str, list[float]]:
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_function("() => window.stytvolt && document.querySelector('.sv-widget[data-widget=quiz][data-sv-mounted]')")
        page.evaluate("window.stytvolt.ready")
        page.evaluate(QUIZ_WATCH)
        widget = page.locator(".sv-widget[data-widget=quiz]")
        out: dict[str, list[float]] = {"next": [], "handler": [], "verdict": []}
        for _ in range(questions):
            before = widget.evaluate("w => w.svResponses || 0")
            t0 = time.perf_counter()
            widget.locator("button[value=next]").click()
            page.wait_for_function(f"() => (document.querySelector('.sv-widget[data-widget=quiz]').svResponses || 0) > {before}")
            out["next"].append(1000 * (time.perf_counter() - t0))
            widget.locator(".sv-quiz-q .sv-choice").first.click()
            page.wait_for_function(f"() => window.__verdict.length >= {len(out['verdict']) + 1}")
            out["handler"].append(float(widget.locator(".sv-quiz-q").evaluate("q => q.svVerdictMs")))
            out["verdict"].append(float(page.evaluate("window.__verdict[window.__verdict.length - 1]")))
        return out

    return go


if __name__ == "__main__":
    sys.exit(main())
