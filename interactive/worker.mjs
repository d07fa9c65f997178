// The rules engine's worker (a module worker; served as assets/worker.mjs).
//
// One per visit: assets/runtime.mjs starts it once and keeps it across
// Material's instant navigation.  On its first message it loads Pyodide from
// the site's own pyodide/ folder (or from the CDN the build was told to use,
// STYTVOLT_PYODIDE_CDN, which the build writes into INDEX_URL below) with the
// site's pyodide/pyodide-lock.json, installs our wheel with
// loadPackage("stytvolt") (the lockfile names it and its sha256, and Pyodide
// checks the download against it), imports stytvolt.web, and then answers
//
//     {id, request: {game, widget, params}, channel?}  ->  {id, response}
//
// Each request is a job (stytvolt.web.begin_json) run a slice at a time:
// about SLICE_MS of Python, then the worker yields to its event loop, so the
// messages that came meanwhile are read before the next slice.  Jobs run one
// at a time, in the order they came.  A job that runs longer than a slice
// posts {id, progress} (0 to 1) now and then.  Cancelling: a request naming a
// channel cancels every older request of that channel (running or waiting),
// and {cancel: id} cancels that one; a cancelled request is answered
// {id, response: {ok: false, cancelled: true, error: "cancelled"}}.  Requests
// without a channel are never cancelled by another.  While loading it posts
//     {type: "progress", stage, loaded, total}
// (stage: "downloading Pyodide", "starting Python", "installing the rules",
// "ready"; loaded: bytes of Pyodide's files downloaded so far; total: their
// size, or 0 when the server does not say, e.g. when it compresses them),
// and {type: "error", message} if the engine cannot start.  Once started it
// posts {type: "snapshot", state, …}: see "the engine's memory snapshot" below
// (a returning reader's engine restores a copy of the warmed-up one kept in
// IndexedDB instead of starting Python).
//
// Offline by design: loadPyodide gets `packages: []`, and every fetch made in
// this worker is checked — a URL outside the site's origin (or the CDN the
// manifest names) is refused instead of fetched.

const PYODIDE_DIR = new URL("../pyodide/", import.meta.url);
const LOCK_URL = new URL("pyodide-lock.json", PYODIDE_DIR);
// Where Pyodide's core comes from: "./" is PYODIDE_DIR; the build puts a CDN's absolute URL here.
const INDEX_URL = "./";

let engine = null; // Promise of the Python function begin_json, once started

// About this much Python per slice (ms): short enough that a cancel is read within a few tens of
// milliseconds, long enough that the hops back to the event loop cost little.
const SLICE_MS = 35;
// At most one {id, progress} message per this many ms for a job.
const PROGRESS_MS = 100;
const CANCELLED = Object.freeze({ ok: false, cancelled: true, error: "cancelled" });

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

// Count a copy of the body (response.clone() tees the stream) so the page can
// show how far the download has got, and hand Pyodide the response itself:
// a Response built around a counting stream has no URL, and Chromium keeps
// compiled WebAssembly in its code cache only for a response fetched from a
// URL, so the 9.6 MB core would be compiled anew on every visit.  Anything
// unusual (no body, an opaque response) goes through uncounted.
function counted(response, name) {
  if (!response.ok || !response.body || response.type === "opaque") return response;
  const length = Number(response.headers.get("Content-Length")) || 0;
  // A compressed response's Content-Length counts compressed bytes while the
  // stream gives uncompressed ones: then the total is unknown.
  const encoded = (response.headers.get("Content-Encoding") || "identity") !== "identity";
  if (encoded || !length) downloads.unknown = true;
  downloads.total += length;
  const reader = response.clone().body.getReader();
  let last = 0;
  (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      downloads.loaded += value.byteLength;
      const now = performance.now();
      if (now - last > 100) {
        last = now;
        postProgress();
      }
    }
    CORE_FILES.delete(name);
    if (CORE_FILES.size === 0 && downloads.stage === "downloading Pyodide") progress("starting Python");
  })().catch(() => {}); // the original's reader sees the same failure
  return response;
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

async function getOk(url, init) {
  const response = await realFetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  return response;
}

