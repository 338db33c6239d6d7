// The calculator page's fixed parts, looked up once: the form, the
// results, the calculator's name and the loader's settings, which the
// page's script element carries (site/calc.templ: data-worker, data-wasm,
// data-data, data-editions, data-messages, data-echarts, data-convert,
// data-hf, data-sw). gen bundles app.js into one classic script
// (gen/scripts.go), so document.currentScript is that element while the
// bundle's modules run their top level.

export const root = document.documentElement;
export const form = document.getElementById("calc-form");
export const calc = document.querySelector("[data-calculator]");
export const name = calc ? calc.getAttribute("data-calculator") : "";
export const script = document.currentScript;
export const status = document.getElementById("engine-status");
// A server that renders a link's own scenario into the page (the edge
// worker) marks its headline: its figures are the link's, not the
// defaults'.
const headline = document.getElementById("headline");
export const rendered = !!headline && headline.hasAttribute("data-rendered");

// setting returns the loader's setting NAME (data-NAME), "" if unset.
export function setting(name) {
  return script.getAttribute("data-" + name) || "";
}

// engineReady is whether the engine has answered.
export function engineReady() {
  return root.getAttribute("data-engine") === "ready";
}
