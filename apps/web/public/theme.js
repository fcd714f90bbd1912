/* global window, document */
// The Light / Dark / System choice, kept on this device and applied before the first paint: index.html
// loads this file as a small blocking script in <head> (the CSP allows no inline script). "System"
// sets nothing, and styles.css follows prefers-color-scheme. The footer's theme picker calls
// window.hynTheme; the storage key lives only here.
(function () {
  var KEY = "hyn-theme";
  var root = document.documentElement;
  function read() {
    try {
      var choice = localStorage.getItem(KEY);
      return choice === "light" || choice === "dark" ? choice : "system";
    } catch {
      return "system";
    }
  }
  function apply(choice) {
    if (choice === "light" || choice === "dark") root.setAttribute("data-theme", choice);
    else root.removeAttribute("data-theme");
  }
  apply(read());
  // Another tab changed the choice: follow it.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY || event.key === null) apply(read());
  });
  window.hynTheme = {
    get: read,
    set: function (choice) {
      try {
        if (choice === "light" || choice === "dark") localStorage.setItem(KEY, choice);
        else localStorage.removeItem(KEY);
      } catch {
        // Storage refused (private mode): the choice holds for this page only.
      }
      apply(choice);
    },
  };
})();