// Pyodide reports a download refused for its sha256 only as "Failed to fetch": look again, to say so.
async function mismatch(lock) {
  try {
    const entry = (await lock).packages.stytvolt;
    const response = await realFetch(new URL(entry.file_name, PYODIDE_DIR), { cache: "no-store" });
    if (!response.ok || !crypto.subtle) return "";
    const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
    const got = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    return got === entry.sha256 ? "" : `${entry.file_name} does not match its sha256 in pyodide-lock.json (a stale or damaged copy)`;
  } catch {
    return "";
  }
}

// -- the engine's memory snapshot: a returning reader's engine starts from it ------------------------
//
// Starting Python is most of a cold start (2-3 s of CPU on a fast machine).  Once this visit's engine
// has answered and then warmed up (stytvolt.web.warm_step, every module a page may need), while
// nothing else waits, the worker takes a copy of its WebAssembly memory (Pyodide's
// makeMemorySnapshot), compresses it and keeps it in IndexedDB, under a key naming Pyodide's version
// and our wheel's sha256 from pyodide-lock.json.  The next visit's engine restores that memory instead
// of starting Python (a tenth of the time), installs the wheel's files again (they live in Pyodide's
// file system, outside that memory) and answers at once, every module already imported.  A new build
// has a new wheel, so a new key: the old copy is never used, and the new one replaces it (one copy is
// kept).  A copy that cannot be read or restored is deleted and Python starts as usual.  Without
// IndexedDB (a private window, storage refused) the engine starts as usual every time.  The worker
// posts {type: "snapshot", state, bytes, memory} (bytes kept, and the memory copied): state is "restored", "saved", "none" (none yet for this
// build) or "unavailable" (not kept, with the reason in `why`).

const SNAPSHOT_DB = "stytvolt-engine";
const SNAPSHOT_STORE = "snapshots";
// After the last answer, this long without a request before warming up (a page's first widgets ask together).
const IDLE_MS = 1000;

function snapshotKey(version, lockJson) {
  const wheel = lockJson && lockJson.packages && lockJson.packages.stytvolt;
  return wheel && wheel.sha256 && version ? `pyodide ${version}, stytvolt ${wheel.sha256}` : null;
}

function openSnapshots() {
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(SNAPSHOT_DB, 1);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(SNAPSHOT_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transform(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** The snapshot kept for this key, uncompressed, or null (none, or storage unavailable). */
async function readSnapshot(key) {
  const db = await openSnapshots();
  if (!db) return null;
  try {
    const kept = await settled(db.transaction(SNAPSHOT_STORE).objectStore(SNAPSHOT_STORE).get(key));
    if (!kept || !kept.bytes) return null;
    return kept.gzip ? await transform(kept.bytes, new DecompressionStream("gzip")) : new Uint8Array(kept.bytes);
  } catch (err) {
    await dropSnapshots();
    console.warn(`[stytvolt engine] the kept snapshot could not be read, so Python starts as usual: ${describe(err)}`);
    return null;
  } finally {
    db.close();
  }
}

/** Keep these bytes as the one snapshot, under this key; resolves to the bytes stored. */
async function writeSnapshot(key, bytes) {
  const gzip = typeof CompressionStream === "function";
  const stored = gzip ? await transform(bytes, new CompressionStream("gzip")) : bytes;
  const db = await openSnapshots();
  if (!db) throw new Error("IndexedDB is not available");
  try {
    const tx = db.transaction(SNAPSHOT_STORE, "readwrite");
    const store = tx.objectStore(SNAPSHOT_STORE);
    store.clear();
    store.put({ gzip, bytes: stored.buffer }, key);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("the write was aborted"));
    });
    return stored.byteLength;
  } finally {
    db.close();
  }
}

