// Lessons and the reader's progress (served as assets/progress.mjs, imported by runtime.mjs).
//
// The lesson path comes from the build: assets/lessons.mjs, which interactive/lessons.py writes from the
// lesson pages' front matter (lesson: N).  This module:
//
// * passes a lesson when its "Test yourself" round is passed: quiz.mjs sends "sv:round" {right, count}
//   at a round's last answer, from a widget marked data-sv-lesson; all of them right passes, and once the
//   lesson has been tried before, all but one.  What the round means for the lesson is added to the
//   verdict, with where to go next;
// * ticks the passed lessons in the menu (a ✓ and, for screen readers, "passed"), and in a game the reader
//   has started marks the lesson to continue with ("next"); fills each list of a game's lessons
//   (.sv-lessons: the game's first page, the progress page) the same way, with "Continue where you left
//   off";
// * records each hand finished at a table (a table's sv:answer with the hand over), by game;
// * on the progress page: the puzzle and table lines, and the tools: save the progress to a file, load it
//   from one (the whole file is checked before anything is replaced), clear it.
//
// The progress lives in this browser's local storage only, under these keys: "stytvolt.progress.v1"
// (this module: lessons and tables), "stytvolt.learn.v1" (quiz.mjs: the quiz record and the review),
// "stytvolt:puzzles:<game>" (puzzle.mjs: the puzzle room's record of a game, the engine's text).  A progress
// file saved before the room holds "stytvolt:puzzles" (the first game's puzzles as they were kept then), which
// loading leaves out.  The site's other keys are not progress
// and are left alone: "stytvolt:table:pace" (the computer's pace), "stytvolt:table:<page>#<id>" (a game
// at a table, table.mjs), "stytvolt:chalk:<page>#<id>" and "stytvolt:calculator:<page>#<id>" (a slate or
// a sheet, runtime.mjs).
//
// For tests: window.stytvoltProgress = {load, exportData, importData, clearAll, keys}.

import PATH from "./lessons.mjs";

const STORE = "stytvolt.progress.v1";
const QUIZ = "stytvolt.learn.v1";
const PUZZLES = "stytvolt:puzzles";
const OLD_PUZZLES = PUZZLES; // the first game's puzzles before the room: no longer read
const FORMAT = "stytvolt-progress";
const SEEN_HANDS = 40; // the last hands counted at a table, so that a redraw of one is not counted twice
const GAMES = PATH.games;

class ProgressFileError extends Error {}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function empty() {
  return { v: 1, lessons: {}, tables: {} };
}

function validStore(data) {
  return isObject(data) && data.v === 1 && isObject(data.lessons) && isObject(data.tables);
}

function load() {
  try {
    const data = JSON.parse(storage().getItem(STORE) || "null");
    if (validStore(data)) return data;
  } catch {
    /* storage off, or a damaged entry: start afresh */
  }
  return empty();
}

function save(data) {
  try {
    storage().setItem(STORE, JSON.stringify(data));
  } catch {
    /* storage full or off: the progress is shown but not kept */
  }
}

function siteRoot() {
  if (window.stytvolt && window.stytvolt.siteRoot) return window.stytvolt.siteRoot();
  return window.__md_scope instanceof URL ? window.__md_scope : new URL("./", document.baseURI);
}

function href(url) {
  return new URL(url, siteRoot()).href;
}

/** A page's path, as the address bar has it ("/brus/cards/"), for comparing links with lessons. */
function pathOf(url) {
  return new URL(url, siteRoot()).pathname.replace(/index\.html$/, "");
}

function countOf(n, word, plural = `${word}s`) {
  return `${n} ${n === 1 ? word : plural}`;
}

// -- lessons ------------------------------------------------------------------------------------------

/** The game and lesson at this address (from the site's root, "brus/cards/"), or null. */
function findLesson(url) {
  for (const game of GAMES) {
    const index = game.lessons.findIndex((lesson) => lesson.url === url);
    if (index >= 0) return { game, index, lesson: game.lessons[index] };
  }
  return null;
}

/** Where a game stands: each lesson passed or not, whether it is started, and the lesson to continue with. */
function standing(game, store) {
  const passed = game.lessons.map((lesson) => Boolean(store.lessons[lesson.url] && store.lessons[lesson.url].passed));
  const started = game.lessons.some((lesson) => store.lessons[lesson.url]);
  const next = passed.indexOf(false);
  return { passed, started, next, done: passed.filter(Boolean).length };
}

/** A ✓ for a passed lesson, or "next" for the lesson to continue with; each says so to screen readers in words. */
function mark(kind) {
  const span = document.createElement("span");
  span.className = `sv-lesson-mark sv-lesson-${kind}`;
  const shown = document.createElement("span");
  shown.setAttribute("aria-hidden", "true");
  shown.textContent = kind === "passed" ? "✓" : "next";
  const said = document.createElement("span");
  said.className = "sv-visually-hidden";
  said.textContent = kind === "passed" ? " (passed)" : " (continue here, where you left off)";
  span.append(shown, said);
  return span;
}

