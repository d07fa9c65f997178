"""Building the site, serving it on localhost, and starting Chromium: shared by tests/site and bench/site.py.

* :func:`build_site` runs ``mkdocs build --strict`` (the config is the repo's
  mkdocs.yml unless ``STYTVOLT_SITE_CONFIG`` names another) into a directory,
  (no ``site_url`` unless asked: the site must work wherever it is served).
* :class:`SiteServer` serves a directory on 127.0.0.1 at a free port (known
  before the build, so the build can name it) from a thread, with the MIME types Pyodide needs (``.wasm`` as application/wasm,
  ``.mjs`` as text/javascript), optionally sending the build's .br/.gz copies,
  or gzip-compressing text and wasm
  like a production host would, and counting the bytes it sends.
* :func:`chromium_path` / :func:`launch_args`: the system Chromium (never a
  Playwright download) and the flags it needs as root in a container.
"""

from __future__ import annotations

import gzip
import http.server
import os
import subprocess
import sys
import threading
from functools import partial
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CHROMIUM_DEFAULT = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BUILD_TIMEOUT = 600


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def chromium_path() -> str | None:
    """The Chromium to drive: ``STYTVOLT_CHROMIUM`` or /usr/bin/chromium, if it is there."""
    path = os.environ.get("STYTVOLT_CHROMIUM", "").strip() or CHROMIUM_DEFAULT
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def launch_args() -> list[str]:
    return list(LAUNCH_ARGS)


def site_config() -> Path:
    return Path(os.environ.get("STYTVOLT_SITE_CONFIG", "").strip() or REPO / "mkdocs.yml")


# `mkdocs build` as its command line runs it, optionally with a site_url (STYTVOLT_SITE_URL's job).
_BUILD = r"""
import logging, sys, warnings
from mkdocs import config
from mkdocs.commands import build
config_file, site_dir, site_url, strict = sys.argv[1:5]
logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s", stream=sys.stderr)
warnings.simplefilter("default")
overrides = {"site_dir": site_dir, "strict": strict == "strict"}
if site_url:
    overrides["site_url"] = site_url
try:
    cfg = config.load_config(config_file=config_file, **overrides)
    cfg.plugins.on_startup(command="build", dirty=False)
    try:
        build.build(cfg, dirty=False)
    finally:
        cfg.plugins.on_shutdown()
except (Exception, SystemExit) as err:
    print(f"mkdocs build failed: {type(err).__name__}: {err}", file=sys.stderr)
    sys.exit(1)
"""


def build_site(dest: Path, *, site_url: str = "", strict: bool = True, cdn: str = "") -> subprocess.CompletedProcess[str]:
    """``mkdocs build [--strict] -f <config> -d dest`` with ``site_url`` set if given; the caller checks ``returncode``.

    ``cdn``: load Pyodide's core from that URL (``STYTVOLT_PYODIDE_CDN``); by
    default the variable is cleared, so the site holds everything itself.
    """
    cmd = [sys.executable, "-c", _BUILD, str(site_config()), str(dest), site_url, "strict" if strict else ""]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONIOENCODING="utf-8")
    env.pop("STYTVOLT_PYODIDE_CDN", None)
    if cdn:
        env["STYTVOLT_PYODIDE_CDN"] = cdn
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=BUILD_TIMEOUT, env=env)


