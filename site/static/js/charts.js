// The calculator page's charts: ECharts loads once the engine has
// answered and the charts come near the screen (loadCharts); each chart
// is drawn from the option the page carries, then gets the engine's
// patches (patchChart), its layout for its width, the page's colours, an
// HTML legend, and a print size.

import { root, setting } from "./page.js";
import { $, setText, setHidden, setAttr } from "./dom.js";
import { t } from "./text.js";
import { units, unitOf, withFormatters, chartTheme } from "./chartformat.js";

const charts = {};

// chart returns the ECharts instance of id, undefined until drawn.
export function chart(id) { return charts[id]; }

// Charts are redrawn in animation frames, only while on screen (or
// nearly). A frame draws every chart that waits unless the input
// handler and the charts drawn so far have used frameBudget ms, so that
// the page keeps answering keystrokes on a slow machine; the rest wait
// for the next frame. A chart scrolled into view gets the latest patch.
const frameBudget = 12;
const pending = {};
const visible = {};
let frame = 0;
let handlerTime = 0;
const chartTimings = (window.__infercostChartTimings = []);

// noteHandlerTime counts ms the input handler spent in this frame.
export function noteHandlerTime(ms) { handlerTime += ms; }

function drawPending() {
  frame = 0;
  const t0 = performance.now();
  const spent = handlerTime;
  handlerTime = 0;
  const ids = Object.keys(pending).filter(function (id) { return visible[id] && charts[id]; });
  for (let i = 0; i < ids.length; i++) {
    if (i > 0 && spent + performance.now() - t0 > frameBudget) {
      schedule();
      break;
    }
    draw(ids[i]);
  }
  if (ids.length) chartTimings.push(performance.now() - t0);
}
function draw(id) {
  const p = pending[id];
  delete pending[id];
  const box = charts[id].getDom();
  if (p.height && box.style.height !== p.height + "px") {
    box.style.height = p.height + "px";
    resize(id);
  }
  const u = unitOf(p.option);
  if (u !== undefined) units[id] = u;
  charts[id].setOption(p.option);
}
function schedule() {
  if (!frame) frame = requestAnimationFrame(drawPending);
}
// pendingCharts is how many charts on screen still wait for a redraw.
window.__infercostPendingCharts = function () {
  return Object.keys(pending).filter(function (id) { return visible[id] && charts[id]; }).length;
};

// patchChart has chart id drawn with the engine's patch option (and its
// height, if it changes): ECharts merges it into the full option drawn
// at start, series by id.
export function patchChart(id, option, height) {
  pending[id] = { option: option, height: height };
  updateLegend(id, option);
  schedule();
}
// setChartTitle writes chart id's title and its tab's.
export function setChartTitle(id, title) {
  setText($(id + "-title"), title);
  setText($(id + "-tab"), title);
}

// A printout shows every chart as it is now: every tab's panel is shown
// (style.css hides the tabs), and every chart is drawn at its screen
// height and a width that style.css scales down to half an A4 page's
// text width, two to a row: the whole chart, lettering included, at
// about two thirds of its size, so that a handout and the sources of its
// defaults fit on two pages. The size is given, not measured: the print
// layout does not exist yet when beforeprint runs (print.js).
const printWidth = 504;
// printing is whether the page is laid out for print: from beforeprint
// to afterprint, or while print media match (a browser that says so
// without the events, or an emulated print).
let printing = false;
export const printMedia = window.matchMedia && matchMedia("print");
export function printCharts() {
  printing = true;
  Object.keys(charts).forEach(function (id) {
    const panel = $(id + "-panel");
    if (!panel.hasAttribute("data-print")) panel.setAttribute("data-print", panel.hidden ? "hidden" : "");
    panel.hidden = false;
    const box = $(id), height = parseFloat(box.style.height) || +box.getAttribute("data-height");
    charts[id].resize({ width: printWidth, height: height });
    fit(id);
  });
  Object.keys(pending).forEach(function (id) { if (charts[id]) draw(id); });
}
export function screenCharts() {
  if (!printing) return;
  printing = false;
  Object.keys(charts).forEach(function (id) {
    const panel = $(id + "-panel");
    panel.hidden = panel.getAttribute("data-print") === "hidden";
    panel.removeAttribute("data-print");
    if (!panel.hidden) resize(id);
  });
}

