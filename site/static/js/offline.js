// The service worker (sw.js), which keeps the site for the next visit and
// for one without a network, where the browser has them.

import { setting } from "./page.js";

// registerOffline registers it once the page has loaded and the engine is
// ready, so that it takes nothing from the reader's first visit and its
// downloads find the page's in the browser's cache.
export function registerOffline() {
  const url = setting("sw");
  if (!url || !("serviceWorker" in navigator)) return;
  const register = function () { navigator.serviceWorker.register(url).catch(function () {}); };
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
