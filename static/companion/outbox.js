// The outbox: an entry is never lost to a dead connection.
//
// An entry (an htmx form post with an idempotency key, "idem") that is tapped while the
// phone is offline, that gets no answer (the connection dropped, the server closed it, no
// answer within TIMEOUT_MS) or that the server could not take (502/503/504: busy, a full
// disk) is kept on the phone, in localStorage, with its key and the version it was made
// against, so a reload keeps it too. It is shown as waiting ("Waiting for the connection:
// 1 entry"), the region it came from takes no more taps, and the entries kept are sent
// again, in the order they were made, one at a time, until the server answers each. The
// server applies an entry at most once whatever the number of tries (its key), and an
// entry made against a version the table has left is refused with the reason; the phone
// then shows that answer, the game as it is now. Nothing is dropped without being shown.
//
// Where the page is a secure context, a service worker (/sw.js) keeps the page and its
// static files, so a reload without a connection shows the last region this phone saw,
// read-only and marked offline; the page reloads itself when the server answers again.
(function () {
  "use strict";
  const STORE = "companion-outbox";          // the entries kept, in order
  const REGION = "companion-region:";        // + the page's path: the last region shown
  const TIMEOUT_MS = 15000;                  // the server answers, or says it is busy, within 10 s
  const RETRY_MS = [0, 500, 1000, 2000, 3000];  // pauses between tries, the last repeated
  const PROBE_MS = 2000;                     // offline page: how often it asks for the server
  const NOT_TAKEN = [502, 503, 504];         // the entry did not reach the game: keep it

  let items = [];                            // {key, url, params, version, table, label, made}
  let texts = {};
  let tries = 0;
  let retryTimer = 0;
  let sending = false;
  let reason = "";                           // what the server said when it did not take an entry
  let notices = [];                          // answers to kept entries that no region showed
  const offlinePage = document.documentElement.dataset.offline === "1";

  const bar = () => document.getElementById("outbox");
  const live = () => document.getElementById("live");
  const container = () => document.querySelector("[data-stream]");
  const versionOf = (html) => { const m = /data-version="(\d+)"/.exec(html); return m ? Number(m[1]) : 0; };
  const shownVersion = () => { const el = live(); return el ? Number(el.dataset.version) : 0; };
  const tableOf = (path) => { const m = /^(.*?\/t\/[^/]+\/)/.exec(path || ""); return m ? m[1] : ""; };
  const tableHere = () => { const c = container(); return c ? tableOf(c.dataset.stream) : ""; };

  // -- storage ------------------------------------------------------------------------
  function load() {
    try { items = JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { items = []; }
    if (!Array.isArray(items)) items = [];
  }

  function save() {
    try { localStorage.setItem(STORE, JSON.stringify(items)); } catch (e) { /* kept in memory */ }
  }

  // -- which requests are entries -----------------------------------------------------
  function isEntry(form, verb) {
    return !!form && form.tagName === "FORM" && verb === "post" && !!form.querySelector("input[name=idem]");
  }

  function keep(detail) {
    const config = detail.requestConfig;
    const params = [];
    config.formData.forEach((value, name) => {
      // The CSRF token is taken from the page that sends the entry, never from a stored form.
      if (typeof value === "string" && name !== "csrfmiddlewaretoken") params.push([name, value]);
    });
    const field = (name) => { const pair = params.find((p) => p[0] === name); return pair ? pair[1] : ""; };
    const key = field("idem");
    if (!key || items.some((item) => item.key === key)) return;
    const button = detail.elt.querySelector("button[type=submit], button:not([type])");
    items.push({
      key: key,
      url: config.path,
      params: params,
      version: Number(field("version")) || 0,
      table: tableOf(config.path),
      label: button ? button.textContent.replace(/\s+/g, " ").trim() : "",
      made: Date.now(),
    });
    save();
    notices = [];
    show();
  }

  function drop(key) {
    items = items.filter((item) => item.key !== key);
    save();
  }

  // -- sending, in order, until each is answered ---------------------------------------
  function csrfToken() {
    const meta = document.querySelector("meta[name=csrf-token]");
    return meta ? meta.content : "";
  }

  function later() {
    clearTimeout(retryTimer);
    const pause = RETRY_MS[Math.min(tries, RETRY_MS.length - 1)];
    tries += 1;
    retryTimer = setTimeout(send, pause);
  }

  async function send() {
    clearTimeout(retryTimer);
    if (sending || offlinePage) return;
    if (navigator.onLine === false) { later(); return; }
    sending = true;
    try {
      while (items.length) {
        const item = items[0];
        let response, html;
        const stop = new AbortController();
        const timer = setTimeout(() => stop.abort(), TIMEOUT_MS);
        try {
          response = await fetch(item.url, {
            method: "POST",
            body: new URLSearchParams(item.params),
            headers: { "HX-Request": "true", "HX-Current-URL": location.href, "X-CSRFToken": csrfToken() },
            credentials: "same-origin",
            cache: "no-store",
            signal: stop.signal,
          });
          html = await response.text();
        } catch (error) {       // no answer: the connection is still down
          reason = "";
          later();
          return;
        } finally {
          clearTimeout(timer);
        }
        if (NOT_TAKEN.includes(response.status)) {
          reason = reasonIn(html);
          later();
          return;
        }
        drop(item.key);
        reason = "";
        answered(item, response, html);
      }
      tries = 0;
    } finally {
      sending = false;
      show();
    }
  }

  function reasonIn(html) {
    try {
      const doc = new DOMParser().parseFromString(html || "", "text/html");
      const flash = doc.querySelector(".flash.error, .flash");
      return flash ? flash.textContent.replace(/\s+/g, " ").trim() : "";
    } catch (e) { return ""; }
  }

  // The server's answer to a kept entry: its region (the game now, with the refusal if
  // there was one) goes where the entry was made, if this page shows it.
  function answered(item, response, html) {
    const redirect = response.headers.get("HX-Redirect");
    if (redirect) { location.assign(redirect); return; }
    const el = live();
    const refused = /class="flash error"/.test(html);
    if (response.ok && el && item.table === tableHere() && versionOf(html) >= shownVersion() && /id="live"/.test(html)) {
      el.classList.remove("outbox-waiting");
      htmx.swap(el, html, { swapStyle: "outerHTML" });
      if (refused) notices.push(fill(texts.refused, { entry: item.label }));
      return;
    }
    if (refused || !response.ok) {
      const why = reasonIn(html);
      notices.push(fill(texts.refused, { entry: item.label }) + (why ? " " + why : ""));
    }
  }

  // -- what the phone shows -------------------------------------------------------------
  function fill(text, args) {
    return String(text || "").replace(/%\((\w+)\)s/g, (whole, name) => (name in args ? String(args[name]) : whole));
  }

  function plural(forms, count) {
    let category = "other";
    try { category = new Intl.PluralRules(document.documentElement.lang || undefined).select(count); } catch (e) { /* "other" */ }
    return fill((forms && (forms[category] || forms.other)) || "", { count: count });
  }

  function show() {
    const el = bar();
    const region = live();
    const here = tableHere();
    const waitingHere = items.some((item) => item.table === here);
    if (region) region.classList.toggle("outbox-waiting", waitingHere || offlinePage);
    if (!el) return;
    const lines = [];
    if (offlinePage) lines.push(texts.offline);
    if (items.length) lines.push(reason ? reason + " " + plural(texts.kept, items.length) : plural(texts.waiting, items.length));
    lines.push(...notices);
    el.replaceChildren(...lines.map((text, index) => {
      const line = document.createElement("p");
      line.textContent = text;
      if (index === 0 && (items.length || offlinePage)) line.className = "waiting";
      return line;
    }));
    el.classList.toggle("refused", !items.length && !offlinePage && notices.length > 0);
    el.hidden = lines.length === 0;
  }

  // -- hooks into htmx (generic: any entry form of any region) ---------------------------
  document.addEventListener("htmx:configRequest", (event) => {
    const config = event.detail;
    if (isEntry(config.elt, config.verb) && !config.timeout) config.timeout = TIMEOUT_MS;
  });

  document.addEventListener("htmx:beforeRequest", (event) => {
    const detail = event.detail;
    if (!isEntry(detail.elt, detail.requestConfig.verb)) return;
    notices = [];
    const here = tableOf(detail.requestConfig.path);
    // Offline, or behind entries still waiting: keep it, so the order holds.
    if (navigator.onLine === false || offlinePage || items.some((item) => item.table === here)) {
      event.preventDefault();
      keep(detail);
      later();
    } else {
      show();
    }
  });

  function lost(event) {
    const detail = event.detail;
    if (!isEntry(detail.elt, detail.requestConfig && detail.requestConfig.verb)) return;
    keep(detail);
    tries = 0;
    later();              // at once: a connection closed under the entry is usually the only one
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);

  document.addEventListener("htmx:responseError", (event) => {
    const detail = event.detail;
    if (!isEntry(detail.elt, detail.requestConfig.verb) || !NOT_TAKEN.includes(detail.xhr.status)) return;
    reason = reasonIn(detail.xhr.responseText);
    keep(detail);
    tries = 1;
    later();
  });

  // A region arrived (stream or polling): the connection works, and the new region must
  // stay locked while entries of its table wait. It is also the last state to keep.
  document.addEventListener("htmx:afterSwap", (event) => {
    const region = live();
    if (!region || !(event.target === region || region.contains(event.target))) return;
    remember();
    show();
    if (items.length && !sending) { tries = 0; later(); }
  });

  window.addEventListener("online", () => { tries = 0; send(); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && items.length) { tries = 0; send(); }
  });
  window.addEventListener("storage", (event) => { if (event.key === STORE) { load(); show(); } });

  // -- the page without a connection (service worker) ------------------------------------
  function remember() {
    const region = live();
    if (!region || offlinePage || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    try {
      localStorage.setItem(REGION + location.pathname, JSON.stringify({ version: shownVersion(), html: region.outerHTML }));
    } catch (e) { /* no room: the page as loaded is what an offline reload shows */ }
  }

  function restore() {
    let last = null;
    try { last = JSON.parse(localStorage.getItem(REGION + location.pathname) || "null"); } catch (e) { last = null; }
    const region = live();
    if (region && last && last.version > shownVersion()) htmx.swap(region, last.html, { swapStyle: "outerHTML" });
    const probe = () => {
      const c = container();
      if (!c) return;
      fetch(c.dataset.versionUrl, { cache: "no-store" })
        .then((r) => { if (r.ok) location.reload(); else setTimeout(probe, PROBE_MS); })
        .catch(() => setTimeout(probe, PROBE_MS));
    };
    setTimeout(probe, PROBE_MS);
  }

  function register() {
    const el = bar();
    if (!el || !window.isSecureContext || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(el.dataset.worker, { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {   // this page may have loaded before the worker could keep it
        if (registration.active) registration.active.postMessage({ keep: location.pathname });
      })
      .catch(() => {});
  }

  document.addEventListener("DOMContentLoaded", () => {
    const el = bar();
    try { texts = JSON.parse(el ? el.dataset.texts : "{}"); } catch (e) { texts = {}; }
    load();
    if (offlinePage) restore();
    else { register(); remember(); }
    show();
    if (items.length) send();
  });
})();