function markMenu(store) {
  const wanted = new Map(); // page path -> "passed" | "next"
  for (const game of GAMES) {
    const s = standing(game, store);
    game.lessons.forEach((lesson, i) => {
      if (s.passed[i]) wanted.set(pathOf(lesson.url), "passed");
      else if (s.started && i === s.next) wanted.set(pathOf(lesson.url), "next");
    });
  }
  for (const link of document.querySelectorAll("a.md-nav__link[href]")) {
    const target = link.getAttribute("href");
    for (const old of link.querySelectorAll(":scope > .sv-lesson-mark")) old.remove();
    if (target.includes("#")) continue; // a heading of the page (its table of contents), not a page
    const state = wanted.get(new URL(target, document.baseURI).pathname.replace(/index\.html$/, ""));
    if (state) link.append(mark(state));
  }
}

function fillList(box, store) {
  const game = GAMES.find((g) => g.game === box.dataset.game);
  if (!game) return;
  const s = standing(game, store);
  for (const item of box.querySelectorAll("li[data-lesson]")) {
    const i = game.lessons.findIndex((lesson) => lesson.url === item.dataset.lesson);
    for (const old of item.querySelectorAll(".sv-lesson-mark")) old.remove();
    if (i < 0) continue;
    item.classList.toggle("sv-lesson-passed", s.passed[i]);
    if (s.passed[i]) item.append(" ", mark("passed"));
    else if (s.started && i === s.next) item.append(" ", mark("next"));
  }
  const line = box.querySelector(".sv-lessons-next");
  if (!line) return;
  const link = (text, url) => {
    const a = document.createElement("a");
    a.href = href(url);
    a.textContent = text;
    return a;
  };
  if (!s.started) {
    line.replaceChildren(`Start with lesson 1: `, link(game.lessons[0].title, game.lessons[0].url), ".");
  } else if (s.next < 0) {
    line.replaceChildren(
      `All ${countOf(game.lessons.length, "lesson")} passed. Keep them fresh on `,
      link(`Practise ${game.title}`, game.practise),
      ".",
    );
  } else {
    const lesson = game.lessons[s.next];
    const strong = document.createElement("strong");
    strong.textContent = "Continue where you left off";
    line.replaceChildren(
      `${s.done} of ${countOf(game.lessons.length, "lesson")} passed. `,
      strong,
      `: lesson ${s.next + 1}, `,
      link(lesson.title, lesson.url),
      ".",
    );
  }
}

function refreshLessons() {
  const store = load();
  markMenu(store);
  for (const box of document.querySelectorAll(".sv-lessons[data-game]")) fillList(box, store);
}

// A lesson's test: the round's last answer.
document.addEventListener("sv:round", (event) => {
  const q = event.target instanceof Element ? event.target : null;
  const widget = q && q.closest(".sv-widget[data-sv-lesson]");
  const found = widget && findLesson(widget.dataset.svLesson);
  if (!found) return;
  const { right, count } = event.detail;
  const store = load();
  const url = found.lesson.url;
  const rec = isObject(store.lessons[url]) ? store.lessons[url] : { tries: 0, passed: false, best: 0 };
  const before = Number(rec.tries) || 0;
  const was = Boolean(rec.passed);
  const passes = right === count || (before > 0 && right >= count - 1);
  rec.tries = before + 1;
  rec.best = Math.max(Number(rec.best) || 0, right);
  if (passes) rec.passed = true;
  store.lessons[url] = rec;
  save(store);
  const verdict = q.querySelector(".sv-quiz-verdict");
  if (verdict && !was) {
    if (passes) {
      verdict.textContent += " Lesson passed: it is ticked in the menu.";
    } else if (before > 0) {
      verdict.textContent += ` To pass this lesson, get ${count - 1} of ${count} right: New question starts another try.`;
    } else {
      verdict.textContent += ` To pass this lesson, get all ${count} right; on your next try ${count - 1} of ${count} will do. New question starts it.`;
    }
  } else if (verdict) {
    verdict.textContent += " You passed this lesson before; New question starts another round.";
  }
  if (verdict && passes && !was) {
    const s = standing(found.game, store);
    const line = document.createElement("p");
    line.className = "sv-lesson-result";
    const a = document.createElement("a");
    if (s.next < 0) {
      a.href = href(found.game.practise);
      a.textContent = `Practise ${found.game.title}`;
      line.append(`That is every lesson of ${found.game.title} passed. `, a, " mixes every kind of question.");
    } else {
      const next = found.game.lessons[s.next];
      a.href = href(next.url);
      a.textContent = next.title;
      line.append(`Continue with lesson ${s.next + 1}: `, a, ".");
    }
    verdict.after(line);
  }
  refreshLessons();
});

