// Engine client, shared by the calculator pages (app.js) and the
// calculators embedded in articles (embed.js): starts the WebAssembly
// engine in the calculators' worker (worker.js, which documents the
// messages) and calls it. Each call is a promise of the engine's answer;
// the worker answers them in order.

// startEngine starts a worker from the script at src and sends it start
// ({wasm, data, calc, lang, messages}). on.ready() runs once the engine
// has started, on.failed(reason) if it cannot start (its script does
// not load, or the worker says why), and on.message() after each message
// the worker sends, once its answer's callbacks have run.
export function startEngine(src, start, on) {
  const calls = {};
  let next = 0;
  let worker = null;
  const engine = {
    // call asks the engine for infercost[fn](...args).
    call(fn, args) {
      return new Promise(function (resolve, reject) {
        if (!worker) return reject(new Error("the engine is not running"));
        calls[++next] = { resolve: resolve, reject: reject };
        worker.postMessage({ id: next, fn: fn, args: args });
      });
    },
    // running is whether the engine may still answer.
    running() { return !!worker; },
    // pending is how many calls wait for their answer.
    pending() { return Object.keys(calls).length; },
    // stop drops the worker: the engine answers nothing more (a Go
    // program does not survive a panic), and the page asks nothing more.
    stop() { worker = null; }
  };
  try {
    worker = new Worker(src);
  } catch (err) {
    on.failed(String(err));
    return engine;
  }
  worker.onerror = function (e) {
    e.preventDefault();
    on.failed("its script could not be loaded");
  };
  worker.onmessage = function (e) {
    const m = e.data;
    if (m.ready) {
      on.ready();
    } else if (m.failed) {
      worker = null;
      on.failed(m.failed);
    } else if (calls[m.id]) {
      const c = calls[m.id];
      delete calls[m.id];
      if ("error" in m) c.reject(m.error); else c.resolve(m.result);
    }
    // After the answer's promise callbacks (queued before it), in the
    // same task: a timer would wait behind whatever else the page does.
    queueMicrotask(on.message);
  };
  worker.postMessage({ start: start });
  return engine;
}
