// InferCost page loader for every calculator: draws the pre-rendered chart
// options, loads the WebAssembly engine, and applies its output on every
// input change. The engine decides everything; this file only moves values
// between the page and infercost[calculator](query) (see view.Page.Update
// for what comes back). Values from the URL reach the page only as text.
(function () {
  "use strict";
  var root = document.documentElement;
  var form = document.getElementById("calc-form");
  var calc = document.querySelector("[data-calculator]");
  if (!form || !calc) return;
  var name = calc.getAttribute("data-calculator");
  var script = document.currentScript;
  var status = document.getElementById("engine-status");
  var charts = {};
  var state = new URLSearchParams(location.search);
  var timings = (window.__infercostTimings = []);

  // Charts are redrawn in animation frames, only while on screen (or
  // nearly), and a frame draws no further chart once it has spent
  // frameBudget ms: a chart costs 2-6 ms to redraw, more than the engine
  // and the tables together, and the page must keep answering keystrokes.
  // A chart scrolled into view gets the latest patch.
  var frameBudget = 4;
  var pending = {};
  var drawn = {};
  var visible = {};
  var frame = 0;
  var chartTimings = (window.__infercostChartTimings = []);

  function drawPending() {
    frame = 0;
    var t0 = performance.now();
    var ids = Object.keys(pending).filter(function (id) { return visible[id]; });
    for (var i = 0; i < ids.length; i++) {
      if (i > 0 && performance.now() - t0 > frameBudget) {
        schedule();
        break;
      }
      charts[ids[i]].setOption(pending[ids[i]]);
      delete pending[ids[i]];
    }
    if (ids.length) chartTimings.push(performance.now() - t0);
  }
  function schedule() {
    if (!frame) frame = requestAnimationFrame(drawPending);
  }
  // A printout shows every chart as it is now.
  addEventListener("beforeprint", function () {
    Object.keys(pending).forEach(function (id) { charts[id].setOption(pending[id]); delete pending[id]; });
  });
  // pendingCharts is how many charts on screen still wait for a redraw.
  window.__infercostPendingCharts = function () {
    return Object.keys(pending).filter(function (id) { return visible[id]; }).length;
  };

  function drawCharts() {
    if (!window.echarts) return;
    var io = "IntersectionObserver" in window && new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { visible[e.target.id] = e.isIntersecting; });
      schedule();
    }, { rootMargin: "200px" });
    document.querySelectorAll(".chart-box").forEach(function (el) {
      var opt = document.getElementById(el.id + "-option");
      var chart = echarts.init(el, null, { renderer: "canvas", useDirtyRect: true });
      chart.setOption(JSON.parse(opt.textContent));
      charts[el.id] = chart;
      if (io) io.observe(el); else visible[el.id] = true;
    });
    window.addEventListener("resize", function () {
      Object.keys(charts).forEach(function (k) { charts[k].resize(); });
    });
  }

  // Elements are looked up once: attribute selectors over the whole page
  // on every keystroke cost more than the engine itself.
  var byKey = {};
  document.querySelectorAll("[data-key]").forEach(function (el) { byKey[el.getAttribute("data-key")] = el; });
  var byId = {};
  function $(id) {
    if (!(id in byId)) byId[id] = document.getElementById(id);
    return byId[id];
  }
  var byCol = {};
  document.querySelectorAll("[data-col]").forEach(function (el) {
    var k = el.getAttribute("data-col");
    (byCol[k] = byCol[k] || []).push(el);
  });
  function each(selector, f) { document.querySelectorAll(selector).forEach(f); }

  // Writes only what changed, so that an edit restyles only its results.
  function setText(el, text) {
    text = text || "";
    if (el && el.textContent !== text) el.textContent = text;
  }
  function setAttr(el, name, value) {
    if (value === "" || value === null) {
      if (el.hasAttribute(name)) el.removeAttribute(name);
    } else if (el.getAttribute(name) !== value) {
      el.setAttribute(name, value);
    }
  }

  function apply(u) {
    u.inputs.forEach(function (s) {
      var el = form.elements[s.key];
      if (!el) return;
      if (el !== document.activeElement && !s.error && el.value !== s.value) el.value = s.value;
      setAttr(el, "aria-invalid", s.error ? "true" : "");
      setText($("err-" + s.key), s.error);
      setText($("note-" + s.key), s.note);
      setText($("def-" + s.key), s.default);
      if (s.unit) setText($("unit-" + s.key), "(" + s.unit + ")");
    });
    u.groups.forEach(function (g) {
      each('[data-group="' + g.key + '"]', function (el) {
        el.hidden = g.hidden;
        setAttr(el, "data-kind", g.kind);
      });
      each('[data-group-head="' + g.key + '"]', function (el) { setText(el, g.title); });
    });
    (u.columns || []).forEach(function (c) {
      (byCol[c.key] || []).forEach(function (el) { el.hidden = c.hidden; });
      each('[data-head="' + c.key + '"]', function (el) { setText(el, c.title); });
    });
    Object.keys(u.tables).forEach(function (id) {
      if ($(id)) $(id).hidden = u.tables[id].hidden;
      setText($(id + "-title"), u.tables[id].title);
    });
    (u.links || []).forEach(function (l) {
      var el = $("link-" + l.id);
      if (!el) return;
      setAttr(el, "href", el.getAttribute("data-path") + (l.query ? "?" + l.query : ""));
      el.hidden = l.hidden;
    });
    u.cells.forEach(function (c) {
      var el = byKey[c.key];
      if (!el) return;
      setText(el, c.text);
      setAttr(el, "data-value", String(c.value));
      setAttr(el, "data-metric", c.metric);
      setAttr(el, "data-option", c.metric && c.option);
      setAttr(el, "data-unit", c.metric && c.unit);
    });
    var ex = $("explanation");
    setText(ex, u.explanation);
    ex.hidden = !u.explanation;
    var problems = $("problems");
    problems.textContent = "";
    u.problems.forEach(function (p) {
      var li = document.createElement("li");
      li.textContent = p;
      problems.appendChild(li);
    });
    // Each patch holds all that depends on the scenario; ECharts merges it
    // into the full option drawn at start, series by id.
    // A chart whose patch is unchanged is not redrawn.
    Object.keys(u.charts).forEach(function (id) {
      var key = JSON.stringify(u.charts[id]);
      if (charts[id] && drawn[id] !== key) {
        pending[id] = u.charts[id];
        drawn[id] = key;
      }
      setText($(id + "-title"), u.titles[id]);
    });
    schedule();
    resort();
    query = u.query;
    clearTimeout(urlTimer);
    urlTimer = setTimeout(writeURL, 200);
  }

  // The address bar follows the scenario once typing pauses: replaceState
  // costs about 1 ms, and browsers throttle frequent calls.
  var query = null;
  var urlTimer = 0;
  function writeURL() {
    clearTimeout(urlTimer);
    if (query !== null && location.search !== "?" + query) history.replaceState(null, "", "?" + query);
  }
  addEventListener("pagehide", writeURL);

  function recompute() {
    var t0 = performance.now();
    var u = JSON.parse(window.infercost[name](state.toString()));
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
    var convert = window.infercost[name + "Convert"];
    if (el.name === "cur" && convert) {
      state = new URLSearchParams(convert(state.toString(), el.value));
    } else {
      state.set(el.name, el.value);
    }
    recompute();
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });

  // Sortable tables: a header button sorts the rows by that column's
  // data-value, again in the other direction; the order holds while the
  // figures change.
  var sorted = null;
  function resort() {
    if (!sorted) return;
    var body = sorted.table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var value = function (tr) {
      var td = tr.querySelector('[data-col="' + sorted.key + '"]');
      var v = td ? parseFloat(td.getAttribute("data-value")) : NaN;
      return isNaN(v) ? Infinity : v;
    };
    rows.sort(function (a, b) { return sorted.dir * (value(a) - value(b)); });
    rows.forEach(function (tr) { body.appendChild(tr); });
  }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button[data-sort]");
    if (!btn) return;
    var table = btn.closest("table");
    var key = btn.getAttribute("data-sort");
    var dir = sorted && sorted.table === table && sorted.key === key ? -sorted.dir : 1;
    sorted = { table: table, key: key, dir: dir };
    table.querySelectorAll("th[aria-sort]").forEach(function (th) { th.setAttribute("aria-sort", "none"); });
    btn.parentNode.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    resort();
  });

  // Export: the engine writes the first table as CSV or Markdown; both
  // are shown as text, the CSV also as a download.
  document.querySelectorAll("button[data-export]").forEach(function (btn) {
    btn.addEventListener("click", function () {
      var f = window.infercost && window.infercost[name + "Export"];
      if (!f) return;
      var text = f(state.toString(), btn.getAttribute("data-export"));
      var out = $("export-text");
      out.value = text;
      out.hidden = false;
      var link = $("export-download");
      if (btn.getAttribute("data-export") === "csv") {
        link.href = "data:text/csv;charset=utf-8," + encodeURIComponent(text);
        link.hidden = false;
      } else {
        link.hidden = true;
        if (navigator.clipboard) navigator.clipboard.writeText(text).catch(function () {});
        out.select();
      }
    });
  });

  document.getElementById("reset").addEventListener("click", function () {
    if (!window.infercost) return;
    state = new URLSearchParams();
    form.querySelectorAll("input").forEach(function (el) { el.blur(); });
    recompute();
  });
  document.getElementById("copy-link").addEventListener("click", function () {
    writeURL();
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
