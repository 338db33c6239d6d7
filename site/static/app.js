// InferCost page loader: draws the pre-rendered chart options, loads the
// WebAssembly engine, and applies its output on every input change. The
// engine decides everything; this file only moves values between the page
// and infercost.tco(). Values from the URL reach the page only as text.
(function () {
  "use strict";
  var root = document.documentElement;
  var form = document.getElementById("tco-form");
  if (!form) return;
  var script = document.currentScript;
  var status = document.getElementById("engine-status");
  var charts = {};
  var state = new URLSearchParams(location.search);
  var timings = (window.__infercostTimings = []);

  function drawCharts() {
    if (!window.echarts) return;
    document.querySelectorAll(".chart-box").forEach(function (el) {
      var opt = document.getElementById(el.id + "-option");
      var chart = echarts.init(el, null, { renderer: "svg" });
      chart.setOption(JSON.parse(opt.textContent));
      charts[el.id] = chart;
    });
    window.addEventListener("resize", function () {
      Object.keys(charts).forEach(function (k) { charts[k].resize(); });
    });
  }

  function setText(id, text) {
    var el = document.getElementById(id);
    if (el) el.textContent = text || "";
  }

  function apply(u) {
    u.inputs.forEach(function (s) {
      var el = form.elements[s.key];
      if (!el) return;
      if (el !== document.activeElement && !s.error) el.value = s.value;
      if (s.error) el.setAttribute("aria-invalid", "true"); else el.removeAttribute("aria-invalid");
      setText("err-" + s.key, s.error);
      setText("note-" + s.key, s.note);
      setText("def-" + s.key, s.default);
      if (s.unit) setText("unit-" + s.key, "(" + s.unit + ")");
    });
    u.enabled.forEach(function (on, i) {
      var l = "abcd"[i];
      var set = form.querySelector('[data-option-set="' + l + '"]');
      set.hidden = !on;
      set.setAttribute("data-kind", u.kinds[i]);
      document.querySelectorAll('[data-col="' + l + '"]').forEach(function (el) { el.hidden = !on; });
      document.querySelectorAll('[data-head="' + l + '"]').forEach(function (el) {
        el.textContent = l.toUpperCase() + ": " + u.heads[i];
      });
    });
    u.cells.forEach(function (c) {
      var el = document.querySelector('[data-key="' + c.key + '"]');
      if (!el) return;
      el.textContent = c.text;
      el.setAttribute("data-value", String(c.value));
      if (c.metric) {
        el.setAttribute("data-metric", c.metric);
        el.setAttribute("data-option", c.option);
        el.setAttribute("data-unit", c.unit);
      } else {
        el.removeAttribute("data-metric");
        el.removeAttribute("data-option");
        el.removeAttribute("data-unit");
      }
    });
    document.getElementById("claims").hidden = !u.hasClaims;
    var ex = document.getElementById("explanation");
    ex.textContent = u.explanation;
    ex.hidden = !u.explanation;
    var problems = document.getElementById("problems");
    problems.textContent = "";
    (u.problems || []).forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p;
      problems.appendChild(li);
    });
    Object.keys(u.charts).forEach(function (id) {
      if (charts[id]) charts[id].setOption(u.charts[id], { notMerge: true });
    });
    history.replaceState(null, "", "?" + u.query);
  }

  function recompute() {
    var t0 = performance.now();
    var u = JSON.parse(window.infercost.tco(state.toString()));
    apply(u);
    // Keep rejected raw values so the reader can fix them; the URL keeps
    // only the canonical scenario.
    var next = new URLSearchParams(u.query);
    u.inputs.forEach(function (s) {
      if (s.error && state.has(s.key)) next.set(s.key, state.get(s.key));
    });
    state = next;
    timings.push(performance.now() - t0);
  }

  form.addEventListener("input", function (e) {
    var el = e.target;
    if (!el.name || !window.infercost) return;
    if (el.name === "cur") {
      state = new URLSearchParams(window.infercost.convert(state.toString(), el.value));
    } else {
      state.set(el.name, el.value);
    }
    recompute();
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });

  document.getElementById("reset").addEventListener("click", function () {
    if (!window.infercost) return;
    state = new URLSearchParams();
    form.querySelectorAll("input").forEach(function (el) { el.blur(); });
    recompute();
  });
  document.getElementById("copy-link").addEventListener("click", function () {
    var btn = this;
    var done = function () { btn.textContent = "Link copied"; setTimeout(function () { btn.textContent = "Copy link"; }, 2000); };
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).then(done, function () { prompt("Copy this link:", location.href); });
    else prompt("Copy this link:", location.href);
  });

  function start() {
    drawCharts();
    var go = new Go();
    WebAssembly.instantiateStreaming(fetch(script.getAttribute("data-wasm")), go.importObject).then(function (r) {
      go.run(r.instance);
      recompute();
      status.textContent = "";
      status.hidden = true;
      root.setAttribute("data-engine", "ready");
    }).catch(function (err) {
      status.textContent = "The calculator could not start (" + err + "); the figures shown are the defaults.";
      root.setAttribute("data-engine", "failed");
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
