package browsertest

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestTCOGridThroughTheForm chooses another grid region on /tco/ as a
// reader does: each option's energy per 1M tokens stays, its CO2 follows
// the region's intensity (France's 56 g a kWh after the world's 481), the
// intensity field takes the region's figure, and the link carries the
// region.
func TestTCOGridThroughTheForm(t *testing.T) {
	ctx, page := browser(t)
	before := waitEngine(ctx, t, page)
	choose(t, ctx, "grid", "fr")
	after := eval[map[string]string](t, ctx, readMetrics)
	value := func(m map[string]string, key string) float64 {
		v, _ := strconv.ParseFloat(strings.Fields(m[key] + " ")[0], 64)
		return v
	}
	for _, o := range []string{"a", "b"} {
		kWh, g0, g1 := value(after, o+".kwh_per_mtok"), value(before, o+".co2e_g_per_mtok"), value(after, o+".co2e_g_per_mtok")
		if kWh <= 0 || after[o+".kwh_per_mtok"] != before[o+".kwh_per_mtok"] || math.Abs(g0-kWh*481) > 1e-6*g0 || math.Abs(g1-kWh*56) > 1e-6*g0 {
			t.Errorf("option %s: %v kWh per 1M tokens (before %v), CO2 %v g on the world's grid and %v g on France's; want 481 and 56 g a kWh",
				o, after[o+".kwh_per_mtok"], before[o+".kwh_per_mtok"], g0, g1)
		}
	}
	if v := eval[string](t, ctx, `document.querySelector('[name="gco2"]').value`); v != "56" {
		t.Errorf("the intensity field shows %q after choosing France; want 56", v)
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('grid=fr'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "grid=fr") {
		t.Errorf("the link %s does not carry the region", loc)
	}
}
