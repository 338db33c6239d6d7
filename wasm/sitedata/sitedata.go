// Package sitedata is the whole of content/data as the calculators read
// it: gen loads it with package dataset and writes each calculator's part
// as a data file (Data.For), which the browser module and the edge worker
// read with package decode.
package sitedata

import (
	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
)

// Data holds every catalog once, beside each data file's own part; the
// methods named for a calculator's data (MemoryData, …) give a view what
// it reads.
type Data struct {
	// Editions is every edition a scenario can pin (see package
	// edition), the same in every edition's data.
	Editions edition.List  `json:"editions"`
	GPUs     gpu.Catalog   `json:"gpus"`
	Rental   gpu.Rental    `json:"rental"`
	Models   model.Catalog `json:"models"`
	// Bands are the edition's error bands of estimated figures, computed
	// at build time from the calibration table (accuracy.PinBands).
	Bands   band.Table `json:"bands"`
	TCO     cluster.Data
	Memory  serving.Memory
	Pricing apicompare.Data
	Perf    serving.Perf
}

// MemoryData is the memory data with the catalogs it refers to: what the
// memory calculator reads.
func (d Data) MemoryData() serving.Memory {
	m := d.Memory
	m.GPUs, m.Models, m.Bands, m.Editions = d.GPUs, d.Models, d.Bands, d.Editions
	return m
}

// PerfData is the estimator's data with the memory data it builds on:
// what the performance calculator reads.
func (d Data) PerfData() serving.Perf {
	p := d.Perf
	p.Memory, p.Editions = d.MemoryData(), d.Editions
	return p
}

// TCOData is the TCO data with the catalogs and the estimator's data an
// option reads: what the TCO calculator reads.
func (d Data) TCOData() cluster.Data {
	t := d.TCO
	t.GPUs, t.Rental, t.Perf, t.Editions = d.GPUs, d.Rental, d.PerfData(), d.Editions
	return t
}

// PricingData is the pricing data with the TCO data of its cluster: what
// the pricing calculator reads.
func (d Data) PricingData() apicompare.Data {
	p := d.Pricing
	p.TCO, p.Editions = d.TCOData(), d.Editions
	return p
}

// Presets returns the presets of calculator name (see Calculators).
func (d Data) Presets(name string) []scenario.PresetData {
	ps, _ := d.presets(name)
	return ps
}

// PresetSources returns the sources that the presets of calculator name
// cite.
func (d Data) PresetSources(name string) fact.Sources {
	_, src := d.presets(name)
	return src
}

func (d Data) presets(name string) ([]scenario.PresetData, fact.Sources) {
	switch name {
	case "tco":
		return d.TCO.Presets, d.TCO.Sources
	case "memory":
		return d.Memory.Presets, d.Memory.Sources
	case "performance":
		return d.Perf.Presets, d.Perf.Sources
	case "pricing":
		return d.Pricing.Presets, d.Pricing.Sources
	case "plan":
		return d.Pricing.PlanPresets, d.Pricing.Sources
	}
	return nil, nil
}

// Calculators are the calculators' names, each with a data file of its
// own (see For).
var Calculators = []string{"plan", "tco", "memory", "performance", "pricing"}

// For returns the part of d that calculator name reads, the rest left
// zero and the editions without their notes (the pages show none), and
// whether name is a calculator: the memory calculator reads the GPU and
// model catalogs, the bands and its own data, the estimator those and its
// own, the TCO calculator those, the cloud offers and its own, the
// pricing calculator and the plan everything.
func (d Data) For(name string) (Data, bool) {
	out := Data{Editions: d.Editions.WithoutNotes()}
	switch name {
	case "pricing", "plan":
		out.Pricing = d.Pricing
		fallthrough
	case "tco":
		out.TCO, out.Rental = d.TCO, d.Rental
		fallthrough
	case "performance":
		out.Perf = d.Perf
		fallthrough
	case "memory":
		out.Memory, out.GPUs, out.Models, out.Bands = d.Memory, d.GPUs, d.Models, d.Bands
		return out, true
	}
	return Data{}, false
}
