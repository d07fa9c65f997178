// Served as assets/engine-early.js, in <head> on pages with widgets (overrides/main.html).
//
// Starts the rules engine's worker while the rest of the page is still loading, so Pyodide's
// download begins about as early as on a page that holds nothing else.  runtime.mjs adopts this
// worker, with the messages it posted meanwhile; on later pages (Material's instant navigation)
// the engine runs already and this does nothing.
//
// It also holds back Material's search index while the engine starts: Material fetches
// search/search_index.json at once and builds its index in a worker of its own, and on a
// two-core phone that work competes with compiling Pyodide.  The index is fetched as soon as
// the engine is ready (or could not start), or the moment the reader goes to the search box
// (a click, a tap, the keyboard shortcut or Tab: anything that focuses it), whichever comes
// first, and after 20 s in any case.  Material shows "Initializing search" meanwhile.
(() => {
  if (window.stytvolt || window.__stytvoltEarly || typeof Worker !== "function") return;
  let worker;
  try {
    worker = new Worker(new URL("worker.mjs", document.currentScript.src), { type: "module", name: "stytvolt rules engine" });
  } catch {
    return; // runtime.mjs tries again, and says why if it cannot
  }
  const early = { worker, events: [] };
  worker.onmessage = (event) => early.events.push(event);
  worker.onerror = (event) => {
    event.preventDefault();
    early.events.push(event);
  };
  worker.postMessage({ type: "start" });
  window.__stytvoltEarly = early;

  // -- Material's search index waits for the engine --------------------------------------------
  const INDEX = /\/search\/search_index\.json$/;
  const xhr = window.XMLHttpRequest && window.XMLHttpRequest.prototype;
  if (!xhr) return;
  const open = xhr.open;
  const send = xhr.send;
  const waiting = [];
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    xhr.open = open;
    xhr.send = send;
    for (const go of waiting.splice(0)) go();
  };
  xhr.open = function (method, url, ...rest) {
    try {
      this.__svHeld = held && INDEX.test(new URL(String(url), document.baseURI).pathname);
    } catch {
      this.__svHeld = false;
    }
    return open.call(this, method, url, ...rest);
  };
  xhr.send = function (...args) {
    if (this.__svHeld && held) {
      waiting.push(() => send.apply(this, args));
      return undefined;
    }
    return send.apply(this, args);
  };
  // The worker is adopted by runtime.mjs, which sets its own onmessage: listen beside it.
  worker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "error" || (data.type === "progress" && data.stage === "ready")) release();
  });
  worker.addEventListener("error", release);
  const toSearch = (event) => {
    const target = event.target;
    if (target instanceof Element && target.closest("form[name='search'], label[for='__search'], .md-search")) release();
  };
  document.addEventListener("focusin", toSearch, true);
  document.addEventListener("pointerdown", toSearch, true);
  document.addEventListener("keydown", (event) => {
    if (["/", "s", "f", "S", "F"].includes(event.key)) release(); // Material's shortcuts to the search box
  }, true);
  setTimeout(release, 20000);
})();
