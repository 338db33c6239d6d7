// Applies the engine's answer (view.Page.Since: only what changed since
// the last) to the calculator page: the form's values, notes and errors,
// which fields, groups, columns and rows show, the tables' cells, the
// headline, the data edition's note, the problems, and the charts'
// patches (charts.js). Values from the URL reach the page only as text.

import { root, form, calc } from "./page.js";
import { $, group, each, setText, setLead, setHidden, setAttr, fillList } from "./dom.js";
import { band, keyFigures } from "./figures.js";
import { t, day } from "./text.js";
import { scenario, scheduleURL } from "./scenario.js";
import { patchChart, setChartTitle } from "./charts.js";
import { resort } from "./sort.js";

const byKey = {};
document.querySelectorAll("[data-key]").forEach(function (el) { byKey[el.getAttribute("data-key")] = el; });
const byCol = group("data-col");
const byHead = group("data-head");
const byGroup = group("data-group");
const byGroupHead = group("data-group-head");
const byField = group("data-field");
const bySource = group("data-preset-source");
const whole = new Intl.NumberFormat(root.lang || "en", { maximumFractionDigits: 0 });

// setChoices gives a select the choices of the scenario (view.Page.Since
// sends them when they change: a cloud offer list follows its GPU), so
// that the offer it names is the one the engine used.
function setChoices(el, choices) {
  const same = el.options.length === choices.length && choices.every(function (c, i) {
    return el.options[i].value === c.value && el.options[i].text === c.label;
  });
  if (same) return false;
  el.textContent = "";
  choices.forEach(function (c) {
    const o = document.createElement("option");
    o.value = c.value;
    o.textContent = c.label;
    el.appendChild(o);
  });
  return true;
}

let shownProblems = null;
// apply shows the engine's answer u; fromLink, whether it is a link's
// scenario (the page's first answer, or a link opened in place), not
// one the reader edited.
export function apply(u, fromLink) {
  u.inputs.forEach(function (s) {
    const el = form.elements[s.key];
    if (!el) return;
    const rebuilt = s.choices && setChoices(el, s.choices);
    if ((rebuilt || el !== document.activeElement && !s.error) && el.value !== s.value) el.value = s.value;
    setAttr(el, "aria-invalid", s.error ? "true" : "");
    setText($("err-" + s.key), s.error);
    setText($("note-" + s.key), s.note);
    setText($("def-" + s.key), s.default);
    if (s.unit) setText($("unit-" + s.key), "(" + s.unit + ")");
    // A field that does not apply to the scenario (scenario.Resolver.Hide).
    each(byField[s.key], function (el) { setHidden(el, s.hidden); });
    // A folded group opens on a field the link sets or one the engine
    // rejects, as the form's template does for a scenario rendered into
    // the page.
    if (!s.hidden && (s.error || s.explicit && fromLink)) {
      each(byField[s.key], function (el) {
        const more = el.closest("details.more");
        if (more && !more.open) more.open = true;
      });
    }
  });
  u.groups.forEach(function (g) {
    each(byGroup[g.key], function (el) {
      setHidden(el, g.hidden);
      setAttr(el, "data-kind", g.kind);
    });
    each(byGroupHead[g.key], function (el) { setText(el, g.title); });
  });
  (u.columns || []).forEach(function (c) {
    // A cell carries its column's name for a table stacked into cards.
    each(byCol[c.key], function (el) {
      setHidden(el, c.hidden);
      if (el.tagName === "TD") setAttr(el, "data-label", c.title);
    });
    each(byHead[c.key], function (el) { setText(el, c.title); });
  });
  Object.keys(u.tables).forEach(function (id) {
    setHidden($(id), u.tables[id].hidden);
    setText($(id + "-title"), u.tables[id].title);
    setText($(id + "-note"), u.tables[id].note);
    setHidden($(id + "-note"), !u.tables[id].note);
  });
  (u.links || []).forEach(function (l) {
    const el = $("link-" + l.id);
    if (!el) return;
    setAttr(el, "href", el.getAttribute("data-path") + (l.query ? "?" + l.query : ""));
    setHidden(el, l.hidden);
  });
  if (u.all) {
    // A whole update (an edition with other rows): a row none of whose
    // cells it lists is not this scenario's, and the page hides it.
    const listed = {};
    u.cells.forEach(function (c) { listed[c.key] = true; });
    calc.querySelectorAll("tr").forEach(function (tr) {
      const cells = tr.querySelectorAll("[data-key]");
      if (!cells.length) return;
      setHidden(tr, ![].some.call(cells, function (el) { return listed[el.getAttribute("data-key")]; }));
    });
  }
  // A place of a table that the scenario leaves empty (view.Row.Hidden).
  u.rows.forEach(function (r) {
    const el = byKey[r.key];
    if (el) setHidden(el.parentNode, r.hidden);
  });
  u.cells.forEach(function (c) {
    const el = byKey[c.key];
    if (!el) return;
    const toggle = el.firstElementChild, link = toggle;
    if (link && link.hasAttribute("data-base")) {
      // A link to the calculator that details the row (view.Column.Link).
      setText(link, c.text);
      setAttr(link, "href", link.getAttribute("data-base") + c.option);
      setHidden(link, !c.option);
    } else if (toggle && toggle.hasAttribute("data-toggle")) {
      // A button that sets an input (view.Column.Toggle).
      setText(toggle, c.text);
      setAttr(toggle, "data-to", c.option);
      setAttr(toggle, "data-in", c.value === 1 ? "1" : "");
      setAttr(toggle, "aria-label", c.note);
      setHidden(toggle, !c.text);
      toggle.disabled = c.value !== 1 && !c.option;
    } else {
      setLead(el, c.text);
      band(el, c);
    }
    setAttr(el, "data-value", String(c.value));
    setAttr(el, "data-low", c.band ? String(c.low) : "");
    setAttr(el, "data-high", c.band ? String(c.high) : "");
    setAttr(el, "data-metric", c.metric);
    setAttr(el, "data-option", c.metric && c.option);
    setAttr(el, "data-unit", c.metric && c.unit);
    setAttr(el, "data-order", c.order);
    setAttr(el, "title", c.note);
  });
  // A table's line on error bands shows while a shown cell has one.
  calc.querySelectorAll(".band-legend").forEach(function (p) {
    setHidden(p, !p.parentNode.querySelector("tr:not([hidden]) > td:not([hidden]) .band"));
  });
  showEdition(u.edition);
  showHeadline(u.headline);
  scenario.answer = { changed: u.changed, sources: u.sources };
  // The page now shows the link's own figures.
  root.removeAttribute("data-figures");
  const ex = $("explanation");
  setText(ex, u.explanation);
  setHidden(ex, !u.explanation);
  // The source of the open preset's explanation, rendered for each.
  const preset = new URLSearchParams(u.query).get("preset");
  Object.keys(bySource).forEach(function (name) {
    each(bySource[name], function (el) { setHidden(el, name !== preset); });
  });
  // A field that the reader's edit hid (a mode switched) still has its
  // value in the state for this computation: the link's own fields are
  // said, not the reader's.
  if (!fromLink) {
    u.problems = u.problems.filter(function (p) { return u.inapplicable.indexOf(p) < 0; });
  }
  if (shownProblems !== u.problems.join("\n")) {
    shownProblems = u.problems.join("\n");
    fillList($("problems"), u.problems);
  }
  // Each patch holds all that depends on the scenario; only changed
  // charts come.
  Object.keys(u.charts).forEach(function (id) { patchChart(id, u.charts[id], u.heights[id]); });
  Object.keys(u.titles).forEach(function (id) { setChartTitle(id, u.titles[id]); });
  resort();
  scenario.query = u.query;
  scheduleURL();
}

