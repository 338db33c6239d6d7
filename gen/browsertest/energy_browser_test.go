package browsertest

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
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

// TestTCODrawThroughTheForm types what option A's GPUs draw on /tco/ as
// a reader does: idle 0 % and 100 % of the rating serving (the rule
// before edition 2026-12-07) change its energy per 1M tokens by the ratio
// of the average IT powers, (S x P_srv + G x P x L) / (S x P_srv + G x P
// x (0.85 L + 0.17 (1 - L))), with the servers S, GPUs G, their rating P
// and the load L read from the form; option B's stays; the link carries
// both fields; and a draw above 110 % is refused next to its field, the
// default used instead.
func TestTCODrawThroughTheForm(t *testing.T) {
	ctx, page := browser(t)
	before := waitEngine(ctx, t, page)
	field := func(name string) float64 {
		v, err := strconv.ParseFloat(eval[string](t, ctx, `document.querySelector('[name="`+name+`"]').value`), 64)
		if err != nil {
			t.Fatalf("field %s: %v", name, err)
		}
		return v
	}
	if wi, wf := field("a.wi"), field("a.wf"); wi != 17 || wf != 85 {
		t.Fatalf("draw fields %v and %v %%; want the edition's 17 and 85", wi, wf)
	}
	gpus, perServer, rating, overhead, load := field("a.n"), field("a.gps"), field("a.w"), field("a.ow"), field("a.load")
	servers := math.Ceil(gpus / perServer)
	typeIn := func(name, value string) {
		t.Helper()
		unfold(t, ctx, name)
		do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="`+name+`"]`)))
		eval[any](t, ctx, `(() => { document.querySelector('[name="`+name+`"]').select(); return 0; })()`)
		do(t, ctx, chromedp.SendKeys(chromedp.CSS(`[name="`+name+`"]`), value))
	}
	typeIn("a.wi", "0")
	typeIn("a.wf", "100")
	after := eval[map[string]string](t, ctx, readMetrics)
	value := func(m map[string]string, key string) float64 {
		v, _ := strconv.ParseFloat(strings.Fields(m[key] + " ")[0], 64)
		return v
	}
	want := (servers*overhead + gpus*rating*load) / (servers*overhead + gpus*rating*(0.85*load+0.17*(1-load)))
	if got := value(after, "a.kwh_per_mtok") / value(before, "a.kwh_per_mtok"); math.Abs(got/want-1) > 2e-3 {
		t.Errorf("option a's energy per 1M tokens %v -> %v, a ratio of %.4f; want %.4f", before["a.kwh_per_mtok"], after["a.kwh_per_mtok"], got, want)
	}
	if before["b.kwh_per_mtok"] != after["b.kwh_per_mtok"] {
		t.Errorf("option b's energy changed with option a's draw: %v -> %v", before["b.kwh_per_mtok"], after["b.kwh_per_mtok"])
	}
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 100 && !location.search.includes('a.wf=100'); i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	if !strings.Contains(loc, "a.wi=0") || !strings.Contains(loc, "a.wf=100") {
		t.Errorf("the link %s does not carry the draws typed", loc)
	}
	choose(t, ctx, "a.wf", "200") // the whole value at once: typed, "2" and "20" would be taken on the way
	msg := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 200 && !document.getElementById('err-a.wf').textContent; i++) await new Promise(r => setTimeout(r, 20));
		return document.getElementById('err-a.wf').textContent; })()`)
	if !strings.Contains(msg, "110") || !strings.Contains(msg, "Using 85 instead") {
		t.Errorf("a draw of 200 %% says %q next to its field; want the range up to 110 and the default used", msg)
	}
	refused := eval[map[string]string](t, ctx, readMetrics)
	want = (servers*overhead + gpus*rating*0.85*load) / (servers*overhead + gpus*rating*(0.85*load+0.17*(1-load)))
	if got := value(refused, "a.kwh_per_mtok") / value(before, "a.kwh_per_mtok"); math.Abs(got/want-1) > 2e-3 {
		t.Errorf("with the refused draw, option a's energy per 1M tokens is %v, a ratio of %.4f to the default's; want %.4f, the default draw's", refused["a.kwh_per_mtok"], got, want)
	}
}
