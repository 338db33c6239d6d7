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
	c.GPUs[0].FP4DenseTFLOPS = &Figure{Value: 9000, Source: "ds", AsOf: "2026-11-30"}
	if err := c.Validate(); err != nil {
		t.Fatalf("got %v; want nil", err)
	}
}
