package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/wasm/qr/qrtest"
)

// handoutQR prints the page (the beforeprint event) once the engine has
// drawn the QR code of the current link (app.js, handoutQR), and returns
// the link and the SVG that the handout's image shows, "" if hidden;
// decode() fails if the image does not load (the CSP allows data: images).
const handoutQR = `__infercost.handoutQR().then(async () => {
	dispatchEvent(new Event('beforeprint'));
	dispatchEvent(new Event('afterprint'));
	const img = document.getElementById('handout-qr');
	if (img.hidden) return [location.href, ''];
	await img.decode();
	return [location.href, decodeURIComponent(img.getAttribute('src').replace(/^data:image\/svg\+xml,/, ''))];
})`

// The handout's QR code is the engine's SVG of the page's link, and
// follows the link when an input changes it.
func TestHandoutQRCodeReadsAsTheLink(t *testing.T) {
	ctx, tco := browser(t)
	do(t, ctx, chromedp.Navigate(tco+"?preset=seed-000"), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	first := evalAsync[[]string](t, ctx, handoutQR)
	eval[any](t, ctx, `(el => { el.value = '123456789'; el.dispatchEvent(new Event('input', {bubbles: true})); })(document.querySelector('#calc-form input[name="dem"]'))`)
	second := evalAsync[[]string](t, ctx, handoutQR)
	if first[0] == second[0] {
		t.Fatalf("the demand input left the link as it was: %s", first[0])
	}
	var symbols []qrtest.Symbol
	for _, h := range [][]string{first, second} {
		if h[1] == "" {
			t.Fatalf("%s: no QR code on the handout", h[0])
		}
		symbols = append(symbols, qrtest.ParseSVG(t, h[1]))
	}
	for i, got := range qrtest.Decode(t, symbols...) {
		if want := [][]string{first, second}[i][0]; got != want {
			t.Errorf("the handout's QR code reads %q; want the page's link %q", got, want)
		}
	}
}
