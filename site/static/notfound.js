// notfound.js: GitHub Pages serves the site's one 404 page for every
// missing path. On a path of the German site (the base, then "de/") it
// puts the German page, which the English one carries in an inert
// <template id="page-de">, in place of the English one, and names the
// German title and feed. It is deferred, so it runs before
// DOMContentLoaded, when theme.js finds the menu.
(function () {
  "use strict";
  var german = document.getElementById("page-de");
  if (!german || location.pathname.indexOf(german.getAttribute("data-base") + "de/") !== 0) return;
  document.documentElement.lang = "de";
  document.title = german.getAttribute("data-title");
  var feed = document.querySelector('link[type="application/atom+xml"]');
  if (feed) {
    feed.href = german.getAttribute("data-feed");
    feed.title = german.getAttribute("data-feed-title");
  }
  document.body.replaceChildren(german.content);
})();
