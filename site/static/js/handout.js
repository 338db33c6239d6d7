// The printed handout: the headline, results and charts (print CSS),
// and what the scenario sets, its sources, edition, date and link, as
// text and as a QR code. Until the engine has answered (scenario.answer),
// the page holds the default scenario's sources (site/calc.templ), which
// a link with a scenario of its own does not print. The handout's own
// fields (scenario.HandoutKeys: a title, whom it is for, who prepared
// it, notes, and the sections it leaves out, h.omit) follow the
// scenario's query in the link, as the chart tab does, so that a shared
// link prints the same handout; the engine reads no figure from them.
// Values from the link reach the page only as text.

import { root } from "./page.js";
import { $, each, setText, setHidden, setAttr, fillList } from "./dom.js";
import { t, day } from "./text.js";
import { scenario, ownScenario, addParams, onOpen, onWrite, writeURL, scheduleURL } from "./scenario.js";
import { call, running, latestEdition } from "./compute.js";

const handoutFields = document.querySelectorAll("[data-handout]");
const sectionBoxes = document.querySelectorAll("[data-section]");
const handoutValues = {};

// fillHandout writes the scenario's part of the handout, before a print.
export function fillHandout() {
  writeURL();
  const answer = scenario.answer;
  if (answer) {
    fillList($("handout-changed"), answer.changed.length ? answer.changed : [t("app.defaults")]);
    fillList($("handout-sources"), answer.sources);
  } else if (ownScenario) {
    fillList($("handout-changed"), [t("app.handout_pending")]);
    fillList($("handout-sources"), []);
  } else {
    fillList($("handout-changed"), [t("app.defaults")]);
  }
  // The edition of the figures: the link's, else the latest (which the
  // engine pins on its first answer).
  setText($("handout-edition"), day(new URLSearchParams(scenario.query || location.search).get("ed") || latestEdition()));
  setText($("handout-date"), day(new Date().toISOString().slice(0, 10)));
  const a = $("handout-link");
  a.href = location.href;
  setText(a, location.href);
  // A print from the menu just after a change may find the code of
  // the new link still on its way: better none than the old link's.
  const img = $("handout-qr");
  const drawn = qr.href === location.href && qr.svg;
  if (drawn) img.src = "data:image/svg+xml," + encodeURIComponent(qr.svg);
  img.hidden = !drawn;
}

// handoutQuery returns the handout's fields as a query, "" for none.
function handoutQuery() {
  const q = new URLSearchParams();
  each(handoutFields, function (el) {
    const k = el.getAttribute("data-handout");
    if (handoutValues[k]) q.set(k, handoutValues[k]);
  });
  const omit = omitted();
  if (omit.length) q.set("h.omit", omit.join(","));
  return q.toString();
}
// omitted returns the sections the reader leaves out.
function omitted() {
  const omit = [];
  each(sectionBoxes, function (el) { if (!el.checked) omit.push(el.getAttribute("data-section")); });
  return omit;
}
// showHandoutHead writes the fields into the printout's head and marks
// the sections left out for style.css.
function showHandoutHead() {
  [["h.title", "handout-doc-title", "handout-doc-title"], ["h.for", "handout-for", "handout-for-line"],
    ["h.by", "handout-by", "handout-by-line"], ["h.notes", "handout-notes", "handout-notes"]].forEach(function (f) {
    setText($(f[1]), handoutValues[f[0]]);
    setHidden($(f[2]), !handoutValues[f[0]]);
  });
  setAttr(root, "data-omit", omitted().join(" "));
}
function handoutChanged(e) {
  const el = e.target;
  if (el.hasAttribute("data-handout")) handoutValues[el.getAttribute("data-handout")] = el.value;
  showHandoutHead();
  scheduleURL();
}

// The link's QR code comes from the engine (wasm/qr) whenever the link
// changes (writeURL): qr holds the link asked for, its SVG once drawn
// ("" when the link is too long for a QR code), and the promise of it.
const qr = { href: "", svg: "", done: Promise.resolve() };
function requestQR() {
  if (!running() || qr.href === location.href) return;
  const href = (qr.href = location.href);
  qr.svg = "";
  qr.done = call("qr", [href]).then(function (svg) {
    if (qr.href === href) qr.svg = svg;
  }, function () {});
}
// handoutQR settles once the QR code of the current link is drawn.
export function handoutQR() {
  writeURL();
  return qr.done;
}

// readHandout fills the handout's fields from a link's query.
function readHandout(state) {
  each(handoutFields, function (el) {
    const v = (state.get(el.getAttribute("data-handout")) || "").slice(0, el.maxLength > 0 ? el.maxLength : 1000);
    handoutValues[el.getAttribute("data-handout")] = el.value = v;
  });
  const omit = (state.get("h.omit") || "").split(",");
  each(sectionBoxes, function (el) { el.checked = omit.indexOf(el.getAttribute("data-section")) < 0; });
}

// initHandout fills the handout's fields from the link and keeps the
// link and the printout's head in step with them.
export function initHandout() {
  readHandout(scenario.params);
  addParams(handoutQuery);
  onWrite(requestQR);
  onOpen(function (params) {
    readHandout(params);
    showHandoutHead();
  });
  const handoutForm = $("handout-options");
  if (handoutForm) {
    handoutForm.addEventListener("input", handoutChanged);
    handoutForm.addEventListener("change", handoutChanged);
  }
  showHandoutHead();
}
