// Ghost taps. A finger that taps twice (a double tap, a tap that did not seem to take)
// must not have its second tap land on a button that the first tap's answer, a pushed
// region or a poll has just put in the same place. So a control that appeared less than
// FRESH_MS ago takes no click, no submit and no Enter.
//
// What "appeared" means is stamped here, not read from a class: a MutationObserver sees
// every element put into the page, however it got there (an htmx swap, live.js's pushed
// or polled region, a page load), and notes the time. A click, a submit or an Enter is
// judged by the time of its event against the stamp of the control and its ancestors,
// whatever any library does to classes meanwhile. The stylesheet also lets no pointer
// reach a fresh control ([data-fresh], set and cleared here), so the browser's own hit
// test agrees and a tap falls through to the background. A refused tap is not silent:
// the control shows briefly that it is not ready yet (.not-ready).
(function () {
  "use strict";
  const FRESH_MS = 500;
  const CUE_MS = 450;
  const CONTROLS = "a[href], button, input, select, textarea, label, summary, [role=button]";

  const born = new WeakMap();   // element -> performance.now() when it entered the page
  let fresh = [];               // the elements stamped less than FRESH_MS ago
  let sweepTimer = 0;

  function stamp(element, at) {
    born.set(element, at);
    element.setAttribute("data-fresh", "");
    fresh.push(element);
    if (!sweepTimer) sweepTimer = setTimeout(sweep, FRESH_MS);
  }

  // Clear the attribute of what is no longer fresh; come back for the rest.
  function sweep() {
    sweepTimer = 0;
    const now = performance.now();
    fresh = fresh.filter((element) => {
      if (now - born.get(element) >= FRESH_MS) { element.removeAttribute("data-fresh"); return false; }
      return element.isConnected;
    });
    if (fresh.length) {
      const oldest = Math.min(...fresh.map((element) => born.get(element)));
      sweepTimer = setTimeout(sweep, Math.max(0, oldest + FRESH_MS - now));
    }
  }

  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) stamp(node, now);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  // The page itself appeared at the start of its navigation (time 0 of performance.now()):
  // a tap meant for the page before is not taken by this one either.
  stamp(document.documentElement, 0);

  // A disclosure (<details>) that opens or closes shows controls that were hidden and moves
  // what follows it, without putting anything into the page: its section's controls count
  // as appeared now (toggle does not bubble; the capture phase sees it).
  window.addEventListener("toggle", (event) => {
    const el = event.target;
    if (el instanceof HTMLDetailsElement) stamp(el.closest("section") || el, performance.now());
  }, true);

  // The age of the youngest stamped element from ``element`` up, at ``time``.
  function isFresh(element, time) {
    for (let el = element; el; el = el.parentElement) {
      const at = born.get(el);
      if (at !== undefined && time - at < FRESH_MS) return true;
    }
    return false;
  }

  // A tap that the stylesheet let fall through a fresh control lands on what is behind it:
  // find the control that was under the finger, for the cue.
  function controlUnder(event) {
    if (!("clientX" in event) || (event.clientX === 0 && event.clientY === 0)) return null;
    for (const root of fresh) {
      if (!root.isConnected) continue;
      const candidates = root.matches(CONTROLS) ? [root] : root.querySelectorAll(CONTROLS);
      for (const control of candidates) {
        const box = control.getBoundingClientRect();
        if (event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom) return control;
      }
    }
    return null;
  }

  function cue(control) {
    if (!control) return;
    control.classList.remove("not-ready");
    void control.offsetWidth;  // restart the animation on a second refused tap
    control.classList.add("not-ready");
    setTimeout(() => control.classList.remove("not-ready"), CUE_MS);
  }

  function refuse(event, control) {
    event.preventDefault();
    event.stopImmediatePropagation();
    cue(control);
    // Not silent for a screen reader either (a11y.js reads it in the page's language).
    if (window.companionAnnounceDropped) window.companionAnnounceDropped();
  }

  function onClick(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const control = target.closest(CONTROLS);
    if (control && isFresh(control, event.timeStamp)) { refuse(event, control); return; }
    if (!control) {
      const under = controlUnder(event);
      if (under && isFresh(under, event.timeStamp)) refuse(event, under);
    }
  }

  function onSubmit(event) {
    const form = event.target;
    const by = event.submitter || form;
    if (isFresh(by, event.timeStamp) || isFresh(form, event.timeStamp)) refuse(event, event.submitter || null);
  }

  // Enter sends a form from any field but a text area; the space bar presses a button.
  function onKey(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const presses = event.key === "Enter" ? !target.matches("textarea")
      : event.key === " " && target.matches("button, summary, [role=button], input[type=checkbox], input[type=radio], input[type=submit]");
    const control = presses && target.closest(CONTROLS);
    if (control && isFresh(control, event.timeStamp)) refuse(event, control);
  }

  // On the window, in the capture phase: before htmx or any handler of the page.
  window.addEventListener("click", onClick, true);
  window.addEventListener("submit", onSubmit, true);
  window.addEventListener("keydown", onKey, true);
})();
