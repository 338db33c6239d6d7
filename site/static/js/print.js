// Printing: the charts at their print size and the handout filled in,
// whether the reader prints from the page's button (which waits for the
// charts and the link's QR code), from the browser's menu (which gets
// what has loaded), or the page is laid out for print without the
// events (print media match).

import { $ } from "./dom.js";
import { printMedia, printCharts, screenCharts, addCharts } from "./charts.js";
import { fillHandout, handoutQR } from "./handout.js";

// initPrint listens for prints and makes the print button work.
export function initPrint() {
  addEventListener("beforeprint", printCharts);
  addEventListener("afterprint", screenCharts);
  if (printMedia) printMedia.addEventListener("change", function (e) {
    if (e.matches) {
      fillHandout();
      addCharts();
      printCharts();
    } else {
      screenCharts();
    }
  });
  addEventListener("beforeprint", fillHandout);
  $("print").addEventListener("click", function () {
    Promise.all([addCharts(), handoutQR()]).then(function () { window.print(); });
  });
}
