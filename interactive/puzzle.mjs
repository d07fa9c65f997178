// Puzzles (served as assets/puzzle.mjs, imported by runtime.mjs).
//
// The engine draws the puzzle and judges every move (stytvolt/styrivolt/site/puzzles.py,
// in the worker's Pyodide); this module asks, shows, and keeps the reader's
// score.  It owns its widget, .sv-widget[data-widget="puzzle"]:
//
// * The first request asks for the puzzle in the address (?id=P0042), else
//   the puzzle of the day for the reader's own date.  Every later request
//   sends the moves played so far (the form's hidden "moves" field).
// * A card (a button in South's or North's hand, or typed in the box as h2)
//   is sent as "try"; a wrong one comes back taken back, with the defence
//   that beats it.  The hint button asks for one more hint (hints=N), "Show
//   the solution" asks for show=yes.
// * The score of the puzzle in hand: 100, less HINT costs (data-cost on the
//   hint button) and 25 a wrong card; the fourth hint (the answer) or the
//   solution makes it a miss (0).  When the puzzle is solved or shown, the
//   result is kept in localStorage ("stytvolt:puzzles" for the first game's,
//   "stytvolt:puzzles:<game>" for another game's, each game rated apart): each puzzle's best
//   score, the streak (puzzles solved in a row with no wrong card and the
//   solution not shown), and a rating (Elo: 1500 to start, K = 32, the
//   puzzle's rating as the opponent's, the score as the result).
// * The dashboard (.sv-pz-dashboard on the page) and the list's "Your result"
//   cells are filled from that record.
// * The address follows the puzzle (?id=…#<widget id>, history.replaceState),
//   and "Link to this puzzle" holds it.
//
// For tests: the widget gets svResponses, svLastRequest, svLastResponse and
// data-sv-idle, like the other widgets.

import PATH from "./lessons.mjs"; // PATH.first: the registry's first game (interactive/lessons.py)

const KIND = "puzzle";
const STORE = "stytvolt:puzzles";
const START_RATING = 1500;
const K_FACTOR = 32;
const WRONG_COST = 25;
const BUSY_MS = 250;

function engine() {
  return window.stytvolt;
}

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Where a game's puzzle record is kept: each game has its own rating and results (the first game's record keeps
 * the key it had before there were other games). */
function storeOf(game) {
  return !game || game === PATH.first ? STORE : `${STORE}:${game}`;
}

/** The game a widget or a figure's element belongs to. */
function gameOf(element) {
  const owner = element.closest("[data-game]");
  return owner ? owner.dataset.game : PATH.first;
}

function load(game) {
  try {
    const data = JSON.parse(window.localStorage.getItem(storeOf(game)) || "{}");
    return {
      rating: Number.isFinite(data.rating) ? data.rating : START_RATING,
      streak: Number.isInteger(data.streak) ? data.streak : 0,
      best: Number.isInteger(data.best) ? data.best : 0,
      results: data.results && typeof data.results === "object" ? data.results : {},
    };
  } catch {
    return { rating: START_RATING, streak: 0, best: 0, results: {} };
  }
}

function save(game, record) {
  try {
    window.localStorage.setItem(storeOf(game), JSON.stringify(record));
  } catch {
    // storage off or full: the score is shown but not kept
  }
}

/** The result of one finished puzzle added to the record; returns the rating change. */
function record(game, result) {
  const data = load(game);
  const expected = 1 / (1 + 10 ** ((result.rating - data.rating) / 400));
  const change = Math.round(K_FACTOR * (result.score / 100 - expected));
  data.rating = Math.round(data.rating + change);
  const clean = result.score > 0 && result.wrong === 0;
  data.streak = clean ? data.streak + 1 : 0;
  data.best = Math.max(data.best, data.streak);
  const old = data.results[result.id];
  data.results[result.id] = {
    score: Math.max(result.score, old ? old.score : 0),
    last: result.score,
    tries: (old ? old.tries : 0) + 1,
    themes: result.themes,
    level: result.level,
  };
  save(game, data);
  return change;
}