// The legend is HTML: its n-th button shows or hides the n-th series
// through ECharts' legend, which the option keeps hidden; series of one
// name (the bands of several lines) share the first one's button.
// Hidden names stay hidden when a series is renamed back.
const off = {};
function updateLegend(id, patch) {
  const list = $(id + "-legend");
  if (!list) return;
  const shown = patch.legend[0].data || [], listed = {};
  patch.series.forEach(function (s, i) {
    const li = list.children[i];
    if (!li) return;
    setHidden(li, shown.indexOf(s.name) < 0 || listed[s.name]);
    if (s.data.length) listed[s.name] = true;
    setText(li.querySelector(".legend-name"), s.name);
    setAttr(li.firstElementChild, "aria-pressed", off[id + "\n" + s.name] ? "false" : "true");
  });
}
// initLegends makes the legends' buttons work.
export function initLegends() {
  document.addEventListener("click", function (e) {
    const btn = e.target.closest && e.target.closest("button.legend-item");
    if (!btn) return;
    const id = btn.closest(".chart-legend").id.replace(/-legend$/, "");
    const name = btn.querySelector(".legend-name").textContent;
    const on = btn.getAttribute("aria-pressed") !== "true";
    btn.setAttribute("aria-pressed", on ? "true" : "false");
    if (on) delete off[id + "\n" + name]; else off[id + "\n" + name] = true;
    if (charts[id]) charts[id].dispatchAction({ type: "legendToggleSelect", name: name });
  });
}

function drawCharts() {
  if (!window.echarts) return;
  const io = "IntersectionObserver" in window && new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { visible[e.target.id] = e.isIntersecting; });
    schedule();
  }, { rootMargin: "200px" });
  document.querySelectorAll(".chart-box").forEach(function (el) {
    const opt = JSON.parse(document.getElementById(el.id + "-option").textContent);
    layouts[el.id] = opt.layouts || [];
    // The option starts in the layout for any width (echart.New).
    fitted[el.id] = layouts[el.id].filter(function (l) { return !l.maxWidth; })[0];
    delete opt.layouts;
    const c = echarts.init(el, null, { renderer: "canvas" });
    c.setOption(withFormatters(opt, el.id));
    c.setOption(chartTheme(opt));
    charts[el.id] = c;
    fit(el.id);
    if (io) io.observe(el); else visible[el.id] = true;
  });
  window.addEventListener("resize", function () {
    if (!printing) Object.keys(charts).forEach(resize);
  });
  // The charts follow the system's setting and the reader's pick (theme.js).
  const retheme = function () {
    Object.keys(charts).forEach(function (id) { charts[id].setOption(chartTheme(charts[id].getOption())); });
  };
  if (window.matchMedia) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", retheme);
  document.addEventListener("infercost-theme", retheme);
  root.setAttribute("data-charts", "ready");
  // Charts that arrive while the page is laid out for print.
  if (printing || printMedia && printMedia.matches) printCharts();
}

// A chart takes the first of its layouts (see echart.Layout) that fits
// its width, whenever it is drawn at a new size; a chart in a hidden tab
// (no width) waits until it is shown.
const layouts = {};
const fitted = {};
function fit(id) {
  const w = charts[id].getWidth();
  if (!w) return;
  const pick = layouts[id].filter(function (l) { return !l.maxWidth || w <= l.maxWidth; })[0];
  if (pick && fitted[id] !== pick) {
    fitted[id] = pick;
    charts[id].setOption({ grid: pick.grid, xAxis: pick.xAxis, yAxis: pick.yAxis });
  }
}
function resize(id) {
  charts[id].resize();
  fit(id);
}
// resizeChart sizes chart id to its box, once drawn.
export function resizeChart(id) {
  if (charts[id]) resize(id);
}

// loadCharts adds ECharts and draws the charts, with the engine's
// latest figures, once they come near the screen: on a phone they sit
// below the tables, and 190 KB of script a reader may never scroll to
// would only delay what they came for. If ECharts cannot load, each
// chart says so.
export function loadCharts() {
  const section = document.querySelector(".charts");
  if (!section) {
    root.setAttribute("data-charts", "ready");
    return;
  }
  if (!("IntersectionObserver" in window)) {
    addCharts();
    return;
  }
  const io = new IntersectionObserver(function (entries) {
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
let chartsLoading = false;
let chartsSettle;
const chartsDone = new Promise(function (r) { chartsSettle = r; });
// addCharts loads ECharts and draws the charts, once; it returns
// chartsDone.
export function addCharts() {
  if (chartsLoading) return chartsDone;
  chartsLoading = true;
  const el = document.createElement("script");
  el.src = setting("echarts");
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
