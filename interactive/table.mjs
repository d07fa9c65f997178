// The table: a whole game against the computer (served as assets/table.mjs, imported by runtime.mjs).
//
// The engine draws everything (stytvolt/web/table.py with the game's own words, in the worker's Pyodide); this
// module only asks and shows, for every game alike (the widget's data-game says which).  It owns its widget,
// .sv-widget[data-widget="table"], instead of the runtime's generic form
// handling, because a game needs more than one answer per click:
//
// * Every request sends the game so far (the form's hidden "game" field, one
//   line of text) and what to do; the answer is the whole table, drawn from
//   South's seat, and the game's new text.
// * When a computer seat is to act (the answer's .sv-table has
//   data-turn="computer"), the next request, {do: "computer"}, goes after a
//   short pause, so moves appear one at a time; the status line says who is
//   thinking, with the engine's progress.  Requests go on the widget's own
//   channel: Undo or New game cancel a computer move still being thought
//   about (and any pause), and only the newest answer is ever shown.
// * Buttons in the answer carry data-do (play, next, why) and data-action; a button with
//   data-pick-action (laying cards away) sends that word and the cards ticked in the answer's
//   fieldset.sv-table-pick[data-pick=<the word>];
//   the controls' buttons do undo and new.  A card that may not be played
//   now (aria-disabled) says why in the status line when pressed.
// * "Why?" in the log asks {do: "why", move} on no channel, so it never stops
//   the game nor another "Why?", and shows the reason under that entry (kept
//   while the table is redrawn, for as long as that move stands).
// * The earlier hands' logs come folded (details[data-hand]); opening one asks
//   {do: "log", hand} and fills it (kept, and kept open, across redraws).
// * The log's new entries are announced to screen readers one at a time
//   through a polite live region of the widget (and then the question put to
//   South); the answer itself is not a live region, so a redraw is silent.
// * The computer's pace (the bar's select[name=pace], marked data-sv-local: never sent to the engine)
//   scales the pause by its option's data-share; the reader's choice is kept in localStorage
//   ("stytvolt:table:pace") for every table, and the pause in force is the widget's data-sv-pause-ms.
// * The game is kept: its text goes into the page address
//   (?w=<id>&game=<text>#<id>, history.replaceState; "Link to this game"
//   holds it) and into localStorage (key "stytvolt:table:<path>#<id>"); a
//   reload, or opening the link anywhere, restores it.  With nothing kept, a
//   new game is dealt with a random seed.
//
// For tests: the widget gets svResponses (answers shown), svLastResponse,
// svLastRequest, like the runtime's widgets, and data-sv-idle while no
// request is pending and no computer move is waiting.

const KIND = "table";
const PAUSE_MS = 650; // a computer move is shown at least this long before the next one starts (unless the table's data-pause says otherwise)
const ANNOUNCE_MS = 1100; // between two announcements
const BUSY_MS = 250; // a request taking longer than this shows that it is working

function engine() {
  return window.stytvolt;
}

const PACE_KEY = "stytvolt:table:pace";