// showHeadline shows the answer in a sentence and its key figures,
// which the answer bar repeats without their bands (it is hidden from
// screen readers and holds nothing to focus).
let shownFigures = null;
function showHeadline(h) {
  setText($("headline-text"), h.text);
  const key = JSON.stringify(h.figures);
  if (key === shownFigures) return;
  shownFigures = key;
  keyFigures($("key-figures"), h.figures);
  const bar = $("bar-figures");
  if (!bar) return;
  bar.textContent = "";
  h.figures.forEach(function (f) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = f.label;
    dd.textContent = f.text;
    div.appendChild(dt);
    div.appendChild(dd);
    bar.appendChild(div);
  });
}

// initAnswerBar shows the answer bar (style.css, on a narrow screen)
// while the headline's figures are above the screen: out of the flow, it
// moves nothing as it comes and goes.
export function initAnswerBar() {
  if (!window.IntersectionObserver || !$("answer-bar") || !$("key-figures")) return;
  new IntersectionObserver(function (entries) {
    const e = entries[entries.length - 1];
    setAttr($("answer-bar"), "data-shown", !e.isIntersecting && e.boundingClientRect.bottom < 0 ? "true" : "");
  }).observe($("key-figures"));
}

// showEdition shows, on a link that pins an older data edition, that its
// figures are that edition's, how many of them today's data changes
// and the first few changes.
let shownEdition = "";
function showEdition(e) {
  const key = JSON.stringify(e);
  if (key === shownEdition) return;
  shownEdition = key;
  setHidden($("edition-note"), !e.edition);
  if (!e.edition) return;
  const args = { latest: day(e.latest), n: whole.format(e.results) };
  const lead = e.results === 1 ? "app.edition_differ_one" : e.results ? "app.edition_differ" :
    e.changes.length ? "app.edition_changes" : "app.edition_same";
  setText($("edition-note-text"), t("app.edition_note", { edition: day(e.edition) }) + " " + t(lead, args));
  fillList($("edition-changes"), e.changes);
  const a = $("edition-today");
  setAttr(a, "href", a.getAttribute("data-path") + "?" + e.query);
}
