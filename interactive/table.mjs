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
//   while the table is redrawn, for as long as that move stands); "What was best
//   here?" on a finished hand's entries asks {do: "best", move} the same way.
// * The coach (stytvolt/web/coaching.py).  "Hint" (a button, and the key h
//   while the focus is in no form field) asks {do: "hint"} on the widget's
//   channel, with progress and a Cancel button; the answer is the table drawn
//   with the hint, the control it points to marked (.sv-table[data-hint]),
//   and South's next press is sent with hinted: "yes", which the game's text
//   marks.  When a hand is over, its review is asked for one decision at a
//   time ({do: "review", review: what is known so far}, each answer the
//   review's body and the new text of the review), with progress and Cancel,
//   until every decision is settled; a review stopped (Cancel, or another
//   action) goes on from where it was with "Go on with the review".  The
//   review is kept with the game: in the address (&review=…, beside game=)
//   and in localStorage ("stytvolt:table:<path>#<id>:review", with the game
//   it is for), so a reload or the link shows it again without working it
//   out again.  "Show me" on a mistake asks {do: "line", index} on a channel
//   of its own (a second Show me cancels the first, never the review) and
//   shows the better line as a stepper (stepper.mjs: Previous and Next, the
//   arrow keys, each step announced politely) below the review.
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
// svLastRequest, like the runtime's widgets, data-sv-idle while no
// request is pending and no computer move is waiting (a review going on in
// the background leaves the table idle), and data-sv-reviewing while the
// review's loop runs (an "sv:review" event when it stops).

const KIND = "table";
const PAUSE_MS = 650; // a computer move is shown at least this long before the next one starts (unless the table's data-pause says otherwise)
const ANNOUNCE_MS = 1100; // between two announcements
const BUSY_MS = 250; // a request taking longer than this shows that it is working

function engine() {
  return window.stytvolt;
}

/** The site's root, wherever it is hosted (Material's __md_scope), for the links the engine draws. */
function siteRoot() {
  return window.__md_scope instanceof URL ? window.__md_scope : new URL("..", document.baseURI);
}

/** Links the engine draws name their page from the site's root (data-site-path): resolved as runtime.mjs resolves
 * its widgets' answers (this module draws its own, and runtime.mjs imports it, so it cannot import from there). */
function resolveSiteLinks(root) {
  for (const link of root.querySelectorAll("a[data-site-path]")) {
    link.href = new URL(link.dataset.sitePath, siteRoot()).href;
  }
}

const REVIEW_DELAY_MS = 700; // a finished hand is shown this long before its review starts

/** Whether a key press belongs to a form field (typing there must never ask for a hint). */
function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest("input, select, textarea"));
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

/** The review kept in this browser: {game, review} (the game's text it is the review of), or null. */
function readStoredReview(widget) {
  try {
    const store = storage();
    const kept = store && JSON.parse(store.getItem(`${storageKey(widget)}:review`) || "null");
    return kept && typeof kept.game === "string" && typeof kept.review === "string" ? kept : null;
  } catch {
    return null;
  }
}

