// Quizzes: the verdict, the streak, the review of missed questions, the progress page
// (served as assets/quiz.mjs, imported by runtime.mjs).
//
// The question itself is drawn by the engine (stytvolt.web.learn, in the
// worker's Pyodide; the build draws each page's first one) with its correct
// answer and explanation inside it, so a click gets its verdict at once,
// without a round trip.  This module only presents:
//
// * a click (or Enter on a focused choice) marks the choice right or wrong
//   by symbol and text as well as colour, reveals the right one, opens the
//   explanation with its link to the rule, and records the result;
// * "New question" (a submit the runtime sends to the worker) first sets the
//   seed here: a missed question that is due comes back (its exact key),
//   otherwise a fresh random seed;
// * every question has a permalink, practise/?game=…&kind=…&level=…&seed=… (sjavs/practise/… for Sjavs),
//   which reopens exactly that question;
// * what is stored stays in this browser's local storage (key
//   "stytvolt.learn.v1"), is never sent anywhere, and "Clear my quiz
//   record" removes it (the progress page, progress.mjs, saves, loads and
//   clears it with the rest of the reader's progress).
//
// Review: a missed question comes back after 2 more questions; answered
// right on review it comes back after 5, then 12, then it is retired.  A
// miss on review starts it again.  (Leitner boxes, counted in questions.)
// A question that comes back is labelled "Review", and the Level box stays
// at the level the reader chose (the question itself keeps its own).
//
// Sessions: a page's short quiz (data-count: a lesson's "Test yourself")
// says how its round went and sends "sv:round" {right, count} from the
// question, for progress.mjs to pass the lesson; any other quiz sums up
// every ten answers (right, missed, and the lesson to read for each kind
// missed).  On a Practise page (data-permalink), "Practise my misses" asks
// only the questions waiting for review, due or not.
//
// Screen readers: the widget's status line says the new question (its
// data-spoken, which runtime.mjs reads out), never its answer, which stays
// in the sealed "The answer" until the reader has answered.
//
// For tests and the bench: each answered .sv-quiz-q gets data-verdict
// ("right" | "wrong") and svVerdictMs (click to verdict, in ms), and a
// question back for review data-review="yes";
// window.stytvoltQuiz = {load, save, clear, due, refresh}.

import PATH from "./lessons.mjs";

const STORE = "stytvolt.learn.v1";
const INTERVALS = [2, 5, 12];
const SESSION = 10; // a quiz without rounds sums up after this many answers
const NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

function emptyStore() {
  return { v: 1, answered: 0, streak: 0, best: 0, records: {}, review: [] };
}

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE) || "null");
    if (data && data.v === 1 && Array.isArray(data.review) && typeof data.records === "object") return data;
  } catch {
    /* storage off, or a damaged entry: start afresh */
  }
  return emptyStore();
}

function save(store) {
  try {
    localStorage.setItem(STORE, JSON.stringify(store));
  } catch {
    /* storage full or off: the quiz still works, it just forgets */
  }
}

function clear() {
  try {
    localStorage.removeItem(STORE);
  } catch {
    /* nothing stored */
  }
  refreshAll();
}

function record(store, key, right) {
  const [game, kind, level] = key.split("/");
  const slot = `${game}/${kind}/${level}`;
  const rec = store.records[slot] || [0, 0];
  rec[right ? 0 : 1] += 1;
  store.records[slot] = rec;
  store.answered += 1;
  store.streak = right ? store.streak + 1 : 0;
  store.best = Math.max(store.best, store.streak);
  const index = store.review.findIndex((item) => item.key === key);
  if (index >= 0) {
    const item = store.review[index];
    if (right) {
      item.box += 1;
      if (item.box >= INTERVALS.length) store.review.splice(index, 1);
      else item.due = store.answered + INTERVALS[item.box];
    } else {
      item.box = 0;
      item.due = store.answered + INTERVALS[0];
    }
  } else if (!right) {
    store.review.push({ key, box: 0, due: store.answered + INTERVALS[0] });
  }
}

/** The first due review item this quiz may ask (its game, and a kind it asks), or null. */
function due(store, game, kinds) {
  for (const item of store.review) {
    const [g, kind] = item.key.split("/");
    if (g === game && item.due <= store.answered && (!kinds || kinds.includes(kind))) return item;
  }
  return null;
}

