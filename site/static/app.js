// InferCost page loader for every calculator: starts the WebAssembly
// engine in a worker (worker.js), applies its output on every input
// change, and draws the charts. The engine decides everything; this file
// only moves values between the page and infercost[calculator](query)
// (see view.Page.Since for what comes back). Values from the URL reach
// the page only as text.
(function () {
  "use strict";
  var root = document.documentElement;
  var form = document.getElementById("calc-form");
  var calc = document.querySelector("[data-calculator]");
  if (!form || !calc) return;
  var figures = window.InferCostFigures;
  var name = calc.getAttribute("data-calculator");
  var script = document.currentScript;
  var status = document.getElementById("engine-status");
  var charts = {};
  var state = new URLSearchParams(location.search);
  // A server that renders a link's own scenario into the page (the edge
  // worker) marks its headline: its figures are the link's, not the
  // defaults'.
  var headline = document.getElementById("headline");
  var rendered = !!headline && headline.hasAttribute("data-rendered");
  // ownScenario is whether the link sets a scenario, not only the page's
  // own parameters (the chart tab, the handout's fields): the page was
  // built with the defaults' figures, not with its.
  var ownScenario = false;
  state.forEach(function (v, k) { if (k !== "tab" && k.slice(0, 2) !== "h.") ownScenario = true; });

  // Charts are redrawn in animation frames, only while on screen (or
  // nearly). A frame draws every chart that waits unless the input
  // handler and the charts drawn so far have used frameBudget ms, so that
  // the page keeps answering keystrokes on a slow machine; the rest wait
  // for the next frame. A chart scrolled into view gets the latest patch.
  var frameBudget = 12;
  var pending = {};
  var visible = {};
  var frame = 0;
  var handlerTime = 0;
  var chartTimings = (window.__infercostChartTimings = []);

  function drawPending() {
    frame = 0;
    var t0 = performance.now();
    var spent = handlerTime;
    handlerTime = 0;
    var ids = Object.keys(pending).filter(function (id) { return visible[id] && charts[id]; });
    for (var i = 0; i < ids.length; i++) {
      if (i > 0 && spent + performance.now() - t0 > frameBudget) {
        schedule();
        break;
      }
      draw(ids[i]);
    }
    if (ids.length) chartTimings.push(performance.now() - t0);
  }
  function draw(id) {
    var p = pending[id];
    delete pending[id];
    var box = charts[id].getDom();
    if (p.height && box.style.height !== p.height + "px") {
      box.style.height = p.height + "px";
      resize(id);
    }
    var u = unitOf(p.option);
    if (u !== undefined) units[id] = u;
    charts[id].setOption(p.option);
  }
  function schedule() {
    if (!frame) frame = requestAnimationFrame(drawPending);
  }
  // A printout shows every chart as it is now: every tab's panel is shown
  // (style.css hides the tabs), and every chart is drawn at its screen
  // height and a width that style.css scales down to half an A4 page's
  // text width, two to a row: the whole chart, lettering included, at
  // about two thirds of its size, so that a handout and the sources of its
  // defaults fit on two pages. The size is given, not measured: the print
  // layout does not exist yet when beforeprint runs.
  var printWidth = 504;
  // printing is whether the page is laid out for print: from beforeprint
  // to afterprint, or while print media match (a browser that says so
  // without the events, or an emulated print).
  var printing = false;
  var printMedia = window.matchMedia && matchMedia("print");
  function printCharts() {
    printing = true;
    Object.keys(charts).forEach(function (id) {
      var panel = $(id + "-panel");
      if (!panel.hasAttribute("data-print")) panel.setAttribute("data-print", panel.hidden ? "hidden" : "");
      panel.hidden = false;
      var box = $(id), height = parseFloat(box.style.height) || +box.getAttribute("data-height");
      charts[id].resize({ width: printWidth, height: height });
      fit(id);
    });
    Object.keys(pending).forEach(function (id) { if (charts[id]) draw(id); });
  }
  function screenCharts() {
    if (!printing) return;
    printing = false;
    Object.keys(charts).forEach(function (id) {
      var panel = $(id + "-panel");
      panel.hidden = panel.getAttribute("data-print") === "hidden";
      panel.removeAttribute("data-print");
      if (!panel.hidden) resize(id);
    });
  }
  addEventListener("beforeprint", printCharts);
  addEventListener("afterprint", screenCharts);
  if (printMedia) printMedia.addEventListener("change", function (e) {
    if (e.matches) {
      fillHandout();
      addCharts();
      printCharts();
    } else {
      screenCharts();
    }
  });

  // Chart tabs: one chart on screen at a time. Arrow keys, Home and End
  // move between tabs; a chart shown for the first time is sized to its
  // panel and then gets its latest patch (drawPending, once on screen).
  // tabParam is the chart tab the reader chose, kept in the link as
  // tab=NAME (chart-NAME is the chart's id); the engine ignores it.
  var tabParam = state.get("tab");
  function selectTab(tab, chosen) {
    if (chosen) {
      tabParam = tab.id.replace(/^chart-/, "").replace(/-tab$/, "");
      writeURL();
    }
    tab.parentNode.querySelectorAll('[role="tab"]').forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute("aria-controls")).hidden = !on;
    });
    var id = tab.id.replace(/-tab$/, "");
    if (charts[id]) resize(id);
  }
  document.querySelectorAll('[role="tablist"]').forEach(function (list) {
    var tabs = Array.prototype.slice.call(list.querySelectorAll('[role="tab"]'));
    list.addEventListener("click", function (e) {
      var tab = e.target.closest('[role="tab"]');
      if (tab) selectTab(tab, true);
    });
    list.addEventListener("keydown", function (e) {
      var i = tabs.indexOf(document.activeElement);
      var to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (i < 0 || to === undefined) return;
      e.preventDefault();
      var tab = tabs[(to + tabs.length) % tabs.length];
      selectTab(tab, true);
      tab.focus();
    });
  });
  // pendingCharts is how many charts on screen still wait for a redraw.
  window.__infercostPendingCharts = function () {
    return Object.keys(pending).filter(function (id) { return visible[id] && charts[id]; }).length;
  };

  // t returns the page's message of key (content/i18n, sent in the page
  // as #ui-text) with its {name} placeholders filled from args.
  var uiText = JSON.parse((document.getElementById("ui-text") || {}).textContent || "{}");
  function t(key, args) {
    return (uiText[key] || key).replace(/\{([a-z]+)\}/g, function (m, name) {
      return args && name in args ? String(args[name]) : m;
    });
  }
  // day writes a date given as YYYY-MM-DD the page language's way
  // (30.11.2026 in German), as the engine does (package msg).
  function day(iso) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
    return m && root.lang === "de" ? m[3] + "." + m[2] + "." + m[1] : iso;
  }
  // The language switch keeps the scenario: the same query and hash in
  // the other language.
  var langSwitch = document.getElementById("lang-switch");
  if (langSwitch) langSwitch.addEventListener("click", function () {
    langSwitch.href = langSwitch.href.split(/[?#]/)[0] + location.search + location.hash;
  });

  // Numbers in charts follow the page's language and the tables'
  // rounding (package money): compact on the axes ("1.2M", "$1.2K"), an
  // estimate's 3 significant figures in tooltips and labels, and an
  // amount with its symbol, in whole units from 100 up and with cents
  // below ($76.09, 1.234 €), so that a bar's label reads as its cell.
  var lang = root.lang || "en";
  var compact = new Intl.NumberFormat(lang, { notation: "compact", maximumSignificantDigits: 3 });
  var sig3 = new Intl.NumberFormat(lang, { maximumSignificantDigits: 3 });
  var whole = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  var symbols = { USD: "$", EUR: "€", CNY: "¥" };
  // amounts[d] writes an amount with d decimals (0, 2 or 3; see figure).
  var amounts = [0, 1, 2, 3].map(function (d) {
    return new Intl.NumberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d });
  });
  function number(v) {
    return typeof v === "number" ? sig3.format(v) : v;
  }
  // figure writes v in unit, a chart's value axis name: a currency code
  // as an amount, any other unit after the figure.
  function figure(v, unit) {
    if (typeof v !== "number") return v;
    var sym = symbols[unit];
    if (!sym) return number(v) + (unit ? " " + unit : "");
    var a = Math.abs(v), d = Math.round(a * 100) >= 10000 ? 0 : a < 0.1 && a !== 0 ? 3 : 2;
    var s = amounts[d].format(a);
    return (v < 0 ? "-" : "") + (lang === "de" ? s + "\u00a0" + sym : sym + s);
  }
  // axisFigure writes an axis tick compactly, an amount with its symbol.
  function axisFigure(v, unit) {
    var s = compact.format(Math.abs(v)), sym = symbols[unit];
    if (!sym) return compact.format(v);
    return (v < 0 ? "-" : "") + (lang === "de" ? s + "\u00a0" + sym : sym + s);
  }
  // units holds each chart's unit, its value axis's name, which a redraw
  // (another currency) may change.
  var units = {};
  function unitOf(o) {
    var y = o && o.yAxis && o.yAxis[0];
    if (!y) return undefined;
    return y.data || y.type === "category" ? o.xAxis && o.xAxis[0] && o.xAxis[0].name : y.name;
  }
  // tooltip builds a tooltip as elements: ECharts' own is HTML with
  // style attributes, which the pages' CSP refuses. A heading (the
  // category or the x value) and a row per series, in its colour.
  function tooltip(params, unit) {
    var list = [].concat(params);
    var box = document.createElement("div");
    if (!list.length) return box;
    var head = document.createElement("div");
    head.className = "tip-head";
    var first = list[0];
    // Lines head with their x value, a time axis's as the date; bars (an
    // error band's ranges too, whose first value is the bar's index) with
    // their category.
    var x = Array.isArray(first.value) && first.seriesType !== "bar" ? first.value[0] : undefined;
    head.textContent = x === undefined ? first.axisValueLabel || first.name :
      first.axisType === "xAxis.time" ? day(new Date(x).toISOString().slice(0, 10)) : number(x);
    box.appendChild(head);
    list.forEach(function (p) {
      // An error band's nameless base (wasm/chart Bands) has no row; its
      // shaded width shows the band as low–high.
      if (!p.seriesName) return;
      var v = Array.isArray(p.value) ? p.value : null;
      var row = document.createElement("div");
      row.className = "tip-row";
      var mark = document.createElement("span");
      mark.className = "swatch";
      mark.style.backgroundColor = typeof p.color === "string" ? p.color : "";
      var name = document.createElement("span");
      name.textContent = p.seriesName;
      var value = document.createElement("b");
      value.textContent = v && v.length === 4 ? figure(v[2], unit) + "–" + figure(v[3], unit) : figure(v ? v[1] : p.value, unit);
      row.appendChild(mark);
      row.appendChild(name);
      row.appendChild(value);
      box.appendChild(row);
    });
    return [box];
  }

  function withFormatters(opt, id) {
    units[id] = unitOf(opt) || "";
    var unit = function () { return units[id]; };
    var y = opt.yAxis[0];
    opt.xAxis.concat(opt.yAxis).forEach(function (a) {
      // The value axis carries the unit; a line chart's x axis its own.
      var own = a === y || y.data || y.type === "category" ? unit : function () { return ""; };
      if (a.type === "value" || a.type === "log") a.axisLabel = { formatter: function (v) { return axisFigure(v, own()); } };
    });
    opt.tooltip.formatter = function (params) { return tooltip(params, unit()); };
    var xUnit = opt.xAxis[0].name ? " " + opt.xAxis[0].name : "";
    opt.series.forEach(function (s) {
      if (s.label) s.label.formatter = function (p) { return figure(p.value, unit()); };
      if (s.markLine) s.markLine.label.formatter = function (p) { return p.name + ": " + number(p.value) + xUnit; };
    });
    return opt;
  }

  // The legend is HTML: its n-th button shows or hides the n-th series
  // through ECharts' legend, which the option keeps hidden; series of one
  // name (the bands of several lines) share the first one's button.
  // Hidden names stay hidden when a series is renamed back.
  var off = {};
  function updateLegend(id, patch) {
    var list = $(id + "-legend");
    if (!list) return;
    var shown = patch.legend[0].data || [], listed = {};
    patch.series.forEach(function (s, i) {
      var li = list.children[i];
      if (!li) return;
      setHidden(li, shown.indexOf(s.name) < 0 || listed[s.name]);
      if (s.data.length) listed[s.name] = true;
      setText(li.querySelector(".legend-name"), s.name);
      setAttr(li.firstElementChild, "aria-pressed", off[id + "\n" + s.name] ? "false" : "true");
    });
  }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button.legend-item");
    if (!btn) return;
    var id = btn.closest(".chart-legend").id.replace(/-legend$/, "");
    var name = btn.querySelector(".legend-name").textContent;
    var on = btn.getAttribute("aria-pressed") !== "true";
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) delete off[id + "\n" + name]; else off[id + "\n" + name] = true;
    if (charts[id]) charts[id].dispatchAction({ type: "legendToggleSelect", name: name });
  });

  function drawCharts() {
    if (!window.echarts) return;
    var io = "IntersectionObserver" in window && new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { visible[e.target.id] = e.isIntersecting; });
      schedule();
    }, { rootMargin: "200px" });
    document.querySelectorAll(".chart-box").forEach(function (el) {
      var opt = JSON.parse(document.getElementById(el.id + "-option").textContent);
      layouts[el.id] = opt.layouts || [];
      // The option starts in the layout for any width (echart.New).
      fitted[el.id] = layouts[el.id].filter(function (l) { return !l.maxWidth; })[0];
      delete opt.layouts;
      var chart = echarts.init(el, null, { renderer: "canvas" });
      chart.setOption(withFormatters(opt, el.id));
      chart.setOption(chartTheme(opt));
      charts[el.id] = chart;
      fit(el.id);
      if (io) io.observe(el); else visible[el.id] = true;
    });
    window.addEventListener("resize", function () {
      if (!printing) Object.keys(charts).forEach(resize);
    });
    // The charts follow the system's setting and the reader's pick (theme.js).
    var retheme = function () {
      Object.keys(charts).forEach(function (id) { charts[id].setOption(chartTheme(charts[id].getOption())); });
    };
    if (window.matchMedia) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", retheme);
    document.addEventListener("infercost-theme", retheme);
    root.setAttribute("data-charts", "ready");
    // Charts that arrive while the page is laid out for print.
    if (printing || printMedia && printMedia.matches) printCharts();
  }

  // chartTheme colours a chart's text, axes and tooltip with the page's
  // colours (style.css), light or dark; the background stays the page's.
  // ECharts merges it into the option, keeping labels' other settings.
  function chartTheme(opt) {
    var css = getComputedStyle(root);
    var color = function (name) { return css.getPropertyValue(name).trim(); };
    var fg = color("--fg"), bg = color("--bg");
    var axis = function () {
      return {
        axisLine: { lineStyle: { color: color("--muted") } },
        axisTick: { lineStyle: { color: color("--muted") } },
        axisLabel: { color: fg },
        splitLine: { lineStyle: { color: color("--line") } },
        nameTextStyle: { color: fg }
      };
    };
    return {
      backgroundColor: "transparent",
      textStyle: { color: fg },
      tooltip: { backgroundColor: color("--bg"), borderColor: color("--line"), textStyle: { color: fg } },
      xAxis: opt.xAxis.map(axis),
      yAxis: opt.yAxis.map(axis),
      // A mark's label lies over grid and series lines: a halo of the
      // page's background keeps it readable (ECharts' own is white).
      series: opt.series.map(function (s) {
        var theme = { id: s.id, label: { color: fg } };
        if (s.markLine) theme.markLine = { label: { color: fg, textBorderColor: bg, textBorderWidth: 3 } };
        return theme;
      })
    };
  }

  // A chart takes the first of its layouts (see echart.Layout) that fits
  // its width, whenever it is drawn at a new size; a chart in a hidden tab
  // (no width) waits until it is shown.
  var layouts = {};
  var fitted = {};
  function fit(id) {
    var w = charts[id].getWidth();
    if (!w) return;
    var pick = layouts[id].filter(function (l) { return !l.maxWidth || w <= l.maxWidth; })[0];
    if (pick && fitted[id] !== pick) {
      fitted[id] = pick;
      charts[id].setOption({ grid: pick.grid, xAxis: pick.xAxis, yAxis: pick.yAxis });
    }
  }
  function resize(id) {
    charts[id].resize();
    fit(id);
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
  // group returns, by the value of attribute name, the elements that carry
  // it.
  function group(name) {
    var out = {};
    document.querySelectorAll("[" + name + "]").forEach(function (el) {
      var k = el.getAttribute(name);
      (out[k] = out[k] || []).push(el);
    });
    return out;
  }
  var byCol = group("data-col");
  var byHead = group("data-head");
  var byGroup = group("data-group");
  var byGroupHead = group("data-group-head");
  var byField = group("data-field");
  var bySource = group("data-preset-source");
  function each(elements, f) { (elements || []).forEach(f); }

  // Writes only what changed, so that an edit restyles only its results.
  function setText(el, text) {
    text = text || "";
    if (el && el.textContent !== text) el.textContent = text;
  }
  // setLead writes a cell's figure as its first text, leaving the band
  // beside it (figures.js) in place.
  function setLead(el, text) {
    text = text || "";
    var n = el.firstChild;
    if (n && n.nodeType === Node.TEXT_NODE) {
      if (n.nodeValue !== text) n.nodeValue = text;
    } else {
      el.insertBefore(document.createTextNode(text), n);
    }
  }
  function setHidden(el, hidden) {
    if (el && el.hidden !== hidden) el.hidden = hidden;
  }
  function setAttr(el, name, value) {
    if (value === "" || value === null) {
      if (el.hasAttribute(name)) el.removeAttribute(name);
    } else if (el.getAttribute(name) !== value) {
      el.setAttribute(name, value);
    }
  }

  // setChoices gives a select the choices of the scenario (view.Page.Since
  // sends them when they change: a cloud offer list follows its GPU), so
  // that the offer it names is the one the engine used.
  function setChoices(el, choices) {
    var same = el.options.length === choices.length && choices.every(function (c, i) {
      return el.options[i].value === c.value && el.options[i].text === c.label;
    });
    if (same) return false;
    el.textContent = "";
    choices.forEach(function (c) {
      var o = document.createElement("option");
      o.value = c.value;
      o.textContent = c.label;
      el.appendChild(o);
    });
    return true;
  }

  var shownProblems = null;
  function apply(u) {
    u.inputs.forEach(function (s) {
      var el = form.elements[s.key];
      if (!el) return;
      var rebuilt = s.choices && setChoices(el, s.choices);
      if ((rebuilt || el !== document.activeElement && !s.error) && el.value !== s.value) el.value = s.value;
      setAttr(el, "aria-invalid", s.error ? "true" : "");
      setText($("err-" + s.key), s.error);
      setText($("note-" + s.key), s.note);
      setText($("def-" + s.key), s.default);
      if (s.unit) setText($("unit-" + s.key), "(" + s.unit + ")");
      // A field that does not apply to the scenario (scenario.Resolver.Hide).
      each(byField[s.key], function (el) { setHidden(el, s.hidden); });
      // A folded group opens on a field the link sets (in the page's
      // first answer) or one the engine rejects, as the form's template
      // does for a scenario rendered into the page.
      if (!s.hidden && (s.error || s.explicit && root.getAttribute("data-engine") !== "ready")) {
        each(byField[s.key], function (el) {
          var more = el.closest("details.more");
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
      var el = $("link-" + l.id);
      if (!el) return;
      setAttr(el, "href", el.getAttribute("data-path") + (l.query ? "?" + l.query : ""));
      setHidden(el, l.hidden);
    });
    if (u.all) {
      // A whole update (an edition with other rows): a row none of whose
      // cells it lists is not this scenario's, and the page hides it.
      var listed = {};
      u.cells.forEach(function (c) { listed[c.key] = true; });
      calc.querySelectorAll("tr").forEach(function (tr) {
        var cells = tr.querySelectorAll("[data-key]");
        if (!cells.length) return;
        setHidden(tr, ![].some.call(cells, function (el) { return listed[el.getAttribute("data-key")]; }));
      });
    }
    // A place of a table that the scenario leaves empty (view.Row.Hidden).
    u.rows.forEach(function (r) {
      var el = byKey[r.key];
      if (el) setHidden(el.parentNode, r.hidden);
    });
    u.cells.forEach(function (c) {
      var el = byKey[c.key];
      if (!el) return;
      var toggle = el.firstElementChild;
      if (toggle && toggle.hasAttribute("data-toggle")) {
        // A button that sets an input (view.Column.Toggle).
        setText(toggle, c.text);
        setAttr(toggle, "data-to", c.option);
        setAttr(toggle, "data-in", c.value === 1 ? "1" : "");
        setAttr(toggle, "aria-label", c.note);
        setHidden(toggle, !c.text);
        toggle.disabled = c.value !== 1 && !c.option;
      } else {
        setLead(el, c.text);
        figures.band(el, c);
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
    handout = { changed: u.changed, sources: u.sources };
    // The page now shows the link's own figures.
    root.removeAttribute("data-figures");
    var ex = $("explanation");
    setText(ex, u.explanation);
    setHidden(ex, !u.explanation);
    // The source of the open preset's explanation, rendered for each.
    var preset = new URLSearchParams(u.query).get("preset");
    Object.keys(bySource).forEach(function (name) {
      each(bySource[name], function (el) { setHidden(el, name !== preset); });
    });
    var problems = $("problems");
    // A field that the reader's edit hid (a mode switched) still has its
    // value in the state for this computation: the link's own fields are
    // said, not the reader's.
    if (root.getAttribute("data-engine") === "ready") {
      u.problems = u.problems.filter(function (p) { return u.inapplicable.indexOf(p) < 0; });
    }
    if (shownProblems !== u.problems.join("\n")) {
      shownProblems = u.problems.join("\n");
      problems.textContent = "";
      u.problems.forEach(function (p) {
        var li = document.createElement("li");
        li.textContent = p;
        problems.appendChild(li);
      });
    }
    // Each patch holds all that depends on the scenario; ECharts merges it
    // into the full option drawn at start, series by id. Only changed
    // charts come.
    Object.keys(u.charts).forEach(function (id) {
      pending[id] = { option: u.charts[id], height: u.heights[id] };
      updateLegend(id, u.charts[id]);
    });
    Object.keys(u.titles).forEach(function (id) {
      setText($(id + "-title"), u.titles[id]);
      setText($(id + "-tab"), u.titles[id]);
    });
    schedule();
    resort();
    query = u.query;
    clearTimeout(urlTimer);
    urlTimer = setTimeout(writeURL, 200);
  }

  // showHeadline shows the answer in a sentence and its key figures,
  // which the answer bar repeats without their bands (it is hidden from
  // screen readers and holds nothing to focus).
  var shownFigures = null;
  function showHeadline(h) {
    setText($("headline-text"), h.text);
    var key = JSON.stringify(h.figures);
    if (key === shownFigures) return;
    shownFigures = key;
    figures.keyFigures($("key-figures"), h.figures);
    var bar = $("bar-figures");
    if (!bar) return;
    bar.textContent = "";
    h.figures.forEach(function (f) {
      var div = document.createElement("div");
      var dt = document.createElement("dt");
      var dd = document.createElement("dd");
      dt.textContent = f.label;
      dd.textContent = f.text;
      div.appendChild(dt);
      div.appendChild(dd);
      bar.appendChild(div);
    });
  }
  // The answer bar (style.css, on a narrow screen) shows while the
  // headline's figures are above the screen: out of the flow, it moves
  // nothing as it comes and goes.
  if (window.IntersectionObserver && $("answer-bar") && $("key-figures")) {
    new IntersectionObserver(function (entries) {
      var e = entries[entries.length - 1];
      setAttr($("answer-bar"), "data-shown", !e.isIntersecting && e.boundingClientRect.bottom < 0 ? "true" : "");
    }).observe($("key-figures"));
  }

  // showEdition shows, on a link that pins an older data edition, that its
  // figures are that edition's, how many of them today's data changes
  // and the first few changes.
  var shownEdition = "";
  function showEdition(e) {
    var key = JSON.stringify(e);
    if (key === shownEdition) return;
    shownEdition = key;
    setHidden($("edition-note"), !e.edition);
    if (!e.edition) return;
    var args = { latest: day(e.latest), n: whole.format(e.results) };
    var lead = e.results === 1 ? "app.edition_differ_one" : e.results ? "app.edition_differ" :
      e.changes.length ? "app.edition_changes" : "app.edition_same";
    setText($("edition-note-text"), t("app.edition_note", { edition: day(e.edition) }) + " " + t(lead, args));
    var list = $("edition-changes");
    list.textContent = "";
    e.changes.forEach(function (c) {
      var li = document.createElement("li");
      li.textContent = c;
      list.appendChild(li);
    });
    var a = $("edition-today");
    setAttr(a, "href", a.getAttribute("data-path") + "?" + e.query);
  }

  // The address bar follows the scenario once typing pauses: replaceState
  // costs about 1 ms, and browsers throttle frequent calls.
  var query = null;
  var urlTimer = 0;
  function writeURL() {
    clearTimeout(urlTimer);
    if (query === null) return;
    var hq = handoutQuery();
    var q = query + (tabParam ? "&tab=" + encodeURIComponent(tabParam) : "") + (hq ? "&" + hq : "");
    if (location.search !== "?" + q) history.replaceState(null, "", "?" + q + location.hash);
    requestQR();
  }
  addEventListener("pagehide", writeURL);

  // The engine runs in a worker (worker.js), so that the page answers
  // the reader while it computes. One computation at a time: an input
  // that arrives meanwhile waits, and a newer one replaces it, so the
  // engine never works on a scenario the reader has already left.
  var worker = null;
  var calls = {};
  var nextCall = 0;
  function call(fn, args) {
    return new Promise(function (resolve, reject) {
      if (!worker) return reject(new Error("the engine is not running"));
      calls[++nextCall] = { resolve: resolve, reject: reject };
      worker.postMessage({ id: nextCall, fn: fn, args: args });
    });
  }
  // computing is whether the engine works on a scenario; waiting, whether
  // an input has come since (the state then holds the newest).
  var computing = false;
  var waiting = false;
  // api is what tests and benchmarks use: the engine's calls, how many
  // computations the page has asked for, a promise that it has answered
  // every input (settled), and one of the link's QR code (handoutQR).
  var api = { computations: 0 };
  var updatingTimer = 0;
  var outputs = calc.querySelector(".outputs");
  // markUpdating marks the results and the headline as not (yet) those of
  // the scenario the form shows.
  function markUpdating(on) {
    setAttr(outputs, "data-updating", on);
    setAttr($("headline"), "data-updating", on);
  }
  // rejected holds the inputs whose value the engine refused; the engine
  // sends an input again only when it changes.
  var rejected = {};
  function compute() {
    if (computing) {
      waiting = true;
      return;
    }
    computing = true;
    api.computations++;
    // Figures that take a while are marked as updating, not left as if
    // they were the new scenario's.
    updatingTimer = setTimeout(function () { markUpdating("true"); }, 100);
    call(name, [state.toString()]).then(function (json) {
      var t0 = performance.now();
      var u = JSON.parse(json);
      apply(u);
      // Keep rejected raw values so the reader can fix them; the URL keeps
      // only the canonical scenario.
      u.inputs.forEach(function (s) {
        if (s.error) rejected[s.key] = true;
        else delete rejected[s.key];
      });
      var next = new URLSearchParams(u.query);
      Object.keys(rejected).forEach(function (k) {
        if (state.has(k)) next.set(k, state.get(k));
      });
      if (!waiting) state = next; // else the newer input's state stands
      handlerTime += performance.now() - t0;
      done();
      if (root.getAttribute("data-engine") !== "ready") ready();
    }, function (err) {
      // The Go program does not survive a panic: the page keeps what it
      // shows and stops asking.
      computing = false;
      waiting = false;
      clearTimeout(updatingTimer);
      worker = null;
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

  form.addEventListener("input", function (e) {
    var el = e.target;
    if (!el.name || !worker) return;
    // A Hugging Face id names the model only together with the config
    // read from it (hfRead): a typed id waits for Load, and an emptied
    // field drops the name.
    if (el.name === "m.hf" && el.value.trim() !== "") return;
    if (el.name === "cur" && convertible) {
      // Converting rounds amounts to 4 significant digits; converting
      // straight back restores the amounts as typed instead of rounding
      // them twice.
      var before = state.toString();
      if (lastConversion && lastConversion.from === el.value) {
        state = new URLSearchParams(lastConversion.before);
        lastConversion = null;
        compute();
        return;
      }
      var from = state.get("cur") || "USD";
      call(name + "Convert", [before, el.value]).then(function (q) {
        state = new URLSearchParams(q);
        lastConversion = { before: before, from: from };
        compute();
      });
      return;
    }
    lastConversion = null;
    state.set(el.name, el.value);
    compute();
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });

  // A Hugging Face model: the reader's browser fetches its config.json
  // (and model.safetensors.index.json, when there is one), the engine reads
  // them into the custom model's fields, and the link then carries those
  // fields: it shows the same figures with no fetch, even if the
  // repository changes. A pasted config.json stands in for a gated or
  // private one. A newer load supersedes an older one.
  var hfInput = form.elements["m.hf"];
  var hfLoads = 0;
  var hfAbort = null;
  var hfPending = false;
  var hfTimeout = 10000;
  var hfID = /^([A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*)(?:@([A-Za-z0-9._\/-]+))?$/;
  function hfStatus(text, error) {
    var el = $("hf-status");
    setText(el, text);
    setAttr(el, "data-error", error ? "true" : "");
  }
  function hfDone() {
    hfPending = false;
    setTimeout(notifySettled, 0);
  }
  // hfFetch reads url as text; a failure carries the HTTP status, if any.
  function hfFetch(url, signal) {
    return fetch(url, { signal: signal, credentials: "omit" }).then(function (r) {
      if (r.ok) return r.text();
      var err = new Error("HTTP " + r.status);
      err.status = r.status;
      throw err;
    });
  }
  function hfLoad() {
    var id = hfInput.value.trim();
    var m = hfID.exec(id);
    if (!m || id.length > 200) {
      hfStatus(t("app.hf_type"), true);
      return;
    }
    if (hfAbort) hfAbort.abort();
    var ctl = (hfAbort = new AbortController());
    var load = ++hfLoads;
    var timedOut = false;
    var timer = setTimeout(function () { timedOut = true; ctl.abort(); }, hfTimeout);
    var dir = script.getAttribute("data-hf") + "/" + m[1] + "/resolve/" + encodeURIComponent(m[2] || "main") + "/";
    hfPending = true;
    hfStatus(t("app.hf_loading", { id: id }), false);
    Promise.all([
      hfFetch(dir + "config.json", ctl.signal),
      hfFetch(dir + "model.safetensors.index.json", ctl.signal).catch(function () { return ""; })
    ]).then(function (r) {
      clearTimeout(timer);
      if (load === hfLoads) hfRead(id, r[0], r[1]);
    }, function (err) {
      clearTimeout(timer);
      if (load !== hfLoads) return;
      hfDone();
      var paste = t("app.hf_paste");
      if (timedOut) hfStatus(t("app.hf_timeout", { seconds: hfTimeout / 1000 }) + paste, true);
      else if (err.status === 404) hfStatus(t("app.hf_not_found", { id: id }), true);
      else if (err.status === 401 || err.status === 403) hfStatus(t("app.hf_gated", { id: id }), true);
      else if (err.status) hfStatus(t("app.hf_http", { status: err.status, id: id }) + paste, true);
      else hfStatus(t("app.hf_network") + paste, true);
    });
  }
  // hfRead has the engine read a config into the custom model's fields
  // and applies them; id names the model ("" for a pasted config without
  // an id typed).
  function hfRead(id, config, index) {
    var load = ++hfLoads;
    hfPending = true;
    var what = id || t("app.hf_pasted");
    call("hfModel", [config, index]).then(function (json) {
      if (load !== hfLoads) return;
      hfDone();
      var r = JSON.parse(json);
      if (r.error) {
        hfStatus(t("app.hf_unreadable", { what: what, error: r.error }), true);
        return;
      }
      var keys = [];
      state.forEach(function (_, k) { if (k.indexOf("m.") === 0) keys.push(k); });
      keys.forEach(function (k) { state.delete(k); });
      // /memory/ and /performance/ choose the custom model here; on /tco/
      // an option already chooses it, or the field would be hidden.
      if (form.elements.model) state.set("model", "custom");
      if (id) state.set("m.hf", id);
      new URLSearchParams(r.query).forEach(function (v, k) { state.set(k, v); });
      hfStatus(t("app.hf_loaded", { what: what }) + (r.note ? " " + r.note : ""), false);
      compute();
    }, function (err) {
      if (load !== hfLoads) return;
      hfDone();
      hfStatus(t("app.hf_unreadable", { what: what, error: err }), true);
    });
  }
  if (hfInput) {
    $("hf-load").addEventListener("click", hfLoad);
    hfInput.addEventListener("keydown", function (e) {
      if (e.key === "Enter") hfLoad();
    });
    $("hf-read").addEventListener("click", function () {
      if (hfAbort) hfAbort.abort();
      var id = hfInput.value.trim();
      hfRead(hfID.test(id) && id.length <= 200 ? id : "", $("hf-config").value, "");
    });
  }
  // A toggle button (the pricing page's "Add to comparison") sets its
  // input to the value the engine gave it, as if typed.
  calc.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-toggle]");
    var el = b && form.elements[b.getAttribute("data-toggle")];
    if (!el || b.disabled) return;
    el.value = b.getAttribute("data-to");
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  var convertible = script.hasAttribute("data-convert");
  // lastConversion is the scenario before the last currency change and
  // its currency, until another input changes the scenario.
  var lastConversion = null;

  // Sortable tables: a header button sorts the rows by that column's
  // data-value, again in the other direction; the order holds while the
  // figures change. A cell's data-order "inf" sorts above every value
  // ("never"), "none" (no figure) last whichever the direction; a row
  // with a cell "apart" (a vendor's claim) after the other figures.
  var sorted = null;
  function resort() {
    if (!sorted) return;
    var body = sorted.table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var value = function (tr) {
      var td = tr.querySelector('[data-col="' + sorted.key + '"]');
      var order = td ? td.getAttribute("data-order") : "none";
      if (order === "inf") return Infinity;
      var v = order === "none" ? NaN : parseFloat(td.getAttribute("data-value"));
      return isNaN(v) ? null : v;
    };
    var apart = function (tr) { return tr.querySelector('[data-order="apart"]') ? 1 : 0; };
    rows.sort(function (a, b) {
      var x = value(a), y = value(b);
      if (x === null || y === null) return (x === null) - (y === null);
      if (apart(a) !== apart(b)) return apart(a) - apart(b);
      return x === y ? 0 : sorted.dir * (x < y ? -1 : 1);
    });
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

  // Exports: the engine writes the page's figures as a file (CSV, JSON)
  // that downloads at once, or as Markdown for the clipboard; each carries
  // the scenario's link and data edition.
  var confirmTimer = 0;
  function tell(text) {
    var el = $("export-status");
    setText(el, text);
    clearTimeout(confirmTimer);
    confirmTimer = setTimeout(function () { setText(el, ""); }, 4000);
  }
  function fileName(ext) {
    return "infercost-" + name + "-" + (new URLSearchParams(query || "").get("ed") || "latest") + ext;
  }
  function download(file, type, data) {
    var url = URL.createObjectURL(new Blob([data], { type: type }));
    var a = document.createElement("a");
    a.href = url;
    a.download = file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    tell(t("app.downloaded", { file: file }));
  }
  var types = { csv: "text/csv;charset=utf-8", json: "application/json", md: "text/markdown;charset=utf-8" };
  document.querySelectorAll("button[data-export]").forEach(function (btn) {
    btn.addEventListener("click", function () {
      if (root.getAttribute("data-engine") !== "ready") return;
      writeURL();
      var format = btn.getAttribute("data-export");
      call("export", [name, state.toString(), format, location.href]).then(function (text) {
        if (format !== "md") return download(fileName("." + format), types[format], text);
        var saved = function () { tell(t("app.md_copied")); };
        var save = function () { download(fileName(".md"), types.md, text); };
        if (navigator.clipboard) navigator.clipboard.writeText(text).then(saved, save);
        else save();
      });
    });
  });
  // Each chart downloads as PNG (as drawn, at twice its pixels) or SVG
  // (drawn again by ECharts' SVG renderer at the same size).
  document.querySelectorAll("button[data-chart]").forEach(function (btn) {
    btn.addEventListener("click", function () {
      var id = btn.getAttribute("data-chart");
      var chart = charts[id];
      if (!chart) return;
      if (btn.getAttribute("data-format") === "png") {
        // A data URL, decoded here: the CSP lets the page fetch nothing
        // but its own site.
        var png = atob(chart.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: "#fff" }).split(",")[1]);
        var bytes = new Uint8Array(png.length);
        for (var i = 0; i < png.length; i++) bytes[i] = png.charCodeAt(i);
        download(fileName("-" + id + ".png"), "image/png", bytes);
        return;
      }
      var svg = echarts.init(null, null, { renderer: "svg", ssr: true, width: chart.getWidth() || 800, height: chart.getHeight() || 320 });
      svg.setOption(chart.getOption());
      var text = svg.renderToSVGString();
      svg.dispose();
      download(fileName("-" + id + ".svg"), "image/svg+xml", text);
    });
  });

  // The printed handout: the headline, results and charts (print CSS),
  // and what the scenario sets, its sources, edition, date and link, as
  // text and as a QR code. The button waits for the charts; a print from
  // the browser's menu gets what has loaded. Until the engine has
  // answered, handout is null: the page holds the default scenario's
  // sources (site/calc.templ), which a link with a scenario of its own
  // does not print.
  var handout = null;
  function fillList(el, items) {
    el.textContent = "";
    items.forEach(function (t) {
      var li = document.createElement("li");
      li.textContent = t;
      el.appendChild(li);
    });
  }
  function fillHandout() {
    writeURL();
    if (handout) {
      fillList($("handout-changed"), handout.changed.length ? handout.changed : [t("app.defaults")]);
      fillList($("handout-sources"), handout.sources);
    } else if (ownScenario) {
      fillList($("handout-changed"), [t("app.handout_pending")]);
      fillList($("handout-sources"), []);
    } else {
      fillList($("handout-changed"), [t("app.defaults")]);
    }
    // The edition of the figures: the link's, else the latest (which the
    // engine pins on its first answer).
    setText($("handout-edition"), day(new URLSearchParams(query || location.search).get("ed") || latestEdition()));
    setText($("handout-date"), day(new Date().toISOString().slice(0, 10)));
    var a = $("handout-link");
    a.href = location.href;
    setText(a, location.href);
    // A print from the menu just after a change may find the code of
    // the new link still on its way: better none than the old link's.
    var img = $("handout-qr");
    var drawn = qr.href === location.href && qr.svg;
    if (drawn) img.src = "data:image/svg+xml," + encodeURIComponent(qr.svg);
    img.hidden = !drawn;
  }
  // latestEdition is the date of the newest data edition the page has.
  function latestEdition() {
    var pairs = (script.getAttribute("data-editions") || "").split(" ");
    return pairs.length > 1 ? pairs[pairs.length - 2] : "";
  }

  // The handout's own fields (scenario.HandoutKeys): a title, whom it is
  // for, who prepared it, notes, and the sections it leaves out (h.omit).
  // They follow the scenario's query in the link, as the chart tab does,
  // so that a shared link prints the same handout; the engine reads no
  // figure from them. Values from the link reach the page only as text.
  var handoutFields = document.querySelectorAll("[data-handout]");
  var sectionBoxes = document.querySelectorAll("[data-section]");
  var handoutValues = {};
  each(handoutFields, function (el) {
    var v = (state.get(el.getAttribute("data-handout")) || "").slice(0, el.maxLength > 0 ? el.maxLength : 1000);
    handoutValues[el.getAttribute("data-handout")] = el.value = v;
  });
  var omitted = (state.get("h.omit") || "").split(",");
  each(sectionBoxes, function (el) { el.checked = omitted.indexOf(el.getAttribute("data-section")) < 0; });
  // handoutQuery returns the handout's fields as a query, "" for none.
  function handoutQuery() {
    var q = new URLSearchParams();
    each(handoutFields, function (el) {
      var k = el.getAttribute("data-handout");
      if (handoutValues[k]) q.set(k, handoutValues[k]);
    });
    var omit = [];
    each(sectionBoxes, function (el) { if (!el.checked) omit.push(el.getAttribute("data-section")); });
    if (omit.length) q.set("h.omit", omit.join(","));
    return q.toString();
  }
  // showHandoutHead writes the fields into the printout's head and marks
  // the sections left out for style.css.
  function showHandoutHead() {
    [["h.title", "handout-doc-title", "handout-doc-title"], ["h.for", "handout-for", "handout-for-line"],
      ["h.by", "handout-by", "handout-by-line"], ["h.notes", "handout-notes", "handout-notes"]].forEach(function (f) {
      setText($(f[1]), handoutValues[f[0]]);
      setHidden($(f[2]), !handoutValues[f[0]]);
    });
    var omit = [];
    each(sectionBoxes, function (el) { if (!el.checked) omit.push(el.getAttribute("data-section")); });
    setAttr(root, "data-omit", omit.join(" "));
  }
  function handoutChanged(e) {
    var el = e.target;
    if (el.hasAttribute("data-handout")) handoutValues[el.getAttribute("data-handout")] = el.value;
    showHandoutHead();
    clearTimeout(urlTimer);
    urlTimer = setTimeout(writeURL, 200);
  }
  var handoutForm = $("handout-options");
  if (handoutForm) {
    handoutForm.addEventListener("input", handoutChanged);
    handoutForm.addEventListener("change", handoutChanged);
  }
  showHandoutHead();
  // The link's QR code comes from the engine (wasm/qr) whenever the link
  // changes (writeURL): qr holds the link asked for, its SVG once drawn
  // ("" when the link is too long for a QR code), and the promise of it.
  var qr = { href: "", svg: "", done: Promise.resolve() };
  function requestQR() {
    if (!worker || qr.href === location.href) return;
    var href = (qr.href = location.href);
    qr.svg = "";
    qr.done = call("qr", [href]).then(function (svg) {
      if (qr.href === href) qr.svg = svg;
    }, function () {});
  }
  // handoutQR settles once the QR code of the current link is drawn.
  function handoutQR() {
    writeURL();
    return qr.done;
  }
  addEventListener("beforeprint", fillHandout);
  $("print").addEventListener("click", function () {
    Promise.all([addCharts(), handoutQR()]).then(function () { window.print(); });
  });

  // Reset returns to the scenario the page started from: the preset's
  // values on a preset's page, else the defaults.
  document.getElementById("reset").addEventListener("click", function () {
    if (!worker) return;
    var preset = state.get("preset");
    state = new URLSearchParams(preset ? [["preset", preset]] : []);
    lastConversion = null;
    form.querySelectorAll("input").forEach(function (el) { el.blur(); });
    compute();
  });
  // copy puts text on the clipboard and says so on the button for a
  // moment; where the page may not write it, the reader copies it from a
  // prompt.
  function copy(btn, text, copied, ask) {
    var label = btn.textContent;
    var done = function () { btn.textContent = t(copied); setTimeout(function () { btn.textContent = label; }, 2000); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () { prompt(t(ask), text); });
    else prompt(t(ask), text);
  }
  document.getElementById("copy-link").addEventListener("click", function () {
    writeURL();
    // On a phone the system share sheet sends the link where the reader
    // wants it.
    if (navigator.share && matchMedia("(pointer: coarse)").matches) {
      navigator.share({ title: document.title, url: location.href }).catch(function () {});
      return;
    }
    copy(this, location.href, "app.link_copied", "app.copy_prompt");
  });
  // The API call is the scenario's canonical query (without the chart
  // tab, which the API does not know) against the calculator's API; a
  // build that names no API has no such button.
  var copyAPI = document.getElementById("copy-api");
  if (copyAPI) copyAPI.addEventListener("click", function () {
    writeURL();
    var q = query === null ? location.search.slice(1) : query;
    copy(this, this.getAttribute("data-api") + (q ? "?" + q : ""), "app.api_copied", "app.copy_api_prompt");
  });

  // The engine starts at once: the page preloads its module and data
  // file from the document head, which the worker's requests then find.
  // Charts come after the figures: ECharts loads once the engine has
  // answered (and the charts are near the screen), so that its download
  // does not delay the engine's.
  function start() {
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
    try {
      worker = new Worker(script.getAttribute("data-worker"));
    } catch (err) {
      fail(failed(String(err)));
      return;
    }
    worker.onerror = function (e) {
      e.preventDefault();
      fail(failed("its script could not be loaded"));
    };
    worker.onmessage = function (e) {
      var m = e.data;
      if (m.ready) {
        compute();
        offline();
      } else if (m.failed) {
        worker = null; // it answers nothing more; the page asks nothing more
        fail(failed(m.failed));
      } else if (calls[m.id]) {
        var c = calls[m.id];
        delete calls[m.id];
        if ("error" in m) c.reject(m.error); else c.resolve(m.result);
      }
      // After the answer's promise callbacks (queued before it), in the
      // same task: a timer would wait behind whatever else the page does.
      queueMicrotask(notifySettled);
    };
    worker.postMessage({ start: { wasm: script.getAttribute("data-wasm"), data: dataFiles(), calc: name,
      lang: root.lang, messages: script.getAttribute("data-messages") || "" } });
  }
  // offline registers the service worker (sw.js), which keeps the site
  // for the next visit and for one without a network, where the browser
  // has them: once the page has loaded and the engine is ready, so that it
  // takes nothing from the reader's first visit and its downloads find
  // the page's in the browser's cache.
  function offline() {
    var url = script.getAttribute("data-sw");
    if (!url || !("serviceWorker" in navigator)) return;
    var register = function () { navigator.serviceWorker.register(url).catch(function () {}); };
    if (document.readyState === "complete") register();
    else addEventListener("load", register, { once: true });
  }
  // dataFiles returns the data files the engine needs: the latest
  // edition's (preloaded), and for a link that pins an older edition that
  // edition's too: the newest data edition not after the pinned date, else
  // the first (as edition.List.Pick in Go).
  function dataFiles() {
    var latest = script.getAttribute("data-data");
    var pairs = (script.getAttribute("data-editions") || "").split(" ");
    var files = [];
    for (var i = 0; i + 1 < pairs.length; i += 2) files.push({ edition: pairs[i], url: pairs[i + 1] });
    var out = [files[files.length - 1]];
    var ed = state.get("ed");
    if (ed) {
      var picked = files[0];
      files.forEach(function (f) { if (f.edition <= ed) picked = f; });
      if (picked.url !== latest) out.push(picked);
    }
    return out;
  }
  // loadCharts adds ECharts and draws the charts, with the engine's
  // latest figures, once they come near the screen: on a phone they sit
  // below the tables, and 190 KB of script a reader may never scroll to
  // would only delay what they came for. If ECharts cannot load, each
  // chart says so.
  var chartsLoading = false;
  function loadCharts() {
    var section = document.querySelector(".charts");
    if (!section) {
      root.setAttribute("data-charts", "ready");
      return;
    }
    if (!("IntersectionObserver" in window)) {
      addCharts();
      return;
    }
    var io = new IntersectionObserver(function (entries) {
      if (!entries.some(function (e) { return e.isIntersecting; })) return;
      io.disconnect();
      addCharts();
    }, { rootMargin: "400px" });
    io.observe(section);
    addEventListener("beforeprint", addCharts);
    // Off a touch screen, where a reader prints, the charts load once
    // the page is idle wherever the reader is: a print from the menu
    // cannot wait for them, and would show each as still loading.
    if (window.matchMedia && !matchMedia("(pointer: coarse)").matches) {
      if (window.requestIdleCallback) requestIdleCallback(addCharts, { timeout: 2000 });
      else setTimeout(addCharts, 0);
    }
  }
  // chartsDone settles once ECharts has loaded and drawn, or failed to.
  var chartsSettle;
  var chartsDone = new Promise(function (r) { chartsSettle = r; });
  function addCharts() {
    if (chartsLoading) return chartsDone;
    chartsLoading = true;
    var el = document.createElement("script");
    el.src = script.getAttribute("data-echarts");
    el.onload = function () {
      drawCharts();
      document.querySelectorAll("button[data-chart]").forEach(function (b) { b.disabled = !charts[b.getAttribute("data-chart")]; });
      chartsSettle();
    };
    el.onerror = function () {
      chartsSettle();
      document.querySelectorAll(".chart-box").forEach(function (box) {
        box.textContent = t("app.chart_failed");
        box.className = "chart-box chart-failed";
      });
      root.setAttribute("data-charts", "failed");
    };
    document.head.appendChild(el);
    return chartsDone;
  }
  // Tests and benchmarks call the engine through the page's worker, and
  // wait until it has answered every input (settled).
  var settledWaiters = [];
  function notifySettled() {
    if (computing || waiting || hfPending || Object.keys(calls).length) return;
    var w = settledWaiters;
    settledWaiters = [];
    w.forEach(function (f) { f(); });
  }
  api.call = call;
  api.handoutQR = handoutQR;
  api.settled = function () {
    return new Promise(function (r) { settledWaiters.push(r); notifySettled(); });
  };
  window.__infercost = api;

  // The link's chart tab.
  var chosenTab = tabParam && $("chart-" + tabParam + "-tab");
  if (chosenTab) selectTab(chosenTab, false);
  start();
})();
