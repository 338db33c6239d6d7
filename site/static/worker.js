// InferCost engine worker: holds the WebAssembly engine off the page's
// main thread. gen publishes it after Go's wasm_exec.js, which defines Go.
//
// Messages in: {start: {wasm, data: [{edition, url}], calc, lang, messages}} once
// (messages: the URL of the page language's catalog), then {id, fn, args}, a
// call of infercost[fn](...args) (see wasm/cmd/browser). Messages out:
// {ready: true} or {failed: reason}, then {id, result} or {id, error} per
// call, in order. The page sends one computation at a time and drops the
// ones a newer input supersedes (app.js), so nothing queues up here.
"use strict";
(function () {
  var started = null;
  var gcTimer = 0;

  // fetchOK fetches url; what names it for the reader if it fails.
  function fetchOK(url, what) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(what + " could not be downloaded (HTTP " + r.status + ")");
      return r;
    }, function () {
      throw new Error(what + " could not be downloaded (network error)");
    });
  }

  // start compiles the module while it downloads and fetches the
  // calculator's data files alongside (the latest edition's, and an older
  // one a link pins); the module and the latest data were preloaded by
  // the page.
  function start(s) {
    var go = new Go();
    var words = s.messages ? fetchOK(s.messages, "its words").then(function (r) { return r.arrayBuffer(); }) : null;
    return Promise.all([
      WebAssembly.instantiateStreaming(fetchOK(s.wasm, "its engine"), go.importObject), words
    ].concat(s.data.map(function (f) {
      return fetchOK(f.url, "its data").then(function (r) { return r.arrayBuffer(); });
    }))).then(function (r) {
      go.run(r[0].instance); // returns once main waits: infercost is set
      if (r[1]) {
        var err = self.infercost.messages(s.lang, new Uint8Array(r[1]));
        if (err) throw new Error(err);
      }
      r.splice(1, 1);
      s.data.forEach(function (f, i) {
        var err = self.infercost.load(s.calc, f.edition, new Uint8Array(r[i + 1]));
        if (err) throw new Error(err);
      });
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
    // A call before the engine has started, or after it failed to, is
    // answered with the reason: nothing on the page waits for it forever.
    (started || Promise.reject(new Error("the engine has not started"))).then(function () {
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
    }, function (err) {
      postMessage({ id: m.id, error: String(err && err.message || err) });
    });
  };
})();
