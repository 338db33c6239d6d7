// How the charts write their numbers and take the page's colours.
// Numbers follow the page's language and the tables' rounding (package
// money): compact on the axes ("1.2M", "$1.2K"), an estimate's 3
// significant figures in tooltips and labels, and an amount with its
// symbol, in whole units from 100 up and with cents below ($76.09,
// 1.234 €), so that a bar's label reads as its cell.

import { root } from "./page.js";
import { day } from "./text.js";

const lang = root.lang || "en";
const compact = new Intl.NumberFormat(lang, { notation: "compact", maximumSignificantDigits: 3 });
const sig3 = new Intl.NumberFormat(lang, { maximumSignificantDigits: 3 });
const symbols = { USD: "$", EUR: "€", CNY: "¥" };
// amounts[d] writes an amount with d decimals (0, 2 or 3; see figure).
const amounts = [0, 1, 2, 3].map(function (d) {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d });
});
function number(v) {
  return typeof v === "number" ? sig3.format(v) : v;
}
// figure writes v in unit, a chart's value axis name: a currency code
// as an amount, any other unit after the figure.
function figure(v, unit) {
  if (typeof v !== "number") return v;
  const sym = symbols[unit];
  if (!sym) return number(v) + (unit ? " " + unit : "");
  const a = Math.abs(v), d = Math.round(a * 100) >= 10000 ? 0 : a < 0.1 && a !== 0 ? 3 : 2;
  const s = amounts[d].format(a);
  return (v < 0 ? "-" : "") + (lang === "de" ? s + "\u00a0" + sym : sym + s);
}
// axisFigure writes an axis tick compactly, an amount with its symbol.
function axisFigure(v, unit) {
  const s = compact.format(Math.abs(v)), sym = symbols[unit];
  if (!sym) return compact.format(v);
  return (v < 0 ? "-" : "") + (lang === "de" ? s + "\u00a0" + sym : sym + s);
}

// units holds each chart's unit, its value axis's name, which a redraw
// (another currency) may change (charts.js).
export const units = {};
// unitOf returns the unit of option o, undefined if it sets none.
export function unitOf(o) {
  const y = o && o.yAxis && o.yAxis[0];
  if (!y) return undefined;
  return y.data || y.type === "category" ? o.xAxis && o.xAxis[0] && o.xAxis[0].name : y.name;
}
// tooltip builds a tooltip as elements: ECharts' own is HTML with
// style attributes, which the pages' CSP refuses. A heading (the
// category or the x value) and a row per series, in its colour.
function tooltip(params, unit) {
  const list = [].concat(params);
  const box = document.createElement("div");
  if (!list.length) return box;
  const head = document.createElement("div");
  head.className = "tip-head";
  const first = list[0];
  // Lines head with their x value, a time axis's as the date; bars (an
  // error band's ranges too, whose first value is the bar's index) with
  // their category.
  const x = Array.isArray(first.value) && first.seriesType !== "bar" ? first.value[0] : undefined;
  head.textContent = x === undefined ? first.axisValueLabel || first.name :
    first.axisType === "xAxis.time" ? day(new Date(x).toISOString().slice(0, 10)) : number(x);
  box.appendChild(head);
  list.forEach(function (p) {
    // An error band's nameless base (wasm/chart Bands) has no row; its
    // shaded width shows the band as low–high.
    if (!p.seriesName) return;
    const v = Array.isArray(p.value) ? p.value : null;
    const row = document.createElement("div");
    row.className = "tip-row";
    const mark = document.createElement("span");
    mark.className = "swatch";
    mark.style.backgroundColor = typeof p.color === "string" ? p.color : "";
    const name = document.createElement("span");
    name.textContent = p.seriesName;
    const value = document.createElement("b");
    value.textContent = v && v.length === 4 ? figure(v[2], unit) + "–" + figure(v[3], unit) : figure(v ? v[1] : p.value, unit);
    row.appendChild(mark);
    row.appendChild(name);
    row.appendChild(value);
    box.appendChild(row);
  });
  return [box];
}

// withFormatters gives chart id's option opt the page's number formats.
export function withFormatters(opt, id) {
  units[id] = unitOf(opt) || "";
  const unit = function () { return units[id]; };
  const y = opt.yAxis[0];
  opt.xAxis.concat(opt.yAxis).forEach(function (a) {
    // The value axis carries the unit; a line chart's x axis its own.
    const own = a === y || y.data || y.type === "category" ? unit : function () { return ""; };
    if (a.type === "value" || a.type === "log") a.axisLabel = { formatter: function (v) { return axisFigure(v, own()); } };
  });
  opt.tooltip.formatter = function (params) { return tooltip(params, unit()); };
  const xUnit = opt.xAxis[0].name ? " " + opt.xAxis[0].name : "";
  opt.series.forEach(function (s) {
    if (s.label) s.label.formatter = function (p) { return figure(p.value, unit()); };
    if (s.markLine) s.markLine.label.formatter = function (p) { return p.name + ": " + number(p.value) + xUnit; };
  });
  return opt;
}

// chartTheme colours a chart's text, axes and tooltip with the page's
// colours (style.css), light or dark; the background stays the page's.
// ECharts merges it into the option, keeping labels' other settings.
export function chartTheme(opt) {
  const css = getComputedStyle(root);
  const color = function (name) { return css.getPropertyValue(name).trim(); };
  const fg = color("--fg"), bg = color("--bg");
  const axis = function () {
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
      const theme = { id: s.id, label: { color: fg } };
      if (s.markLine) theme.markLine = { label: { color: fg, textBorderColor: bg, textBorderWidth: 3 } };
      return theme;
    })
  };
}
