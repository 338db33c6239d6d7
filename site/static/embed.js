// InferCost embedded calculators: a calculator in an article (an
// ```infercost tco preset=… block, site/embed.templ) shows its scenario's
// answer as gen computed it. When the block comes within 400 px of the
// screen, this starts the engine in the calculator pages' worker
// (worker.js), one worker per calculator, recomputes the scenario and
// shows the engine's answer in place of the build's; the block's
// data-engine then says "ready" (or "failed", leaving the build's
// figures), "updating" while the engine works. Inputs in the block
// (inputs=… in the Markdown) change the scenario, and its link with it.
// Only a page with such a block loads this script.
"use strict";
(function () {
  var engines = {}; // by calculator: {worker, calls: {id: callback}, next}

  // engine returns the worker of el's calculator, started on first use.
  function engine(el) {
    var name = el.getAttribute("data-embed");
    if (engines[name]) return engines[name];
    var e = engines[name] = { worker: new Worker(el.getAttribute("data-worker")), calls: {}, next: 1 };
    e.worker.onmessage = function (m) {
      var f = e.calls[m.data.id];
      if (!f) return; // {ready} or {failed}: a failed start fails each call too
      delete e.calls[m.data.id];
      f(m.data);
    };
    e.worker.postMessage({ start: { wasm: el.getAttribute("data-wasm"), calc: name,
      data: [{ edition: el.getAttribute("data-edition"), url: el.getAttribute("data-data") }],
      lang: document.documentElement.lang, messages: el.getAttribute("data-messages") || "" } });
    return e;
  }

  // compute asks the engine for el's scenario and shows its answer; the
  // block's inputs work from the first answer on.
  function compute(el) {
    var e = engine(el);
    var id = e.next++;
    el.setAttribute("data-engine", "updating");
    e.calls[id] = function (d) {
      if (d.error) {
        el.setAttribute("data-engine", "failed");
        return;
      }
      var u = JSON.parse(d.result);
      show(el, u.headline);
      u.inputs.forEach(function (in_) {
        var field = el.querySelector('[name="' + CSS.escape(in_.key) + '"]');
        if (!field) return;
        field.setAttribute("aria-invalid", in_.error ? "true" : "false");
        field.parentNode.parentNode.querySelector(".error").textContent = in_.error;
      });
      el.setAttribute("data-query", u.query);
      var link = el.querySelector(".embed-link");
      link.href = link.getAttribute("data-path") + "?" + u.query;
      el.querySelectorAll("input, select").forEach(function (f) { f.disabled = false; });
      el.setAttribute("data-engine", "ready");
    };
    e.worker.postMessage({ id: id, fn: el.getAttribute("data-embed"), args: [el.getAttribute("data-query")] });
  }

  // An input changed: the scenario's query with its new value.
  document.addEventListener("change", function (ev) {
    var el = ev.target.closest("[data-embed]");
    if (!el) return;
    var q = new URLSearchParams(el.getAttribute("data-query"));
    q.set(ev.target.name, ev.target.value);
    el.setAttribute("data-query", q.toString());
    compute(el);
  });

  // show writes the answer's sentence and key figures, as app.js does on
  // a calculator page.
  function show(el, h) {
    el.querySelector(".headline-text").textContent = h.text;
    window.InferCostFigures.keyFigures(el.querySelector(".key-figures"), h.figures);
  }

  var seen = new IntersectionObserver(function (entries) {
    entries.forEach(function (en) {
      if (!en.isIntersecting) return;
      seen.unobserve(en.target);
      compute(en.target);
    });
  }, { rootMargin: "400px 0px" });
  document.querySelectorAll("[data-embed]").forEach(function (el) { seen.observe(el); });
})();
