// At the table the phones and the table screen behave like an app: the screen stays awake
// while a game runs, and a phone tells its player when it becomes their turn (a short
// vibration and a banner), not at every update. Each can be turned off on this device
// (the settings at the foot of the page, kept in localStorage).
//
// The live region says what this needs: #live[data-running] while the game runs and, on
// a seat's phone, #live[data-turn="mine"] while it is that seat's turn. A region swapped in
// (an entry's answer, a push, a poll) is seen by a MutationObserver, whoever swapped it.
//
// Keeping awake: NoSleep.js (vendored from npm, static/vendor/nosleep/) takes the Screen
// Wake Lock where the page is a secure context (HTTPS, localhost) and otherwise plays its
// muted, tiny looping video, which browsers allow only after a tap: so it is asked again
// at each tap until it holds, and again when the page comes back into view.
(function () {
  "use strict";
  const BANNER_MS = 4000;
  const STORE = "companion.";

  function setting(name) {
    try { return localStorage.getItem(STORE + name) !== "off"; } catch (e) { return true; }
  }
  function remember(name, on) {
    try { localStorage.setItem(STORE + name, on ? "on" : "off"); } catch (e) { /* private mode: this page only */ }
  }

  const noSleep = typeof NoSleep === "function" ? new NoSleep() : null;
  const nativeLock = "wakeLock" in navigator;
  let wantAwake = false;
  let lastTurn = null;
  let ownAnswer = false;  // the region is the answer to this phone's own entry or undo

  function showAwake() {
    document.documentElement.dataset.awake = noSleep && noSleep.isEnabled ? "on" : "off";
  }

  function enableAwake() {
    if (!noSleep || !wantAwake) return;
    noSleep.enable().then(showAwake, showAwake);  // refused until a tap: asked again then
  }

  function keepAwake(on) {
    wantAwake = on;
    if (!noSleep) return;
    if (on && !noSleep.isEnabled) enableAwake();
    if (!on && noSleep.isEnabled) noSleep.disable();
    showAwake();
  }

  function banner() {
    return document.getElementById("turn-banner");
  }

  function hideBanner() {
    const shown = banner();
    if (shown) shown.hidden = true;
  }

  function announce(live) {
    if (setting("vibrate") && "vibrate" in navigator) navigator.vibrate([180, 90, 180]);
    const shown = banner();
    if (!shown || !setting("banner")) return;
    const phase = live.querySelector(".status .phase");
    shown.dataset.phase = phase ? phase.textContent.trim() : "";
    shown.hidden = false;
    clearTimeout(shown.hideTimer);
    shown.hideTimer = setTimeout(hideBanner, BANNER_MS);
  }

  // What the region shown now asks for. The turn is announced only when it becomes this
  // seat's by someone else's entry: not when the page opens on it, nor when this phone's
  // own undo gives it back.
  function follow() {
    const live = document.getElementById("live");
    const own = ownAnswer;
    ownAnswer = false;
    if (!live) return;
    keepAwake(live.dataset.running === "1" && setting("awake"));
    const turn = live.dataset.turn || "";
    if (lastTurn !== null && turn === "mine" && lastTurn !== "mine" && !own) announce(live);
    if (turn !== "mine") hideBanner();
    lastTurn = turn;
  }

  function settings() {
    document.querySelectorAll("input[data-setting]").forEach((box) => {
      box.checked = setting(box.dataset.setting);
      box.addEventListener("change", () => { remember(box.dataset.setting, box.checked); follow(); });
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    settings();
    follow();
    const container = document.querySelector("[data-stream]");
    if (container) new MutationObserver(follow).observe(container, { childList: true });
    const shown = banner();
    if (shown) shown.addEventListener("click", hideBanner);
  });

  // htmx swaps an answer in before the observer hears of it (the observer runs once the
  // swap's task is done), so the answer is marked here first.
  document.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.xhr && event.detail.target && event.detail.target.id === "live") ownAnswer = true;
  });
  // Every tap: browsers let the video play only from one (a touch counts when it ends).
  for (const type of ["click", "touchend", "keydown"]) {
    document.addEventListener(type, () => {
      if (wantAwake && noSleep && !noSleep.isEnabled) enableAwake();
    }, true);
  }
  // A page back from the background: the video was paused with it (the lock comes back
  // by itself, NoSleep takes it again).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && wantAwake && !nativeLock) enableAwake();
  });
})();
