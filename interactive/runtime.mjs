// The site's widgets, answered by the rules engine running in the reader's
// browser (served as assets/runtime.mjs, loaded on every page as a module).
//
// Every widget arrives from the build with its controls and a first answer
// already drawn (interactive/hooks.py), so a page reads fine without
// JavaScript.  This module makes the controls live:
//
// * One engine per visit.  The first time a page with a widget is shown, a
//   module worker (assets/worker.mjs) is started after the first paint; it
//   loads Pyodide and the stytvolt wheel from the site's pyodide/ folder.
//   The worker lives as long as this JavaScript context, which Material's
//   instant navigation keeps from page to page, so Pyodide loads once.
// * Widgets are (re)mounted on every page Material shows (document$), and
//   mounting twice is harmless.
// * A form's submit becomes {game, widget, params} for stytvolt.web.handle:
//   the game and widget from data-game (default: the first game, lessons.mjs) and data-widget,
//   the params from the widget's other data-* attributes (e.g. data-scoring,
//   data-prefer), then the form's fields, then the clicked button's name and
//   value.  The answer's HTML replaces .sv-output (marked
//   data-source="pyodide"), its "set" updates the form's fields; an error
//   goes to .sv-status and the old answer stays, dimmed (class sv-stale) and
//   labelled "(answer to the previous input)" until the next answer.
// * The controls arrive inside <fieldset class="sv-fields" disabled> (so
//   without JavaScript they cannot pretend to work); mounting enables them.
//   Changing a select answers at once.
// * Permalinks: after an answer to the reader, the address bar becomes
//   ?w=<widget id>&<field>=<value>…#<widget id> (history.replaceState; query
//   keys other modules own, like the stepper's "step" or the quiz's, are
//   kept), and a "Link to this" anchor under the widget holds that address.
//   Opening such an address (or reaching it by instant navigation) fills the
//   widget's form from the query and submits it.
// * The chalk-up keeps its records in localStorage (per page and widget id)
//   and restores them on load; "New slate" clears them.
//
// * Long answers: the worker runs every request as a job, a slice at a time
//   (worker.mjs).  Each widget asks on its own channel (its page and id), so
//   a new submit cancels the widget's older one still running.  A job that
//   takes longer than BUSY_MS shows "Working…" in the widget's .sv-status,
//   with a progress bar when the engine reports progress and a Cancel button;
//   a cancelled job leaves the answer shown as it was.
//
// For tests and the bench: window.stytvolt = {ready, request(widget, params,
// game = the first game, {channel, onProgress}), cancel(channel), start(), loads,
// stage, snapshot}.  request() resolves to the response (never rejects); a newer
// request on the same channel, or cancel(channel), resolves the older one at
// once to {ok: false, cancelled: true, error: "cancelled"}.

import "./stepper.mjs";
import "./quiz.mjs";
import "./table.mjs"; // mounts the game table before the generic mount below sees it
import "./puzzle.mjs"; // the same for puzzles
import "./progress.mjs"; // lessons passed, the menu's ticks, the progress page (built with interactive/lessons.py)
import PATH from "./lessons.mjs";

const WORKER_URL = new URL("./worker.mjs", import.meta.url);
const DEFAULT_GAME = PATH.first; // the registry's first game (interactive/lessons.py writes it)
const STAGES = ["downloading Pyodide", "starting Python", "installing the rules", "ready"];
const BUSY_MS = 300; // a job running longer than this shows its progress and a Cancel button
const CANCELLED = Object.freeze({ ok: false, cancelled: true, error: "cancelled" });

function deferred() {
  let resolve, reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {}); // a failed start is reported where it matters, not as unhandled
  return { promise, resolve, reject };
}

// -- the engine: one worker, shared by every page of the visit ---------------------------------