const LEVEL_NAMES = { 1: "Beginner", 2: "Club", 3: "Expert" };

/** The dashboard and the list's "Your result" cells, from the record. */
function drawRecord(root = document) {
  for (const cell of root.querySelectorAll("tr[data-puzzle] .sv-pz-record")) {
    const got = load(gameOf(cell)).results[cell.parentElement.dataset.puzzle];
    cell.textContent = got ? (got.score > 0 ? `solved, best ${got.score}` : "missed") : "not tried";
  }
  for (const link of root.querySelectorAll(".sv-pz-theme a[data-puzzle]")) {
    const got = load(gameOf(link)).results[link.dataset.puzzle];
    link.classList.toggle("sv-pz-solved", Boolean(got && got.score > 0));
    link.setAttribute("aria-label", `${link.dataset.puzzle}${got ? (got.score > 0 ? ", solved" : ", missed") : ""}`);
  }
  for (const board of root.querySelectorAll(".sv-pz-dashboard")) {
    const game = gameOf(board);
    const data = load(game);
    const rows = new Map();
    for (const [, got] of Object.entries(data.results)) {
      for (const theme of got.themes || []) {
        const row = rows.get(theme) || { tried: 0, solved: 0, total: 0 };
        row.tried += 1;
        row.solved += got.score > 0 ? 1 : 0;
        row.total += got.score;
        rows.set(theme, row);
      }
    }
    const names = JSON.parse(board.dataset.themes || "{}");
    const tried = Object.keys(data.results).length;
    const head = document.createElement("p");
    head.textContent = tried
      ? `Your rating: ${data.rating}. Streak: ${data.streak} (best ${data.best}). Puzzles tried: ${tried}.`
      : "You have not tried a puzzle yet: your rating starts at 1500.";
    const table = document.createElement("table");
    table.className = "sv-pz-board";
    table.innerHTML =
      "<caption>Your puzzles by theme</caption><thead><tr><th scope=\"col\">Theme</th><th scope=\"col\">Tried</th>" +
      "<th scope=\"col\">Solved</th><th scope=\"col\">Average score</th></tr></thead>";
    const body = document.createElement("tbody");
    for (const [key, title] of Object.entries(names)) {
      const row = rows.get(key) || { tried: 0, solved: 0, total: 0 };
      const tr = document.createElement("tr");
      const cells = [title, row.tried, row.solved, row.tried ? Math.round(row.total / row.tried) : "–"];
      cells.forEach((value, i) => {
        const cell = document.createElement(i ? "td" : "th");
        if (!i) cell.scope = "row";
        cell.textContent = String(value);
        tr.append(cell);
      });
      body.append(tr);
    }
    table.append(body);
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "md-button sv-pz-clear";
    clear.textContent = "Clear my puzzle record";
    clear.addEventListener("click", () => {
      try {
        window.localStorage.removeItem(storeOf(game));
      } catch {
        // nothing kept
      }
      drawRecord();
    });
    board.replaceChildren(head, table, clear);
  }
}

