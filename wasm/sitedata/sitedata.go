// Package sitedata is the whole of content/data as the calculators read
// it: gen loads it with package dataset and writes each calculator's part
// as a data file (Data.For), which the browser module and the edge worker
// read with package decode.
package sitedata

import (
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
)

// Data holds each calculator's data; they share the GPU catalog, the
// pricing calculator reads the TCO data and the estimator the memory data.
type Data struct {
	// Editions is every edition a scenario can pin (see package
	// edition), the same in every edition's data.
	Editions edition.List `json:"editions"`
	TCO      cluster.Data
	Memory   serving.Memory
	Pricing  pricingview.Data
	Perf     serving.Perf
}

// Link gives each calculator the data it shares with others: the memory
// calculator the GPU catalog, the estimator the memory data, the TCO
// calculator the estimator's, and the pricing calculator the TCO data.
func (d *Data) Link() {
	d.TCO.Editions, d.Memory.Editions, d.Perf.Editions, d.Pricing.Editions = d.Editions, d.Editions, d.Editions, d.Editions
	d.Memory.GPUs = d.TCO.GPUs
	d.Perf.Memory = d.Memory
	d.TCO.Perf = d.Perf
	d.Pricing.TCO = d.TCO
}

// Presets returns the presets of calculator name (see Calculators).
func (d *Data) Presets(name string) []scenario.PresetData {
	switch name {
	case "tco":
		return d.TCO.Presets
	case "memory":
		return d.Memory.Presets
	case "performance":
		return d.Perf.Presets
	case "pricing":
		return d.Pricing.Presets
	}
	return nil
}

// Unlinked returns the data with the shared copies and the editions'
// notes left out, as the data files carry it; Link restores the copies
// (the pages show no note).
func (d Data) Unlinked() Data {
	d.Editions = d.Editions.WithoutNotes()
	d.Memory.GPUs = gpu.Catalog{}
	d.Perf.Memory = serving.Memory{}
	d.TCO.Perf = serving.Perf{}
	d.Pricing.TCO = cluster.Data{}
	d.TCO.Editions, d.Memory.Editions, d.Perf.Editions, d.Pricing.Editions = nil, nil, nil, nil
	return d
}

// Calculators are the calculators' names, each with a data file of its
// own (see For).
var Calculators = []string{"tco", "memory", "performance", "pricing"}

// For returns the part of unlinked data d that calculator name reads,
// the rest left zero, and whether name is a calculator: the memory
// calculator reads the GPU catalog and its own data, the estimator those
// and its own, the TCO calculator those and its own, the pricing
// calculator everything. Link, after decoding, restores the shared
// copies.
func (d Data) For(name string) (Data, bool) {
	out := Data{Editions: d.Editions}
	switch name {
	case "pricing":
		out.Pricing = d.Pricing
		fallthrough
	case "tco":
		out.TCO = d.TCO
		fallthrough
	case "performance":
		out.Perf = d.Perf
		fallthrough
	case "memory":
		out.Memory = d.Memory
		out.TCO.GPUs = d.TCO.GPUs
		return out, true
	}
	return Data{}, false
}