function createEngine() {
  const api = {
    loads: 0, // how many times Pyodide was started in this JavaScript context (tests: stays 1)
    stage: "not started",
    loaded: 0,
    total: 0,
    error: null,
    snapshot: "not started", // the engine's memory snapshot: see worker.mjs
    snapshotBytes: 0,
  };
  let worker = null;
  let ready = deferred();
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, onProgress, channel}
  const channels = new Map(); // channel -> the id of its newest request still unanswered
  const listeners = new Set(); // progress listeners (widgets waiting for the engine)

  function notify() {
    for (const fn of listeners) fn(api);
  }

  function fail(message) {
    api.error = message;
    api.stage = "failed";
    ready.reject(new Error(message));
    for (const { resolve } of pending.values()) {
      resolve({ ok: false, error: `The rules engine could not start: ${message}` });
    }
    pending.clear();
    channels.clear();
    notify();
    // Let the next request try again with a fresh worker (a dropped connection, say).
    if (worker) worker.terminate();
    worker = null;
    ready = deferred();
    api.ready = ready.promise;
  }

  function start() {
    if (worker) return;
    api.error = null;
    api.stage = STAGES[0];
    api.loaded = api.total = 0;
    // The worker engine-early.js started while the page loaded, if it did (once per visit).
    const early = window.__stytvoltEarly;
    window.__stytvoltEarly = null;
    try {
      worker = early ? early.worker : new Worker(WORKER_URL, { type: "module", name: "stytvolt rules engine" });
    } catch (err) {
      worker = null;
      fail(`this browser cannot run it (${err && err.message ? err.message : err})`);
      return;
    }
    api.loads += 1;
    worker.onmessage = (event) => {
      const msg = event.data || {};
      if (msg.type === "progress") {
        api.stage = msg.stage;
        api.loaded = msg.loaded || 0;
        api.total = msg.total || 0;
        if (msg.stage === "ready") ready.resolve(true);
        notify();
      } else if (msg.type === "snapshot") {
        // "restored": this visit's engine started from the copy kept by an earlier visit; "saved": a
        // copy of this one is kept for the next visit; "none" (not yet) or "unavailable" (with why).
        api.snapshot = msg.state;
        api.snapshotBytes = msg.bytes || 0;
        api.snapshotMemory = msg.memory || 0;
        if (msg.why) api.snapshotWhy = msg.why;
      } else if (msg.type === "error") {
        fail(msg.message);
      } else if (pending.has(msg.id)) {
        if ("progress" in msg && !("response" in msg)) {
          const { onProgress } = pending.get(msg.id);
          if (onProgress) {
            try {
              onProgress(Number(msg.progress) || 0);
            } catch (err) {
              console.warn("stytvolt: a progress listener failed", err);
            }
          }
        } else {
          settle(msg.id, msg.response);
        }
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      fail(event.message || "its script did not load");
    };
    if (early) {
      for (const event of early.events) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    } else {
      worker.postMessage({ type: "start" });
    }
  }

  function settle(id, response) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (entry.channel !== null && channels.get(entry.channel) === id) channels.delete(entry.channel);
    entry.resolve(response);
  }

  /**
   * One request to stytvolt.web.handle; resolves to its response (never rejects).
   * options.channel: a newer request on the same channel cancels this one; options.onProgress(fraction)
   * is called while the engine works on it (a long job only).
   */
  function request(widget, params = {}, game = DEFAULT_GAME, options = {}) {
    const { channel = null, onProgress = null } = options || {};
    start();
    if (!worker) return Promise.resolve({ ok: false, error: `The rules engine could not start: ${api.error}` });
    const id = nextId++;
    const clean = {};
    for (const [key, value] of Object.entries(params || {})) clean[key] = String(value);
    const key = channel === null || channel === undefined ? null : String(channel);
    if (key !== null && channels.has(key)) settle(channels.get(key), CANCELLED); // the worker drops it too
    return new Promise((resolve) => {
      pending.set(id, { resolve, onProgress, channel: key });
      if (key !== null) channels.set(key, id);
      worker.postMessage(key === null ? { id, request: { game, widget, params: clean } } : { id, request: { game, widget, params: clean }, channel: key });
    });
  }

  /** Cancel the request running or waiting on this channel, if any: it resolves to {ok: false, cancelled: true}. */
  function cancel(channel) {
    const key = String(channel);
    const id = channels.get(key);
    if (id === undefined) return false;
    if (worker) worker.postMessage({ cancel: id });
    settle(id, CANCELLED);
    return true;
  }

  api.ready = ready.promise;
  api.start = start;
  api.request = request;
  api.cancel = cancel;
  api.isReady = () => api.stage === "ready";
  api.siteRoot = siteRoot;
  api.subscribe = (fn) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  };
  return api;
}