function storageKey(widget) {
  return `stytvolt:table:${window.location.pathname}#${widget.id}`;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readStored(widget) {
  try {
    const store = storage();
    return (store && store.getItem(storageKey(widget))) || "";
  } catch {
    return "";
  }
}

function writeStored(widget, text) {
  try {
    const store = storage();
    if (store) store.setItem(storageKey(widget), text);
  } catch {
    // storage full or off: the game is still in the address
  }
}

function mount(widget) {
  if (widget.hasAttribute("data-sv-mounted")) return false;
  const form = widget.querySelector("form.sv-controls");
  const status = widget.querySelector(".sv-status");
  const output = widget.querySelector(".sv-output");
  if (!form || !status || !output) return false;
  widget.setAttribute("data-sv-mounted", ""); // the runtime leaves a mounted widget alone
  for (const fieldset of form.querySelectorAll("fieldset.sv-fields[disabled]")) fieldset.disabled = false;
  output.setAttribute("aria-live", "off"); // a redraw is not read out; the announcer below says what happened
  output.tabIndex = -1;
  const gameField = form.elements.namedItem("game");
  const channel = `${window.location.pathname}#${widget.id || KIND}`;

  const announcer = document.createElement("p");
  announcer.className = "sv-table-announce";
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  widget.append(announcer);

  let generation = 0; // bumped by every reader's action: older answers and pauses are dropped
  let timer = 0; // the pause before the next computer move
  let pending = 0; // requests on the way
  let seen = null; // log keys already announced (null: nothing shown yet)
  const whys = new Map(); // whyKey(move) -> the reason's HTML, kept across redraws
  let keepFocus = false; // the reader acted inside the table: focus follows the redraws
  const logs = new Map(); // an earlier hand's record -> its log's HTML (asked for when first opened)
  const opened = new Set(); // the earlier hands whose logs the reader has open
  const queue = [];
  let speaking = 0;

  function setIdle() {
    if (!pending && !timer) widget.setAttribute("data-sv-idle", "");
    else widget.removeAttribute("data-sv-idle");
  }

  // -- the status line ------------------------------------------------------------------------------

  function showStatus(text, fraction = undefined) {
    status.className = "sv-status sv-status--busy";
    let label = status.querySelector(".sv-status-text");
    let bar = status.querySelector("progress");
    if (!label || !bar) {
      label = document.createElement("span");
      label.className = "sv-status-text";
      bar = document.createElement("progress");
      bar.max = 1;
      status.replaceChildren(label, " ", bar);
    }
    label.textContent = text;
    bar.setAttribute("aria-label", text);
    if (fraction === undefined || fraction === null) bar.removeAttribute("value");
    else bar.value = Math.max(0, Math.min(1, fraction));
  }

  function showNote(text) {
    status.className = "sv-status";
    const note = document.createElement("span");
    note.textContent = text;
    status.replaceChildren(note);
  }

  function showError(message) {
    const alert = document.createElement("span");
    alert.setAttribute("role", "alert");
    alert.textContent = message;
    status.className = "sv-status sv-status--error";
    status.replaceChildren(alert);
  }

  function clearStatus() {
    status.className = "sv-status";
    status.replaceChildren();
  }

  /** The status line between requests: who is to act while the computer plays, else nothing. */
  function restingStatus() {
    const root = output.querySelector(".sv-table");
    if (pending) return;
    if (root && root.dataset.turn === "computer") showNote(`${root.dataset.seat} is to act…`);
    else clearStatus();
  }

  // -- asking the engine --------------------------------------------------------------------------------

  /** One request; resolves to the response, or null when a newer action made it pointless. */
  async function ask(params, { busyText = "Working…", on = channel, busy = false, record = true } = {}) {
    const api = engine();
    if (!api) return { ok: false, error: "The rules engine is not on this page." };
    const mine = generation;
    pending += 1;
    setIdle();
    if (busy) widget.setAttribute("aria-busy", "true");
    let unsubscribe = null;
    if (!api.isReady()) {
      const loading = () => {
        if (api.isReady() || api.error) return;
        showStatus(`Loading the rules engine… (${api.stage})`);
      };
      loading();
      unsubscribe = api.subscribe(loading);
    }
    let fraction = null;
    let working = false;
    const shown = setTimeout(() => {
      if (mine !== generation || !api.isReady()) return;
      working = true;
      showStatus(busyText, fraction);
    }, BUSY_MS);
    const request = { game: widget.dataset.game, widget: KIND, params };
    const response = await api.request(KIND, params, request.game, {
      channel: on,
      onProgress: (p) => {
        fraction = p;
        if (working && mine === generation) showStatus(busyText, fraction);
      },
    });
    clearTimeout(shown);
    if (unsubscribe) unsubscribe();
    pending -= 1;
    if (!pending) widget.removeAttribute("aria-busy");
    setIdle();
    if (mine !== generation || (response && response.cancelled)) return null;
    if (record) {
      // For tests and the curious, as the runtime's widgets have them: the table's last request and its answer.
      widget.svLastRequest = request;
      widget.svLastResponse = response;
    }
    return response;
  }

  function stopComputer() {
    generation += 1;
    if (timer) clearTimeout(timer);
    timer = 0;
    const api = engine();
    if (api && api.cancel) api.cancel(channel);
    setIdle();
  }

  // -- showing an answer -----------------------------------------------------------------------------

  function tableRoot() {
    return output.querySelector(".sv-table");
  }

  function applySet(set) {
    for (const [name, value] of Object.entries(set || {})) {
      const field = form.elements.namedItem(name);
      if (!field) continue;
      if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === "yes";
      else if ("value" in field) field.value = String(value);
    }
  }

  function settings() {
    const params = {};
    for (const el of form.elements) {
      if (!el.name || el.name === "game" || el.tagName === "BUTTON" || el.hasAttribute("data-sv-local")) continue;
      if (el.type === "checkbox") params[el.name] = el.checked ? "yes" : "no";
      else if (el.type === "radio") {
        if (el.checked) params[el.name] = el.value;
      } else params[el.name] = el.value;
    }
    return params;
  }

  function permalink() {
    const url = new URL(window.location.href);
    for (const key of ["w", "game"]) url.searchParams.delete(key);
    url.searchParams.set("w", widget.id);
    url.searchParams.set("game", gameField.value);
    url.hash = widget.id;
    return url;
  }

  function showLink(url) {
    let link = widget.querySelector("a.sv-permalink");
    if (!link) {
      const line = document.createElement("p");
      line.className = "sv-permalink-line";
      link = document.createElement("a");
      link.className = "sv-permalink";
      link.textContent = "Link to this game";
      link.setAttribute("aria-label", "Link to this game, as it stands: it reopens the game anywhere");
      const done = document.createElement("span");
      done.setAttribute("role", "status");
      line.append(link, " ", done);
      announcer.before(line);
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

  function announce(texts) {
    queue.push(...texts.filter(Boolean));
    if (!speaking) speakNext();
  }

  function speakNext() {
    const text = queue.shift();
    if (text === undefined) {
      speaking = 0;
      return;
    }
    announcer.textContent = text;
    speaking = setTimeout(speakNext, ANNOUNCE_MS);
  }

  function entryText(li) {
    const copy = li.cloneNode(true);
    for (const extra of copy.querySelectorAll(".sv-why, .sv-why-text")) extra.remove();
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function show(response, { restoring = false } = {}) {
    if (!widget.isConnected) {
      // The reader went to another page (instant navigation): this game stops here, and never touches that page's address.
      stopComputer();
      return;
    }
    const active = document.activeElement;
    const focusWasHere = keepFocus && (!active || active === document.body || output.contains(active));
    output.innerHTML = response.html;
    output.setAttribute("data-source", "pyodide");
    output.classList.remove("sv-stale");
    applySet(response.set);
    widget.svResponses = (widget.svResponses || 0) + 1;
    const root = tableRoot();
    for (const fieldset of output.querySelectorAll("fieldset.sv-table-moves[disabled]")) fieldset.disabled = false;
    restoreWhys(output);
    // The earlier hands' logs the reader had open stay open.
    for (const details of output.querySelectorAll("details.sv-log-old[data-hand]")) {
      if (opened.has(handRecord(details.dataset.hand))) {
        details.open = true;
        fillLog(details);
      }
    }
    // Say what is new, one entry at a time; then what South is asked.
    const entries = [...output.querySelectorAll(".sv-log li[data-key]")];
    const fresh = [];
    const keys = new Set();
    for (const li of entries) {
      keys.add(li.dataset.key);
      if (seen && !seen.has(li.dataset.key) && !restoring) fresh.push(entryText(li));
    }
    seen = keys;
    const turn = root ? root.dataset.turn : "";
    if (!restoring && turn === "south") {
      const prompt = output.querySelector(".sv-table-prompt");
      if (prompt) fresh.push(prompt.textContent.trim());
    }
    announce(fresh);
    // The newest entry in view inside the log (not the page).
    const log = output.querySelector(".sv-log");
    if (log) log.scrollTop = log.scrollHeight;
    // Kept: in the address, in the link, in this browser.
    writeStored(widget, gameField.value);
    if (widget.id) {
      const url = permalink();
      history.replaceState(history.state, "", url.href);
      showLink(url);
    }
    if (turn === "computer") scheduleComputer();
    restingStatus();
    if (focusWasHere) {
      const first = turn === "south" || turn === "next" ? output.querySelector('button[data-do="play"]:not([aria-disabled]), button[data-do="next"]') : null;
      (first || output).focus({ preventScroll: true });
    }
    setIdle();
    widget.dispatchEvent(new CustomEvent("sv:answer", { bubbles: true, detail: { response } }));
  }

  /** A refusal shown in the status line; ``counted``: an answer to the game's own request (tests count them). */
  function failed(response, counted = true) {
    if (counted) widget.svResponses = (widget.svResponses || 0) + 1;
    showError((response && response.error) || "The rules engine gave no answer.");
  }

  // -- the reasons asked for ------------------------------------------------------------------------------

  /** The first ``count`` actions of a hand's record: each action is one character, or "_" and one
   * (stytvolt/web/table.py, game_text). */
  function prefixOf(code, count) {
    let i = 0;
    for (let n = 0; n < count && i < code.length; n++) i += code[i] === "_" ? 2 : 1;
    return code.slice(0, i);
  }

  /**
   * What a computer move's reason depends on: the game, the actions of its hand up to that move, and whether
   * its hand is over (until then, cards South has not seen are not named).  Undo and a different move, or the
   * end of the hand, make another key, so a reason is never shown for a move it was not given for.
   */
  function whyKey(move) {
    const [h, k] = move.split(".").map(Number);
    const parts = gameField.value.split(".");
    const hands = parts.length - 5;
    const root = tableRoot();
    const over = h < hands - 1 || (root && root.dataset.turn === "next");
    return `${parts.slice(0, 5).join(".")}|${move}|${prefixOf(parts[5 + h] || "", k + 1)}|${over}`;
  }

  function restoreWhys(root) {
    for (const button of root.querySelectorAll(".sv-why[data-move]")) {
      const html = whys.get(whyKey(button.dataset.move));
      if (html && button.nextElementSibling) button.nextElementSibling.innerHTML = html;
    }
  }

  // -- the earlier hands' logs ----------------------------------------------------------------------------

  /** What identifies an earlier hand's log: the game's head and that hand's actions, as the game's text holds them. */
  function handRecord(hand) {
    const parts = gameField.value.split(".");
    return `${parts.slice(0, 5).join(".")}|${hand}|${parts[5 + Number(hand)] ?? ""}`;
  }

  async function fillLog(details) {
    const slot = details.querySelector(".sv-log-slot");
    if (!slot || slot.childElementCount) return;
    const hand = details.dataset.hand;
    const key = handRecord(hand);
    if (!logs.has(key)) {
      slot.textContent = "Loading…";
      const response = await ask({ do: "log", hand, game: gameField.value }, { on: null, record: false, busyText: "Fetching the log…" });
      if (response === null || !response.ok) {
        slot.textContent = "";
        if (response) failed(response, false);
        return;
      }
      logs.set(key, response.html);
      restingStatus();
    }
    // The table may have been drawn again meanwhile: fill the slot that is on the page now.
    const current = output.querySelector(`details.sv-log-old[data-hand="${hand}"] .sv-log-slot`);
    if (current && handRecord(hand) === key) {
      current.innerHTML = logs.get(key);
        restoreWhys(current);
    }
  }

  widget.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.matches("details.sv-log-old[data-hand]")) return;
      const key = handRecord(details.dataset.hand);
      if (details.open) {
        opened.add(key);
        fillLog(details);
      } else {
        opened.delete(key);
      }
    },
    true, // toggle does not bubble
  );

  // -- the game's moves ------------------------------------------------------------------------------------

  // -- the computer's pace ----------------------------------------------------------------------------------

  const pace = form.elements.namedItem("pace");
  if (pace instanceof HTMLSelectElement) {
    const keptPace = storage()?.getItem(PACE_KEY);
    if (keptPace && [...pace.options].some((option) => option.value === keptPace)) pace.value = keptPace;
    pace.addEventListener("change", () => {
      try {
        storage()?.setItem(PACE_KEY, pace.value);
      } catch {
        // storage full or off: the choice holds for this page
      }
    });
  }

  function pauseMs() {
    const base = Number(tableRoot() && tableRoot().dataset.pause) || PAUSE_MS;
    const option = pace instanceof HTMLSelectElement ? pace.selectedOptions[0] : null;
    const share = Number(option && option.dataset.share);
    return Math.round(base * (share > 0 ? share : 1));
  }

  function scheduleComputer() {
    if (timer) clearTimeout(timer);
    const mine = generation;
    const pause = pauseMs();
    widget.dataset.svPauseMs = String(pause);
    timer = setTimeout(async () => {
      timer = 0;
      if (mine !== generation || !widget.isConnected) return;
      const seat = (tableRoot() && tableRoot().dataset.seat) || "The computer";
      const response = await ask({ do: "computer", game: gameField.value }, { busyText: `${seat} is thinking…` });
      if (response === null) return;
      if (response.ok) show(response);
      else failed(response);
    }, pause);
    setIdle();
  }

  async function act(params, { restoring = false } = {}) {
    stopComputer();
    const response = await ask({ ...params, game: params.game ?? gameField.value }, { busy: true });
    if (response === null) return false;
    if (response.ok) {
      show(response, { restoring });
      return true;
    }
    failed(response);
    return false;
  }

  function newGame() {
    seen = new Set();
    return act({ ...settings(), do: "new", game: "", seed: String(Math.floor(Math.random() * 1e9)) });
  }

  async function why(button) {
    const move = button.dataset.move;
    const place = button.nextElementSibling;
    if (!move || !place) return;
    const key = whyKey(move); // the move as it stands now (the game may move on while the reason is worked out)
    button.disabled = true;
    place.textContent = "Thinking it over again…";
    const response = await ask({ do: "why", move, game: gameField.value }, { on: null, record: false, busyText: "Working out the reason…" });
    button.disabled = false;
    if (response === null) {
      place.textContent = "";
      return;
    }
    restingStatus();
    if (!response.ok) {
      place.textContent = "";
      failed(response, false);
      return;
    }
    const current = output.querySelector(`.sv-why[data-move="${move}"]`);
    whys.set(key, response.html);
    if (current && current.nextElementSibling && whyKey(move) === key) current.nextElementSibling.innerHTML = response.html;
    const said = document.createElement("div");
    said.innerHTML = response.html;
    announce([said.textContent.trim()]);
  }

  /** A choice of several cards (laying cards away): the button's word and the cards ticked above it. */
  function picked(button) {
    const group = output.querySelector(`fieldset.sv-table-pick[data-pick="${button.dataset.pickAction}"]`);
    const cards = group ? [...group.querySelectorAll('input[name="pick"]:checked')].map((box) => box.value) : [];
    return [button.dataset.pickAction, ...cards].join(" ");
  }

  widget.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button") : null;
    if (!target || !widget.contains(target)) return;
    if (target.getAttribute("aria-disabled") === "true") {
      const reason = target.dataset.refusal || "That cannot be done now.";
      showNote(reason);
      announce([reason]);
      return;
    }
    const what = target.dataset.do;
    if (!what) return;
    event.preventDefault();
    if (what !== "why") keepFocus = output.contains(target);
    if (what === "why") why(target);
    else if (what === "new") newGame();
    else if (what === "play" && target.dataset.pickAction) act({ do: "play", action: picked(target) });
    else if (what === "play") act({ do: "play", action: target.dataset.action });
    else act({ do: what });
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  // -- the first answer: the game kept in the address or in this browser, else a new one ----------------

  const query = new URLSearchParams(window.location.search);
  const linked = widget.id && query.get("w") === widget.id ? query.get("game") : null;
  const kept = linked || readStored(widget);
  setTimeout(async () => {
    if (kept && (await act({ do: "show", game: kept }, { restoring: true }))) {
      if (linked) widget.scrollIntoView({ block: "start" });
      return;
    }
    const restoreError = kept ? status.textContent : "";
    await newGame();
    if (restoreError) {
      const why = /[.!?]$/.test(restoreError) ? restoreError : `${restoreError}.`;
      showNote(`The kept game could not be restored, so a new game is dealt. ${why}`);
    }
  }, 0);
  return true;
}

function mountAll() {
  for (const widget of document.querySelectorAll(`.sv-widget[data-widget="${KIND}"]`)) mount(widget);
}

// Imported by runtime.mjs before it runs, so these widgets are mounted (and marked) before the runtime's
// generic mount looks at them.
if (!window.stytvoltTable) {
  window.stytvoltTable = { mount };
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
}
