package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/wasm/sitedata"
)

// The answer comes first: on a phone and on a desktop every calculator's
// headline sits on the first screen and states the link's own scenario
// once the engine has computed it (not dimmed); before that, the
// pre-rendered default is dimmed and the status line says whose figures
// they are.
func TestHeadlineComesFirst(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	links := map[string]string{"plan": "?rpd=10000", "tco": "?preset=seed-000", "memory": "?preset=seed-002", "performance": "?rate=4", "pricing": "?rpd=1000"}
	for _, name := range sitedata.Calculators {
		do(t, ctx, chromedp.EmulateViewport(390, 844))
		waitEngine(ctx, t, root+name+"/")
		def := eval[string](t, ctx, `document.getElementById('headline-text').textContent`)
		waitEngine(ctx, t, root+name+"/"+links[name])
		// The link loads on a phone; the desktop's layout is the same
		// page made wider.
		for _, width := range []int64{390, 1366} {
			do(t, ctx, chromedp.EmulateViewport(width, 844))
			r := evalAsync[struct {
				Top, Height float64
				Text        string
				Figures     int
				Dimmed      bool
			}](t, ctx, `nextFrames(2).then(() => (h => ({Top: h.getBoundingClientRect().top + scrollY, Height: innerHeight, Text: h.querySelector('p').textContent,
				Figures: h.querySelectorAll('dd').length, Dimmed: h.hasAttribute('data-updating')}))(document.getElementById('headline')))`)
			if r.Top+120 > r.Height {
				t.Errorf("%s at %d px: the headline starts %.0f px down, not on the first screen (%.0f px)", name, width, r.Top, r.Height)
			}
			if r.Text == def || r.Text == "" || r.Figures == 0 || r.Dimmed {
				t.Errorf("%s%s at %d px: headline %q with %d figures, dimmed %v; want the link's own answer (the default's is %q)",
					name, links[name], width, r.Text, r.Figures, r.Dimmed, def)
			}
		}
	}
	// Seed 000's TCO scenario in the headline: €0.62 per million tokens.
	waitEngine(ctx, t, root+"tco/?preset=seed-000")
	if h := eval[string](t, ctx, `document.getElementById('headline-text').textContent`); !strings.Contains(h, "€0.62") {
		t.Errorf("seed-000 headline %q", h)
	}
}
