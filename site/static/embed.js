// InferCost embedded calculators: a calculator in an article (an
// ```infercost tco preset=… block, site/embed.templ) shows its scenario's
// answer as gen computed it. When the block comes within 400 px of the
// screen, this starts the engine (js/engine.js), one worker per
// calculator, recomputes the scenario and shows the engine's answer in
// place of the build's; the block's data-engine then says "ready" (or
// "failed", leaving the build's figures), "updating" while the engine
// works. Inputs in the block (inputs=… in the Markdown) change the
// scenario, and its link with it. Only a page with such a block loads
// this script; gen bundles it with the modules it imports (gen/scripts.go).
import { startEngine } from "./js/engine.js";
import { keyFigures } from "./js/figures.js";

const engines = {}; // by calculator

// engine returns the engine of el's calculator, started on first use. A
// failed start fails each call too.
function engine(el) {
  const name = el.getAttribute("data-embed");
  if (!engines[name]) {
    engines[name] = startEngine(el.getAttribute("data-worker"), {
      wasm: el.getAttribute("data-wasm"), calc: name,
      data: [{ edition: el.getAttribute("data-edition"), url: el.getAttribute("data-data") }],
      lang: document.documentElement.lang, messages: el.getAttribute("data-messages") || ""
    }, { ready() {}, failed() {}, message() {} });
  }
  return engines[name];
}

// compute asks the engine for el's scenario and shows its answer; the
// block's inputs work from the first answer on.
function compute(el) {
  el.setAttribute("data-engine", "updating");
  engine(el).call(el.getAttribute("data-embed"), [el.getAttribute("data-query")]).then(function (json) {
    const u = JSON.parse(json);
    show(el, u.headline);
    u.inputs.forEach(function (in_) {
      const field = el.querySelector('[name="' + CSS.escape(in_.key) + '"]');
      if (!field) return;
      field.setAttribute("aria-invalid", in_.error ? "true" : "false");
      field.parentNode.parentNode.querySelector(".error").textContent = in_.error;
    });
    el.setAttribute("data-query", u.query);
    const link = el.querySelector(".embed-link");
    link.href = link.getAttribute("data-path") + "?" + u.query;
    el.querySelectorAll("input, select").forEach(function (f) { f.disabled = false; });
    el.setAttribute("data-engine", "ready");
  }, function () {
    el.setAttribute("data-engine", "failed");
  });
}

// An input changed: the scenario's query with its new value.
document.addEventListener("change", function (ev) {
  const el = ev.target.closest("[data-embed]");
  if (!el) return;
  const q = new URLSearchParams(el.getAttribute("data-query"));
  q.set(ev.target.name, ev.target.value);
  el.setAttribute("data-query", q.toString());
  compute(el);
});

// show writes the answer's sentence and key figures, as a calculator
// page does (js/apply.js).
function show(el, h) {
  el.querySelector(".headline-text").textContent = h.text;
  keyFigures(el.querySelector(".key-figures"), h.figures);
}

const seen = new IntersectionObserver(function (entries) {
  entries.forEach(function (en) {
    if (!en.isIntersecting) return;
    seen.unobserve(en.target);
    compute(en.target);
  });
}, { rootMargin: "400px 0px" });
document.querySelectorAll("[data-embed]").forEach(function (el) { seen.observe(el); });