/** The waiting review item to practise now in "Practise my misses" (due or not, the soonest due first), or null. */
function waiting(store, game, kinds, shown) {
  const mine = store.review
    .filter((item) => {
      const [g, kind] = item.key.split("/");
      return g === game && (!kinds || kinds.includes(kind));
    })
    .sort((a, b) => a.due - b.due);
  return mine.find((item) => item.key !== shown) || mine[0] || null;
}

window.stytvoltQuiz = { load, save, clear, due, refresh: () => refreshAll() };

// -- the page's pieces ----------------------------------------------------------------------------

/** A game's Practise page, from the site's root (stytvolt/web/learn.py, practise_path, as lessons.mjs has it). */
function practisePath(game) {
  const path = PATH.games.find((g) => g.game === game);
  return path ? path.practise : `${game}/practise/`;
}

function permalink(q) {
  const url = new URL(practisePath(q.dataset.game), window.stytvolt.siteRoot());
  for (const name of ["game", "kind", "level", "seed"]) url.searchParams.set(name, q.dataset[name]);
  return url.href;
}

function quizKinds(widget) {
  const form = widget.querySelector("form.sv-controls");
  const select = form && form.elements.namedItem("kind");
  if (select && select.tagName === "SELECT") {
    return Array.from(select.options).map((o) => o.value).filter(Boolean);
  }
  return select && select.value ? [select.value] : null;
}

function scoreText(store, widget) {
  const kinds = quizKinds(widget);
  const game = widget.dataset.game || PATH.first;
  const waiting = store.review.filter((item) => {
    const [g, kind] = item.key.split("/");
    return g === game && (!kinds || kinds.includes(kind));
  }).length;
  return `Streak ${store.streak} (best ${store.best}) · ${waiting} to review`;
}

/** The quiz's streak line with its "Clear my quiz record" button after it (its text is the line's first child). */
function scoreLine() {
  const line = document.createElement("p");
  line.className = "sv-quiz-score";
  const reset = document.createElement("button");
  reset.type = "button";
  reset.className = "sv-quiz-clear";
  reset.textContent = "Clear my quiz record";
  reset.addEventListener("click", () => {
    if (window.confirm("Forget your streak, your quiz record and the questions waiting for review? They are kept only in this browser.")) clear();
  });
  line.append(document.createElement("span"), " ", reset);
  return line;
}

/** The widget's streak line, made the first time, showing this store. */
function showScore(widget, store) {
  let bar = widget.querySelector(".sv-quiz-score");
  if (!bar) {
    bar = scoreLine();
    widget.querySelector(".sv-output").before(bar);
  }
  bar.firstChild.textContent = scoreText(store, widget);
}

/** "Practise my misses" on a Practise page: a box in the quiz's controls (never sent to the engine: it has no name). */
function missesBox(widget) {
  if (!widget.hasAttribute("data-permalink")) return null;
  let box = widget.querySelector("input.sv-quiz-misses");
  if (!box) {
    const fields = widget.querySelector("form.sv-controls fieldset.sv-fields") || widget.querySelector("form.sv-controls");
    if (!fields) return null;
    const label = document.createElement("label");
    label.className = "sv-quiz-misses-label";
    box = document.createElement("input");
    box.type = "checkbox";
    box.className = "sv-quiz-misses";
    label.append(box, " Practise my misses");
    fields.append(" ", label);
  }
  return box;
}

function refreshWidget(widget) {
  showScore(widget, load());
  missesBox(widget);
  const q = widget.querySelector(".sv-quiz-q");
  if (!q) return;
  if (!q.querySelector(".sv-quiz-link")) {
    const link = document.createElement("a");
    link.className = "sv-quiz-link";
    link.href = permalink(q);
    link.textContent = "Link to this question";
    q.querySelector(".sv-quiz-explain").after(link);
  }
  // Until it is answered, the answer stays shut (without JavaScript the reader may open it).
  const details = q.querySelector(".sv-quiz-explain");
  if (!q.dataset.verdict) {
    details.open = false;
    details.classList.add("sv-quiz-sealed");
  }
}

