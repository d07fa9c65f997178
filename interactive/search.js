// Served as assets/search.js, loaded in <head> before Material's bundle (overrides/main.html).
//
// Material's search runs in a worker of its own (lunr over search/search_index.json, which the build
// hook shapes: interactive/searchindex.py).  This script stands between the page and that worker:
//
// * A question goes to the worker as a player means it: the little words ("how do we", "can I") are
//   left out, each other word is cut to its stem ("tricks" searches trick…, "scoring" score…), and a
//   game's name ("who leads first in sjavs") is taken as the game to search first, not as a word to find.
// * The results come back in the order a player wants: pages that match more of the question first;
//   among equally good ones, the game being searched first, then a page with a heading, a glossary term
//   or a table row that is just what was asked ("The lurch" for "what is a lurch"), then by Material's
//   own score.  The game searched first is the one the question names, else the one chosen in the
//   search's "Search first in" menu, which starts at the game of the page being read (on a page shared
//   by the games, "all games alike").
//
// Nothing is fetched: the games of the pages come from the index itself (each entry's "game"); the games and
// their names, from the page's head (meta "stytvolt-games", which the build writes from the registry).
(() => {
  if (typeof window.Worker !== "function" || window.__svSearch) return;
  const ROOT = new URL("../", document.currentScript.src);
  const DECLARED = JSON.parse(document.querySelector('meta[name="stytvolt-games"]')?.content || "[]");
  const GAMES = DECLARED.map((game) => game.title);
  const FOLD = { ø: "o", æ: "ae", ð: "d", þ: "th", ß: "ss" };
  const fold = (text) => text.toLowerCase().replace(/[øæðþß]/g, (c) => FOLD[c]).normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  // A game's name as a player may type it (with or without accents), and the other names it is known by.
  const GAME_WORDS = new Map(DECLARED.flatMap((game) => [game.title, ...game.names].map((name) => [fold(name), game.title])));
  // lunr's English stop words: the index leaves them out, so a question's own only add noise.
  const STOP = new Set(("a able about across after all almost also am among an and any are as at be because been but by can " +
    "cannot could dear did do does either else ever every for from get got had has have he her hers him his how however i " +
    "if in into is it its just least let like likely may me might most must my neither no nor not of off often on only or " +
    "other our own rather said say says she should since so some than that the their them then there these they this tis " +
    "to too twas us wants was we were what when where which while who whom why will with would yet you your " +
    // and the verbs a question is built with, which the page answering it need not use ("how does bidding work")
    "work works happen happens happened mean means need needs want know tell explain").split(" "));
  const SEPARATOR = /[\s\-–—,.:;!?()[\]"“”'‘’/…·=]+/;
  const QUERY = 2;
  const RESULT = 3;
  const SETUP = 0;

  // -- the question --------------------------------------------------------------------------------

  /** The stem a word is searched by: a prefix of the word, so every form of it matches ("tricks" → "trick"). */
  function stem(word) {
    let w = word;
    const cut = (n) => w.slice(0, -n);
    const undouble = (s) => (/([b-df-hj-np-rtv-z])\1$/.test(s) && !/(ll|ss|zz|ff)$/.test(s) ? s.slice(0, -1) : s);
    if (w.length > 5 && w.endsWith("ing")) w = undouble(cut(3));
    else if (w.length > 4 && w.endsWith("ies")) w = cut(3);
    else if (w.length > 4 && /(ss|sh|ch|x)es$/.test(w)) w = cut(2);
    else if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) w = undouble(cut(2));
    else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = cut(1);
    return w.length >= 3 ? w : word;
  }

  /**
   * What a typed question asks: ``text``, the words sent to the search; ``named``, the game it names (or null);
   * ``words``, each searched stem with the word the player typed.  A query written in lunr's own syntax
   * (quotes, +, -, *, ~, ^, a field:) goes as it is.
   */
  function understand(query) {
    if (/["*~^:+]|(^|\s)-/.test(query)) return { text: query, named: null, words: new Map(), stems: "" };
    const raw = query.split(SEPARATOR).filter(Boolean);
    let named = null;
    const kept = [];
    for (const word of raw) {
      const folded = fold(word);
      if (GAME_WORDS.has(folded) && !named) named = GAME_WORDS.get(folded);
      else if (GAME_WORDS.has(folded)) continue;
      else kept.push(word);
    }
    let content = kept.filter((word) => !STOP.has(word.toLowerCase()) && !/^[a-z]$/i.test(word));
    if (!content.length) content = kept.length ? kept : raw; // only little words, or only a game's name: search them
    const words = new Map();
    for (const word of content) {
      const lower = word.toLowerCase();
      const s = /^[a-z]+$/.test(lower) ? stem(lower) : lower;
      if (!words.has(s)) words.set(s, word);
      // The same word with the accents the pages give it: "hosn" searches høsn too, "fyrik" fýrik.
      for (const spelt of accented.get(fold(lower)) || []) if (!words.has(spelt)) words.set(spelt, word);
    }
    return { text: [...words.keys()].join(" "), named, words, stems: stemsOf(content.join(" ")) };
  }

  /** A text's words as searched: little words left out, the others cut to their stems, in order of the alphabet. */
  function stemsOf(text) {
    const out = new Set();
    for (const word of text.toLowerCase().split(SEPARATOR)) {
      if (!word || STOP.has(word) || /^[a-z]$/.test(word)) continue;
      out.add(/^[a-z]+$/.test(word) ? stem(word) : word);
    }
    return [...out].sort().join(" ");
  }

  /** Whether an entry's title is just the question ("The lurch" for "what is a lurch", "bird — Fuglurin" for "bird"). */
  function titled(item, stems) {
    const title = String(item.title || "").replace(/<[^>]*>/g, "").split(" · ")[0].split(" — ")[0];
    return Boolean(stems) && stemsOf(title) === stems;
  }

  // Every word of the index written with letters beyond a–z, by its plain spelling ("hosn" → høsn).
  const accented = new Map();

  function learnAccents(docs) {
    for (const doc of docs) {
      for (const field of [doc.title, doc.text]) {
        if (typeof field !== "string" || !/[^\x00-\x7f]/.test(field)) continue;
        for (const word of field.replace(/<[^>]*>/g, " ").split(SEPARATOR)) {
          if (!/[^\x00-\x7f]/.test(word)) continue;
          const lower = word.toLowerCase();
          const plain = fold(lower);
          if (plain === lower || !/^[a-z]+$/.test(plain)) continue;
          if (!accented.has(plain)) accented.set(plain, new Set());
          accented.get(plain).add(lower);
        }
      }
    }
  }

  // -- the results -----------------------------------------------------------------------------------

  const pageGames = new Map(); // a page's path from the site's root ("sjavs/scoring/") → its game

  function currentPath() {
    let path = decodeURI(window.location.pathname);
    const root = decodeURI(ROOT.pathname);
    path = path.startsWith(root) ? path.slice(root.length) : path.replace(/^\//, "");
    return path.replace(/index\.html$/, "");
  }

  let choice = null; // { path, game }: the game chosen in the menu, on the page it was chosen on

  /** The game searched first when the question names none: the menu's choice on this page, else the page's game. */
  function chosenGame() {
    const path = currentPath();
    if (choice && choice.path === path) return choice.game;
    return pageGames.get(path) || "";
  }

  function gamesOf(group) {
    const games = new Set();
    const article = group.find((item) => !item.location.includes("#"));
    for (const g of (article && article.game) || []) games.add(g);
    for (const g of group[0].game || []) games.add(g);
    return games;
  }

  function coverage(group) {
    const asked = new Set();
    const found = new Set();
    for (const item of group) {
      for (const [term, hit] of Object.entries(item.terms || {})) {
        asked.add(term);
        if (hit) found.add(term);
      }
    }
    return asked.size ? found.size / asked.size : 0;
  }

  /** Which of the player's words an item matched (a stem or spelling searched stands for the word typed). */
  function asTyped(terms, words) {
    const out = {};
    for (const [term, hit] of Object.entries(terms || {})) {
      const word = words.get(term) || term;
      out[word] = Boolean(out[word] || hit);
    }
    return out;
  }

  /**
   * The groups (a page and its sections) in the order a player wants; each group's scores rescaled to match.
   * First the pages that match more of the question; among those, the game searched first; then a page with
   * an entry titled just what was asked (that entry first in its page); then Material's score.
   */
  function order(groups, game, words, stems = "") {
    const typed = groups.map((group) => {
      const items = group.map((item) => ({ ...item, terms: asTyped(item.terms, words) }));
      // First in its page: an entry titled just what was asked, else the entry that has the most of the
      // player's words ("what beats the bird": the bird's row of the ranking table, not the page's opening,
      // which Material's weight on titles puts first for "beats" alone).
      let best = items.findIndex((item) => item.location.includes("#") && titled(item, stems));
      if (best < 0) {
        const hits = items.map((item) => Object.values(item.terms).filter(Boolean).length);
        best = hits.indexOf(Math.max(...hits));
        if (hits[best] === hits[0]) best = 0;
      }
      if (best > 0) {
        const [item] = items.splice(best, 1);
        items.unshift({ ...item, score: Math.max(...items.map((other) => other.score), item.score) });
      }
      return items;
    });
    const ranked = typed.map((group, index) => ({
      group, index, cover: coverage(group), first: game && gamesOf(group).has(game) ? 1 : 0,
      titled: group.some((item) => titled(item, stems)) ? 1 : 0,
      top: Math.max(...group.map((item) => item.score)),
    }));
    ranked.sort((a, b) => b.cover - a.cover || b.first - a.first || b.titled - a.titled || b.top - a.top || a.index - b.index);
    // Material's Enter key opens the result with the highest score: the scores follow the new order.
    return ranked.map(({ group, top }, place) => {
      const scale = top > 0 ? (ranked.length - place) / top : 0;
      return group.map((item) => ({ ...item, score: item.score * scale }));
    });
  }

  // -- between Material and its worker ---------------------------------------------------------------

  let worker = null;
  const asked = []; // what each query in flight asked, oldest first (the worker answers in order)

  let answered = null; // the question whose results the page shows last (for the tests)
  const seen = new WeakMap(); // each result as passed on, should Material listen twice

  function outgoing(message) {
    if (!message || typeof message !== "object") return message;
    if (message.type === SETUP && message.data && Array.isArray(message.data.docs)) {
      for (const doc of message.data.docs) {
        if (!doc.location.includes("#") && doc.game && doc.game.length === 1) pageGames.set(doc.location, doc.game[0]);
      }
      learnAccents(message.data.docs);
      syncMenu();
    }
    if (message.type === QUERY && typeof message.data === "string") {
      const meant = understand(message.data);
      asked.push({ query: message.data, game: meant.named || chosenGame(), words: meant.words, stems: meant.stems });
      showScope(meant.named);
      return { ...message, data: meant.text };
    }
    return message;
  }

  function incoming(event) {
    if (seen.has(event)) return seen.get(event);
    const data = event.data;
    let out = event;
    if (data && data.type === RESULT && data.data && Array.isArray(data.data.items)) {
      const meant = asked.shift() || { query: null, game: "", words: new Map(), stems: "" };
      const items = order(data.data.items, meant.game, meant.words, meant.stems);
      out = new MessageEvent("message", { data: { ...data, data: { ...data.data, items } } });
      out.svQuery = meant.query;
    }
    seen.set(event, out);
    return out;
  }

  function adopt(w) {
    worker = w;
    const post = w.postMessage.bind(w);
    const add = w.addEventListener.bind(w);
    const remove = w.removeEventListener.bind(w);
    const wrapped = new WeakMap();
    w.postMessage = (message, ...rest) => post(outgoing(message), ...rest);
    w.addEventListener = (type, listener, options) => {
      if (type !== "message" || !listener) return add(type, listener, options);
      let fn = wrapped.get(listener);
      if (!fn) {
        fn = (event) => {
          const passed = incoming(event);
          const done = typeof listener === "function" ? listener.call(w, passed) : listener.handleEvent(passed);
          if ("svQuery" in passed) answered = passed.svQuery;
          return done;
        };
        wrapped.set(listener, fn);
      }
      return add(type, fn, options);
    };
    w.removeEventListener = (type, listener, options) => remove(type, (type === "message" && wrapped.get(listener)) || listener, options);
  }

  const Native = window.Worker;
  window.Worker = new Proxy(Native, {
    construct(target, args, newTarget) {
      const w = Reflect.construct(target, args, newTarget);
      try {
        if (/\/workers\/search\.[^/]*\.js(\?|$)/.test(new URL(String(args[0]), document.baseURI).pathname)) adopt(w);
      } catch {
        // not a worker address we know: leave it alone
      }
      return w;
    },
  });

  // -- the menu: which game to search first ------------------------------------------------------------

  let menu = null;
  let note = null;

  function syncMenu() {
    if (menu) menu.value = chosenGame();
  }

  function showScope(named) {
    if (!note) return;
    note.textContent = named ? `Searching ${named} first, as your question names it.` : "";
    if (menu) menu.value = named || chosenGame();
  }

  function research() {
    const box = document.querySelector("input.md-search__input");
    if (!worker || !box || !box.value.trim()) return;
    worker.postMessage({ type: QUERY, data: box.value });
  }

  function mount() {
    const result = document.querySelector(".md-search-result");
    if (!result || document.querySelector(".sv-search-scope")) return;
    const bar = document.createElement("div");
    bar.className = "sv-search-scope";
    const label = document.createElement("label");
    label.append("Search first in ");
    menu = document.createElement("select");
    for (const [value, text] of [["", "all games alike"], ...GAMES.map((g) => [g, g])]) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = text;
      menu.append(option);
    }
    label.append(menu);
    note = document.createElement("span");
    note.className = "sv-search-scope__note";
    bar.append(label, note);
    result.before(bar); // beside Material's list, whose first and last children it reads
    // Material's search takes every key for its own box; the menu keeps its keys.
    menu.addEventListener("keydown", (event) => {
      event.stopPropagation();
      if (event.key === "Tab" && event.shiftKey) {
        const box = document.querySelector("input.md-search__input");
        if (box) { event.preventDefault(); box.focus(); }
      }
    });
    // Material closes the search on Tab from its box: Tab goes to the menu instead (Shift+Tab comes back, and
    // Tab from the menu goes on to the results), so keyboard users reach it as everyone else does.
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Tab" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!(event.target instanceof Element && event.target.matches("input.md-search__input"))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      menu.focus();
    }, true);
    menu.addEventListener("change", () => {
      choice = { path: currentPath(), game: menu.value };
      research();
    });
    syncMenu();
    // The menu follows the page read (Material's instant navigation changes it without a reload).
    const toggle = document.getElementById("__search");
    if (toggle) toggle.addEventListener("change", () => { if (toggle.checked) syncMenu(); });
    document.addEventListener("focusin", (event) => {
      if (event.target instanceof Element && event.target.matches("input.md-search__input")) syncMenu();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();

  window.__svSearch = {
    understand, stem, order, chosenGame, learnAccents,
    get answered() { return answered; },
  };
})();
