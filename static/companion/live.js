// Live updates: a Server-Sent Events stream says "the table is now at version N";
// the page then fetches its own live region again (htmx). If the stream cannot be
// kept open, the page polls the version instead. Clocks of the seats that must act
// tick locally between updates.
(function () {
  "use strict";
  const POLL_MS = 3000;

  function liveRegion() { return document.getElementById("live"); }
  function shownVersion() { const el = liveRegion(); return el ? Number(el.dataset.version) : 0; }

  let refreshing = false;
  let wanted = 0;
  function refreshTo(version) {
    wanted = Math.max(wanted, version);
    const el = liveRegion();
    if (!el || refreshing || wanted <= shownVersion()) return;
    // Do not wipe what someone is typing into a field: retry when they leave it.
    const active = document.activeElement;
    if (active && el.contains(active) && active.matches("input[type=number], input:not([type]), select")) {
      active.addEventListener("blur", () => refreshTo(wanted), { once: true });
      return;
    }
    refreshing = true;
    htmx.ajax("GET", el.dataset.fragment, { target: "#live", swap: "outerHTML" })
      .finally(() => { refreshing = false; if (wanted > shownVersion()) refreshTo(wanted); });
  }

  function poll(url) {
    setInterval(() => {
      fetch(url, { cache: "no-store" }).then((r) => r.ok ? r.json() : null)
        .then((data) => { if (data) refreshTo(data.version); }).catch(() => {});
    }, POLL_MS);
  }

  function connect(container) {
    const streamUrl = container.dataset.stream + "?v=" + shownVersion();
    if (!("EventSource" in window)) { poll(container.dataset.versionUrl); return; }
    let failures = 0;
    let polling = false;
    const source = new EventSource(streamUrl);
    source.addEventListener("version", (event) => { failures = 0; refreshTo(Number(event.data)); });
    source.addEventListener("open", () => { failures = 0; });
    source.addEventListener("error", () => {
      failures += 1;
      // The browser reconnects by itself; after repeated failures fall back to polling.
      if (failures >= 3 && !polling) { polling = true; poll(container.dataset.versionUrl); }
    });
  }

  function tickClocks() {
    const started = Date.now();
    setInterval(() => {
      document.querySelectorAll(".clock[data-running='1']").forEach((el) => {
        if (!el.dataset.base) { el.dataset.base = el.dataset.seconds; el.dataset.at = Date.now(); }
        const seconds = Number(el.dataset.base) + (Date.now() - Number(el.dataset.at)) / 1000;
        const total = Math.floor(seconds), h = Math.floor(total / 3600), m = Math.floor(total % 3600 / 60), s = total % 60;
        el.textContent = (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" + String(s).padStart(2, "0");
      });
    }, 1000);
    return started;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const container = document.querySelector("[data-stream]");
    if (container) connect(container);
    tickClocks();
  });
  // After an entry the swapped region carries the newest version and, when the entry was
  // refused, the reason: bring it into view, since the tapped button may be far below it.
  document.addEventListener("htmx:afterSwap", (event) => {
    if (wanted > shownVersion()) refreshTo(wanted);
    const problem = event.detail.target && document.querySelector("#live .flash.error");
    if (problem && event.detail.requestConfig && event.detail.requestConfig.verb === "post") {
      problem.scrollIntoView({ block: "center", behavior: "smooth" });
    }
  });
})();