// -- widgets ------------------------------------------------------------------------------------------

const MB = 1024 * 1024;

function statusText(engine) {
  let text = `Loading the rules engine… (${engine.stage}`;
  if (engine.stage === STAGES[0] && engine.loaded) {
    const loaded = (engine.loaded / MB).toFixed(1);
    text += engine.total ? `, ${loaded} of ${(engine.total / MB).toFixed(1)} MB` : `, ${loaded} MB`;
  }
  return `${text})`;
}

function showLoading(status, engine) {
  let text = status.querySelector(".sv-status-text");
  let bar = status.querySelector("progress");
  if (!text || !bar) {
    text = document.createElement("span");
    text.className = "sv-status-text";
    bar = document.createElement("progress");
    bar.max = 1;
    bar.setAttribute("aria-label", "Loading the rules engine");
    status.replaceChildren(text, " ", bar);
  }
  status.className = "sv-status sv-status--busy";
  const message = statusText(engine);
  if (text.textContent !== message) text.textContent = message;
  // The bar: downloading is the first half (indeterminate while its size is
  // unknown), starting Python most of the rest, installing the rules the end.
  const index = STAGES.indexOf(engine.stage);
  if (index <= 0 && !engine.total) {
    bar.removeAttribute("value");
  } else {
    const within = index <= 0 ? Math.min(1, engine.loaded / engine.total) : 0;
    bar.value = index <= 0 ? 0.5 * within : [0.5, 0.55, 0.92, 1][index];
  }
}

function showError(status, message) {
  const alert = document.createElement("span");
  alert.setAttribute("role", "alert");
  alert.textContent = message;
  status.className = "sv-status sv-status--error";
  status.replaceChildren(alert);
}

/** "Working…", a progress bar (indeterminate until the engine reports) and a Cancel button. */
function showWorking(status, fraction, onCancel) {
  let bar = status.querySelector("progress.sv-job-progress");
  if (!bar) {
    const text = document.createElement("span");
    text.className = "sv-status-text";
    text.textContent = "Working…";
    bar = document.createElement("progress");
    bar.className = "sv-job-progress";
    bar.max = 1;
    bar.setAttribute("aria-label", "How far the rules engine has got");
    const stop = document.createElement("button");
    stop.type = "button";
    stop.className = "md-button sv-cancel";
    stop.textContent = "Cancel";
    stop.addEventListener("click", onCancel);
    status.className = "sv-status sv-status--busy";
    status.replaceChildren(text, " ", bar, " ", stop);
  }
  if (fraction === null) bar.removeAttribute("value");
  else bar.value = Math.max(0, Math.min(1, fraction));
}

function clearStatus(status) {
  status.className = "sv-status";
  status.replaceChildren();
}

// The answer is not a live region (a screen reader would read out 48 cards at every change): the
// status line says, for screen readers only, what the new answer is, or that it changed.  A module that
// drew more says what to say (data-spoken: a quiz's new question); an answer kept shut in a closed
// <details> (a quiz's, until the reader has answered) is never read out.
function announce(status, output, title) {
  const said = output.querySelector("[data-spoken]");
  const answer = output.querySelector(".sv-answer, .sv-dealt");
  const open = answer && !answer.closest("details:not([open])");
  const text = said ? said.dataset.spoken : open ? answer.textContent.replace(/\s+/g, " ").trim() : `${title}: updated.`;
  const spoken = document.createElement("span");
  spoken.className = "sv-visually-hidden";
  spoken.textContent = text;
  status.className = "sv-status";
  status.replaceChildren(spoken);
}

/** The params a submit sends: data-* of the widget (less its game and kind), then the form's fields, then the button. */
function collect(widget, form, submitter) {
  const params = {};
  for (const attr of widget.attributes) {
    const name = attr.name;
    if (name.startsWith("data-") && name !== "data-widget" && name !== "data-game" && !name.startsWith("data-sv-")) {
      params[name.slice(5)] = attr.value;
    }
  }
  let data;
  try {
    data = submitter ? new FormData(form, submitter) : new FormData(form);
  } catch {
    data = new FormData(form); // browsers without FormData(form, submitter)
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
  }
  for (const [key, value] of data) {
    if (typeof value === "string") params[key] = value;
  }
  return params;
}