COMPRESSIBLE = (".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".txt", ".xml", ".map")


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".whl": "application/zip",
        ".zip": "application/zip",
    }
    server: "_Server"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the tests print what matters
        pass

    def end_headers(self) -> None:
        # Default "no-cache": always revalidate (a 304 when unchanged) rather than guess freshness.
        self.send_header("Cache-Control", self.server.cache_control)
        if self.server.cors:
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def translate_path(self, path: str) -> str:
        # Served under a path (prefix "/styrivolt/"): only addresses below it exist.
        prefix = self.server.prefix
        if prefix != "/":
            if not path.startswith(prefix):
                return str(Path(self.directory) / ".no-such-file")
            path = "/" + path[len(prefix):]
        return super().translate_path(path)

    def do_GET(self) -> None:
        extra = self.server.extras.get(self.path)
        if extra is not None:  # the tests' own addresses (see SiteServer.extras): not the site's, not counted
            self.send_response(200)
            self.send_header("Content-Type", extra[0])
            self.send_header("Content-Length", str(len(extra[1])))
            self.end_headers()
            self.wfile.write(extra[1])
            return
        self.server.requests.append(self.path)
        if self.server.precompressed and self._send_precompressed():
            return
        if self.server.compress and self._send_gzipped():
            return
        super().do_GET()

    def do_POST(self) -> None:
        """A test hands the server a file to serve at an address of its own (SiteServer.extras)."""
        if not self.path.startswith(EXTRA_PREFIX):
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.extras[self.path] = (self.headers.get("Content-Type", "application/octet-stream"), body)
        self.send_response(204)
        self.end_headers()

    def _file(self) -> Path:
        path = Path(self.translate_path(self.path))
        return path / "index.html" if path.is_dir() else path

    def _send_encoded(self, path: Path, body: bytes, encoding: str) -> bool:
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)
        self.server.sent += len(body)
        return True

    def _send_precompressed(self) -> bool:
        """The build's own .br (or .gz) copy beside the file, as a static host set up per the README sends it."""
        path = self._file()
        accepted = self.headers.get("Accept-Encoding", "")
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            copy = path.with_name(path.name + suffix)
            if encoding in accepted and path.is_file() and copy.is_file():
                return self._send_encoded(path, copy.read_bytes(), encoding)
        return False

    def _send_gzipped(self) -> bool:
        path = self._file()
        if not path.is_file() or not path.name.endswith(COMPRESSIBLE):
            return False
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return False
        key = (str(path), path.stat().st_mtime_ns)
        body = self.server.gzip_cache.get(key)
        if body is None:
            body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
            self.server.gzip_cache[key] = body
        return self._send_encoded(path, body, "gzip")

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        outputfile.write(data)
        self.server.sent += len(data)


#: The test server's own addresses, beside the site's: a blank page of the site's origin, and files a test
#: posts there (the engine's snapshot, see conftest.engine_snapshot).  Never counted as the site's requests.
EXTRA_PREFIX = "/__tests__/"
BLANK = b"<!doctype html><html lang=en><title>blank</title><body></body></html>"


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    compress = False
    cache_control = "no-cache"
    cors = False
    precompressed = False
    prefix = "/"
    sent = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.requests: list[str] = []
        self.extras: dict[str, tuple[str, bytes]] = {EXTRA_PREFIX + "blank": ("text/html", BLANK)}
        self.gzip_cache: dict[tuple[str, int], bytes] = {}

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that leaves a page (or closes) while a file is on its way hangs up: no fault of the site.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


