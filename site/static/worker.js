// InferCost engine worker: holds the WebAssembly engine off the page's
// main thread. gen publishes it after Go's wasm_exec.js, which defines Go.
//
// Messages in: {start: {wasm, data, calc}} once, then {id, fn, args}, a
// call of infercost[fn](...args) (see wasm/cmd/browser). Messages out:
// {ready: true} or {failed: reason}, then {id, result} or {id, error} per
// call, in order. The page sends one computation at a time and drops the
// ones a newer input supersedes (app.js), so nothing queues up here.
"use strict";
(function () {
  var started = null;
  var gcTimer = 0;

  function fetchOK(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(url.replace(/^.*\//, "").replace(/\?.*$/, "") + ": HTTP " + r.status);
      return r;
    });
  }

  // start compiles the module while it downloads and fetches the
  // calculator's data file alongside; both were preloaded by the page.
  function start(s) {
    var go = new Go();
    return Promise.all([
      WebAssembly.instantiateStreaming(fetchOK(s.wasm), go.importObject),
      fetchOK(s.data).then(function (r) { return r.arrayBuffer(); })
    ]).then(function (r) {
      go.run(r[0].instance); // returns once main waits: infercost is set
      var err = self.infercost.load(s.calc, new Uint8Array(r[1]));
      if (err) throw new Error(err);
    });
  }

  self.onmessage = function (e) {
    var m = e.data;
    if (m.start) {
      started = start(m.start);
      started.then(function () { postMessage({ ready: true }); },
        function (err) { postMessage({ failed: String(err && err.message || err) }); });
      return;
    }
    started.then(function () {
      var out;
      try {
        out = { id: m.id, result: self.infercost[m.fn].apply(null, m.args) };
      } catch (err) {
        out = { id: m.id, error: String(err) };
      }
      postMessage(out);
      // Go collects garbage once the reader pauses, not within a burst of
      // keystrokes (see wasm/cmd/browser).
      clearTimeout(gcTimer);
      gcTimer = setTimeout(self.infercost.collect, 1000);
    });
  };
})();