/**
 * The answer's "set" written into the form's fields.  With ``sent`` (the fields' values when the request
 * went), a field the reader has changed since is left as the reader made it: an answer still on its way
 * (a select answers as soon as it changes) must not undo what was typed meanwhile, which the reader's
 * next submit will send.  Hidden fields are the widget's own state and always take the answer's value.
 */
function applySet(form, set, sent = null) {
  for (const [name, value] of Object.entries(set || {})) {
    const field = form.elements.namedItem(name);
    if (!field || !("value" in field)) continue;
    const typedSince = sent && field.type !== "hidden" && name in sent && field.value !== sent[name];
    if (!typedSince) field.value = String(value);
  }
}

/** The form's state fields' values, by name (as applySet reads them: a group of radios by its checked one). */
function fieldValues(form) {
  const values = {};
  for (const el of stateFields(form)) {
    if (el.name in values) continue;
    const field = form.elements.namedItem(el.name);
    values[el.name] = field && "value" in field ? field.value : el.value;
  }
  return values;
}

// -- state: permalinks and the chalk-up's memory ------------------------------------------------------

/** The form's state fields (inputs and selects, hidden ones too; never buttons), in document order. */
function stateFields(form) {
  return [...form.elements].filter(
    (el) => el.name && (el.tagName === "SELECT" || el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !["submit", "button", "reset", "image"].includes(el.type))),
  );
}

/** The page's address with this widget's state: ?w=<id>&<field>=<value>…#<id>, other modules' keys kept. */
function permalink(widget, form) {
  const url = new URL(window.location.href);
  const query = url.searchParams;
  const owned = new Set(["w"]);
  const previous = query.get("w") && document.getElementById(query.get("w"));
  const previousForm = previous && previous.querySelector("form.sv-controls");
  if (previousForm) for (const el of stateFields(previousForm)) owned.add(el.name);
  const fields = stateFields(form);
  for (const el of fields) owned.add(el.name);
  for (const key of owned) query.delete(key);
  query.set("w", widget.id);
  for (const el of fields) query.append(el.name, el.value);
  url.hash = widget.id;
  return url;
}

function showPermalink(widget, form, url) {
  let link = widget.querySelector("a.sv-permalink");
  if (!link) {
    const line = document.createElement("p");
    line.className = "sv-permalink-line";
    link = document.createElement("a");
    link.className = "sv-permalink";
    link.textContent = "Link to this";
    const title = form.getAttribute("aria-label") || "example";
    link.setAttribute("aria-label", `Link to this ${title.toLowerCase()}, as it is now`);
    const done = document.createElement("span");
    done.className = "sv-permalink-done";
    done.setAttribute("role", "status");
    line.append(link, " ", done);
    widget.append(line);
    // A plain click copies the address (the browser's own menu still offers "Copy link"); it never reloads.
    link.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const copy = navigator.clipboard && navigator.clipboard.writeText ? navigator.clipboard.writeText(link.href) : Promise.reject();
      copy.then(
        () => { done.textContent = "Copied."; },
        () => { done.textContent = "Copy the link with your browser's menu."; },
      );
    });
  }
  link.href = url.href;
}

/** The site's root, wherever it is hosted (Material's __md_scope). */
function siteRoot() {
  return window.__md_scope instanceof URL ? window.__md_scope : new URL("..", document.baseURI);
}

// Links the engine draws name their page from the site's root (data-site-path): the build makes the
// pre-rendered ones relative to their page, and a live answer's are resolved here, once, for every widget.
function resolveSiteLinks(root) {
  for (const link of root.querySelectorAll("a[data-site-path]")) {
    link.href = new URL(link.dataset.sitePath, siteRoot()).href;
  }
}

const STORED = { chalk: "records", calculator: "sheet" }; // widget kind -> the field kept in localStorage across visits
// Widget kinds that keep their own address and link (quiz.mjs: practise/?game=…&kind=…&level=…&seed=…).
const OWN_LINKS = new Set(["quiz"]);

function storageKey(widget) {
  return `stytvolt:${widget.dataset.widget}:${window.location.pathname}#${widget.id}`;
}

function storage() {
  try {
    return window.localStorage; // null or throwing when storage is off
  } catch {
    return null;
  }
}