// Pyodide sizes the engine's memory for a snapshot through a setting its module never reads
// (pyodide/pyodide#6254), so a snapshot of a heap that grew past the 30 MiB the module starts with
// fails to restore ("offset is out of bounds"), and ours does once a visit has warmed every module.
// The module is therefore grown first, by allocating blocks (then freeing them) until its memory
// holds the snapshot; the restore then overwrites every byte, the allocator's own records included.
function roomFor(create, size) {
  return async (settings) => {
    const module = await create(settings);
    const blocks = [];
    while (module.HEAP8.length < size) {
      const block = module._malloc(1 << 20);
      if (!block) break; // no more memory: the restore fails, and Python starts as usual
      blocks.push(block);
    }
    for (const block of blocks) module._free(block);
    return module;
  };
}

async function dropSnapshots() {
  const db = await openSnapshots();
  if (!db) return;
  try {
    await settled(db.transaction(SNAPSHOT_STORE, "readwrite").objectStore(SNAPSHOT_STORE).clear());
  } catch {
    // nothing kept, or nothing to be done about it
  } finally {
    db.close();
  }
}

// -- starting -------------------------------------------------------------------------------

async function start() {
  progress("downloading Pyodide");
  // Read past the browser's cache: the lockfile names this build's wheel (a new build, a new address).
  const lock = getOk(LOCK_URL, { cache: "no-cache" }).then((response) => response.json());
  lock.catch(() => {}); // awaited by loadPyodide; avoid an unhandled rejection meanwhile
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(INDEX_URL);
  let indexURL = new URL(INDEX_URL, PYODIDE_DIR).href;
  if (!indexURL.endsWith("/")) indexURL += "/";
  if (absolute) allowedOrigins.add(new URL(indexURL).origin);

  const [{ loadPyodide, version }, lockJson] = await Promise.all([
    import(new URL("pyodide.mjs", indexURL).href),
    lock.catch(() => null), // loadPyodide reports a missing lockfile
  ]);
  const key = snapshotKey(version, lockJson);
  const options = {
    indexURL,
    lockFileContents: lock,
    packageBaseUrl: PYODIDE_DIR.href, // our wheel is here, whoever serves the core
    packages: [],
    stdout: () => {},
    stderr: (line) => console.warn(`[stytvolt engine] ${line}`),
  };
  let pyodide = null;
  let restored = false;
  const kept = key ? await readSnapshot(key) : null;
  if (kept) {
    try {
      const { default: create } = await import(new URL("pyodide.asm.mjs", indexURL).href);
      pyodide = await loadPyodide({ ...options, _loadSnapshot: kept, createPyodideModule: roomFor(create, kept.length) });
      restored = true;
    } catch (err) {
      console.warn(`[stytvolt engine] the kept snapshot did not restore, so Python starts as usual: ${describe(err)}`);
      await dropSnapshots();
    }
  }
  if (!pyodide) pyodide = await loadPyodide({ ...options, _makeSnapshot: key !== null });

  progress("installing the rules");
  const problems = [];
  await pyodide.loadPackage("stytvolt", {
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
    checkIntegrity: true,
  });
  if (!pyodide.loadedPackages.stytvolt) {
    const why = (await mismatch(lock)) || problems.join(" ") || "no reason given";
    throw new Error(`the rules (the stytvolt wheel named in pyodide-lock.json) could not be installed: ${why}`);
  }
  const beginJson = pyodide.runPython("from stytvolt.web import begin_json\nbegin_json");
  const warmStep = pyodide.runPython("from stytvolt.web import warm_step\nwarm_step");
  progress("ready");
  if (restored) post({ type: "snapshot", state: "restored" });
  else if (!key) post({ type: "snapshot", state: "unavailable", why: "no Pyodide version, or no sha256 for the wheel in pyodide-lock.json" });
  else post({ type: "snapshot", state: "none" });
  return { pyodide, beginJson, warmStep, snapshotKey: restored ? null : key };
}

// While no request waits: warm up one module at a time, then keep the snapshot (once per visit).
let idleTimer = null;
let idleOver = false;

function whenIdle(delay = IDLE_MS) {
  if (idleOver) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(idle, delay);
}

