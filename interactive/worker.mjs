// The rules engine's worker (a module worker; served as assets/worker.mjs).
//
// One per visit: assets/runtime.mjs starts it once and keeps it across
// Material's instant navigation.  On its first message it loads Pyodide from
// the site's own pyodide/ folder (or from the absolute indexURL the manifest
// names, when the site was built with STYTVOLT_PYODIDE_CDN), installs the
// stytvolt wheel that sits beside it after checking the wheel's sha256
// against pyodide/stytvolt.json, imports stytvolt.web, and then answers
//
//     {id, request: {game, widget, params}}  ->  {id, response}
//
// with stytvolt.web.handle_json.  While loading it posts
//     {type: "progress", stage, loaded, total}
// (stage: "downloading Pyodide", "starting Python", "installing the rules",
// "ready"; loaded: bytes of Pyodide's files downloaded so far; total: their
// size, or 0 when the server does not say, e.g. when it compresses them),
// and {type: "error", message} if the engine cannot start.
//
// Offline by design: loadPyodide gets `packages: []`, and every fetch made in
// this worker is checked — a URL outside the site's origin (or the CDN the
// manifest names) is refused instead of fetched.

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const MANIFEST_URL = new URL("stytvolt.json", PYODIDE_DIR);

let engine = null; // Promise of the Python function handle_json, once started

function post(message) {
  self.postMessage(message);
}

// -- fetches: same-origin only, with byte counts for the progress bar --------------------

const realFetch = self.fetch.bind(self);
const allowedOrigins = new Set([self.location.origin]);
// total: the sum of the Content-Lengths, when every file so far had a usable one
// (a gzip-encoded response's counts compressed bytes): 0 means "unknown".
const downloads = { loaded: 0, total: 0, unknown: false, stage: "downloading Pyodide" };
// Python starts once these two have arrived (the rest of loadPyodide is CPU work).
const CORE_FILES = new Set(["pyodide.asm.wasm", "python_stdlib.zip"]);

function progress(stage) {
  downloads.stage = stage;
  postProgress();
}

function postProgress() {
  const { stage, loaded, total, unknown } = downloads;
  post({ type: "progress", stage, loaded, total: unknown ? 0 : total });
}

function urlOf(input) {
  if (typeof input === "string") return new URL(input, self.location.href);
  if (input instanceof URL) return input;
  return new URL(input.url, self.location.href);
}

// Pass the body through a counter so the page can show how far the download
// has got.  Anything unusual (no body, an opaque response) goes through as is.
function counted(response, name) {
  if (!response.ok || !response.body || response.type === "opaque") return response;
  const length = Number(response.headers.get("Content-Length")) || 0;
  // A compressed response's Content-Length counts compressed bytes while the
  // stream gives uncompressed ones: then the total is unknown.
  const encoded = (response.headers.get("Content-Encoding") || "identity") !== "identity";
  if (encoded || !length) downloads.unknown = true;
  downloads.total += length;
  let last = 0;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          CORE_FILES.delete(name);
          if (CORE_FILES.size === 0 && downloads.stage === "downloading Pyodide") progress("starting Python");
          return;
        }
        downloads.loaded += value.byteLength;
        const now = performance.now();
        if (now - last > 100) {
          last = now;
          postProgress();
        }
        controller.enqueue(value);
      } catch (err) {
        controller.error(err);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function guardedFetch(input, init) {
  const url = urlOf(input);
  if (!allowedOrigins.has(url.origin)) {
    throw new Error(`the rules engine only loads files from this site; refused ${url.href}`);
  }
  const response = await realFetch(input, init);
  try {
    return counted(response, url.pathname.split("/").pop());
  } catch {
    return response;
  }
}

self.fetch = guardedFetch;

// -- loading --------------------------------------------------------------------------------

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function getOk(url, init) {
  const response = await realFetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  return response;
}

// The wheel's name is the same from one build to the next, so the URL carries
// its hash: a browser cache can never hand back last week's rules.  If the
// bytes still do not match (a proxy, a half-finished deploy), fetch once more
// past every cache before giving up.
async function fetchWheel(manifest) {
  const url = new URL(manifest.wheel, PYODIDE_DIR);
  url.searchParams.set("sha256", manifest.sha256.slice(0, 16));
  let bytes = await (await getOk(url)).arrayBuffer();
  if (crypto.subtle && (await sha256(bytes)) !== manifest.sha256) {
    bytes = await (await getOk(url, { cache: "reload" })).arrayBuffer();
  }
  return bytes;
}

async function sha256(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

async function start() {
  progress("downloading Pyodide");
  const manifest = await (await getOk(MANIFEST_URL, { cache: "no-cache" })).json();
  if (!manifest.wheel || !/^[0-9a-f]{64}$/.test(manifest.sha256 || "")) {
    throw new Error(`${MANIFEST_URL} does not name a wheel and its sha256`);
  }
  // indexURL "./" (the default) is the pyodide/ folder itself; an absolute URL
  // is the CDN a build was told to use (STYTVOLT_PYODIDE_CDN).
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(manifest.indexURL || "");
  let indexURL = new URL(manifest.indexURL || "./", PYODIDE_DIR).href;
  if (!indexURL.endsWith("/")) indexURL += "/";
  if (absolute) allowedOrigins.add(new URL(indexURL).origin);

  const wheel = fetchWheel(manifest);
  wheel.catch(() => {}); // awaited below; avoid an unhandled rejection meanwhile
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({
    indexURL,
    packages: [],
    fullStdLib: false,
    stdout: () => {},
    stderr: (line) => console.warn(`[stytvolt engine] ${line}`),
  });

  progress("installing the rules");
  const bytes = await wheel;
  const got = crypto.subtle ? await sha256(bytes) : null;
  const check = pyodide.runPython(`
def _check(data, want, got):
    import hashlib
    got = got or hashlib.sha256(bytes(data)).hexdigest()  # no crypto.subtle outside a secure context
    return got == want
_check`);
  const ok = check(new Uint8Array(bytes), manifest.sha256, got);
  check.destroy();
  if (!ok) {
    throw new Error(`${manifest.wheel} does not match the sha256 in stytvolt.json (a stale or damaged copy)`);
  }
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(new Uint8Array(bytes), "wheel", { extractDir: sitePackages });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const handleJson = pyodide.runPython("from stytvolt.web import handle_json\nhandle_json");
  progress("ready");
  return handleJson;
}

function describe(err) {
  const text = err && err.message ? err.message : String(err);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

function ensureStarted() {
  if (!engine) {
    engine = start();
    engine.catch((err) => post({ type: "error", message: describe(err) }));
  }
  return engine;
}

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  let handleJson;
  try {
    handleJson = await ensureStarted();
  } catch (err) {
    if (id !== undefined) {
      post({ id, response: { ok: false, error: `The rules engine could not start: ${describe(err)}` } });
    }
    return;
  }
  if (id === undefined) return; // {type: "start"}: loading is all it asked for
  let response;
  try {
    response = JSON.parse(handleJson(JSON.stringify(request ?? {})));
  } catch (err) {
    response = { ok: false, error: `The rules engine failed on this request: ${describe(err)}` };
  }
  post({ id, response });
};