function remember(widget, form) {
  const name = STORED[widget.dataset.widget];
  const store = storage();
  if (!name || !store || !widget.id) return;
  const field = form.elements.namedItem(name);
  try {
    if (field && field.value) store.setItem(storageKey(widget), field.value);
    else store.removeItem(storageKey(widget));
  } catch {
    // full or refused: the chalk-up simply is not remembered
  }
}

/** The state to restore on mount: the address's (when ?w= names this widget), else what storage kept; or null. */
function savedState(widget, form) {
  const query = new URLSearchParams(window.location.search);
  if (widget.id && !OWN_LINKS.has(widget.dataset.widget) && query.get("w") === widget.id) {
    const state = {};
    for (const el of stateFields(form)) if (query.has(el.name)) state[el.name] = query.get(el.name);
    return { state, fromLink: true };
  }
  const name = STORED[widget.dataset.widget];
  const store = storage();
  let kept = null;
  try {
    kept = name && store && widget.id ? store.getItem(storageKey(widget)) : null;
  } catch {
    kept = null;
  }
  return kept ? { state: { [name]: kept }, fromLink: false } : null;
}

/** The channel a widget's requests go on: a new submit cancels the widget's older one (page and id: ids repeat across pages). */
function channelOf(widget) {
  return `${window.location.pathname}#${widget.id || widget.dataset.widget}`;
}

function mount(widget, engine) {
  if (widget.hasAttribute("data-sv-mounted")) return false;
  const kind = widget.dataset.widget;
  const game = widget.dataset.game || DEFAULT_GAME;
  const form = widget.querySelector("form.sv-controls");
  const status = widget.querySelector(".sv-status");
  const output = widget.querySelector(".sv-output");
  if (!kind || !form || !status || !output) return false;
  widget.setAttribute("data-sv-mounted", "");
  let latest = 0; // answers come back in order; only the newest submit's answer is shown
  let quiet = false; // the next submit restores saved state: the address bar is not the reader's to change
  let reveal = false; // opened by its permalink: once its answer is drawn, the widget is brought into view
  for (const fieldset of form.querySelectorAll("fieldset.sv-fields[disabled]")) fieldset.disabled = false;
  const staleNote = document.createElement("p");
  staleNote.className = "sv-stale-note";
  staleNote.hidden = true;
  staleNote.textContent = "(answer to the previous input)";
  output.before(staleNote);

  form.addEventListener("change", (event) => {
    if (event.target instanceof HTMLSelectElement) form.requestSubmit();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const params = collect(widget, form, event.submitter);
    const sent = fieldValues(form);
    const fromReader = !quiet;
    quiet = false;
    const mine = ++latest;
    widget.setAttribute("aria-busy", "true");
    let unsubscribe = null;
    if (!engine.isReady()) {
      showLoading(status, engine);
      unsubscribe = engine.subscribe(() => {
        if (mine === latest && !engine.isReady() && !engine.error) showLoading(status, engine);
      });
    }
    // A job that takes a while shows how far it has got, with a Cancel button (once the engine runs it).
    let fraction = null;
    let working = false;
    let waiting = true;
    const channel = channelOf(widget);
    const onCancel = () => {
      const hadFocus = status.contains(document.activeElement);
      engine.cancel(channel);
      if (hadFocus) (form.querySelector("button, input, select") || widget).focus({ preventScroll: true });
    };
    const arm = () => setTimeout(() => {
      if (!waiting || mine !== latest) return;
      working = true;
      showWorking(status, fraction, onCancel);
    }, BUSY_MS);
    let timer = engine.isReady() ? arm() : 0;
    if (!timer) engine.ready.then(() => { if (waiting) timer = arm(); }, () => {});
    const onProgress = (p) => {
      fraction = p;
      if (working && mine === latest) showWorking(status, fraction, onCancel);
    };
    const response = await engine.request(kind, params, game, { channel, onProgress });
    waiting = false;
    clearTimeout(timer);
    if (unsubscribe) unsubscribe();
    if (mine !== latest) return;
    widget.removeAttribute("aria-busy");
    if (response && response.cancelled) {
      // Nothing changed: the answer shown still stands for what it showed.
      status.className = "sv-status";
      status.textContent = "Cancelled: the answer shown is unchanged.";
      widget.svCancelled = (widget.svCancelled || 0) + 1;
      return;
    }
    // For tests and the curious: what was asked, what came back, how many answers so far.
    widget.svLastRequest = { game, widget: kind, params };
    widget.svLastResponse = response;
    widget.svResponses = (widget.svResponses || 0) + 1;
    if (response && response.ok) {
      output.innerHTML = response.html;
      resolveSiteLinks(output);
      output.setAttribute("data-source", "pyodide");
      output.classList.remove("sv-stale");
      staleNote.hidden = true;
      applySet(form, response.set, sent);
      remember(widget, form);
      if (widget.id && !OWN_LINKS.has(kind)) {
        const url = permalink(widget, form);
        if (fromReader) history.replaceState(history.state, "", url.href);
        showPermalink(widget, form, url);
      }
      // Other modules (the stepper, the quiz) enhance what an answer drew, before it is announced.
      widget.dispatchEvent(new CustomEvent("sv:answer", { bubbles: true, detail: { response } }));
      if (fromReader) announce(status, output, form.getAttribute("aria-label") || "The answer");
      else clearStatus(status);
      // The page scrolled to the widget's anchor on load, but what stands above it may have grown since.
      if (reveal) {
        reveal = false;
        widget.scrollIntoView({ block: "start" });
      }
    } else {
      showError(status, (response && response.error) || "The rules engine gave no answer.");
      output.classList.add("sv-stale");
      staleNote.hidden = false;
    }
  });

  const saved = savedState(widget, form);
  if (saved) {
    applySet(form, saved.state);
    quiet = !saved.fromLink;
    reveal = saved.fromLink;
    form.requestSubmit();
  }
  return true;
}

