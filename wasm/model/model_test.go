package model

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
)

func validCatalog() Catalog {
	return Catalog{
		Sources: fact.Sources{"cfg": {Title: "config.json", URL: "https://example.com/config.json"}},
		Models: []Model{{ID: "moe", Name: "MoE", Source: "cfg", AsOf: "2026-11-30", ParamsB: 21, ActiveParamsB: 3.6,
			Layers: 24, Hidden: 2880, Heads: 64, KVHeads: 8, HeadDim: 64, Intermediate: 2880, Vocab: 201088,
			MaxContext: 131072, Experts: 32, ExpertsPerToken: 4}},
	}
}

func TestValidateQuantization(t *testing.T) {
	tests := []struct {
		name  string
		quant string
		dense bool
		want  string // "" for valid
	}{
		{"none", "", false, ""},
		{"fp8", QuantFP8, false, ""},
		{"fp8 on a dense model", QuantFP8, true, ""},
		{"mxfp4 experts", QuantMXFP4MoE, false, ""},
		{"mxfp4 experts without experts", QuantMXFP4MoE, true, `models[0] "moe": quantization: "mxfp4-moe" needs an MoE model`},
		{"int4 (AWQ, GPTQ)", QuantINT4, true, ""},
		{"unknown format", "int3", false, `models[0] "moe": quantization: want "fp8", "mxfp4-moe", "int4" or none, got "int3"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validCatalog()
			c.Models[0].Quantization = tt.quant
			if tt.dense {
				c.Models[0].Experts, c.Models[0].ExpertsPerToken, c.Models[0].ActiveParamsB = 0, 0, 0
			}
			err := c.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("got %v; want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestWindowedLayers(t *testing.T) {
	tests := []struct {
		layout string
		window int
		layers int
		want   int
	}{
		{"", 0, 48, 0},
		{SlidingAll, 4096, 32, 32},
		{SlidingAlternate, 128, 36, 18},
		{SlidingAlternate, 128, 35, 18}, // layers 0, 2, …, 34 are windowed
		{SlidingThreeOfFour, 8192, 48, 36},
		{SlidingFiveOfSix, 1024, 34, 29}, // layers 5, 11, 17, 23, 29 attend to all
		{SlidingFiveOfSix, 1024, 62, 52},
	}
	for _, tt := range tests {
		m := Model{SlidingWindow: tt.window, SlidingLayers: tt.layout}
		if got := m.WindowedLayers(tt.layers); got != tt.want {
			t.Errorf("%q over %d layers: %d windowed; want %d", tt.layout, tt.layers, got, tt.want)
		}
	}
}

func TestValidateSlidingLayers(t *testing.T) {
	tests := []struct {
		name   string
		window int
		layout string
		ok     bool
	}{
		{"none", 0, "", true},
		{"five of six", 1024, SlidingFiveOfSix, true},
		{"three of four", 8192, SlidingThreeOfFour, true},
		{"window without layout", 1024, "", false},
		{"layout without window", 0, SlidingFiveOfSix, false},
		{"unknown layout", 1024, "2-of-3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := validCatalog()
			c.Models[0].SlidingWindow, c.Models[0].SlidingLayers = tt.window, tt.layout
			err := c.Validate()
			if tt.ok != (err == nil) {
				t.Fatalf("got %v; want ok=%v", err, tt.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "sliding_layers") {
				t.Fatalf("got %v; want a sliding_layers error", err)
			}
		})
	}
}
