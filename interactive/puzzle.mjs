// The puzzle room (served as assets/puzzle.mjs, imported by runtime.mjs).
//
// The engine draws every puzzle, judges every move and keeps the score (stytvolt/web/puzzles.py, with
// stytvolt/learn/puzzle_record.py, in the worker's Pyodide); this module asks, shows and keeps.  It owns its
// widget, .sv-widget[data-widget="puzzle"], one room for every game with puzzles:
//
// * What to practise: the game, theme and level chosen in the controls (one theme select a game; only the
//   chosen game's is enabled) are kept in the address (?game=brus&theme=lurch&level=club) with the puzzle
//   shown (&puzzle=B0042); an address naming a puzzle opens it, its letter saying its game (?id= of the old
//   Stýrivolt page works too); an address naming none opens the next puzzle of its theme and level, or with
//   neither chosen the game's puzzle of the day for the reader's own date, which the engine chooses.  Changing
//   the choice lists its puzzles and opens the next one.
// * Nothing on the puzzle can be pressed until the engine's answer for the very puzzle shown is on the page:
//   the build's drawing and every answer arrive with their cards and buttons in a disabled
//   fieldset.sv-pz-play, enabled only when that answer is shown, and disabled again from the moment a move
//   (or a hint) is sent until its answer is shown.  A press on a disabled control does nothing: it is never
//   judged, nor kept for later.  The controls (the choice, Next puzzle, Retry my misses, the puzzle of the
//   day) stay disabled until the first answer.
// * Every request goes on the widget's channel, so a newer one (a link, Next puzzle) cancels an older one
//   still being worked on, and only the newest answer is ever shown.  A long answer (a wrong move's
//   refutation) shows "Working…" with the engine's progress.
// * The reader's record of each game is kept in localStorage ("stytvolt:puzzles:<game>", the engine's text)
//   and sent with every request (param record); an answer that changes it carries the new text in its set.
// * The list of the choice's puzzles (do: "list", on a channel of its own; folded, and kept folded or unfolded as
//   the reader leaves it when it is drawn again) and the record's misses are links (a[data-puzzle]); a click
//   opens the puzzle every time, as many times as it is clicked.
// * A verdict is announced through a polite live region once the move is judged (the answer's data-spoken);
//   the answer itself is not a live region.
//
// For tests: the widget gets svResponses (answers shown), svLastRequest, svLastResponse (the puzzle's last
// request and answer), svAsked (every request's "do", in order) and data-sv-idle while nothing is pending.

const KIND = "puzzle";
const STORE = "stytvolt:puzzles";
const BUSY_MS = 250;

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The reader's record of a game, as the engine wrote it ("" for none). */
function readRecord(game) {
  try {
    const store = storage();
    return (store && store.getItem(`${STORE}:${game}`)) || "";
  } catch {
    return "";
  }
}

function writeRecord(game, text) {
  try {
    const store = storage();
    if (store) store.setItem(`${STORE}:${game}`, text);
  } catch {
    // storage full or off: the result is shown, not kept
  }
}

function plainClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function mount(widget) {
  if (widget.hasAttribute("data-sv-mounted")) return false;
  const form = widget.querySelector("form.sv-controls");
  const status = widget.querySelector(".sv-status");
  const output = widget.querySelector(".sv-output");
  if (!form || !status || !output) return false;
  widget.setAttribute("data-sv-mounted", ""); // the runtime leaves a mounted widget alone
  output.setAttribute("aria-live", "off");
  output.tabIndex = -1;
  const controls = form.querySelector("fieldset.sv-fields"); // disabled until the first answer
  const channel = `${window.location.pathname}#${widget.id || KIND}`;
  widget.svAsked = [];

  const announcer = document.createElement("p");
  announcer.className = "sv-pz-announce sv-visually-hidden";
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  const links = document.createElement("p");
  links.className = "sv-permalink-line";
  const puzzleLink = document.createElement("a");
  puzzleLink.className = "sv-permalink sv-pz-permalink";
  puzzleLink.textContent = "Link to this puzzle";
  const choiceLink = document.createElement("a");
  choiceLink.className = "sv-pz-choice-link";
  choiceLink.textContent = "Link to this choice of puzzles";
  links.append(puzzleLink, " · ", choiceLink);
  links.hidden = true;
  const listing = document.createElement("div");
  listing.className = "sv-pz-listing";
  output.after(links, listing, announcer);

  const now = { game: widget.dataset.game || "", puzzle: "", moves: "", hints: "0", wrong: "0", scored: "no", date: today() };
  let generation = 0; // bumped by every request for the puzzle: an older answer is never shown
  let listGeneration = 0;
  let pending = 0;
  let started = false; // an answer has been shown: the controls are live

  const gameSelect = () => form.querySelector('select[name="game"]');
  const levelSelect = () => form.querySelector('select[name="level"]');
  const themeSelect = (game) => form.querySelector(`select[name="theme"][data-game="${CSS.escape(game)}"]`);

  function has(select, value) {
    return !!select && [...select.options].some((option) => option.value === value);
  }

  /** The game whose puzzles begin with this id's letter, or "". */
  function gameOfId(id) {
    const letter = String(id || "").trim().charAt(0).toUpperCase();
    const option = [...gameSelect().options].find((o) => o.dataset.prefix === letter);
    return option ? option.value : "";
  }

  /** Show the chosen game's theme select (the others are disabled, so that one theme goes with the choice). */
  function chooseGame(game) {
    gameSelect().value = game;
    now.game = game;
    for (const label of form.querySelectorAll(".sv-pz-theme-field")) {
      const mine = label.dataset.game === game;
      label.hidden = !mine;
      const select = label.querySelector("select");
      select.disabled = !mine;
      if (!mine) select.value = "";
    }
  }

  function choice() {
    const theme = themeSelect(now.game);
    return { theme: theme ? theme.value : "", level: levelSelect().value };
  }

  function setIdle() {
    if (!pending) widget.setAttribute("data-sv-idle", "");
    else widget.removeAttribute("data-sv-idle");
  }

  /** The puzzle's controls pressable (its answer is on the page) or not (none yet, or a request on its way). */
  function setLive(on) {
    for (const fieldset of output.querySelectorAll("fieldset.sv-pz-play")) fieldset.disabled = !on;
  }

  // -- the status line ------------------------------------------------------------------------------------------

  function showStatus(text, fraction = null) {
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
    if (fraction === null) bar.removeAttribute("value");
    else bar.value = Math.max(0, Math.min(1, fraction));
  }

  function showNote(text, { error = false } = {}) {
    const span = document.createElement("span");
    if (error) span.setAttribute("role", "alert");
    span.textContent = text;
    status.className = error ? "sv-status sv-status--error" : "sv-status";
    status.replaceChildren(span);
  }

  function clearStatus() {
    status.className = "sv-status";
    status.replaceChildren();
  }

  // -- asking the engine ----------------------------------------------------------------------------------------

  async function ask(params, game, { on = channel, busyText = "Working…", record = true } = {}) {
    const api = window.stytvolt;
    if (!api) return { ok: false, error: "The rules engine is not on this page." };
    pending += 1;
    setIdle();
    widget.setAttribute("aria-busy", "true");
    widget.svAsked.push(params.do || "show");
    let unsubscribe = null;
    if (!api.isReady()) {
      const loading = () => {
        if (!api.isReady() && !api.error) showStatus(`Loading the rules engine… (${api.stage})`);
      };
      loading();
      unsubscribe = api.subscribe(loading);
    }
    let fraction = null;
    let working = false;
    const timer = setTimeout(() => {
      if (!api.isReady()) return;
      working = true;
      showStatus(busyText, fraction);
    }, BUSY_MS);
    const request = { game, widget: KIND, params };
    const response = await api.request(KIND, params, game, {
      channel: on,
      onProgress: (p) => {
        fraction = p;
        if (working) showStatus(busyText, fraction);
      },
    });
    clearTimeout(timer);
    if (unsubscribe) unsubscribe();
    pending -= 1;
    if (!pending) widget.removeAttribute("aria-busy");
    setIdle();
    if (response && response.cancelled) return null;
    if (record) {
      widget.svLastRequest = request;
      widget.svLastResponse = response;
    }
    return response;
  }

  /** Ask for a puzzle (or a move on it); the answer is shown only if no newer request was made meanwhile. */
  async function open(params, { focus = "none", busyText = "Working…", speak = true } = {}) {
    const mine = ++generation;
    setLive(false);
    const game = now.game;
    const response = await ask({ ...params, record: readRecord(game) }, game, { busyText });
    if (response === null || mine !== generation || !widget.isConnected) return false;
    if (!response.ok) {
      widget.svResponses = (widget.svResponses || 0) + 1;
      showNote(response.error || "The rules engine gave no answer.", { error: true });
      setLive(started); // the puzzle shown is still the one its answer drew
      return false;
    }
    show(response, game, { focus, speak });
    return true;
  }

  function show(response, game, { focus, speak }) {
    output.innerHTML = response.html;
    output.setAttribute("data-source", "pyodide");
    const set = response.set || {};
    for (const name of ["puzzle", "moves", "hints", "wrong", "scored"]) {
      if (name in set) now[name] = String(set[name]);
      const field = form.querySelector(`input[type="hidden"][name="${name}"]`);
      if (field && name in set) field.value = String(set[name]);
    }
    if (typeof set.record === "string") {
      writeRecord(game, set.record);
      list(); // the results beside the puzzles change with the record
    }
    if (!started) {
      started = true;
      if (controls) controls.disabled = false;
    }
    clearStatus();
    setLive(true);
    keep();
    widget.svResponses = (widget.svResponses || 0) + 1;
    widget.dispatchEvent(new CustomEvent("sv:answer", { bubbles: true, detail: { response } }));
    const root = output.querySelector(".sv-pz");
    if (speak && root && root.dataset.spoken) {
      announcer.textContent = "";
      setTimeout(() => { announcer.textContent = root.dataset.spoken; }, 50);
    }
    if (focus === "card") {
      const card = output.querySelector('fieldset.sv-pz-play button[data-do="play"]:not([aria-disabled])');
      (card || output.querySelector(".sv-pz-title") || output).focus({ preventScroll: true });
    } else if (focus === "title") {
      const title = output.querySelector(".sv-pz-title") || output;
      title.focus({ preventScroll: true });
      widget.scrollIntoView({ block: "start" });
    }
  }

  async function list() {
    const mine = ++listGeneration;
    const game = now.game;
    const response = await ask({ do: "list", ...choice(), record: readRecord(game) }, game,
      { on: `${channel}:list`, record: false, busyText: "Listing the puzzles…" });
    if (response === null || mine !== listGeneration) return;
    if (response.ok) {
      const was = listing.querySelector("details.sv-pz-list");
      listing.innerHTML = response.html;
      const now = listing.querySelector("details.sv-pz-list");
      if (was && now && was.open) now.open = true; // folded or unfolded as the reader left it
    }
    else showNote(response.error || "The rules engine gave no answer.", { error: true });
  }

  // -- the address and the links ----------------------------------------------------------------------------------

  function choiceUrl() {
    const url = new URL(window.location.href);
    for (const key of ["w", "id", "game", "theme", "level", "puzzle"]) url.searchParams.delete(key);
    url.searchParams.set("game", now.game);
    const { theme, level } = choice();
    if (theme) url.searchParams.set("theme", theme);
    if (level) url.searchParams.set("level", level);
    url.hash = "";
    return url;
  }

  function keep() {
    const chosen = choiceUrl();
    choiceLink.href = chosen.href;
    const url = new URL(chosen.href);
    if (now.puzzle) url.searchParams.set("puzzle", now.puzzle);
    puzzleLink.href = url.href;
    puzzleLink.setAttribute("aria-label", `Link to puzzle ${now.puzzle}`);
    links.hidden = !now.puzzle;
    if (widget.isConnected) history.replaceState(history.state, "", url.href);
  }

  // -- the reader's presses ---------------------------------------------------------------------------------------

  function puzzleParams(extra) {
    return { puzzle: now.puzzle, moves: now.moves, hints: now.hints, wrong: now.wrong, scored: now.scored, ...extra };
  }

  /** A link to a puzzle: open it (in its own game, whose choice is listed if it changes). */
  function openLinked(id) {
    const game = gameOfId(id);
    if (game && game !== now.game) {
      chooseGame(game);
      list();
    }
    open({ do: "show", puzzle: id }, { focus: "title" });
  }

  widget.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button, a[data-puzzle]") : null;
    if (!target || !widget.contains(target)) return;
    if (target.matches("a[data-puzzle]")) {
      if (!plainClick(event)) return;
      event.preventDefault();
      event.stopPropagation(); // the room opens it: not a page change for Material's instant navigation
      openLinked(target.dataset.puzzle);
      return;
    }
    if (target.disabled || target.closest("fieldset:disabled")) return;
    if (target.getAttribute("aria-disabled") === "true") {
      showNote(target.dataset.refusal || "That cannot be played now.");
      return;
    }
    const what = target.dataset.do;
    if (!what) return;
    event.preventDefault();
    if (what === "play" && target.dataset.action && output.contains(target)) {
      open(puzzleParams({ do: "try", try: target.dataset.action }), { focus: "card", busyText: "Judging your move…" });
    } else if (what === "hint" && output.contains(target)) {
      open(puzzleParams({ do: "hint" }), { focus: "card" });
    } else if (what === "next" || what === "retry") {
      open({ do: what, ...choice() }, { focus: "title" });
    } else if (what === "daily") {
      open({ do: "show", date: now.date }, { focus: "title" });
    }
  });

  form.addEventListener("change", (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || !started) return;
    if (select.name === "game") chooseGame(select.value);
    keep();
    list();
    open({ do: "next", ...choice() }, { focus: "none" });
  });
  form.addEventListener("submit", (event) => event.preventDefault());

  // -- the first answer: the puzzle the address names, else the game's puzzle of the day --------------------------

  const query = new URLSearchParams(window.location.search);
  const wanted = (query.get("puzzle") || query.get("id") || "").trim();
  let game = query.get("game") || "";
  if (!has(gameSelect(), game)) game = "";
  if (wanted && gameOfId(wanted)) game = gameOfId(wanted);
  chooseGame(game || now.game || gameSelect().value);
  const theme = query.get("theme") || "";
  if (has(themeSelect(now.game), theme)) themeSelect(now.game).value = theme;
  const level = query.get("level") || "";
  if (has(levelSelect(), level)) levelSelect().value = level;
  setLive(false);
  setIdle();
  setTimeout(async () => {
    list();
    if (wanted && (await open({ do: "show", puzzle: wanted }, { speak: false }))) {
      if (widget.isConnected) widget.scrollIntoView({ block: "start" });
      return;
    }
    const why = wanted ? status.textContent : "";
    const { theme: chosenTheme, level: chosenLevel } = choice();
    // A choice of theme or level opens its next puzzle; the game alone, its puzzle of the day.
    if (!wanted && (chosenTheme || chosenLevel) && (await open({ do: "next", ...choice() }, { speak: false }))) return;
    await open({ do: "show", date: now.date }, { speak: false });
    if (why) showNote(`${why.replace(/[.!?]?$/, ".")} Here is the puzzle of the day instead.`);
  }, 0);
  return true;
}

function mountAll() {
  for (const widget of document.querySelectorAll(`.sv-widget[data-widget="${KIND}"]`)) mount(widget);
}

// Imported by runtime.mjs before it runs, so this widget is mounted (and marked) before the runtime's generic
// mount looks at it.
if (!window.stytvoltPuzzle) {
  window.stytvoltPuzzle = { mount };
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
}
