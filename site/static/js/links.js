// Links to another scenario of the same calculator (the presets in the
// toolbar, a note's link to the latest edition) open in place: the
// engine already running computes the link's scenario, and the link
// joins the browser's history, so that Back returns to the scenario
// before it. A load would start the engine again: about 0.7 s here, more
// on a phone. A link that pins a data edition the engine has not loaded,
// and every other link, loads as usual.

import { form } from "./page.js";
import { scenario, opened, onWrite, writeURL } from "./scenario.js";
import { compute, running, editionLoaded } from "./compute.js";

// shown is the query of the scenario the page shows, as the address bar
// has it.
let shown = location.search;

// inPlace is whether url can open in place: this page's address (any
// query), while the engine runs and has the data of the link's edition.
function inPlace(url) {
  return url.origin === location.origin && url.pathname === location.pathname && running() &&
    editionLoaded(new URLSearchParams(url.search).get("ed"));
}

// open computes the scenario of url's query, which the address bar
// already shows.
function open(url) {
  const params = new URLSearchParams(url.search);
  shown = url.search;
  // The engine answers with the link's values for every field, and
  // apply.js leaves the field with the focus as typed.
  if (form.contains(document.activeElement)) document.activeElement.blur();
  scenario.params = params;
  scenario.opening = true;
  opened(params);
  compute();
  if (url.hash) {
    const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
    if (target) target.scrollIntoView();
  }
}

// initLinks opens links to this calculator in place, and the scenarios
// of its history as Back and Forward reach them. busy says whether the
// page does work that a new scenario would overtake (a Hugging Face
// model loading): a link then loads as usual.
export function initLinks(busy) {
  onWrite(function () { shown = location.search; });
  document.addEventListener("click", function (e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target.closest("a[href]");
    if (!a || a.target || a.hasAttribute("download")) return;
    const url = new URL(a.href, location.href);
    // A link to a part of the page is the browser's to follow.
    if (url.search === location.search && url.hash || !inPlace(url) || busy()) return;
    e.preventDefault();
    // The list of presets folds again, as on a load (on a phone it
    // stands between the answer and the results).
    const list = a.closest("details");
    if (list) {
      // The focus goes with it, not into the folded list.
      const summary = list.querySelector("summary");
      if (document.activeElement === a && summary) summary.focus();
      list.open = false;
    }
    // The scenario left stays in its history entry, as the reader left it.
    writeURL();
    if (url.href !== location.href) history.pushState(null, "", url.href);
    open(url);
  });
  addEventListener("popstate", function () {
    // Back from a part of the page to the same scenario changes nothing.
    if (location.search === shown) return;
    const url = new URL(location.href);
    if (inPlace(url)) open(url);
    else location.reload();
  });
}
