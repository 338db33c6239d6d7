// InferCost key figures, shared by the calculator pages (app.js) and the
// calculators embedded in articles (embed.js): an estimated figure's
// error band beside it, and the headline's list of key figures, drawn as
// site/calc.templ's bandView and headlineBody draw them at build time.
"use strict";
window.InferCostFigures = (function () {
  // band puts f's error band (f.band, f.bandNote: a cell or a key figure
  // from the engine) at the end of el, or the mark that says why it has
  // none, or removes it.
  function band(el, f) {
    var b = el.querySelector(".band");
    if (!f.band && !f.bandNote) {
      if (b) b.remove();
      return;
    }
    if (!b) {
      b = document.createElement("span");
      el.appendChild(b);
    }
    b.className = f.band ? "band" : "band band-none";
    b.textContent = f.band || "±?";
    b.title = f.bandNote || "";
  }
  // keyFigures fills the list dl with the headline's figures.
  function keyFigures(dl, figures) {
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
  return { band: band, keyFigures: keyFigures };
})();