function refreshProgress(table) {
  const store = load();
  for (const row of table.querySelectorAll("tr[data-kind]")) {
    for (const cell of row.querySelectorAll("td[data-level]")) {
      const rec = store.records[`${row.dataset.game}/${row.dataset.kind}/${cell.dataset.level}`];
      const text = cell.querySelector(".sv-record");
      if (text) text.textContent = rec ? `${rec[0]} of ${rec[0] + rec[1]} right` : "not tried";
      cell.classList.toggle("sv-tried", Boolean(rec));
    }
  }
  // One line for the page (the progress page has its place for it), the record being one for all games.
  let summary = document.querySelector(".sv-progress-summary");
  if (!summary) {
    summary = document.createElement("p");
    summary.className = "sv-progress-summary";
    table.before(summary);
  }
  summary.textContent =
    `Questions: ${store.answered} answered · streak ${store.streak} (best ${store.best}) · ${store.review.length} waiting for review.`;
}

function refreshAll() {
  for (const widget of document.querySelectorAll('.sv-widget[data-widget="quiz"]')) refreshWidget(widget);
  for (const table of document.querySelectorAll("table.sv-progress")) refreshProgress(table);
}

// -- answering ----------------------------------------------------------------------------------------

/** "the answer is ♦2." without a second full stop when the answer's words end with one. */
function sentence(text) {
  const said = text.trim();
  return /[.!?…]$/.test(said) ? said : `${said}.`;
}

function countWord(n) {
  return NUMBERS[n] || String(n);
}

/** The first lesson (of the lesson path, assets/lessons.mjs) whose test asks this kind, or null. */
function lessonFor(game, kind) {
  const path = PATH.games.find((g) => g.game === game);
  return (path && path.lessons.find((lesson) => lesson.kinds.includes(kind))) || null;
}

/** A question's kind, as the quiz's Question box names it, or as the question's own line does ("… · Title · easy"). */
function kindTitle(widget, q) {
  const select = widget.querySelector('form.sv-controls select[name="kind"]');
  const option = select && Array.from(select.options).find((o) => o.value === q.dataset.kind);
  if (option) return option.textContent;
  const parts = (q.querySelector(".sv-quiz-meta") || { textContent: "" }).textContent.split(" · ");
  return parts.length >= 2 ? parts[parts.length - 2].trim() : "";
}

/** After every ten answers of a quiz without rounds: right, missed, and what to read for the kinds missed. */
function sessionSummary(widget, q, verdict) {
  const session = widget.svSession;
  const right = session.filter((a) => a.right).length;
  const missed = session.length - right;
  const box = document.createElement("section");
  box.className = "sv-quiz-summary";
  box.setAttribute("aria-label", `Your last ${countWord(session.length)} questions`);
  const head = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = `Your last ${countWord(session.length)} questions: ${right} right, ${missed} missed.`;
  head.append(strong);
  box.append(head);
  const game = q.dataset.game;
  const reads = new Map(); // where to read -> {title, kinds}
  for (const a of session) {
    if (a.right) continue;
    const lesson = lessonFor(game, a.kind);
    const href = lesson ? new URL(lesson.url, window.stytvolt.siteRoot()).href : a.rule;
    if (!href) continue;
    const entry = reads.get(href) || { title: lesson ? lesson.title : "the rule", kinds: [] };
    if (a.title && !entry.kinds.includes(a.title)) entry.kinds.push(a.title);
    reads.set(href, entry);
  }
  const next = document.createElement("p");
  if (reads.size) {
    next.append("What to read next: ");
    let first = true;
    for (const [href, entry] of reads) {
      if (!first) next.append("; ");
      first = false;
      const link = document.createElement("a");
      link.href = href;
      link.textContent = entry.title;
      next.append(link, entry.kinds.length ? ` (for ${entry.kinds.join(", ")})` : "");
    }
    next.append(".");
  } else {
    next.textContent = "Nothing missed in these ten.";
  }
  box.append(next);
  verdict.after(box);
  verdict.textContent += ` That makes ${countWord(session.length)} questions: ${right} right, ${missed} missed; the summary is below.`;
}

