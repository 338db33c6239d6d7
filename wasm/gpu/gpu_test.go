package gpu

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
)

func validCatalog() Catalog {
	fig := func(v float64) Figure { return Figure{Value: v, Source: "ds", AsOf: "2026-11-30"} }
	return Catalog{
		Sources: fact.Sources{"ds": {Title: "Datasheet", URL: "https://example.com/ds.pdf"}},
		GPUs: []GPU{{ID: "x1", Name: "X1", Vendor: "X", MemoryGB: fig(80), BandwidthGBps: fig(2000), BF16DenseTFLOPS: fig(300),
			TDPW: fig(400), Link: Link{Kind: "NVLink", GBps: fig(600)}}},
	}
}

func TestValidateAcceptsAGoodRow(t *testing.T) {
	if err := validCatalog().Validate(); err != nil {
		t.Fatalf("got %v; want nil", err)
	}
}

func TestValidateNamesEntryAndField(t *testing.T) {
	tests := []struct {
		name   string
		break_ func(*Catalog)
		want   string
	}{
		{"unknown source", func(c *Catalog) { c.GPUs[0].TDPW.Source = "nope" }, `gpus[0] "x1": tdp_w.source: unknown source "nope"`},
		{"bad date", func(c *Catalog) { c.GPUs[0].MemoryGB.AsOf = "Jan 2026" }, `gpus[0] "x1": memory_gb.as_of: want a date`},
		{"out of range", func(c *Catalog) { c.GPUs[0].BandwidthGBps.Value = -1 }, `gpus[0] "x1": bandwidth_gbps.value: -1 is outside`},
		{"optional price checked", func(c *Catalog) {
			c.GPUs[0].RentUSDPerHour = &Figure{Value: 2, Source: "ds"}
		}, `gpus[0] "x1": rent_usd_per_hour.as_of`},
		{"optional FP4 range checked", func(c *Catalog) {
			c.GPUs[0].FP4DenseTFLOPS = &Figure{Value: 0, Source: "ds", AsOf: "2026-11-30"}
		}, `gpus[0] "x1": fp4_dense_tflops.value: 0 is outside`},
		{"optional FP4 source checked", func(c *Catalog) {
			c.GPUs[0].FP4DenseTFLOPS = &Figure{Value: 9000, Source: "nope", AsOf: "2026-11-30"}
		}, `gpus[0] "x1": fp4_dense_tflops.source: unknown source "nope"`},
		{"form factor with stray spaces", func(c *Catalog) { c.GPUs[0].FormFactor = "PCIe " }, `gpus[0] "x1": form_factor: "PCIe " has leading or trailing spaces`},
		{"duplicate id", func(c *Catalog) { c.GPUs = append(c.GPUs, c.GPUs[0]) }, `gpus[1] "x1": id: duplicate id`},
		{"source without URL", func(c *Catalog) { c.Sources["ds"] = fact.Source{Title: "t"} }, `sources.ds: url: must be an https:// URL or a site path`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validCatalog()
			c.Sources = fact.Sources{"ds": c.Sources["ds"]}
			tt.break_(&c)
			err := c.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestValidateAcceptsAnFP4Figure(t *testing.T) {
	c := validCatalog()
	// Four times the BF16 rate of 300, as FP8 and FP4 each double it.
	c.GPUs[0].FP4DenseTFLOPS = &Figure{Value: 1200, Source: "ds", AsOf: "2026-11-30"}
	if err := c.Validate(); err != nil {
		t.Fatalf("got %v; want nil", err)
	}
}

// Rates that contradict each other fail, naming the GPU and both
// fields; the bounds hold every GPU of the catalog (see plausible).
func TestValidateRejectsContradictoryRates(t *testing.T) {
	fig := func(v float64) *Figure { return &Figure{Value: v, Source: "ds", AsOf: "2026-11-30"} }
	for _, tt := range []struct {
		name           string
		bf16, fp8, fp4 float64
		want           string
	}{
		// The review's breakage: BF16 typed as 1 beside the H100's FP8 1,979.
		{"BF16 far below FP8", 1, 1979, 0, `gpus[0] "x1": fp8_dense_tflops.value: 1979 is 1.98e+03 times bf16_dense_tflops 1`},
		{"FP8 below BF16", 989.4, 500, 0, `gpus[0] "x1": fp8_dense_tflops.value: 500 is 0.505 times bf16_dense_tflops 989.4`},
		{"FP4 far above FP8", 2250, 4500, 90000, `gpus[0] "x1": fp4_dense_tflops.value: 90000 is 20 times fp8_dense_tflops 4500`},
		{"FP4 without FP8 far above BF16", 300, 0, 9000, `gpus[0] "x1": fp4_dense_tflops.value: 9000 is 30 times bf16_dense_tflops 300`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := validCatalog()
			g := &c.GPUs[0]
			g.BF16DenseTFLOPS = *fig(tt.bf16)
			if tt.fp8 > 0 {
				g.FP8DenseTFLOPS = fig(tt.fp8)
			}
			if tt.fp4 > 0 {
				g.FP4DenseTFLOPS = fig(tt.fp4)
			}
			if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
	// B300's rates (2,250, 4,500, 14,000) are the widest apart in the
	// catalog, and pass.
	c := validCatalog()
	c.GPUs[0].BF16DenseTFLOPS, c.GPUs[0].FP8DenseTFLOPS, c.GPUs[0].FP4DenseTFLOPS = *fig(2250), fig(4500), fig(14000)
	if err := c.Validate(); err != nil {
		t.Errorf("B300's rates: %v", err)
	}
}

// TestOfferTermsAreKnown: an offer's term is on demand (none) or one of
// Terms; another fails naming the offer and the field.
func TestOfferTermsAreKnown(t *testing.T) {
	r := Rental{Sources: fact.Sources{"p": {Title: "Prices", URL: "https://example.com/p"}},
		Offers: []Offer{{Provider: "P", GPU: "x1", Instance: "8x X1", USDPerGPUHour: 2, Source: "p", AsOf: "2026-07-30"},
			{Provider: "P", GPU: "x1", Instance: "8x X1, spot", USDPerGPUHour: 1, Term: Spot, Source: "p", AsOf: "2026-07-30"}}}
	if err := r.Validate(validCatalog()); err != nil {
		t.Fatalf("on demand and spot: %v", err)
	}
	r.Offers[1].Term = "reserved"
	if err := r.Validate(validCatalog()); err == nil || !strings.Contains(err.Error(), `offers[1] "P" "x1": term: unknown term "reserved"`) {
		t.Errorf("term reserved: %v", err)
	}
}
