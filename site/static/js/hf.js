// A Hugging Face model: the reader's browser fetches its config.json
// (and model.safetensors.index.json, when there is one), the engine reads
// them into the custom model's fields, and the link then carries those
// fields: it shows the same figures with no fetch, even if the
// repository changes. A pasted config.json stands in for a gated or
// private one. A newer load supersedes an older one.

import { form, setting } from "./page.js";
import { $, setText, setAttr } from "./dom.js";
import { t } from "./text.js";
import { scenario, onOpen } from "./scenario.js";
import { call, compute } from "./compute.js";
import { addBusy, notifySettled } from "./settle.js";

// hfKey is the field of the model's id (site.HFKey).
export const hfKey = "m.hf";
const hfTimeout = 10000;
const hfID = /^([A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*)(?:@([A-Za-z0-9._\/-]+))?$/;
let hfLoads = 0;
let hfAbort = null;
let hfPending = false;
addBusy(hfBusy);

// hfBusy is whether a model is loading.
export function hfBusy() { return hfPending; }

function hfStatus(text, error) {
  const el = $("hf-status");
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
    const err = new Error("HTTP " + r.status);
    err.status = r.status;
    throw err;
  });
}
function hfLoad() {
  const id = form.elements[hfKey].value.trim();
  const m = hfID.exec(id);
  if (!m || id.length > 200) {
    hfStatus(t("app.hf_type"), true);
    return;
  }
  if (hfAbort) hfAbort.abort();
  const ctl = (hfAbort = new AbortController());
  const load = ++hfLoads;
  let timedOut = false;
  const timer = setTimeout(function () { timedOut = true; ctl.abort(); }, hfTimeout);
  const dir = setting("hf") + "/" + m[1] + "/resolve/" + encodeURIComponent(m[2] || "main") + "/";
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
    const paste = t("app.hf_paste");
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
  const load = ++hfLoads;
  hfPending = true;
  const what = id || t("app.hf_pasted");
  call("hfModel", [config, index]).then(function (json) {
    if (load !== hfLoads) return;
    hfDone();
    const r = JSON.parse(json);
    if (r.error) {
      hfStatus(t("app.hf_unreadable", { what: what, error: r.error }), true);
      return;
    }
    const state = scenario.params;
    const keys = [];
    state.forEach(function (_, k) { if (k.indexOf("m.") === 0) keys.push(k); });
    keys.forEach(function (k) { state.delete(k); });
    // /memory/ and /performance/ choose the custom model here; on /tco/
    // an option already chooses it, or the field would be hidden.
    if (form.elements.model) state.set("model", "custom");
    if (id) state.set(hfKey, id);
    new URLSearchParams(r.query).forEach(function (v, k) { state.set(k, v); });
    hfStatus(t("app.hf_loaded", { what: what }) + (r.note ? " " + r.note : ""), false);
    compute();
  }, function (err) {
    if (load !== hfLoads) return;
    hfDone();
    hfStatus(t("app.hf_unreadable", { what: what, error: err }), true);
  });
}

// initHF makes the Load and Read buttons work, where the form has the
// field.
export function initHF() {
  const input = form.elements[hfKey];
  if (!input) return;
  // A link opened in place says nothing of the model loaded before it.
  onOpen(function () { hfStatus("", false); });
  $("hf-load").addEventListener("click", hfLoad);
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter") hfLoad();
  });
  $("hf-read").addEventListener("click", function () {
    if (hfAbort) hfAbort.abort();
    const id = input.value.trim();
    hfRead(hfID.test(id) && id.length <= 200 ? id : "", $("hf-config").value, "");
  });
}
