package browsertest

import (
	"strings"
	"testing"
)

// The page is drawn with the default scenario's form, whose cloud offers
// are the H100's. A link renting the A100 80GB at its fourth offer
// (CoreWeave's HGX A100, $2.70, which the engine computes with) must
// show the A100's offers with that one chosen, not the H100's fourth
// (Lambda's 8x H100 at $3.99); and choosing another GPU in the form
// lists that GPU's offers.
func TestCloudOffersFollowTheGPU(t *testing.T) {
	ctx, page := browser(t)
	live := waitEngine(ctx, t, page+"?v=1&c.gpu=a100-80gb-sxm&c.cloud=4")
	if got := live["c.tco"]; got == "" {
		t.Fatalf("no TCO for option c: %v", live)
	}
	const offers = `[...document.querySelector('[name="c.cloud"]').options].map(o => o.textContent)`
	const chosen = `(s => s.options[s.selectedIndex].textContent)(document.querySelector('[name="c.cloud"]'))`
	list := eval[[]string](t, ctx, offers)
	if len(list) != 7 {
		t.Fatalf("c.cloud lists %q; want the default and the A100 80GB's 6 offers", list)
	}
	for _, o := range list[1:] {
		if strings.Contains(o, "H100") {
			t.Errorf("c.cloud lists %q for the A100 80GB", o)
		}
	}
	if got := eval[string](t, ctx, chosen); got != "CoreWeave, HGX A100 (8 GPUs): $2.7/GPU-h (2026-09-20)" {
		t.Errorf("c.cloud shows %q; want CoreWeave's HGX A100, the offer used", got)
	}
	if got := eval[string](t, ctx, `document.querySelector('[name="c.hr"]').value`); got != "2.7" {
		t.Errorf("c.hr %q; want 2.7, CoreWeave's price", got)
	}
	if got := eval[string](t, ctx, `document.getElementById('note-c.hr').textContent`); !strings.Contains(got, "CoreWeave, HGX A100") {
		t.Errorf("c.hr's note %q; want it to name the offer used", got)
	}

	// Back to the H100 in the form: its offers, and its median again.
	eval[any](t, ctx, `(s => { s.value = 'h100-sxm'; s.dispatchEvent(new Event('input', {bubbles: true})); return 0; })(document.querySelector('[name="c.gpu"]'))`)
	list = evalAsync[[]string](t, ctx, `(async () => {
		for (let i = 0; i < 200 && !`+offers+`.some(o => o.includes('8x H100')); i++) await new Promise(r => setTimeout(r, 20));
		return `+offers+`; })()`)
	// Its 9 offers on demand, whose median is the default, and Google's
	// spot and committed ones (edition 2026-12-07), which the median
	// leaves out.
	if len(list) != 13 || list[0] != "Median of 9 on-demand offers: $4.29/GPU-h" || !strings.Contains(strings.Join(list, "\n"), "Lambda, 8x H100: $3.99/GPU-h") ||
		!strings.Contains(strings.Join(list, "\n"), "a3-highgpu-8g (8 GPUs), Spot VM: $6.3262/GPU-h") {
		t.Errorf("after choosing the H100, c.cloud lists %q; want the median of its 9 offers on demand, them, and 3 on other terms", list)
	}
}
