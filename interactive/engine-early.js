// Served as assets/engine-early.js, in <head> on pages with widgets (overrides/main.html).
//
// Starts the rules engine's worker while the rest of the page is still loading, so Pyodide's
// download begins about as early as on a page that holds nothing else.  runtime.mjs adopts this
// worker, with the messages it posted meanwhile; on later pages (Material's instant navigation)
// the engine runs already and this does nothing.
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
})();
