package tcoview_test

import (
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tcoview"
)

// input returns the resolved input of key.
func input(t *testing.T, s tcoview.Scenario, key string) scenario.Input {
	t.Helper()
	for _, in := range s.Inputs {
		if in.Key == key {
			return in
		}
	}
	t.Fatalf("no input %s", key)
	return scenario.Input{}
}

// choicesSent returns the labels of the choices an update sends for key,
// nil when it sends none.
func choicesSent(u map[string]any, key string) []string {
	for _, r := range u["inputs"].([]any) {
		r := r.(map[string]any)
		if r["key"] != key {
			continue
		}
		cs, _ := r["choices"].([]any)
		var out []string
		for _, c := range cs {
			out = append(out, c.(map[string]any)["label"].(string))
		}
		return out
	}
	return nil
}

// A link's cloud=N is the Nth offer for the option's GPU, in data order,
// and the price it computes with. rental.yaml's offers for the A100 80GB
// are AWS ($3.43), Google Cloud ($5.07), Lambda ($2.79), CoreWeave
// ($2.70) and RunPod ($1.79), and edition 2026-12-06 adds RunPod's
// community cloud ($1.39), so c.cloud=4 is CoreWeave's HGX A100 at
// $2.70 (2026-09-20). The page was drawn with the default GPU's list, the
// H100's, whose fourth is Lambda's 8x H100 at $3.99: the update must give
// the select the A100's offers, so that the offer it shows is the one
// used, and the rental price must say whose it is.
func TestTheOfferShownIsTheOfferUsed(t *testing.T) {
	d := load(t)
	const link = "v=1&c.gpu=a100-80gb-sxm&c.cloud=4"
	s := tcoview.Resolve(link, d)
	if got := s.Options[2].Option.RentUSDPerGPUHour; got != 2.70 {
		t.Errorf("c's rental price: got %v; want 2.70 (CoreWeave's A100)", got)
	}
	cloud := input(t, s, "c.cloud")
	if len(cloud.Choices) != 7 {
		t.Fatalf("c.cloud: %d choices; want the default and the A100's 6 offers", len(cloud.Choices))
	}
	for _, c := range cloud.Choices[1:] {
		if strings.Contains(c.Label, "H100") || strings.Contains(c.Label, "H200") {
			t.Errorf("c.cloud offers %q, not an A100 offer", c.Label)
		}
	}
	if cloud.Value != "4" || cloud.Shown() != "CoreWeave, HGX A100 (8 GPUs): $2.7/GPU-h (2026-09-20)" {
		t.Errorf("c.cloud shows %q (value %s); want CoreWeave's HGX A100 at $2.7 of 2026-09-20", cloud.Shown(), cloud.Value)
	}
	if note := input(t, s, "c.hr").Note; !strings.Contains(note, "CoreWeave, HGX A100 (8 GPUs)") || !strings.Contains(note, "2026-09-20") {
		t.Errorf("c.hr note %q; want it to name the offer used and its date", note)
	}

	// The page loader's update, from the default page the form was drawn
	// with, gives the select the A100's offers.
	def := tcoview.Build(tcoview.Resolve("", d)).Page
	for name, u := range map[string]map[string]any{
		"first update": tcoview.Build(s).Update(), "update from the default": tcoview.Build(s).Since(&def)} {
		labels := choicesSent(u, "c.cloud")
		if len(labels) != 7 || labels[4] != "CoreWeave, HGX A100 (8 GPUs): $2.7/GPU-h (2026-09-20)" {
			t.Errorf("%s: c.cloud's choices %q; want the A100's offers, CoreWeave's fourth", name, labels)
		}
	}
}

