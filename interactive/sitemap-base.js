// Served as assets/sitemap-base.js, loaded in <head> before Material's bundle (overrides/main.html).
//
// Material's instant navigation, which keeps the page (and so the rules engine's worker) alive from
// page to page, follows a link only when sitemap.xml lists the page.  The sitemap names each page at
// the address the site was built for (site_url, or just its path when none was set), so a copy
// served anywhere else (another host or port, or under a path such as /styrivolt/) would match no
// link and every click would reload the page and the engine.  This re-bases the sitemap as Material
// reads it: every address is taken relative to the home page's (the shortest) and resolved against
// where this copy is actually served, which this script's own address tells.
(() => {
  const base = new URL("../", document.currentScript.src);
  const sitemap = new URL("sitemap.xml", base).href;

  function rebase(text) {
    const xml = new DOMParser().parseFromString(text, "text/xml");
    const locs = [...xml.getElementsByTagName("loc")];
    if (!locs.length) return text;
    const home = locs.map((loc) => loc.textContent.trim()).reduce((a, b) => (b.length < a.length ? b : a));
    for (const loc of locs) {
      const at = loc.textContent.trim();
      loc.textContent = new URL(at.startsWith(home) ? at.slice(home.length) : at, base).href;
    }
    return new XMLSerializer().serializeToString(xml);
  }

  // Hold the request's "load" listeners until the body is re-based, then hand them the new body.
  function intercept(xhr) {
    const held = [];
    const add = xhr.addEventListener;
    xhr.addEventListener = function (type, listener, options) {
      if (type === "load") held.push(listener);
      else add.call(this, type, listener, options);
    };
    add.call(xhr, "load", async (event) => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const blob = xhr.responseType === "blob";
        const text = blob ? await xhr.response.text() : xhr.responseText;
        const body = rebase(text);
        Object.defineProperty(xhr, "response", { value: blob ? new Blob([body], { type: "text/xml" }) : body });
        if (!blob) Object.defineProperty(xhr, "responseText", { value: body });
      }
      for (const listener of held) {
        if (typeof listener === "function") listener.call(xhr, event);
        else listener.handleEvent(event);
      }
    });
  }

  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (new URL(String(url), document.baseURI).href === sitemap) intercept(this);
    return open.call(this, method, url, ...rest);
  };
})();