async function idle() {
  idleTimer = null;
  let ready;
  try {
    ready = await engine;
  } catch {
    return; // the engine did not start: nothing to warm
  }
  if (pumping || queue.length) return; // pump() calls whenIdle again once the queue is empty
  try {
    if (ready.warmStep()) {
      whenIdle(0);
      return;
    }
  } catch (err) {
    console.warn(`[stytvolt engine] warming up failed; answers import what they need as usual: ${describe(err)}`);
  }
  idleOver = true;
  if (!ready.snapshotKey) return;
  // Pyodide's snapshot expects the record of loaded packages to be empty (a restored engine starts
  // with an empty one, and loads our wheel again: its files are outside the memory kept).
  const loaded = ready.pyodide.loadedPackages;
  const record = { ...loaded };
  let bytes;
  try {
    for (const name of Object.keys(record)) delete loaded[name];
    bytes = ready.pyodide.makeMemorySnapshot();
  } catch (err) {
    post({ type: "snapshot", state: "unavailable", why: describe(err) });
    return;
  } finally {
    Object.assign(loaded, record);
  }
  try {
    post({ type: "snapshot", state: "saved", bytes: await writeSnapshot(ready.snapshotKey, bytes), memory: bytes.length });
  } catch (err) {
    post({ type: "snapshot", state: "unavailable", why: `it could not be kept: ${describe(err)}` });
  }
}

function describe(err) {
  const text = err && err.message ? err.message : String(err);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

function ensureStarted() {
  if (!engine) {
    engine = start();
    engine.then(() => whenIdle(), (err) => post({ type: "error", message: describe(err) }));
  }
  return engine;
}

// -- jobs: one at a time, a slice at a time ----------------------------------------------------------

const queue = []; // {id, channel, request, job (a Python Job, once begun), lastProgress}: the first one runs
let pumping = false;

// A zero-delay hop back to the event loop (setTimeout(0) is clamped to 4 ms once nested).
const hop = new MessageChannel();
let resumeAfterHop = null;
hop.port1.onmessage = () => {
  const resume = resumeAfterHop;
  resumeAfterHop = null;
  if (resume) resume();
};
function yieldToEvents() {
  return new Promise((resolve) => {
    resumeAfterHop = resolve;
    hop.port2.postMessage(0);
  });
}

function release(item) {
  if (item.job) {
    try {
      item.job.cancel();
      item.job.destroy();
    } catch {
      // the proxy is gone already
    }
    item.job = null;
  }
}

function cancelWhere(test) {
  for (let i = queue.length - 1; i >= 0; i--) {
    const item = queue[i];
    if (!test(item)) continue;
    queue.splice(i, 1);
    release(item);
    post({ id: item.id, response: CANCELLED });
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    const { beginJson } = await ensureStarted();
    while (queue.length) {
      const item = queue[0];
      let outcome;
      try {
        if (!item.job) item.job = beginJson(JSON.stringify(item.request ?? {}));
        outcome = JSON.parse(item.job.step(SLICE_MS));
      } catch (err) {
        outcome = { done: true, response: { ok: false, error: `The rules engine failed on this request: ${describe(err)}` } };
      }
      if (outcome.done) {
        queue.shift();
        release(item);
        post({ id: item.id, response: outcome.response });
      } else {
        const now = performance.now();
        if (now - item.lastProgress >= PROGRESS_MS) {
          item.lastProgress = now;
          post({ id: item.id, progress: outcome.progress });
        }
      }
      await yieldToEvents(); // cancels and newer requests come in here
    }
  } catch (err) {
    // The engine could not start: every waiting request is told so.
    const response = { ok: false, error: `The rules engine could not start: ${describe(err)}` };
    for (const item of queue.splice(0)) post({ id: item.id, response });
  } finally {
    pumping = false;
    if (!queue.length) whenIdle();
  }
}

self.onmessage = (event) => {
  const data = event.data || {};
  if (data.cancel !== undefined) {
    cancelWhere((item) => item.id === data.cancel);
    return;
  }
  const { id, request, channel } = data;
  if (id === undefined) {
    ensureStarted().catch(() => {}); // {type: "start"}: loading is all it asked for (a failure is posted)
    return;
  }
  if (channel !== undefined && channel !== null) cancelWhere((item) => item.channel === channel);
  queue.push({ id, channel: channel ?? null, request, job: null, lastProgress: performance.now() });
  pump();
};