// -- tables -------------------------------------------------------------------------------------------

function words(element) {
  return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
}

// A hand finished at a table (the table's own answer, with the hand over): counted once, by game.
document.addEventListener("sv:answer", (event) => {
  const widget = event.target instanceof Element && event.target.closest('.sv-widget[data-widget="table"]');
  const root = widget && widget.querySelector(".sv-table");
  if (!root || !["next", "over"].includes(root.dataset.turn)) return;
  const game = widget.dataset.game || PATH.first;
  const id = `${root.dataset.seed}/${root.dataset.hand}`;
  const store = load();
  const table = isObject(store.tables[game]) ? store.tables[game] : { hands: 0, games: 0, seen: [] };
  table.seen = Array.isArray(table.seen) ? table.seen : [];
  if (table.seen.includes(id)) return;
  table.seen = [...table.seen, id].slice(-SEEN_HANDS);
  table.hands = (Number(table.hands) || 0) + 1;
  const end = root.querySelector(".sv-table-end");
  table.last = words(end && end.querySelector("p strong"));
  if (root.dataset.turn === "over") {
    table.games = (Number(table.games) || 0) + 1;
    table.lastGame = words(root.querySelector(".sv-table-over strong"));
  }
  store.tables[game] = table;
  save(store);
});

// -- the progress page ----------------------------------------------------------------------------------

/** The site's progress keys in this browser (never a game in progress, a slate or a preference). */
function isProgressKey(key) {
  return key === STORE || key === QUIZ || (key.startsWith(`${PUZZLES}:`) && GAMES.some((g) => key === `${PUZZLES}:${g.game}`));
}

function keys() {
  const store = storage();
  const found = [];
  if (!store) return found;
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key && isProgressKey(key)) found.push(key);
  }
  return found.sort();
}

/** A puzzle record as the engine keeps it (stytvolt/learn/puzzle_record.py: the rating r, the history h, the
 * misses m, the streaks), or null. */
function isPuzzleRecord(data) {
  return isObject(data) && data.v === 1 && Array.isArray(data.h) && Array.isArray(data.m);
}

function puzzleRecord(game) {
  try {
    const data = JSON.parse(storage().getItem(`${PUZZLES}:${game}`) || "null");
    return isPuzzleRecord(data) ? data : null;
  } catch {
    return null;
  }
}

function puzzleText(game) {
  const data = puzzleRecord(game);
  if (!data || !data.h.length) return "none tried yet";
  const rating = Number.isFinite(data.r) ? Math.round(data.r) : 1500;
  const misses = data.m.length ? `, ${countOf(data.m.length, "miss", "misses")} to retry` : "";
  return `${countOf(data.h.length, "puzzle")} finished${misses} · rating ${rating} · best streak ${Number(data.best) || 0}`;
}

function tableText(game, store) {
  const table = store.tables[game];
  if (!isObject(table) || !table.hands) return "no hand finished yet";
  let text = `${countOf(table.hands, "hand")} finished`;
  if (table.games) text += `, ${countOf(table.games, "game")} played to the end`;
  if (table.lastGame) text += `. The last game: ${table.lastGame}`;
  else if (table.last) text += `. The last hand: ${table.last}`;
  return text.replace(/[.!?]?$/, ".");
}

function refreshLines() {
  const store = load();
  for (const span of document.querySelectorAll(".sv-progress-value[data-progress]")) {
    const game = span.dataset.game || PATH.first;
    span.textContent = span.dataset.progress === "puzzles" ? puzzleText(game) : tableText(game, store);
  }
}

/** Everything shown from the progress: the menu, the lists, the quiz tables and lines. */
function refreshAll() {
  refreshLessons();
  refreshLines();
  if (window.stytvoltQuiz && window.stytvoltQuiz.refresh) window.stytvoltQuiz.refresh();
}

/** The progress as the file holds it: every progress key, each as the object its module keeps. */
function exportData() {
  const records = {};
  for (const key of keys()) {
    try {
      records[key] = JSON.parse(storage().getItem(key));
    } catch {
      /* a damaged entry is not progress */
    }
  }
  return { [FORMAT]: 1, saved: new Date().toISOString(), records };
}

