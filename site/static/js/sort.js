// Sortable tables: a header button sorts the rows by that column's
// data-value, again in the other direction; the order holds while the
// figures change (apply.js calls resort). A cell's data-order "inf"
// sorts above every value ("never"), "none" (no figure) last whichever
// the direction; a row with a cell "apart" (a vendor's claim) after the
// other figures.

let sorted = null;

// resort sorts the sorted table again.
export function resort() {
  if (!sorted) return;
  const body = sorted.table.tBodies[0];
  const rows = Array.prototype.slice.call(body.rows);
  const value = function (tr) {
    const td = tr.querySelector('[data-col="' + sorted.key + '"]');
    const order = td ? td.getAttribute("data-order") : "none";
    if (order === "inf") return Infinity;
    const v = order === "none" ? NaN : parseFloat(td.getAttribute("data-value"));
    return isNaN(v) ? null : v;
  };
  const apart = function (tr) { return tr.querySelector('[data-order="apart"]') ? 1 : 0; };
  rows.sort(function (a, b) {
    const x = value(a), y = value(b);
    if (x === null || y === null) return (x === null) - (y === null);
    if (apart(a) !== apart(b)) return apart(a) - apart(b);
    return x === y ? 0 : sorted.dir * (x < y ? -1 : 1);
  });
  rows.forEach(function (tr) { body.appendChild(tr); });
}

// initSort makes the header buttons sort.
export function initSort() {
  document.addEventListener("click", function (e) {
    const btn = e.target.closest && e.target.closest("button[data-sort]");
    if (!btn) return;
    const table = btn.closest("table");
    const key = btn.getAttribute("data-sort");
    const dir = sorted && sorted.table === table && sorted.key === key ? -sorted.dir : 1;
    sorted = { table: table, key: key, dir: dir };
    table.querySelectorAll("th[aria-sort]").forEach(function (th) { th.setAttribute("aria-sort", "none"); });
    btn.parentNode.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    resort();
  });
}
