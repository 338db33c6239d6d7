// search.js runs the search page: Pagefind's JS API over the index the
// build writes to pagefind/, in the language of the page's <html lang>,
// with the results in the page's own markup. The form's data attributes
// carry the page's language: the index's URL, the base path and the
// status lines ({n} pages found, {q} the query).
const form = document.getElementById('search-form');
const input = document.getElementById('search-input');
const status = document.getElementById('search-status');
const list = document.getElementById('search-results');
const text = form.dataset;
let pagefind;

// engine loads Pagefind once: on focus, so that the index is on its way
// before the first key, or for a query in the link.
function engine() {
  pagefind ??= import(text.pagefind).then(async pf => {
    // Result URLs are indexed from the site's root; the site may live
    // under a base path.
    await pf.options({ baseUrl: text.base });
    return pf;
  });
  return pagefind;
}

function result(d) {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = d.url;
  a.textContent = d.meta.title || d.url;
  const p = document.createElement('p');
  // Pagefind's excerpt is the page's text, escaped, with <mark> around
  // the words found.
  p.innerHTML = d.excerpt;
  li.append(a, p);
  return li;
}

async function run() {
  const q = input.value.trim();
  const url = new URL(location.href);
  if (q) url.searchParams.set('q', q); else url.searchParams.delete('q');
  history.replaceState(null, '', url);
  if (!q) {
    list.replaceChildren();
    delete list.dataset.query;
    status.textContent = '';
    return;
  }
  let pf;
  try {
    if (!list.dataset.query) status.textContent = text.loading;
    pf = await engine();
  } catch {
    status.textContent = text.failed;
    return;
  }
  // A later keystroke within 200 ms supersedes this search (null).
  const search = await pf.debouncedSearch(q, {}, 200);
  if (!search) return;
  const found = await Promise.all(search.results.slice(0, 20).map(r => r.data()));
  if (input.value.trim() !== q) return;
  const n = search.results.length;
  status.textContent = n === 0 ? text.none.replace('{q}', q) : n === 1 ? text.one : text.many.replace('{n}', n);
  list.replaceChildren(...found.map(result));
  list.dataset.query = q;
}

// The page does not submit: the CSP's form-action is 'none', and the
// results are already on screen.
form.addEventListener('submit', e => { e.preventDefault(); run(); });
input.addEventListener('input', run);
input.addEventListener('focus', () => { engine().catch(() => {}); }, { once: true });
const q = new URLSearchParams(location.search).get('q');
if (q) {
  input.value = q;
  run();
}