// Material's search dialog and its page-loading bar have no accessible name; they get one here.
// A code block that scrolls sideways (on a phone) must be reachable by keyboard to be scrolled.
function nameMaterialParts() {
  const named = [['.md-search[role="dialog"]', "Search the site"], ['.md-progress[role="progressbar"]', "Loading the page"]];
  for (const [selector, label] of named) {
    for (const element of document.querySelectorAll(selector)) {
      if (!element.hasAttribute("aria-label")) element.setAttribute("aria-label", label);
    }
  }
  for (const code of document.querySelectorAll(".md-typeset pre > code:not([tabindex])")) code.tabIndex = 0;
}

function mountAll(engine) {
  nameMaterialParts();
  const widgets = document.querySelectorAll(".sv-widget[data-widget]");
  for (const widget of widgets) mount(widget, engine);
  if (widgets.length) startSoon(engine);
}

// Right after the first paint: the page's own content is drawn first, and the
// engine starts at once in its worker (off the main thread), since waiting for
// an idle moment on a busy page cost up to a second before the first answer.
function startSoon(engine) {
  if (engine.stage !== "not started" && engine.stage !== "failed") return;
  requestAnimationFrame(() => setTimeout(() => engine.start(), 0));
}

// Offline after the first visit: a built site's sw.js (interactive/offline.mjs) precaches every page,
// Pyodide and the wheel.  It is registered once the page has loaded and, on a page with widgets, once
// the engine is ready, so its downloads never hold up the page or the first answer.  The pages of a
// built site say it has one (<meta name="stytvolt-offline">); `mkdocs serve`'s pages do not.
function registerOffline(engine) {
  if (!("serviceWorker" in navigator) || !document.querySelector('meta[name="stytvolt-offline"]')) return;
  const register = () => {
    const url = new URL("../sw.js", import.meta.url);
    navigator.serviceWorker
      .register(url, { scope: new URL("./", url).href })
      .catch((err) => console.warn(`The site could not be made available offline: ${err && err.message ? err.message : err}`));
  };
  const afterLoad = () => {
    if (engine.stage === "not started") register();
    else engine.ready.then(register, register);
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

if (!window.stytvolt) {
  const engine = createEngine();
  window.stytvolt = engine;
  // A page with widgets starts its engine (or adopts the one engine-early.js started) as this module
  // runs, rather than after Material's document$ and a frame; the worker works off the main thread.
  if (document.querySelector(".sv-widget[data-widget]")) engine.start();
  const onPage = () => mountAll(engine);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(onPage); // Material: every page, first load and instant navigation
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", onPage);
  } else {
    onPage();
  }
  registerOffline(engine);
}
