// The scenario and the address bar. scenario.params is the state the
// engine computes from (the link's query, then the reader's inputs);
// scenario.query the canonical query of the engine's last answer (null
// before it), which the address bar shows once typing pauses, followed by
// the page's own parameters (the chart tab, the handout's fields), which
// their modules add (addParams).

export const scenario = {
  params: new URLSearchParams(location.search),
  query: null,
  // answer is what the printed handout lists of the engine's last answer
  // ({changed, sources}), null before it.
  answer: null,
  // opening is whether the next computation is a link's (the page's
  // first, or one opened in place, links.js), not the reader's edit.
  opening: true
};

// ownScenario is whether the link sets a scenario, not only the page's
// own parameters: the page was built with the defaults' figures, not
// with its.
export const ownScenario = Array.from(scenario.params.keys()).some(function (k) {
  return k !== "tab" && k.slice(0, 2) !== "h.";
});

const params = [];
const written = [];
// addParams adds f's query ("" for none) to the address after the
// scenario's.
export function addParams(f) { params.push(f); }
// onWrite calls f after each write of the address.
export function onWrite(f) { written.push(f); }

const openers = [];
// onOpen calls f(params) when a link opens in place (links.js), so that
// a module takes the link's own parameters (the chart tab, the handout's
// fields) and drops the state of the scenario left.
export function onOpen(f) { openers.push(f); }
// opened tells the modules that a link with the query params opened
// in place.
export function opened(params) {
  openers.forEach(function (f) { f(params); });
}

// writeURL writes the address now: replaceState costs about 1 ms, and
// browsers throttle frequent calls (scheduleURL waits for a pause).
let urlTimer = 0;
export function writeURL() {
  clearTimeout(urlTimer);
  if (scenario.query === null) return;
  let q = scenario.query;
  params.forEach(function (f) {
    const p = f();
    if (p) q += "&" + p;
  });
  if (location.search !== "?" + q) history.replaceState(null, "", "?" + q + location.hash);
  written.forEach(function (f) { f(); });
}
// scheduleURL writes the address once typing pauses.
export function scheduleURL() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(writeURL, 200);
}
addEventListener("pagehide", writeURL);
