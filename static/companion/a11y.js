// Keyboard and screen-reader users at the table (issue 26).
// - After an entry (this page's own, or one pushed by the stream while the focus was in the
//   region) the focus goes to the new step's first entry instead of falling to <body> when
//   the live region is replaced.
// - What the other players entered (the new log lines) is read out through one polite live
//   region outside #live (#announcer in base.html), so a swapped region is not read again
//   whole. The region is emptied after a while: a screen reader has queued it by then, and
//   the page does not keep a second copy of a log line.
// - window.companionAnnounce(text) and window.companionAnnounceDropped() let other scripts
//   (the ghost-tap guard) say something without knowing how it is read.
(function () {
  "use strict";

  let lastSeq = 0;            // the newest log line this page has shown
  let focusInLive = false;    // the focus was inside the live region when it was replaced
  let pendingText = "";
  let announceTimer = 0;
  const CLEAR_MS = 5000;

  const live = () => document.getElementById("live");
  const announcer = () => document.getElementById("announcer");

  function announce(text) {
    const el = announcer();
    if (!el || !text) return;
    // Several lines arriving together are read as one message; the region is emptied and
    // filled again a moment later, so that the same words twice are read twice.
    pendingText = pendingText ? pendingText + " " + text : text;
    clearTimeout(announceTimer);
    el.textContent = "";
    announceTimer = setTimeout(() => {
      el.textContent = pendingText;
      pendingText = "";
      announceTimer = setTimeout(() => { el.textContent = ""; }, CLEAR_MS);
    }, 100);
  }
  window.companionAnnounce = announce;
  window.companionAnnounceDropped = () => { const el = announcer(); if (el) announce(el.dataset.dropped); };

  // A log line as a sentence: without its number, the "correct" link and the markers
  // (which are hidden from screen readers: the name is in the text).
  function lineText(li) {
    const copy = li.cloneNode(true);
    copy.querySelectorAll(".seq, .correct-link, [aria-hidden=true]").forEach((el) => el.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function lines(region) {
    return Array.from(region.querySelectorAll(".log li[data-seq]"))
      .map((li) => ({ seq: Number(li.dataset.seq), li: li }))
      .sort((a, b) => a.seq - b.seq);
  }

  function remember(region) {
    const all = lines(region);
    if (all.length) lastSeq = Math.max(lastSeq, all[all.length - 1].seq);
  }

  function visible(el) { return el.getClientRects().length > 0; }

  // The new step's first control: the button of its first entry. Not a field before it:
  // live.js holds pushed updates back while a field has the focus (someone may be typing),
  // and a keyboard would pop up on a phone. A field is one Shift+Tab away. Without an entry,
  // the first button of the region (undo), else its heading.
  function focusFirstControl(region) {
    const choices = region.querySelector(".choices");
    const buttons = (root) => Array.from(root.querySelectorAll("button:not([disabled])")).find(visible);
    let target = (choices && buttons(choices)) || buttons(region) || null;
    if (!target) {
      target = region.querySelector("h1, h2");
      if (target) target.tabIndex = -1;
    }
    if (target) target.focus({ preventScroll: true });
  }

  document.addEventListener("htmx:afterSwap", (event) => {
    const region = live();
    if (!region || event.target !== region) return;
    const own = Boolean(event.detail && event.detail.requestConfig);
    if (!own) {
      const news = lines(region).filter((line) => line.seq > lastSeq).map((line) => lineText(line.li));
      if (news.length) announce(news.join(" "));
    }
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && (own || focusInLive)) focusFirstControl(region);
    remember(region);
    focusInLive = region.contains(document.activeElement);
  });

  document.addEventListener("focusin", (event) => {
    const region = live();
    focusInLive = Boolean(region && region.contains(event.target));
  });

  // A table wider than a phone scrolls sideways inside its card; a keyboard must reach it
  // too (WCAG 2.1.1), so a box that scrolls takes the focus, and one that does not, not.
  function scrollersTakeFocus() {
    for (const box of document.querySelectorAll(".scores, .scroll-x, .card")) {
      const overflow = getComputedStyle(box).overflowX;
      const scrolls = (overflow === "auto" || overflow === "scroll") && box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) { box.tabIndex = 0; box.dataset.scrollFocus = ""; }
      else if (!scrolls && "scrollFocus" in box.dataset) { box.removeAttribute("tabindex"); delete box.dataset.scrollFocus; }
    }
  }
  document.addEventListener("htmx:afterSettle", scrollersTakeFocus);
  window.addEventListener("resize", scrollersTakeFocus);

  document.addEventListener("DOMContentLoaded", () => {
    const region = live();
    if (region) remember(region);
    scrollersTakeFocus();
  });
})();
