// The calculator page's engine: starts it (engine.js) with the page's
// data files, and computes the scenario on every input. One computation
// at a time: an input that arrives meanwhile waits, and a newer one
// replaces it, so the engine never works on a scenario the reader has
// already left. The engine decides everything; the page only moves
// values between the page and infercost[calculator](query) (apply.js).

import { startEngine } from "./engine.js";
import { root, calc, name, status, rendered, setting, engineReady } from "./page.js";
import { $, setText, setAttr } from "./dom.js";
import { t } from "./text.js";
import { scenario, ownScenario } from "./scenario.js";
import { addBusy, notifySettled } from "./settle.js";
import { apply } from "./apply.js";
import { loadCharts, noteHandlerTime } from "./charts.js";
import { registerOffline } from "./offline.js";

let engine = null;
// computing is whether the engine works on a scenario; waiting, whether
// an input has come since (the state then holds the newest).
let computing = false;
let waiting = false;
// computations is how many computations the page has asked for (tests).
export const counts = { computations: 0 };
let updatingTimer = 0;
const outputs = calc && calc.querySelector(".outputs");
// rejected holds the inputs whose value the engine refused; the engine
// sends an input again only when it changes.
const rejected = {};

addBusy(function () { return computing || waiting || !!engine && engine.pending() > 0; });

// call asks the engine for infercost[fn](...args).
export function call(fn, args) {
  return engine ? engine.call(fn, args) : Promise.reject(new Error("the engine is not running"));
}
// running is whether the engine may still answer.
export function running() {
  return !!engine && engine.running();
}

// markUpdating marks the results and the headline as not (yet) those of
// the scenario the form shows.
export function markUpdating(on) {
  setAttr(outputs, "data-updating", on);
  setAttr($("headline"), "data-updating", on);
}

// compute has the engine compute the scenario and applies its answer.
export function compute() {
  if (computing) {
    waiting = true;
    return;
  }
  computing = true;
  counts.computations++;
  // Figures that take a while are marked as updating, not left as if
  // they were the new scenario's.
  updatingTimer = setTimeout(function () { markUpdating("true"); }, 100);
  const fromLink = scenario.opening;
  scenario.opening = false;
  call(name, [scenario.params.toString()]).then(function (json) {
    const t0 = performance.now();
    const u = JSON.parse(json);
    apply(u, fromLink);
    // Keep rejected raw values so the reader can fix them; the URL keeps
    // only the canonical scenario.
    u.inputs.forEach(function (s) {
      if (s.error) rejected[s.key] = true;
      else delete rejected[s.key];
    });
    const next = new URLSearchParams(u.query);
    const state = scenario.params;
    Object.keys(rejected).forEach(function (k) {
      if (state.has(k)) next.set(k, state.get(k));
    });
    if (!waiting) scenario.params = next; // else the newer input's state stands
    noteHandlerTime(performance.now() - t0);
    done();
    if (!engineReady()) ready();
  }, function (err) {
    // The Go program does not survive a panic: the page keeps what it
    // shows and stops asking.
    computing = false;
    waiting = false;
    clearTimeout(updatingTimer);
    if (engine) engine.stop();
    fail(t("app.stopped", { error: err }));
  });
}
function done() {
  computing = false;
  clearTimeout(updatingTimer);
  markUpdating("");
  if (waiting) {
    waiting = false;
    compute();
  }
}

function ready() {
  if (performance.mark) performance.mark("infercost-ready");
  setText(status, "");
  root.setAttribute("data-engine", "ready");
  loadCharts();
}
// failed says, in a sentence, why the engine cannot start, and fail shows
// a message about it prominently.
function failed(reason) {
  return t(rendered ? "app.failed_rendered" : "app.failed", { reason: reason });
}
function fail(message) {
  status.textContent = message;
  status.className = "status failed";
  root.setAttribute("data-engine", "failed");
  markUpdating("");
}

// start starts the engine at once: the page preloads its module and data
// file from the document head, which the worker's requests then find.
// Charts come after the figures: ECharts loads once the engine has
// answered (and the charts are near the screen, charts.js), so that its
// download does not delay the engine's.
export function start() {
  setText(status, t("app.loading"));
  root.setAttribute("data-engine", "loading");
  // A link's own scenario is not what the page was built with (unless a
  // server rendered it): its figures are marked, and said to be the
  // defaults', until the engine has computed them.
  if (ownScenario && !rendered) {
    markUpdating("true");
    // Until then a printout shows none of them (style.css).
    root.setAttribute("data-figures", "default");
    setText(status, t("app.loading_link"));
  }
  loaded = dataFiles();
  engine = startEngine(setting("worker"), {
    wasm: setting("wasm"), data: loaded, calc: name, lang: root.lang, messages: setting("messages")
  }, {
    ready: function () {
      compute();
      registerOffline();
    },
    failed: function (reason) { fail(failed(reason)); },
    message: notifySettled
  });
}

// editions lists the page's data files, oldest first: {edition, url}.
function editions() {
  const pairs = setting("editions").split(" ");
  const files = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) files.push({ edition: pairs[i], url: pairs[i + 1] });
  return files;
}
// pick returns the data file of a link that pins edition ed: the newest
// not after it, else the first (as edition.List.Pick in Go).
function pick(files, ed) {
  let picked = files[0];
  files.forEach(function (f) { if (f.edition <= ed) picked = f; });
  return picked;
}

// loaded lists the data files the engine was started with.
let loaded = [];

// dataFiles returns the data files the engine needs: the latest
// edition's (preloaded), and for a link that pins an older edition that
// edition's too.
function dataFiles() {
  const files = editions();
  const out = [files[files.length - 1]];
  const ed = scenario.params.get("ed");
  if (ed) {
    const picked = pick(files, ed);
    if (picked.url !== setting("data")) out.push(picked);
  }
  return out;
}

// editionLoaded is whether the engine has the data of a link that pins
// edition ed ("" or null for the latest).
export function editionLoaded(ed) {
  if (!ed) return true;
  const url = pick(editions(), ed).url;
  return loaded.some(function (f) { return f.url === url; });
}

// latestEdition is the date of the newest data edition the page has.
export function latestEdition() {
  const files = editions();
  return files.length ? files[files.length - 1].edition : "";
}
