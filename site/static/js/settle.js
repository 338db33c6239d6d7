// Settling, for tests and benchmarks (window.__infercost.settled): a
// promise that the page has answered every input. Each module that does
// work in the background says when it is busy (addBusy); notifySettled
// runs whenever such work ends.

const busy = [];
let waiters = [];

// addBusy adds f, which says whether some work is under way.
export function addBusy(f) { busy.push(f); }

// notifySettled settles the waiting promises unless work is under way.
export function notifySettled() {
  if (busy.some(function (f) { return f(); })) return;
  const w = waiters;
  waiters = [];
  w.forEach(function (f) { f(); });
}

// settled returns a promise that the page has answered every input.
export function settled() {
  return new Promise(function (r) { waiters.push(r); notifySettled(); });
}