function answer(button) {
  const started = performance.now();
  const q = button.closest(".sv-quiz-q");
  if (!q || q.dataset.verdict) return;
  const right = button.dataset.choice === q.dataset.correct;
  q.dataset.verdict = right ? "right" : "wrong";
  for (const choice of q.querySelectorAll(".sv-choice")) {
    choice.setAttribute("aria-disabled", "true");
    if (choice.dataset.choice === q.dataset.correct) {
      choice.classList.add("sv-correct");
      choice.insertAdjacentHTML("beforeend", '<span class="sv-mark" aria-hidden="true">✓</span>');
      choice.setAttribute("aria-label", `${choice.getAttribute("aria-label") || choice.textContent}, the right answer`);
    }
  }
  button.classList.add("sv-chosen", right ? "sv-right" : "sv-wrong");
  button.setAttribute("aria-pressed", "true");
  if (!right) button.insertAdjacentHTML("beforeend", '<span class="sv-mark" aria-hidden="true">✗</span>');
  const verdict = q.querySelector(".sv-quiz-verdict");
  const answerText = q.querySelector('[data-answer="text"]');
  const said = answerText ? answerText.textContent : q.dataset.correct;
  verdict.textContent = right ? "✓ Right." : `✗ Not this one: the answer is ${sentence(said)} It will come back for review.`;
  verdict.className = `sv-quiz-verdict ${right ? "sv-right" : "sv-wrong"}`;
  const details = q.querySelector(".sv-quiz-explain");
  details.classList.remove("sv-quiz-sealed");
  details.open = true;
  q.svVerdictMs = performance.now() - started;
  const widget = q.closest(".sv-widget");
  // A page's short quiz ("Question 2 of 3"): the last answer of a round says how the round went.
  const number = Number(q.dataset.number || 0);
  const count = Number(q.dataset.count || 0);
  if (widget && count) {
    if (number === 1 || !widget.svRound) widget.svRound = { right: 0 };
    if (right) widget.svRound.right += 1;
    if (number === count) {
      const got = widget.svRound.right;
      verdict.textContent += ` That makes ${got} of ${count} right in this round`;
      // A lesson's test: progress.mjs says what the round means for the lesson.
      verdict.textContent += widget.hasAttribute("data-sv-lesson") ? "." : "; New question starts another, and the Practise page has every kind.";
      q.dispatchEvent(new CustomEvent("sv:round", { bubbles: true, detail: { right: got, count } }));
    }
  } else if (widget) {
    // Any other quiz: a summary every ten answers.
    const rule = q.querySelector("a.sv-rule");
    widget.svSession = widget.svSession || [];
    widget.svSession.push({ kind: q.dataset.kind, title: kindTitle(widget, q), right, rule: rule ? rule.href : "" });
    if (widget.svSession.length >= SESSION) {
      sessionSummary(widget, q, verdict);
      widget.svSession = [];
    }
  }
  // Storing and the score come after the verdict is drawn.
  const store = load();
  record(store, q.dataset.key, right);
  save(store);
  if (widget) showScore(widget, store);
  const next = widget && widget.querySelector('form.sv-controls button[value="next"]');
  if (next) next.focus({ preventScroll: true });
}

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element && event.target.closest(".sv-quiz-q .sv-choice");
  if (button) answer(button);
});

// "New question": choose the seed before the runtime reads the form.
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    const widget = form instanceof HTMLFormElement && form.closest('.sv-widget[data-widget="quiz"]');
    if (!widget) return;
    const store = load();
    const game = widget.dataset.game || PATH.first;
    let key = form.querySelector('input[name="key"]');
    if (!key) {
      key = document.createElement("input");
      key.type = "hidden";
      key.name = "key";
      form.append(key);
    }
    const kindField = form.elements.namedItem("kind");
    const levelField = form.elements.namedItem("level");
    const chosenKind = kindField && kindField.value;
    const kinds = chosenKind ? [chosenKind] : quizKinds(widget);
    const shown = widget.querySelector(".sv-quiz-q");
    const misses = missesBox(widget);
    const onlyMisses = Boolean(misses && misses.checked);
    const item = onlyMisses ? waiting(store, game, kinds, shown && shown.dataset.key) : due(store, game, kinds);
    // What this submit asks, for its answer: a review keeps the level the reader chose.
    widget.svAsking = { key: "", review: false, level: levelField ? levelField.value : "", noMisses: onlyMisses && !item };
    if (widget.svPermalink) {
      key.value = widget.svPermalink; // a permalink being opened: exactly that question
      widget.svPermalink = null;
    } else {
      key.value = item ? item.key : "";
      widget.svAsking.key = key.value;
      widget.svAsking.review = Boolean(item);
      form.elements.namedItem("seed").value = String(Math.floor(Math.random() * 2 ** 31));
    }
    const count = Number(widget.dataset.count || 0);
    if (count) {
      let number = form.querySelector('input[name="number"]');
      if (!number) {
        number = document.createElement("input");
        number.type = "hidden";
        number.name = "number";
        number.value = "1";
        form.append(number);
      }
      number.value = String((Number(number.value) % count) + 1);
    }
  },
  true,
);

