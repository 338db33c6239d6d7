// Chart tabs: one chart on screen at a time. Arrow keys, Home and End
// move between tabs; a chart shown for the first time is sized to its
// panel and then gets its latest patch (charts.js, once on screen). The
// tab the reader chose stays in the link as tab=NAME (chart-NAME is the
// chart's id); the engine ignores it.

import { $ } from "./dom.js";
import { scenario, addParams, onOpen, writeURL } from "./scenario.js";
import { resizeChart } from "./charts.js";

let tabParam = scenario.params.get("tab");

function selectTab(tab, chosen) {
  if (chosen) {
    tabParam = tab.id.replace(/^chart-/, "").replace(/-tab$/, "");
    writeURL();
  }
  tab.parentNode.querySelectorAll('[role="tab"]').forEach(function (t) {
    const on = t === tab;
    t.setAttribute("aria-selected", on ? "true" : "false");
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  });
  resizeChart(tab.id.replace(/-tab$/, ""));
}

// initTabs makes the tab lists work and shows the link's tab.
export function initTabs() {
  addParams(function () { return tabParam ? "tab=" + encodeURIComponent(tabParam) : ""; });
  // A link opened in place shows its tab, else each list's first, as
  // the page opens.
  onOpen(function (params) {
    tabParam = params.get("tab");
    const chosen = linkTab();
    document.querySelectorAll('[role="tablist"]').forEach(function (list) {
      const tab = chosen && list.contains(chosen) ? chosen : list.querySelector('[role="tab"]');
      if (tab) selectTab(tab, false);
    });
  });
  document.querySelectorAll('[role="tablist"]').forEach(function (list) {
    const tabs = Array.prototype.slice.call(list.querySelectorAll('[role="tab"]'));
    list.addEventListener("click", function (e) {
      const tab = e.target.closest('[role="tab"]');
      if (tab) selectTab(tab, true);
    });
    list.addEventListener("keydown", function (e) {
      const i = tabs.indexOf(document.activeElement);
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (i < 0 || to === undefined) return;
      e.preventDefault();
      const tab = tabs[(to + tabs.length) % tabs.length];
      selectTab(tab, true);
      tab.focus();
    });
  });
}

// linkTab returns the tab the link names, if the page has it.
function linkTab() {
  return tabParam && $("chart-" + tabParam + "-tab");
}

// showLinkTab shows the link's chart tab.
export function showLinkTab() {
  const chosen = linkTab();
  if (chosen) selectTab(chosen, false);
}
