// InferCost page loader for every calculator: starts the WebAssembly
// engine in a worker (js/engine.js, worker.js), applies its output on
// every input change (js/apply.js), and draws the charts (js/charts.js).
// The engine decides everything; the page only moves values between the
// page and infercost[calculator](query) (see view.Page.Since for what
// comes back). gen bundles this file with the modules it imports into
// one script (gen/scripts.go); js/ holds one module per concern, each
// saying what it does at its top.
import { form, calc } from "./js/page.js";
import { call, start, counts } from "./js/compute.js";
import { initAnswerBar } from "./js/apply.js";
import { initLegends } from "./js/charts.js";
import { initTabs, showLinkTab } from "./js/tabs.js";
import { initSort } from "./js/sort.js";
import { initForm } from "./js/form.js";
import { initHF, hfBusy } from "./js/hf.js";
import { initLinks } from "./js/links.js";
import { initExports } from "./js/exports.js";
import { initHandout, handoutQR } from "./js/handout.js";
import { initPrint } from "./js/print.js";
import { initShare } from "./js/share.js";
import { settled } from "./js/settle.js";

if (form && calc) {
  // The order of the address's parts: the scenario, the chart tab, then
  // the handout's fields.
  initTabs();
  initHandout();
  initPrint();
  initShare();
  initLegends();
  initAnswerBar();
  initForm();
  initHF();
  initLinks(hfBusy);
  initSort();
  initExports();
  // Tests and benchmarks call the engine through the page's worker, and
  // wait until it has answered every input (settled): the engine's
  // calls, how many computations the page has asked for, and the link's
  // QR code (handoutQR).
  window.__infercost = {
    get computations() { return counts.computations; },
    call: call,
    handoutQR: handoutQR,
    settled: settled
  };
  showLinkTab();
  start();
}
