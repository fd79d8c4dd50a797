// The table screen's "Full screen" button (Fullscreen API): the television shows the table
// alone, without the browser's bars. Hidden where the browser cannot do it.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const button = document.querySelector(".fullscreen-toggle");
    const root = document.documentElement;
    if (!button || !document.fullscreenEnabled || !root.requestFullscreen) return;
    function update() {
      const on = Boolean(document.fullscreenElement);
      button.textContent = on ? button.dataset.leave : button.dataset.enter;
    }
    button.hidden = false;
    button.addEventListener("click", () => {
      const change = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen();
      if (change && change.catch) change.catch(() => {});  // refused (no user gesture): stays as it is
    });
    document.addEventListener("fullscreenchange", update);
    update();
  });
})();
