// theme.js sets the reader's colour theme (light, dark, or the system's,
// remembered in localStorage) before the first paint: the head loads it
// after style.css, so it runs once that is parsed. It switches the
// stylesheet's one dark-mode rule on ("screen"), off ("not all") or back to
// the system's setting, so the dark colours live in one place and pages
// without script still follow the system. Charts redraw on the event
// "infercost-theme" (app.js).
(function () {
  "use strict";
  var key = "infercost-theme", query = "(prefers-color-scheme: dark)";
  var rules = [];
  for (var i = 0; i < document.styleSheets.length; i++) {
    var list;
    try { list = document.styleSheets[i].cssRules; } catch (e) { continue; }
    for (var j = 0; j < list.length; j++)
      if (list[j].media && list[j].media.mediaText.indexOf("prefers-color-scheme") >= 0) rules.push(list[j]);
  }
  function stored() {
    try { return localStorage.getItem(key) || ""; } catch (e) { return ""; }
  }
  function apply(theme) {
    // A picked dark theme is for the screen: a printed handout stays light.
    var media = theme === "dark" ? "screen" : theme === "light" ? "not all" : query;
    rules.forEach(function (r) { r.media.mediaText = media; });
  }
  apply(stored());
  document.addEventListener("DOMContentLoaded", function () {
    var select = document.getElementById("theme");
    if (!select) return;
    select.value = stored();
    select.addEventListener("change", function () {
      try {
        if (select.value) localStorage.setItem(key, select.value); else localStorage.removeItem(key);
      } catch (e) { /* private mode: the choice lasts for this page */ }
      apply(select.value);
      document.dispatchEvent(new Event("infercost-theme"));
    });
  });
})();