/** The records of a progress file, checked whole: every key a progress key, every record as its module keeps it. */
function checked(data) {
  if (!isObject(data) || data[FORMAT] !== 1 || !isObject(data.records)) {
    throw new ProgressFileError("it is not a progress file saved from this page");
  }
  const records = {};
  for (const [key, value] of Object.entries(data.records)) {
    if (key === OLD_PUZZLES) continue; // kept before the puzzle room: no longer read
    if (!isProgressKey(key)) throw new ProgressFileError(`it holds "${key}", which is not part of your progress`);
    const ok = key === STORE ? validStore(value)
      : key === QUIZ ? isObject(value) && value.v === 1 && Array.isArray(value.review) && isObject(value.records)
      : isPuzzleRecord(value);
    if (!ok) throw new ProgressFileError(`its record "${key}" is damaged`);
    records[key] = value;
  }
  return records;
}

/** The progress replaced by these records, all or nothing. */
function replace(records) {
  const store = storage();
  if (!store) throw new ProgressFileError("this browser keeps nothing for this site (its storage is off)");
  const before = {};
  for (const key of keys()) before[key] = store.getItem(key);
  try {
    for (const key of Object.keys(before)) store.removeItem(key);
    for (const [key, value] of Object.entries(records)) store.setItem(key, JSON.stringify(value));
  } catch {
    for (const key of keys()) store.removeItem(key);
    for (const [key, value] of Object.entries(before)) store.setItem(key, value);
    throw new ProgressFileError("this browser has no room to keep it; your progress is as it was");
  }
}

/** Load a progress file's text: checked whole first, then it replaces the progress here. */
function importData(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProgressFileError("it is not a progress file saved from this page");
  }
  replace(checked(data));
  refreshAll();
}

function clearAll() {
  const store = storage();
  if (store) for (const key of keys()) store.removeItem(key);
  refreshAll();
}

/** What the progress holds, in a line: "2 lessons passed, 14 questions answered, 3 puzzles tried, 1 hand at a table". */
function summary() {
  const store = load();
  const lessons = Object.values(store.lessons).filter((r) => isObject(r) && r.passed).length;
  let answered = 0;
  try {
    answered = Number(JSON.parse(storage().getItem(QUIZ) || "{}").answered) || 0;
  } catch {
    answered = 0;
  }
  let puzzles = 0;
  for (const game of GAMES) {
    const data = puzzleRecord(game.game);
    if (data) puzzles += data.h.length;
  }
  const hands = Object.values(store.tables).reduce((n, t) => n + (isObject(t) ? Number(t.hands) || 0 : 0), 0);
  return `${countOf(lessons, "lesson")} passed, ${countOf(answered, "question")} answered, ` +
    `${countOf(puzzles, "puzzle")} tried, ${countOf(hands, "hand")} finished at a table`;
}

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function drawTools(box) {
  if (box.hasAttribute("data-sv-mounted")) return;
  box.setAttribute("data-sv-mounted", "");
  const button = (text) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "md-button";
    b.textContent = text;
    return b;
  };
  const saveButton = button("Save my progress to a file");
  const loadButton = button("Load progress from a file");
  const clearButton = button("Clear all my progress");
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.hidden = true;
  const status = document.createElement("p");
  status.className = "sv-progress-status";
  status.setAttribute("role", "status");
  const say = (text, error = false) => {
    const span = document.createElement("span");
    if (error) span.setAttribute("role", "alert");
    span.textContent = text;
    status.classList.toggle("sv-progress-error", error);
    status.replaceChildren(span);
  };
  saveButton.addEventListener("click", () => {
    const blob = new Blob([`${JSON.stringify(exportData(), null, 1)}\n`], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `stytvolt-progress-${today()}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    say(`Saved ${link.download}: ${summary()}. Load it on another device with "Load progress from a file".`);
  });
  loadButton.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (keys().length && !window.confirm(`Replace the progress kept in this browser with ${file.name}?`)) return;
    try {
      importData(await file.text());
      say(`Loaded ${file.name}: ${summary()}.`);
    } catch (err) {
      if (!(err instanceof ProgressFileError)) throw err;
      say(`${file.name} was not loaded: ${err.message}. Nothing was changed.`, true);
    }
  });
  clearButton.addEventListener("click", () => {
    const message = "Forget every lesson passed, your quiz record, your puzzle results and your table results? " +
      "They are kept only in this browser: save them to a file first to keep a copy.";
    if (!window.confirm(message)) return;
    clearAll();
    say("Your progress is cleared from this browser.");
  });
  const row = document.createElement("p");
  row.className = "sv-progress-buttons";
  row.append(saveButton, " ", loadButton, " ", clearButton, input);
  box.replaceChildren(row, status);
}

function onPage() {
  refreshLessons();
  refreshLines();
  for (const box of document.querySelectorAll(".sv-progress-tools")) drawTools(box);
}

if (!window.stytvoltProgress) {
  window.stytvoltProgress = { load, exportData, importData, clearAll, keys };
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => setTimeout(onPage, 0));
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => setTimeout(onPage, 0));
  } else {
    setTimeout(onPage, 0);
  }
}