// The default rental price is the median of the GPU's dated offers in
// rental.yaml and edition 2026-12-06 (nine for the H100, six for the
// A100 80GB):
//
//	H100 SXM: 2.69 (RunPod community), 3.85 (Nebius), 3.99 (Lambda 8x),
//	          3.99 (RunPod secure), 4.29 (Lambda 1x), 6.155 (CoreWeave),
//	          6.88 (AWS), 10.98 (Google Cloud), 12.29 (Azure): the fifth, 4.29
//	A100 80GB: 1.39 (RunPod community), 1.79 (RunPod secure), 2.70
//	          (CoreWeave), 2.79 (Lambda), 3.43 (AWS), 5.07 (Google Cloud):
//	          (2.70 + 2.79) / 2 = 2.745
//
// Editions before 2026-12-06 keep the GPU table's price (CoreWeave's
// $6.155 for the H100, AWS's $3.43 for the A100 80GB).
func TestTheDefaultRentalPriceIsTheOffersMedian(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("d.kind=rent", d)
	for _, c := range []struct {
		option     int
		want, then float64
		n          string
	}{{2, 4.29, 6.155, "9"}, {3, 2.745, 3.43, "6"}} {
		o := s.Options[c.option]
		if got := o.Option.RentUSDPerGPUHour; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: default rental price %v; want the median %v", o.GPU.Name, got, c.want)
		}
		key := o.Letter + ".hr"
		if in := input(t, s, key); !strings.Contains(in.Note, "Median of the "+c.n+" dated on-demand cloud offers") || !strings.Contains(in.Help, "median") {
			t.Errorf("%s: note %q, help %q; want both to say the default is the offers' median", key, in.Note, in.Help)
		}
		if cl := input(t, s, o.Letter+".cloud"); !strings.Contains(cl.Shown(), "Median of "+c.n+" on-demand offers") || !strings.Contains(cl.Help, "median") {
			t.Errorf("%s.cloud: shows %q, help %q; want the median", o.Letter, cl.Shown(), cl.Help)
		}
		if got := tcoview.Resolve("d.kind=rent", published(d)).Options[c.option].Option.RentUSDPerGPUHour; got != c.then {
			t.Errorf("%s in editions before: %v; want the GPU table's %v", o.GPU.Name, got, c.then)
		}
	}
	// In German too.
	de := msgtest.German(t)
	if in := input(t, tcoview.ResolveIn(de, "", d), "c.hr"); !strings.Contains(in.Note, "Median der 9 datierten Cloud-Angebote") || !strings.Contains(in.Help, "Median") {
		t.Errorf("German c.hr: note %q, help %q; want the median", in.Note, in.Help)
	}
}

// The default scenario compares like for like: the A100 bought, the H100
// bought and the H100 rented, each estimated for Llama 3.3 70B in BF16
// (which the A100 has), so the page has no "not like for like" note and
// the headline names the model and the precision, in English and German.
// The comparison of the published rows (A100 in FP16, H100 in FP8) and the
// H100 in FP8 are presets, which say they are not like for like.
func TestTheDefaultScenarioIsLikeForLike(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("", d)
	for _, o := range s.Enabled() {
		if e := o.Estimate; e == nil || e.Setup.Model.ID != "llama-3.3-70b" || o.Precision != "bf16" {
			t.Errorf("%s (%s): estimate %v in %q; want Llama 3.3 70B in BF16", o.Letter, o.GPU.Name, e, o.Precision)
		}
	}
	if got := []string{s.Options[0].GPU.ID, s.Options[1].GPU.ID, s.Options[2].GPU.ID}; strings.Join(got, " ") != "a100-80gb-sxm h100-sxm h100-sxm" ||
		s.Options[1].Kind != "own" || s.Options[2].Kind != "rent" {
		t.Errorf("options %v; want A100 owned, H100 owned, H100 rented", got)
	}
	p := tcoview.Build(s)
	if note := p.Tables[0].Note; note != "" {
		t.Errorf("default scenario: note %q; want none", note)
	}
	if h := p.Headline.Text; !strings.HasPrefix(h, "Llama 3.3 70B in BF16: Over 3 years, ") {
		t.Errorf("headline %q; want it to name Llama 3.3 70B in BF16", h)
	}
	de := msgtest.German(t)
	if h := tcoview.Build(tcoview.ResolveIn(de, "", d)).Headline.Text; !strings.HasPrefix(h, "Llama 3.3 70B in BF16: Über 3 Jahre ") {
		t.Errorf("German headline %q; want it to name Llama 3.3 70B in BF16", h)
	}

	fp8 := tcoview.Build(tcoview.Resolve("preset=llama-70b-h100-fp8", d))
	if note := fp8.Tables[0].Note; !strings.Contains(note, "(A in BF16 / FP16; B, C in FP8)") {
		t.Errorf("FP8 preset: note %q; want it not like for like", note)
	}
	if h := fp8.Headline.Text; !strings.HasPrefix(h, "Llama 3.3 70B, A in BF16 / FP16; B, C in FP8: ") {
		t.Errorf("FP8 preset: headline %q; want the model and each option's precision", h)
	}
	if !strings.Contains(fp8.Explanation, "trades") {
		t.Errorf("FP8 preset: explanation %q; want it to say what FP8 trades", fp8.Explanation)
	}

	// The published rows' preset has the figures the default had before,
	// C rented at CoreWeave's H100 offer (c.cloud=5), the GPU table's
	// price then. Option d is not compared.
	then := tcoview.Build(tcoview.Resolve("", published(d))).CellsByKey()
	for k, c := range tcoview.Build(tcoview.Resolve("preset=published-rows-2024", d)).CellsByKey() {
		if k[0] == 'd' {
			continue
		}
		if then[k].Value != c.Value {
			t.Errorf("published rows' preset: %s = %v; want %v as the default before", k, c.Value, then[k].Value)
		}
	}
}
