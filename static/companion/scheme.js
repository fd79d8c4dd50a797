// The colour scheme: dark or light as chosen on this device (the header's toggle, kept in
// localStorage), else as the device is set (prefers-color-scheme), following its changes.
// Loaded without defer in <head>, so the page is never painted in the other scheme first.
(function () {
  "use strict";
  const KEY = "companion-scheme";
  const root = document.documentElement;
  const device = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function chosen() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }  // storage may be off
  }

  function current() {
    const choice = chosen();
    if (choice === "dark" || choice === "light") return choice;
    return device && device.matches ? "dark" : "light";
  }

  function apply() {
    const scheme = current();
    root.dataset.scheme = scheme;
    const toggle = document.querySelector(".scheme-toggle");
    if (toggle) toggle.setAttribute("aria-pressed", scheme === "dark" ? "true" : "false");
  }

  apply();
  if (device && device.addEventListener) device.addEventListener("change", apply);

  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.querySelector(".scheme-toggle");
    if (!toggle) return;
    toggle.hidden = false;
    apply();
    toggle.addEventListener("click", () => {
      const next = current() === "dark" ? "light" : "dark";
      // The device's own setting again when the choice equals it: the page then follows it.
      const follows = device && (device.matches ? "dark" : "light") === next;
      try {
        if (follows) localStorage.removeItem(KEY); else localStorage.setItem(KEY, next);
      } catch (e) { /* not remembered; this page still switches */ }
      root.dataset.scheme = next;
      toggle.setAttribute("aria-pressed", next === "dark" ? "true" : "false");
    });
  });
})();
