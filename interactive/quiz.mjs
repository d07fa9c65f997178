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
//   "stytvolt.learn.v1"), is never sent anywhere, and "Clear my progress"
//   removes it.
//
// Review: a missed question comes back after 2 more questions; answered
// right on review it comes back after 5, then 12, then it is retired.  A
// miss on review starts it again.  (Leitner boxes, counted in questions.)
//
// For tests and the bench: each answered .sv-quiz-q gets data-verdict
// ("right" | "wrong") and svVerdictMs (click to verdict, in ms);
// window.stytvoltQuiz = {load, save, clear, due}.

const STORE = "stytvolt.learn.v1";
const INTERVALS = [2, 5, 12];

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

window.stytvoltQuiz = { load, save, clear, due };

// -- the page's pieces ----------------------------------------------------------------------------

/** A game's Practise page, from the site's root (stytvolt/web/learn.py, practise_path). */
function practisePath(game) {
  return game === "styrivolt" ? "practise/" : `${game}/practise/`;
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
  const game = widget.dataset.game || "styrivolt";
  const waiting = store.review.filter((item) => {
    const [g, kind] = item.key.split("/");
    return g === game && (!kinds || kinds.includes(kind));
  }).length;
  return `Streak ${store.streak} (best ${store.best}) · ${waiting} to review`;
}

/** A line of text with the "Clear my progress" button after it (its text is the line's first child). */
function scoreLine(className, buttonClass) {
  const line = document.createElement("p");
  line.className = className;
  const reset = document.createElement("button");
  reset.type = "button";
  reset.className = buttonClass;
  reset.textContent = "Clear my progress";
  reset.addEventListener("click", () => {
    if (window.confirm("Forget your streak, your record and the questions waiting for review? They are kept only in this browser.")) clear();
  });
  line.append(document.createElement("span"), " ", reset);
  return line;
}

/** The widget's streak line, made the first time, showing this store. */
function showScore(widget, store) {
  let bar = widget.querySelector(".sv-quiz-score");
  if (!bar) {
    bar = scoreLine("sv-quiz-score", "sv-quiz-clear");
    widget.querySelector(".sv-output").before(bar);
  }
  bar.firstChild.textContent = scoreText(store, widget);
}

function refreshWidget(widget) {
  showScore(widget, load());
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
  // One summary (and one "Clear my progress") for the page, above its first table: the record is one for all games.
  let summary = document.querySelector(".sv-progress-summary");
  if (!summary) {
    summary = scoreLine("sv-progress-summary", "md-button sv-quiz-clear");
    table.before(summary);
  }
  summary.firstChild.textContent =
    `${store.answered} answered · streak ${store.streak} (best ${store.best}) · ${store.review.length} waiting for review.`;
}

function refreshAll() {
  for (const widget of document.querySelectorAll('.sv-widget[data-widget="quiz"]')) refreshWidget(widget);
  for (const table of document.querySelectorAll("table.sv-progress")) refreshProgress(table);
}

// -- answering ----------------------------------------------------------------------------------------

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
  verdict.textContent = right ? "✓ Right." : `✗ Not this one: the answer is ${answerText ? answerText.textContent : q.dataset.correct}. It will come back for review.`;
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
      verdict.textContent += ` That makes ${widget.svRound.right} of ${count} right in this round; New question starts another, and the Practise page has every kind.`;
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
    const game = widget.dataset.game || "styrivolt";
    let key = form.querySelector('input[name="key"]');
    if (!key) {
      key = document.createElement("input");
      key.type = "hidden";
      key.name = "key";
      form.append(key);
    }
    const kindField = form.elements.namedItem("kind");
    const chosenKind = kindField && kindField.value;
    const item = due(store, game, chosenKind ? [chosenKind] : quizKinds(widget));
    if (widget.svPermalink) {
      key.value = widget.svPermalink; // a permalink being opened: exactly that question
      widget.svPermalink = null;
    } else {
      key.value = item ? item.key : "";
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

// A new question drawn: refresh the score and the links, and on the practise page keep the address its permalink.
document.addEventListener("sv:answer", (event) => {
  const widget = event.target instanceof Element && event.target.closest('.sv-widget[data-widget="quiz"]');
  if (!widget) return;
  refreshWidget(widget);
  const q = widget.querySelector(".sv-quiz-q");
  if (q && widget.hasAttribute("data-permalink")) history.replaceState(history.state, "", permalink(q));
  const first = q && q.querySelector(".sv-choice");
  if (first && widget.contains(document.activeElement)) first.focus({ preventScroll: true });
});

// -- on every page --------------------------------------------------------------------------------------

function openPermalink() {
  const params = new URLSearchParams(location.search);
  const widget = document.querySelector('.sv-widget[data-widget="quiz"][data-permalink]');
  if (!widget || !params.get("kind")) return;
  const game = params.get("game") || widget.dataset.game || "styrivolt";
  if (game !== (widget.dataset.game || "styrivolt")) return; // a link to another game's question: this page's quiz asks its own
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
