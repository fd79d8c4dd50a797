// Live updates. The page's Server-Sent Events stream pushes the rendered live region
// (#live) at every new version of the table; the page swaps it in. The page heals itself:
// a stream that fails (an error answer, a dropped connection, a restarted server, a
// proxy that goes quiet) is opened again with back-off, and while it is down the page
// polls the version and fetches its region, so it catches up within about two seconds.
// Also here: clocks that tick between updates and the CSRF token for plain form posts.
// (Ghost taps on controls that just appeared: ghost.js.)
(function () {
  "use strict";
  const POLL_MS = 1500;        // while the stream is down
  const QUIET_MS = 25000;      // no ping for this long: the stream is dead though open
  const MAX_BACKOFF_MS = 2000;

  let skew = 0;                // server clock minus ours, for the running clocks
  let container = null;
  let source = null;
  let openedView = "";
  let backoff = 250;
  let reconnectTimer = 0;
  let pollTimer = 0;
  let quietTimer = 0;
  let fetching = false;
  let pending = null;          // a pushed region held back while someone types
  let waitingForEntry = null;  // a pushed region held back while an entry is on its way

  const live = () => document.getElementById("live");
  const shownVersion = () => { const el = live(); return el ? Number(el.dataset.version) : 0; };
  const versionOf = (html) => { const m = /data-version="(\d+)"/.exec(html); return m ? Number(m[1]) : 0; };

  function typing(el) {
    const active = document.activeElement;
    return active && el.contains(active) && active.matches("input:not([type=hidden]):not([type=checkbox]), select, textarea");
  }

  // A region held back, and the version the page showed then. Forced (the table went back to
  // an older version), it still replaces the page only if nothing newer came meanwhile: an
  // entry's answer swapped in while it waited is newer than a restore seen before it.
  const held = (html, force) => ({ html: html, force: force, at: shownVersion() });
  const showHeld = (waiting) => show(waiting.html, waiting.force && shownVersion() === waiting.at);

  // Swap in a region pushed by the stream or fetched by polling; forced, even an older one.
  function show(html, force) {
    const el = live();
    if (!el) return;
    if (!force && versionOf(html) <= shownVersion()) return;
    if (el.querySelector(".htmx-request") || el.classList.contains("htmx-request")) {
      // An entry of this page is on its way: its answer is swapped into this very element,
      // so it must not be replaced meanwhile. Look again when the answer is in.
      waitingForEntry = held(html, force);
      return;
    }
    if (typing(el)) {   // do not wipe what someone is typing: show it when they leave the field
      const first = pending === null;
      pending = held(html, force);
      if (first) document.activeElement.addEventListener("blur", () => {
        const waiting = pending; pending = null;
        if (waiting) setTimeout(() => showHeld(waiting), 0);
      }, { once: true });
      return;
    }
    const entering = unfinished(el);
    htmx.swap(el, html, { swapStyle: "outerHTML" });
    putBack(live(), entering);
  }

  // -- what a player was entering outlives an update -------------------------------------
  // At a step every seat enters at once (Störtebeker's set-up), another phone's entry swaps
  // in a new region while this player fills in a form; swapped in as sent, it would close
  // the disclosure the form was opened under and empty the boxes. An entry refused (stale,
  // or a value the rules refuse) would lose them the same way. So the boxes the player
  // changed and the disclosures they opened are read before such a swap and put back after
  // it, where the new region has the same form (known by the entry it sends, its hidden
  // "action"), the same field and the same option, or a disclosure of the same summary.
  const BOXES = "select, input:not([type=hidden]), textarea";

  function changed(box) {
    if (box.type === "checkbox" || box.type === "radio") return box.checked !== box.defaultChecked;
    if (box.tagName === "SELECT") {
      const initial = [...box.options].findIndex((option) => option.defaultSelected);
      return box.selectedIndex !== Math.max(0, initial);
    }
    return box.value !== box.defaultValue;
  }

  function unfinished(el) {
    const forms = new Map();
    el.querySelectorAll("form").forEach((form) => {
      const action = form.querySelector("input[name=action]");
      const boxes = [...form.querySelectorAll(BOXES)].filter((box) => box.name && changed(box));
      if (action && boxes.length) {
        forms.set(action.value, boxes.map((box) => ({ name: box.name, value: box.value, checked: box.checked })));
      }
    });
    const open = [...el.querySelectorAll("details[open] > summary")].map((summary) => summary.textContent.trim());
    return { forms: forms, open: new Set(open) };
  }

  function putBack(el, entering) {
    if (!el) return;
    el.querySelectorAll("details:not([open]) > summary").forEach((summary) => {
      if (entering.open.has(summary.textContent.trim())) summary.parentElement.open = true;
    });
    el.querySelectorAll("form").forEach((form) => {
      const action = form.querySelector("input[name=action]");
      const boxes = action && entering.forms.get(action.value);
      if (!boxes) return;
      for (const was of boxes) {
        const same = [...form.querySelectorAll(BOXES)].filter((box) => box.name === was.name);
        const box = same.find((one) => one.type === "checkbox" || one.type === "radio" ? one.value === was.value : true);
        if (!box) continue;
        if (box.type === "checkbox" || box.type === "radio") box.checked = was.checked;
        else if (box.tagName !== "SELECT" || [...box.options].some((option) => option.value === was.value)) box.value = was.value;
        else continue;
        box.dispatchEvent(new Event("input", { bubbles: true }));  // an echoing button follows
      }
    });
  }

  // -- the stream ---------------------------------------------------------------------
  function streamUrl() {
    const el = live();
    const view = el ? el.dataset.view : "";
    return container.dataset.stream + "?" + view + "&v=" + shownVersion();
  }

  function connect() {
    clearTimeout(reconnectTimer);
    if (source) source.close();
    if (!("EventSource" in window)) { startPolling(); return; }
    const el = live();
    openedView = el ? el.dataset.view : "";
    source = new EventSource(streamUrl());
    const alive = () => {
      backoff = 250;
      stopPolling();
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => failed(), QUIET_MS);
    };
    source.addEventListener("open", alive);
    source.addEventListener("ping", alive);
    source.addEventListener("now", (e) => { alive(); skew = Number(e.data) - Date.now(); });
    source.addEventListener("live", (e) => { alive(); show(e.data, false); });
    source.addEventListener("reset", (e) => { alive(); show(e.data, true); });
    source.addEventListener("error", () => failed());
  }

  function failed() {
    // The browser retries some failures by itself, not others (an error answer): poll at
    // once either way, and open a new stream after a short, growing pause.
    clearTimeout(quietTimer);
    if (source) { source.close(); source = null; }
    startPolling();
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  // -- polling while the stream is down --------------------------------------------------
  function pollOnce() {
    fetch(container.dataset.versionUrl, { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => { if (data && data.version !== shownVersion()) return fetchRegion(); })
      .catch(() => {});
  }

  function fetchRegion() {
    const el = live();
    if (!el || fetching) return;
    fetching = true;
    // An older region than the page showed when it asked: the table went back (a restored
    // database), so it is forced in. But if the page moved on while the fetch was on its way
    // (its own entry's answer, the stream), the fetched region is merely late: not forced,
    // it is dropped as older (a busy server answered an entry first, and the late region
    // put the page back before that entry: tests/browser/test_live_healing.py).
    const asked = shownVersion();
    return fetch(el.dataset.fragment, { cache: "no-store", headers: { "HX-Request": "true" } })
      .then((r) => (r.ok ? r.text() : null))
      .then((html) => { if (html) show(html, versionOf(html) < asked && shownVersion() === asked); })
      .catch(() => {})
      .finally(() => { fetching = false; });
  }

  function startPolling() {
    if (pollTimer) return;
    pollOnce();
    pollTimer = setInterval(pollOnce, POLL_MS);
  }

  function stopPolling() { clearInterval(pollTimer); pollTimer = 0; }

  // -- after every swap ------------------------------------------------------------------
  let answered = null;  // what the player was entering when an entry's answer came
  document.addEventListener("htmx:beforeSwap", (event) => {
    // An entry's answer can arrive after the stream already showed a newer version.
    const target = event.detail.target;
    if (target && target.id === "live" && event.detail.xhr) {
      const incoming = versionOf(event.detail.serverResponse || "");
      if (incoming && incoming < shownVersion()) event.detail.shouldSwap = false;
      answered = event.detail.shouldSwap ? unfinished(target) : null;
    }
  });

  document.addEventListener("htmx:afterRequest", () => {
    const waiting = waitingForEntry;
    waitingForEntry = null;
    // After the answer's swap (if it was newer, the held region is dropped by show()).
    if (waiting) setTimeout(() => showHeld(waiting), 0);
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    const el = live();
    // Host mode follows the game to the next seat: the stream must follow the view.
    if (container && el && el.dataset.view !== openedView && "EventSource" in window) connect();
    const problem = el && el.querySelector(".flash.error");
    // A refused entry keeps what was entered (an accepted one starts afresh).
    if (problem && answered) putBack(el, answered);
    answered = null;
    if (problem && event.detail.requestConfig && event.detail.requestConfig.verb === "post") {
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      problem.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    }
  });

  // -- plain form posts carry the CSRF token (pushed regions have none of their own) ------
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const meta = document.querySelector("meta[name=csrf-token]");
    if (!meta || form.method.toLowerCase() !== "post" || form.querySelector("[name=csrfmiddlewaretoken]")) return;
    const input = document.createElement("input");
    input.type = "hidden"; input.name = "csrfmiddlewaretoken"; input.value = meta.content;
    form.appendChild(input);
  });

  // -- a button that says what it sends ("Attack Bremen from Osnabrück with 6") ----------
  document.addEventListener("input", (event) => {
    const field = event.target, form = field.form;
    if (!form || !field.name) return;
    form.querySelectorAll("[data-echo]").forEach((span) => {
      if (span.dataset.echo === field.name && field.value !== "") span.textContent = field.value;
    });
  });

  // -- a count stepped with − and + (button[data-step] beside its number box) -------------
  // Within the box's min and max; an empty box (a count not entered yet) starts at 0. The
  // box's input event keeps an echoing button in step, as typing does.
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-step]") : null;
    const box = button && button.parentElement.querySelector("input[type=number]");
    if (!box) return;
    const low = box.min === "" ? -Infinity : Number(box.min);
    const high = box.max === "" ? Infinity : Number(box.max);
    const now = box.value === "" ? 0 : Number(box.value);
    const next = box.value === "" && Number(button.dataset.step) < 0 ? 0 : now + Number(button.dataset.step);
    box.value = String(Math.min(high, Math.max(low, next)));
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });

  // -- clocks ----------------------------------------------------------------------------
  function format(seconds) {
    const total = Math.max(0, Math.floor(seconds));
    const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    return (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(s).padStart(2, "0");
  }

  function tickClocks() {
    document.querySelectorAll(".clock[data-running='1']").forEach((el) => {
      const since = Number(el.dataset.since);
      if (!since) return;
      el.textContent = format(Number(el.dataset.base) + (Date.now() + skew - since) / 1000);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    container = document.querySelector("[data-stream]");
    if (container) {
      skew = Number(container.dataset.serverNow || Date.now()) - Date.now();
      connect();
    }
    setInterval(tickClocks, 1000);
  });
  // A phone woken from sleep: check at once rather than waiting for the next ping.
  document.addEventListener("visibilitychange", () => {
    if (container && document.visibilityState === "visible") { pollOnce(); if (!source) connect(); }
  });
})();
