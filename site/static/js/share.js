// Sharing the scenario: the language switch keeps it, Copy link copies
// its link (or opens a phone's share sheet), Copy API call copies the
// calculator's API call for it.

import { t } from "./text.js";
import { scenario, writeURL } from "./scenario.js";

// copy puts text on the clipboard and says so on the button for a
// moment; where the page may not write it, the reader copies it from a
// prompt.
function copy(btn, text, copied, ask) {
  const label = btn.textContent;
  const done = function () { btn.textContent = t(copied); setTimeout(function () { btn.textContent = label; }, 2000); };
  if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, function () { prompt(t(ask), text); });
  else prompt(t(ask), text);
}

// initShare makes the language switch and the copy buttons work.
export function initShare() {
  // The language switch: the same query and hash in the other language.
  const langSwitch = document.getElementById("lang-switch");
  if (langSwitch) langSwitch.addEventListener("click", function () {
    langSwitch.href = langSwitch.href.split(/[?#]/)[0] + location.search + location.hash;
  });
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
  const copyAPI = document.getElementById("copy-api");
  if (copyAPI) copyAPI.addEventListener("click", function () {
    writeURL();
    const q = scenario.query === null ? location.search.slice(1) : scenario.query;
    copy(this, this.getAttribute("data-api") + (q ? "?" + q : ""), "app.api_copied", "app.copy_api_prompt");
  });
}