class SiteServer:
    """``with SiteServer(directory) as server: server.url`` -> ``http://127.0.0.1:<port>/``."""

    def __init__(self, directory: Path, *, compress: bool = False, cache_control: str = "no-cache", cors: bool = False,
                 prefix: str = "/", host: str = "127.0.0.1", precompressed: bool = False) -> None:
        handler = partial(_Handler, directory=str(directory))
        self.httpd = _Server((host, 0), handler)
        self.httpd.precompressed = precompressed  # send the build's .br/.gz copies
        self.httpd.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.httpd.compress = compress
        self.httpd.cache_control = cache_control
        self.httpd.cors = cors  # Access-Control-Allow-Origin: *, as a CDN sends
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)

    @property
    def url(self) -> str:
        """The site's address: ``http://127.0.0.1:<port>/``, plus the prefix when there is one."""
        return self.origin + self.httpd.prefix

    @property
    def origin(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[str]:
        return self.httpd.requests

    @property
    def bytes_sent(self) -> int:
        return self.httpd.sent

    def reset_counters(self) -> None:
        self.httpd.requests.clear()
        self.httpd.sent = 0

    def __enter__(self) -> "SiteServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self.thread.is_alive():
            self.httpd.shutdown()
            self.thread.join(timeout=10)
        self.httpd.server_close()


# -- the pages ---------------------------------------------------------------------------------------------

#: Stýrivolt's widget kinds: one page of the site holds each (the other games' have tests of their own).
WIDGET_KINDS = ("ranking", "trick", "choose", "chalk")

#: Folders of the built site that hold no page of ours.
NOT_PAGES = ("pyodide", "assets", "search")


def pages_of(built: Path) -> list[str]:
    """Every page of a built site, as a path relative to its root ("" for the home page), sorted."""
    found = []
    for index in sorted(built.rglob("index.html")):
        rel = index.parent.relative_to(built).as_posix()
        if rel.split("/")[0] in NOT_PAGES:
            continue
        found.append("" if rel == "." else rel + "/")
    return found


def docs_pages() -> list[str]:
    """The pages the site will have, read from docs/ before any build (mkdocs' directory URLs).

    Tests that visit each page are parametrized with this list when they are collected, so that
    pytest-xdist can share the pages out between its workers; a test checks that the built site
    has exactly these pages.
    """
    docs = REPO / "docs"
    found = set()
    for md in docs.rglob("*.md"):
        rel = md.relative_to(docs).with_suffix("").as_posix()
        if rel == "index" or rel.endswith("/index"):
            rel = rel[: -len("index")].rstrip("/")
        found.add(rel + "/" if rel else "")
    return sorted(found, key=lambda rel: Path(rel, "index.html").parts)  # the order pages_of gives


class Watch:
    """Everything a browser context did that a clean page must not: errors, failed or foreign requests."""

    def __init__(self, context: Any, origin: str, *, also: tuple[str, ...] = ()) -> None:
        self.origin = origin
        self.origins = (origin, *also)  # where requests may go
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.requests: list[str] = []  # by the pages and their workers
        self.offline_requests: list[str] = []  # by the service worker, precaching the site for offline use
        context.on("console", self._console)
        context.on("request", self._request)
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        context.on("response", self._response)
        context.on("page", self._page)
        # Nothing may leave the site: anything that tries is recorded (above) and refused here.
        context.route(lambda url: not self._local(url), lambda route: route.abort("blockedbyclient"))

    def _local(self, url: str) -> bool:
        return url.startswith(tuple(o + "/" for o in self.origins)) or url.startswith(("data:", "blob:", "about:"))

    def _page(self, page: Any) -> None:
        page.on("pageerror", lambda err: self.page_errors.append(f"{page.url}: {err}"))

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.console_errors.append(f"{msg.location.get('url', '')}: {msg.text}")

    def _request(self, request: Any) -> None:
        (self.offline_requests if request.service_worker is not None else self.requests).append(request.url)
        if not self._local(request.url):
            self.foreign.append(request.url)

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url} (HTTP {response.status})")

    def problems(self) -> list[str]:
        out = [f"console error: {e}" for e in self.console_errors]
        out += [f"page error: {e}" for e in self.page_errors]
        out += [f"request outside the site: {u}" for u in self.foreign]
        # A request cut short because the page navigated on (net::ERR_ABORTED: a favicon still loading) is no fault.
        out += [f"failed request: {u}" for u in self.failed if not any(s in u.lower() for s in ("blockedbyclient", "err_aborted"))]
        return out

    def clear(self) -> None:
        """Forget what was seen so far (a context kept from page to page: each page is judged on its own)."""
        for seen in (self.console_errors, self.page_errors, self.foreign, self.failed, self.requests, self.offline_requests):
            seen.clear()

    def count(self, suffix: str) -> int:
        return sum(1 for u in self.requests if u.split("?")[0].endswith(suffix))