/** A question back for review: labelled so, and the Level box back at the level the reader chose. */
function markReview(widget, q) {
  const asking = widget.svAsking;
  widget.svAsking = null;
  if (!asking) return;
  if (asking.review && q.dataset.key === asking.key) {
    q.dataset.review = "yes";
    const meta = q.querySelector(".sv-quiz-meta");
    if (meta && !meta.querySelector(".sv-quiz-review")) {
      const label = document.createElement("span");
      label.className = "sv-quiz-review";
      label.textContent = "Review";
      meta.prepend(label, " · ");
    }
    const levelField = widget.querySelector('form.sv-controls select[name="level"]');
    // The answer set the box to the question's own level; unless the reader changed it since, it goes back.
    if (levelField && asking.level && levelField.value === q.dataset.level) levelField.value = asking.level;
  } else if (asking.noMisses) {
    const note = document.createElement("p");
    note.className = "sv-quiz-note";
    note.textContent = "No misses are waiting for review here, so this is a fresh question.";
    q.prepend(note);
  }
}

/** What the status line says of a new question (runtime.mjs reads data-spoken): where it stands and its prompt. */
function spoken(q) {
  const text = (selector) => {
    const element = q.querySelector(selector);
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  };
  const parts = [text(".sv-quiz-note"), text(".sv-quiz-meta"), text(".sv-quiz-prompt strong")].filter(Boolean);
  return `New question. ${parts.join(". ")}`;
}

// A new question drawn: refresh the score and the links, and on the practise page keep the address its permalink.
document.addEventListener("sv:answer", (event) => {
  const widget = event.target instanceof Element && event.target.closest('.sv-widget[data-widget="quiz"]');
  if (!widget) return;
  const q = widget.querySelector(".sv-quiz-q");
  if (q) {
    markReview(widget, q);
    q.dataset.spoken = spoken(q);
  }
  refreshWidget(widget);
  if (q && widget.hasAttribute("data-permalink")) history.replaceState(history.state, "", permalink(q));
  const first = q && q.querySelector(".sv-choice");
  if (first && widget.contains(document.activeElement)) first.focus({ preventScroll: true });
});

// -- on every page --------------------------------------------------------------------------------------

function openPermalink() {
  const params = new URLSearchParams(location.search);
  const widget = document.querySelector('.sv-widget[data-widget="quiz"][data-permalink]');
  if (!widget || !params.get("kind")) return;
  const game = params.get("game") || widget.dataset.game || PATH.first;
  if (game !== (widget.dataset.game || PATH.first)) return; // a link to another game's question: this page's quiz asks its own
  const kind = params.get("kind");
  const level = params.get("level") || "1";
  const seed = params.get("seed");
  const form = widget.querySelector("form.sv-controls");
  const kindField = form.elements.namedItem("kind");
  if (kindField) kindField.value = kind;
  const levelField = form.elements.namedItem("level");
  if (levelField) levelField.value = level;
  const current = widget.querySelector(".sv-quiz-q");
  const wanted = `${game}/${kind}/${level}/${seed}`;
  if (seed === null) {
    widget.svPermalink = null; // a kind and level only (the progress page's links): a fresh question of that kind
  } else if (current && current.dataset.key === wanted) {
    return;
  } else {
    widget.svPermalink = wanted;
  }
  form.requestSubmit(form.querySelector('button[value="next"]'));
}

function onPage() {
  refreshAll();
  openPermalink();
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => setTimeout(onPage, 0)); // after the runtime has mounted the widgets
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => setTimeout(onPage, 0));
} else {
  setTimeout(onPage, 0);
}
