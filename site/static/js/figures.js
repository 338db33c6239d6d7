// Key figures, shared by the calculator pages (app.js) and the
// calculators embedded in articles (embed.js): an estimated figure's
// error band beside it, and the headline's list of key figures, drawn as
// site/calc.templ's bandView and headlineBody draw them at build time.
// Importing it makes a band's note open on a tap.

// band puts f's error band (f.band, f.bandNote: a cell or a key figure
// from the engine) at the end of el, or the mark that says why it has
// none, or removes it.
export function band(el, f) {
  var b = el.querySelector(".band");
  if (!f.band && !f.bandNote) {
    if (b) {
      if (b.nextElementSibling && b.nextElementSibling.className === "band-note") b.nextElementSibling.remove();
      b.remove();
    }
    return;
  }
  if (!b) {
    b = document.createElement("button");
    b.type = "button";
    b.setAttribute("aria-expanded", "false");
    el.appendChild(b);
  }
  b.className = f.band ? "band" : "band band-none";
  b.textContent = f.band || "±?";
  b.title = f.bandNote || "";
  var note = b.nextElementSibling;
  if (note && note.className === "band-note") note.textContent = b.title;
}
// A band's note is its tooltip, which a phone cannot hover: a tap (or
// Enter on the focused band) shows it under the band, a second hides it.
document.addEventListener("click", function (e) {
  var b = e.target.closest && e.target.closest("button.band");
  if (!b || !b.title) return;
  var note = b.nextElementSibling, open = b.getAttribute("aria-expanded") === "true";
  if (open) {
    if (note && note.className === "band-note") note.remove();
  } else {
    note = document.createElement("span");
    note.className = "band-note";
    note.textContent = b.title;
    b.after(note);
  }
  b.setAttribute("aria-expanded", String(!open));
});
// keyFigures fills the list dl with the headline's figures.
export function keyFigures(dl, figures) {
  dl.textContent = "";
  figures.forEach(function (f) {
    var div = document.createElement("div");
    var dt = document.createElement("dt");
    var dd = document.createElement("dd");
    dt.textContent = f.label;
    dd.textContent = f.text;
    band(dd, f);
    div.appendChild(dt);
    div.appendChild(dd);
    dl.appendChild(div);
  });
}
