// The calculator's form: an input changes the scenario and the engine
// computes it (compute.js); a currency change converts the amounts
// (data-convert); a toggle button in a table sets its input; Reset
// returns to the scenario the page started from.

import { form, calc, name, script } from "./page.js";
import { scenario, onOpen } from "./scenario.js";
import { call, compute, running } from "./compute.js";
import { hfKey } from "./hf.js";

const convertible = script.hasAttribute("data-convert");
// lastConversion is the scenario before the last currency change and
// its currency, until another input changes the scenario.
let lastConversion = null;

// initForm listens to the form.
export function initForm() {
  onOpen(function () { lastConversion = null; });
  form.addEventListener("input", function (e) {
    const el = e.target;
    if (!el.name || !running()) return;
    // A Hugging Face id names the model only together with the config
    // read from it (hf.js): a typed id waits for Load, and an emptied
    // field drops the name.
    if (el.name === hfKey && el.value.trim() !== "") return;
    if (el.name === "cur" && convertible) {
      // Converting rounds amounts to 4 significant digits; converting
      // straight back restores the amounts as typed instead of rounding
      // them twice.
      const before = scenario.params.toString();
      if (lastConversion && lastConversion.from === el.value) {
        scenario.params = new URLSearchParams(lastConversion.before);
        lastConversion = null;
        compute();
        return;
      }
      const from = scenario.params.get("cur") || "USD";
      call(name + "Convert", [before, el.value]).then(function (q) {
        scenario.params = new URLSearchParams(q);
        lastConversion = { before: before, from: from };
        compute();
      });
      return;
    }
    lastConversion = null;
    scenario.params.set(el.name, el.value);
    compute();
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  // A toggle button (the pricing page's "Add to comparison") sets its
  // input to the value the engine gave it, as if typed.
  calc.addEventListener("click", function (e) {
    const b = e.target.closest("button[data-toggle]");
    const el = b && form.elements[b.getAttribute("data-toggle")];
    if (!el || b.disabled) return;
    el.value = b.getAttribute("data-to");
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // Reset returns to the scenario the page started from: the preset's
  // values on a preset's page, else the defaults.
  document.getElementById("reset").addEventListener("click", function () {
    if (!running()) return;
    const preset = scenario.params.get("preset");
    scenario.params = new URLSearchParams(preset ? [["preset", preset]] : []);
    lastConversion = null;
    form.querySelectorAll("input").forEach(function (el) { el.blur(); });
    compute();
  });
}
