package pricingview_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/report"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// FuzzFinitePage checks that no query, however odd its numbers, makes the
// page or its exports show NaN, an infinity or a figure of absurd length.
// Besides the query, the fuzzer sets three fields to values of its choice.
func FuzzFinitePage(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "preset=seed-000-roi", "bd=5e-324", "bd=1e-300", "bm=1e-320&bd=1e-320",
		"rpd=1e9&in=1e7&out=1e7", "vs=custom&cp.in=1e-300&cp.out=1e-300", "h.kind=rent&h.n=64&cur=CNY"} {
		f.Add(seed, uint8(0), 0.0, uint8(0), 0.0, uint8(0), 0.0)
	}
	inputs := pricingview.Resolve("", d).Inputs
	f.Fuzz(func(t *testing.T, q string, f1 uint8, v1 float64, f2 uint8, v2 float64, f3 uint8, v3 float64) {
		q = viewtest.Set(viewtest.Set(viewtest.Set(q, inputs, f1, v1), inputs, f2, v2), inputs, f3, v3)
		p := pricingview.Build(pricingview.Resolve(q, d), d)
		if err := viewtest.Finite(p.Page); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
		for _, format := range report.Formats {
			if err := viewtest.Text(format, report.Write(msg.English, format, "pricing", "https://example.com/", p.Page)); err != nil {
				t.Fatalf("%q: %v", q, err)
			}
		}
	})
}

// Every number field at the ends of its range, alone and all together,
// still gives a page of finite, short figures.
func TestFinitePageAtExtremes(t *testing.T) {
	d := load(t)
	for _, q := range viewtest.Extremes(pricingview.Resolve("", d).Inputs) {
		if err := viewtest.Finite(pricingview.Build(pricingview.Resolve(q, d), d).Page); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}

// Every cell that shows no figure ("–") says why, in its note (the
// page's tooltip): in the default scenario, presets, cases that cannot be
// computed, and every field at the ends of its range.
func TestDashesSayWhy(t *testing.T) {
	d := load(t)
	for _, q := range append([]string{"", "preset=seed-000-roi", "ed=2024-05-13"}, viewtest.Extremes(pricingview.Resolve("", d).Inputs)...) {
		if err := viewtest.Explained(pricingview.Build(pricingview.Resolve(q, d), d).Page); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
}
