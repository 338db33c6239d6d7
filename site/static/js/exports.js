// Exports: the engine writes the page's figures as a file (CSV, JSON)
// that downloads at once, or as Markdown for the clipboard; each carries
// the scenario's link and data edition. Each chart downloads as PNG (as
// drawn, at twice its pixels) or SVG (drawn again by ECharts' SVG
// renderer at the same size).

import { name, engineReady } from "./page.js";
import { $, setText } from "./dom.js";
import { t } from "./text.js";
import { scenario, writeURL } from "./scenario.js";
import { call } from "./compute.js";
import { chart } from "./charts.js";

let confirmTimer = 0;
function tell(text) {
  const el = $("export-status");
  setText(el, text);
  clearTimeout(confirmTimer);
  confirmTimer = setTimeout(function () { setText(el, ""); }, 4000);
}
function fileName(ext) {
  return "infercost-" + name + "-" + (new URLSearchParams(scenario.query || "").get("ed") || "latest") + ext;
}
function download(file, type, data) {
  const url = URL.createObjectURL(new Blob([data], { type: type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  tell(t("app.downloaded", { file: file }));
}
const types = { csv: "text/csv;charset=utf-8", json: "application/json", md: "text/markdown;charset=utf-8" };

// initExports makes the export and chart download buttons work.
export function initExports() {
  document.querySelectorAll("button[data-export]").forEach(function (btn) {
    btn.addEventListener("click", function () {
      if (!engineReady()) return;
      writeURL();
      const format = btn.getAttribute("data-export");
      call("export", [name, scenario.params.toString(), format, location.href]).then(function (text) {
        if (format !== "md") return download(fileName("." + format), types[format], text);
        const saved = function () { tell(t("app.md_copied")); };
        const save = function () { download(fileName(".md"), types.md, text); };
        if (navigator.clipboard) navigator.clipboard.writeText(text).then(saved, save);
        else save();
      });
    });
  });
  document.querySelectorAll("button[data-chart]").forEach(function (btn) {
    btn.addEventListener("click", function () {
      const id = btn.getAttribute("data-chart");
      const c = chart(id);
      if (!c) return;
      if (btn.getAttribute("data-format") === "png") {
        // A data URL, decoded here: the CSP lets the page fetch nothing
        // but its own site.
        const png = atob(c.getDataURL({ type: "png", pixelRatio: 2, backgroundColor: "#fff" }).split(",")[1]);
        const bytes = new Uint8Array(png.length);
        for (let i = 0; i < png.length; i++) bytes[i] = png.charCodeAt(i);
        download(fileName("-" + id + ".png"), "image/png", bytes);
        return;
      }
      const svg = echarts.init(null, null, { renderer: "svg", ssr: true, width: c.getWidth() || 800, height: c.getHeight() || 320 });
      svg.setOption(c.getOption());
      const text = svg.renderToSVGString();
      svg.dispose();
      download(fileName("-" + id + ".svg"), "image/svg+xml", text);
    });
  });
}
