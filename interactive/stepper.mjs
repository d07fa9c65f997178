// Step-through of worked hands and tricks (served as assets/stepper.mjs, imported by runtime.mjs).
//
// The markup (stytvolt.web.html.stepper) is a transcript: a .sv-stepper holds an
// ordered list .sv-steps with every step, and a .sv-stepper-nav (hidden) with
// the buttons First, Back, Forward, Last and a "Step k of n" live line.  This
// module turns each stepper into a viewer of one step at a time:
//
// * the buttons, and ArrowLeft/ArrowRight/Home/End while focus is inside the
//   stepper (which is itself focusable, with its aria-label), move between
//   steps; the live line announces "Step k of n: <title>";
// * in the worked-hand widget (.sv-widget[data-widget="hand"]) the step is
//   kept in the page address, beside the runtime's permalink fields:
//   ?w=<widget id>&hand=<name>&seed=<n>&step=<k> (history.replaceState, other
//   keys kept), and in the form's hidden "step" field, so the runtime's own
//   permalink and "Link to this" carry it.  Opening such an address makes the
//   runtime submit the form, and the answer starts at that step.
//
// Steppers are mounted on every page Material shows (document$, else
// DOMContentLoaded) and again inside a widget after its sv:answer event;
// mounting twice is harmless.  A stepper inside a closed <details> is
// mounted when it is opened, so an answer stays as the engine drew it until
// then.  Without the script the buttons are hidden and disabled.  (Links the
// engine draws are resolved by the runtime when it inserts an answer.)

const MOUNTED = "data-sv-stepper";
const WAITING = new WeakSet(); // closed <details> whose stepper mounts when opened

/** The hand widget around a stepper, with its form, or null. */
function handWidget(stepper) {
  const widget = stepper.closest('.sv-widget[data-widget="hand"]');
  const form = widget && widget.querySelector("form.sv-controls");
  return widget && form ? { widget, form } : null;
}

/** Write the step into the widget's hidden field and the address bar (keys other modules own are kept). */
function remember(host, index) {
  const { widget, form } = host;
  const step = form.elements.namedItem("step");
  if (step && "value" in step) step.value = String(index + 1);
  if (!widget.id) return;
  const url = new URL(window.location.href);
  url.searchParams.set("w", widget.id);
  for (const name of ["hand", "seed", "step"]) {
    const field = form.elements.namedItem(name);
    if (field && "value" in field) url.searchParams.set(name, field.value);
  }
  url.hash = widget.id;
  history.replaceState(history.state, "", url.href);
  const link = widget.querySelector("a.sv-permalink");
  if (link) link.href = url.href;
}

function mount(stepper) {
  if (stepper.hasAttribute(MOUNTED)) return false;
  const list = stepper.querySelector(":scope > .sv-steps");
  const nav = stepper.querySelector(":scope > .sv-stepper-nav");
  const pos = nav && nav.querySelector(".sv-stepper-pos");
  if (!list || !nav || !pos) return false;
  const steps = [...list.children];
  if (!steps.length) return false;
  stepper.setAttribute(MOUNTED, "");
  const buttons = {};
  for (const button of nav.querySelectorAll("button[data-go]")) buttons[button.dataset.go] = button;
  const host = handWidget(stepper);
  let current = -1;

  function show(index, fromReader) {
    const next = Math.max(0, Math.min(steps.length - 1, index));
    const moved = next !== current;
    current = next;
    steps.forEach((li, k) => {
      li.hidden = k !== next;
      if (k === next) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    stepper.dataset.current = String(next);
    const title = steps[next].dataset.title || "";
    const text = `Step ${next + 1} of ${steps.length}${title ? `: ${title}` : ""}`;
    if (pos.textContent !== text) pos.textContent = text;
    const focused = document.activeElement;
    buttons.first && (buttons.first.disabled = next === 0);
    buttons.back && (buttons.back.disabled = next === 0);
    buttons.forward && (buttons.forward.disabled = next === steps.length - 1);
    buttons.last && (buttons.last.disabled = next === steps.length - 1);
    // A button that just became disabled drops the focus: keep it in the stepper.
    if (focused && focused.disabled && stepper.contains(focused)) stepper.focus({ preventScroll: true });
    if (fromReader && moved && host) remember(host, next);
  }

  const moves = {
    first: () => 0,
    back: () => current - 1,
    forward: () => current + 1,
    last: () => steps.length - 1,
  };
  nav.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-go]") : null;
    if (!button || !moves[button.dataset.go]) return;
    show(moves[button.dataset.go](), true);
  });
  const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  stepper.addEventListener("keydown", (event) => {
    const go = keys[event.key];
    if (!go || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea, summary")) return;
    event.preventDefault();
    show(moves[go](), true);
  });
  if (!stepper.hasAttribute("tabindex")) stepper.tabIndex = 0;
  if (!stepper.hasAttribute("aria-roledescription")) stepper.setAttribute("aria-roledescription", "step-through");
  nav.hidden = false;
  list.classList.add("sv-steps--one");
  show(Number.parseInt(stepper.dataset.start || "0", 10) || 0, false);
  return true;
}

// A stepper folded inside a closed <details> (the trick explainer's play-by-play) is left exactly as the
// engine drew it until the reader opens it.
function mountIn(root) {
  for (const stepper of root.querySelectorAll(".sv-stepper")) {
    const folded = stepper.closest("details");
    if (folded && !folded.open) {
      if (WAITING.has(folded)) continue;
      WAITING.add(folded); // remembered here, not on the element: its markup stays the engine's
      folded.addEventListener("toggle", () => folded.open && mount(stepper));
      continue;
    }
    mount(stepper);
  }
}

// A hand chosen afresh starts at its first step: the old step must not travel with the new hand.
function onChange(event) {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || select.name !== "hand") return;
  const form = select.closest('.sv-widget[data-widget="hand"] form.sv-controls');
  const step = form && form.elements.namedItem("step");
  if (step && "value" in step) step.value = "";
}

// "Deal a random hand" with the seed left empty: the page draws the seed, so the request names its hand
// exactly (the engine's answer depends on the request alone) and the seed shows in the field and the link.
function onSubmit(event) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.closest('.sv-widget[data-widget="hand"]')) return;
  const button = event.submitter;
  const seed = form.elements.namedItem("seed");
  if (button && button.value === "random" && seed && "value" in seed && !seed.value.trim()) {
    seed.value = String(Math.floor(Math.random() * 1_000_000));
  }
}

if (!window.stytvoltStepper) {
  window.stytvoltStepper = { mount, mountIn };
  const onPage = () => mountIn(document);
  // The runtime replaces a widget's answer, then says so: mount what it drew.
  document.addEventListener("sv:answer", (event) => {
    if (event.target instanceof Element) mountIn(event.target);
  });
  // Capture: this runs before the runtime's own change listener submits the form.
  document.addEventListener("change", onChange, true);
  document.addEventListener("submit", onSubmit, true); // capture: before the runtime reads the form
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(onPage);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", onPage);
  } else {
    onPage();
  }
}