function mount(widget) {
  if (widget.hasAttribute("data-sv-mounted")) return false;
  const form = widget.querySelector("form.sv-controls");
  const status = widget.querySelector(".sv-status");
  const output = widget.querySelector(".sv-output");
  if (!form || !status || !output) return false;
  widget.setAttribute("data-sv-mounted", "");
  const game = gameOf(widget);
  for (const fieldset of form.querySelectorAll("fieldset.sv-fields[disabled]")) fieldset.disabled = false;
  output.setAttribute("aria-live", "off"); // the verdict alone is announced, through the status line
  output.tabIndex = -1;
  const field = (name) => form.elements.namedItem(name);
  const channel = `${window.location.pathname}#${widget.id || KIND}`;

  const scoreLine = document.createElement("p");
  scoreLine.className = "sv-pz-score";
  const linkLine = document.createElement("p");
  linkLine.className = "sv-permalink-line";
  const link = document.createElement("a");
  link.className = "sv-permalink";
  link.textContent = "Link to this puzzle";
  const next = document.createElement("a");
  next.className = "md-button sv-pz-next";
  next.textContent = "Next puzzle";
  linkLine.append(link, " ", next);
  output.after(scoreLine, linkLine);

  let attempt = null; // {id, wrong, hints, shown, done, rating, themes, level}
  let pending = 0;
  let daily = "";

  function setIdle() {
    if (!pending) widget.setAttribute("data-sv-idle", "");
    else widget.removeAttribute("data-sv-idle");
  }

  function say(text, { error = false } = {}) {
    status.className = error ? "sv-status sv-status--error" : "sv-status";
    const span = document.createElement("span");
    if (error) span.setAttribute("role", "alert");
    span.textContent = text;
    status.replaceChildren(span);
  }

  function score() {
    if (!attempt) return 100;
    if (attempt.shown || attempt.hints >= 4) return 0;
    const costs = attempt.costs.slice(0, attempt.hints).reduce((a, b) => a + b, 0);
    return Math.max(0, 100 - costs - WRONG_COST * attempt.wrong);
  }

  function drawScore(extra = "") {
    const data = load(game);
    const now = attempt && attempt.done ? "Your score" : "Score if you solve it now";
    scoreLine.textContent = `${now}: ${score()} of 100. Rating ${data.rating}, streak ${data.streak}.${extra ? " " + extra : ""}`;
  }

  async function ask(params) {
    const api = engine();
    if (!api) return { ok: false, error: "The rules engine is not on this page." };
    pending += 1;
    setIdle();
    widget.setAttribute("aria-busy", "true");
    if (!api.isReady()) say(`Loading the rules engine… (${api.stage})`);
    const busy = setTimeout(() => say("Working…"), BUSY_MS);
    const request = { game: widget.dataset.game || PATH.first, widget: KIND, params };
    const response = await api.request(KIND, params, request.game, { channel });
    clearTimeout(busy);
    pending -= 1;
    if (!pending) widget.removeAttribute("aria-busy");
    setIdle();
    if (response && response.cancelled) return null;
    widget.svLastRequest = request;
    widget.svLastResponse = response;
    return response;
  }

  function show(response) {
    output.innerHTML = response.html;
    output.setAttribute("data-source", "pyodide");
    for (const [name, value] of Object.entries(response.set || {})) {
      const input = field(name);
      if (input && "value" in input) input.value = String(value);
    }
    widget.svResponses = (widget.svResponses || 0) + 1;
    const root = output.querySelector(".sv-puzzle");
    if (!root) return;
    const id = root.dataset.puzzle;
    const hint = root.querySelector(".sv-pz-hint");
    if (!attempt || attempt.id !== id) {
      attempt = { id, wrong: 0, hints: 0, shown: false, done: false, costs: [], rating: Number(root.dataset.rating),
        themes: (root.dataset.themes || "").split(" ").filter(Boolean), level: Number(root.dataset.level) };
    }
    if (hint && attempt.costs.length === attempt.hints) attempt.costs.push(Number(hint.dataset.cost || 0));
    if (root.dataset.verdict === "wrong") attempt.wrong += 1;
    const verdict = root.querySelector(".sv-pz-verdict");
    let extra = "";
    const state = root.dataset.state;
    if ((state === "solved" || state === "shown") && !attempt.done) {
      attempt.done = true;
      if (state === "shown") attempt.shown = true;
      const change = record(game, { id, score: score(), wrong: attempt.wrong, rating: attempt.rating, themes: attempt.themes, level: attempt.level });
      extra = `Rating ${change >= 0 ? "+" : "−"}${Math.abs(change)}.`;
      drawRecord();
    }
    drawScore(extra);
    const spoken = [verdict ? verdict.textContent : "", state === "solved" ? "Solved." : "", state === "shown" ? "The solution is shown; this puzzle counts as missed." : ""]
      .filter(Boolean).join(" ");
    if (spoken) say(spoken);
    else status.replaceChildren();
    // Where it lives: the address, the link, the next one.
    const url = new URL(window.location.href);
    url.searchParams.set("id", id);
    url.hash = widget.id || KIND;
    if (widget.isConnected) history.replaceState(history.state, "", url.href);
    link.href = url.href;
    const daySay = daily && daily === id ? `Puzzle of the day (${field("date").value}). ` : "";
    link.setAttribute("aria-label", `${daySay}Link to puzzle ${id}`);
    const number = Number(id.slice(1));
    const nextUrl = new URL(url.href);
    const total = Number(root.dataset.count || 0);
    nextUrl.searchParams.set("id", `${id[0]}${String(total && number >= total ? 1 : number + 1).padStart(4, "0")}`);
    next.href = nextUrl.href;
    const head = root.querySelector(".sv-pz-head");
    if (head && daySay) head.prepend(`${daySay}`);
    widget.dispatchEvent(new CustomEvent("sv:answer", { bubbles: true, detail: { response } }));
  }

  async function act(extra, { focus = true } = {}) {
    const params = {
      id: field("id").value,
      date: field("date").value,
      moves: field("moves").value,
      hints: String(attempt ? attempt.hints : 0),
      ...extra,
    };
    const response = await ask(params);
    if (response === null) return;
    if (!response.ok) {
      widget.svResponses = (widget.svResponses || 0) + 1;
      say(response.error || "The rules engine gave no answer.", { error: true });
      return;
    }
    show(response);
    if (focus) {
      const first = output.querySelector('button[data-do="try"]:not([aria-disabled])');
      (first || output).focus({ preventScroll: true });
    }
  }

  async function open(id) {
    attempt = null;
    field("id").value = id;
    field("moves").value = "";
    field("hints").value = "0";
    await act({}, { focus: false });
  }

  widget.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("button, a.sv-pz-next") : null;
    if (!target || !widget.contains(target)) return;
    if (target.matches("a.sv-pz-next")) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation(); // not a page change for Material's instant navigation: this widget opens it
      daily = "";
      open(new URL(target.href).searchParams.get("id"));
      return;
    }
    if (target.getAttribute("aria-disabled") === "true") {
      say(target.dataset.refusal || "That card cannot be played now.");
      return;
    }
    const what = target.dataset.do;
    if (!what) return;
    event.preventDefault();
    if (what === "try") act({ try: target.dataset.action });
    else if (what === "hint" && attempt) {
      attempt.hints += 1;
      act({ hints: String(attempt.hints) });
    } else if (what === "show" && attempt) {
      attempt.shown = true;
      act({ show: "yes" });
    }
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = field("try");
    const text = typed.value.trim();
    if (!text) {
      say("Type a card first, like h2 for ♥2.", { error: true });
      return;
    }
    typed.value = "";
    act({ try: text });
  });

  const query = new URLSearchParams(window.location.search);
  const wanted = query.get("id");
  field("date").value = today();
  if (!wanted) daily = "pending";
  setTimeout(async () => {
    await open(wanted || "daily");
    if (daily === "pending") daily = field("id").value;
    if (daily) {
      const head = output.querySelector(".sv-pz-head");
      if (head && !head.textContent.startsWith("Puzzle of the day")) head.prepend(`Puzzle of the day (${field("date").value}). `);
    }
    if (wanted) widget.scrollIntoView({ block: "start" });
  }, 0);
  setIdle();
  return true;
}

function mountAll() {
  for (const widget of document.querySelectorAll(`.sv-widget[data-widget="${KIND}"]`)) mount(widget);
  drawRecord();
}

if (!window.stytvoltPuzzle) {
  window.stytvoltPuzzle = { mount, drawRecord };
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
}