function writeStoredReview(widget, game, review) {
  try {
    const store = storage();
    if (!store) return;
    if (review) store.setItem(`${storageKey(widget)}:review`, JSON.stringify({ game, review }));
    else store.removeItem(`${storageKey(widget)}:review`);
  } catch {
    // storage full or off: the review is still in the address
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
  const whys = new Map(); // "<do>|" + whyKey(move) -> the reason's (or what was best's) HTML, kept across redraws
  const review = { game: "", text: "" }; // the review of the finished hand whose game text is review.game
  let reviewing = false; // the review's loop is running
  let reviewTimer = 0; // the pause before a review starts
  let stoppedFor = null; // the game text whose review the reader stopped (it goes on when asked)
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

  /** What is being worked on, with a progress bar (and, for work the reader may stop, a Cancel button). */
  function showStatus(text, fraction = undefined, onCancel = null) {
    status.className = "sv-status sv-status--busy";
    let label = status.querySelector(".sv-status-text");
    let bar = status.querySelector("progress");
    let stop = status.querySelector("button.sv-cancel");
    if (!label || !bar || !!stop !== !!onCancel) {
      label = document.createElement("span");
      label.className = "sv-status-text";
      bar = document.createElement("progress");
      bar.max = 1;
      const parts = [label, " ", bar];
      if (onCancel) {
        stop = document.createElement("button");
        stop.type = "button";
        stop.className = "md-button sv-cancel";
        stop.textContent = "Cancel";
        parts.push(" ", stop);
      }
      status.replaceChildren(...parts);
    }
    if (stop) stop.onclick = onCancel;
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

  /**
   * One request; resolves to the response, or null when a newer action made it pointless or the reader cancelled
   * it.  ``cancellable``: the status line offers Cancel while it works; ``background``: the table counts as idle
   * meanwhile (the review, which goes on while the reader looks at the finished hand); ``fraction``: the progress
   * shown instead of the engine's.
   */
  async function ask(params, { busyText = "Working…", on = channel, busy = false, record = true, cancellable = false,
                               background = false, fraction: shownFraction = undefined } = {}) {
    const api = engine();
    if (!api) return { ok: false, error: "The rules engine is not on this page." };
    const mine = generation;
    if (!background) pending += 1;
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
    let fraction = shownFraction ?? null;
    let working = false;
    const onCancel = cancellable && on !== null ? () => {
      const hadFocus = status.contains(document.activeElement);
      api.cancel(on);
      if (hadFocus) (output.querySelector("button:not([disabled])") || output).focus({ preventScroll: true });
    } : null;
    const shown = setTimeout(() => {
      if (mine !== generation || !api.isReady()) return;
      working = true;
      showStatus(busyText, fraction, onCancel);
    }, BUSY_MS);
    const request = { game: widget.dataset.game, widget: KIND, params };
    const response = await api.request(KIND, params, request.game, {
      channel: on,
      onProgress: (p) => {
        if (shownFraction === undefined) fraction = p;
        if (working && mine === generation) showStatus(busyText, fraction, onCancel);
      },
    });
    clearTimeout(shown);
    if (unsubscribe) unsubscribe();
    if (!background) pending -= 1;
    if (!pending) widget.removeAttribute("aria-busy");
    setIdle();
    if (response && response.cancelled && mine === generation) {
      showNote("Cancelled.");
      return null;
    }
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
    if (reviewTimer) clearTimeout(reviewTimer);
    reviewTimer = 0;
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
    for (const key of ["w", "game", "review"]) url.searchParams.delete(key);
    url.searchParams.set("w", widget.id);
    url.searchParams.set("game", gameField.value);
    if (review.text && review.game === gameField.value) url.searchParams.set("review", review.text);
    url.hash = widget.id;
    return url;
  }

  /** The game and its review, kept: in the address, in the link, in this browser. */
  function keep() {
    writeStored(widget, gameField.value);
    writeStoredReview(widget, gameField.value, review.game === gameField.value ? review.text : "");
    if (widget.id) {
      const url = permalink();
      history.replaceState(history.state, "", url.href);
      showLink(url);
    }
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
    // (the "Why?" and "What was best here?" buttons and their answers carry these classes)
    for (const extra of copy.querySelectorAll(".sv-why, .sv-why-text")) extra.remove();
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function show(response, { restoring = false, hinted = false } = {}) {
    if (!widget.isConnected) {
      // The reader went to another page (instant navigation): this game stops here, and never touches that page's address.
      stopComputer();
      return;
    }
    const active = document.activeElement;
    const focusWasHere = keepFocus && (!active || active === document.body || output.contains(active));
    output.innerHTML = response.html;
    resolveSiteLinks(output);
    output.setAttribute("data-source", "pyodide");
    output.classList.remove("sv-stale");
    applySet(response.set);
    // The review kept belongs to one game text: another text (a move, the next hand) leaves it behind.
    if (response.set && typeof response.set.review === "string") {
      review.game = gameField.value;
      review.text = response.set.review;
    } else if (review.game !== gameField.value) {
      review.game = "";
      review.text = "";
    }
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
    const hint = hinted ? output.querySelector(".sv-table-hint") : null;
    if (hint) fresh.push(hint.textContent.replace(/\s+/g, " ").trim());
    announce(fresh);
    // The newest entry in view inside the log (not the page).
    const log = output.querySelector(".sv-log");
    if (log) log.scrollTop = log.scrollHeight;
    keep();
    if (turn === "computer") scheduleComputer();
    restingStatus();
    if (hint) {
      // The control the hint points to takes the focus (a ticked card's box, for cards to lay away).
      const marked = output.querySelector("button.sv-hinted, label.sv-hinted input") || hint;
      if (marked === hint) hint.tabIndex = -1;
      marked.focus({ preventScroll: false });
    } else if (focusWasHere) {
      const first = turn === "south" || turn === "next" ? output.querySelector('button[data-do="play"]:not([aria-disabled]), button[data-do="next"]') : null;
      (first || output).focus({ preventScroll: true });
    }
    if (turn === "next" || turn === "over") startReview(restoring ? 0 : REVIEW_DELAY_MS);
    setIdle();
    widget.dispatchEvent(new CustomEvent("sv:answer", { bubbles: true, detail: { response } }));
  }

  /** A refusal shown in the status line; ``counted``: an answer to the game's own request (tests count them). */
  function failed(response, counted = true) {
    if (counted) widget.svResponses = (widget.svResponses || 0) + 1;
    showError((response && response.error) || "The rules engine gave no answer.");
  }

  // -- the reasons asked for ------------------------------------------------------------------------------

  /** The first ``count`` actions of a hand's record: each action is one character, or "_" and one, with "-"
   * before an action taken after a hint (stytvolt/web/table.py, game_text). */
  function prefixOf(code, count) {
    let i = 0;
    for (let n = 0; n < count && i < code.length; n++) {
      if (code[i] === "-") i += 1;
      i += code[i] === "_" ? 2 : 1;
    }
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
      const html = whys.get(`${button.dataset.do}|${whyKey(button.dataset.move)}`);
      if (html && button.nextElementSibling) {
        button.nextElementSibling.innerHTML = html;
        resolveSiteLinks(button.nextElementSibling);
      }
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

  /** "Why?" (a computer move's reason) or "What was best here?" (a finished hand's move, every card visible). */
  async function why(button) {
    const move = button.dataset.move;
    const what = button.dataset.do;
    const place = button.nextElementSibling;
    if (!move || !place) return;
    const key = `${what}|${whyKey(move)}`; // the move as it stands now (the game may move on meanwhile)
    button.disabled = true;
    place.textContent = what === "why" ? "Thinking it over again…" : "Looking at every card…";
    const busyText = what === "why" ? "Working out the reason…" : "Working out what was best…";
    const response = await ask({ do: what, move, game: gameField.value }, { on: null, record: false, busyText });
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
    whys.set(key, response.html);
    for (const current of output.querySelectorAll(`.sv-why[data-do="${what}"][data-move="${move}"]`)) {
      if (!current.nextElementSibling || `${what}|${whyKey(move)}` !== key) continue;
      current.nextElementSibling.innerHTML = response.html;
      resolveSiteLinks(current.nextElementSibling);
    }
    // Said aloud: the reason, or what was best (not the hands drawn under it).
    const said = document.createElement("div");
    said.innerHTML = response.html;
    announce([(said.querySelector(".sv-why-said") || said).textContent.replace(/\s+/g, " ").trim()]);
  }

  // -- the coach: the hint, the review, the better line ------------------------------------------------------

  async function askHint() {
    stopComputer();
    const response = await ask({ do: "hint", game: gameField.value }, { busy: true, busyText: "Working out a hint…", cancellable: true });
    if (response === null) return;
    if (response.ok) show(response, { hinted: true });
    else failed(response);
  }

  function reviewSection() {
    return output.querySelector("section.sv-review");
  }

  /** The review's body drawn again (what the engine answered), the focus kept on the same control. */
  function showReview(html) {
    const section = reviewSection();
    if (!section) return;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("section.sv-review");
    if (!fresh) return;
    const body = section.querySelector(".sv-review-body");
    const active = document.activeElement;
    const focused = body && active && body.contains(active)
      ? (active.dataset.index ? `[data-do="${active.dataset.do}"][data-index="${active.dataset.index}"]` : "button.sv-review-go")
      : null;
    for (const name of ["settled", "total", "complete"]) section.dataset[name] = fresh.dataset[name];
    body.replaceWith(fresh.querySelector(".sv-review-body"));
    const fieldset = output.querySelector("fieldset.sv-table-moves");
    if (fieldset) fieldset.disabled = false;
    markReviewGoing();
    if (focused) {
      const again = section.querySelector(focused) || section.querySelector("button") || section;
      if (again === section) section.tabIndex = -1;
      again.focus({ preventScroll: true });
    }
  }

  /** "Go on with the review" is offered only while the review stands still. */
  function markReviewGoing() {
    const go = output.querySelector("button.sv-review-go");
    if (go) go.hidden = reviewing;
  }

  function startReview(delay) {
    if (reviewTimer) clearTimeout(reviewTimer);
    reviewTimer = 0;
    const section = reviewSection();
    if (!section || section.dataset.complete === "yes" || reviewing || stoppedFor === gameField.value) return;
    reviewTimer = setTimeout(() => {
      reviewTimer = 0;
      reviewLoop();
    }, delay);
  }

  /** The review of the finished hand, one decision a request, until every decision is settled or it is stopped. */
  async function reviewLoop() {
    if (reviewing) return;
    reviewing = true;
    widget.setAttribute("data-sv-reviewing", "");
    markReviewGoing();
    const mine = generation;
    try {
      for (;;) {
        const section = reviewSection();
        const text = gameField.value;
        if (!section || section.dataset.complete === "yes" || mine !== generation) break;
        const settled = Number(section.dataset.settled);
        const total = Number(section.dataset.total);
        const known = review.game === text ? review.text : "";
        const response = await ask({ do: "review", game: text, review: known }, {
          busyText: `Reviewing your decisions: ${settled} of ${total} settled…`, fraction: total ? settled / total : null,
          cancellable: true, background: true, record: false,
        });
        if (response === null) {
          if (gameField.value === text) stoppedFor = text; // stopped by the reader: it goes on when asked
          break;
        }
        if (!response.ok) {
          stoppedFor = text;
          failed(response, false);
          break;
        }
        if (gameField.value !== text) break;
        review.game = text;
        review.text = response.set.review;
        showReview(response.html);
        keep();
        const now = reviewSection();
        if (now && now.dataset.complete === "yes") {
          const summary = now.querySelector(".sv-review-summary");
          if (summary) announce([`Review: ${summary.textContent.trim()}`]);
        }
      }
    } finally {
      reviewing = false;
      widget.removeAttribute("data-sv-reviewing");
      markReviewGoing();
      restingStatus();
      widget.dispatchEvent(new CustomEvent("sv:review", { bubbles: true }));
    }
  }

  /** "Show me": the better line after a mistake, as a stepper under the review. */
  async function showMe(button) {
    const index = button.dataset.index;
    const section = reviewSection();
    const place = section && section.querySelector(".sv-review-line");
    if (!index || !place) return;
    const text = gameField.value;
    const response = await ask({ do: "line", index, game: text }, {
      on: `${channel}:line`, busyText: "Working out the better line…", cancellable: true, record: false,
    });
    if (response === null) return;
    restingStatus();
    if (!response.ok) {
      failed(response, false);
      return;
    }
    const now = reviewSection();
    const slot = now && now.querySelector(".sv-review-line");
    if (!slot || gameField.value !== text) return;
    slot.innerHTML = response.html;
    resolveSiteLinks(slot);
    if (window.stytvoltStepper) window.stytvoltStepper.mountIn(slot);
    const stepper = slot.querySelector(".sv-stepper");
    if (stepper) {
      stepper.scrollIntoView({ block: "nearest" });
      stepper.focus({ preventScroll: true });
    }
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
    if (what === "why" || what === "best") {
      why(target);
      return;
    }
    if (what === "line") {
      showMe(target);
      return;
    }
    if (what === "review") {
      stoppedFor = null;
      startReview(0);
      return;
    }
    keepFocus = output.contains(target);
    // South's press after a hint at this decision is marked in the game's text.
    const hinted = tableRoot() && tableRoot().dataset.hint ? { hinted: "yes" } : {};
    if (what === "hint") askHint();
    else if (what === "new") newGame();
    else if (what === "play" && target.dataset.pickAction) act({ do: "play", action: picked(target), ...hinted });
    else if (what === "play") act({ do: "play", action: target.dataset.action, ...hinted });
    else act({ do: what });
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  // -- the first answer: the game kept in the address or in this browser, else a new one ----------------

  const query = new URLSearchParams(window.location.search);
  const linked = widget.id && query.get("w") === widget.id ? query.get("game") : null;
  const kept = linked || readStored(widget);
  const storedReview = readStoredReview(widget);
  const keptReview = linked ? query.get("review") || (storedReview && storedReview.game === linked ? storedReview.review : "")
    : (storedReview && storedReview.game === kept ? storedReview.review : "");
  setTimeout(async () => {
    if (kept && keptReview) {
      // The game with its review; a review that cannot be read is worked out again.
      if (await act({ do: "show", game: kept, review: keptReview }, { restoring: true })) {
        if (linked) widget.scrollIntoView({ block: "start" });
        return;
      }
    }
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

// The key h asks for a hint at the table on the page, while the focus is in no form field (typing there is typing).
function onKey(event) {
  if (event.key !== "h" && event.key !== "H") return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented || typing(event.target)) return;
  for (const button of document.querySelectorAll(`.sv-widget[data-widget="${KIND}"] .sv-output button[data-do="hint"]`)) {
    if (button.disabled || button.closest("fieldset:disabled")) continue;
    event.preventDefault();
    button.click();
    return;
  }
}

function mountAll() {
  for (const widget of document.querySelectorAll(`.sv-widget[data-widget="${KIND}"]`)) mount(widget);
}

// Imported by runtime.mjs before it runs, so these widgets are mounted (and marked) before the runtime's
// generic mount looks at them.
if (!window.stytvoltTable) {
  window.stytvoltTable = { mount };
  document.addEventListener("keydown", onKey);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
}
