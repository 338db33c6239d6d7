package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// calculator is a calculator's presets and its page for a query.
type calculator struct {
	file, path string // data file; page below the base
	heading    string // the key of the page's heading in the catalogs
	presets    []scenario.PresetData
	// page returns the calculator's page for a query, in the language
	// of m.
	page func(m *msg.Catalog, query string) view.Page
}

// name returns the calculator's name, as in sitedata.Calculators.
func (c calculator) name() string { return strings.TrimSuffix(c.path, "/") }

// calculators lists every calculator with its presets.
func calculators(data sitedata.Data) []calculator {
	return []calculator{
		{dataset.TCOFile, "tco/", "page.tco.heading", data.TCO.Presets, func(m *msg.Catalog, q string) view.Page {
			return tcoview.Build(tcoview.ResolveIn(m, q, data.TCOData())).Page
		}},
		{dataset.MemoryFile, "memory/", "page.memory.heading", data.Memory.Presets, func(m *msg.Catalog, q string) view.Page {
			return memview.Build(memview.ResolveIn(m, q, data.MemoryData()), data.MemoryData()).Page
		}},
		{dataset.PerfFile, "performance/", "page.performance.heading", data.Perf.Presets, func(m *msg.Catalog, q string) view.Page {
			return perfview.Build(perfview.ResolveIn(m, q, data.PerfData())).Page
		}},
		{dataset.PricingFile, "pricing/", "page.pricing.heading", data.Pricing.Presets, func(m *msg.Catalog, q string) view.Page {
			return pricingview.Build(pricingview.ResolveIn(m, q, data.PricingData()), data.PricingData()).Page
		}},
	}
}

// checkPresets opens every preset as its link does and returns, naming
// the data file and the preset, what its page must not show
// (viewtest.Preset): a preset is the site at its best.
func checkPresets(data sitedata.Data) error {
	var errs []error
	for _, c := range calculators(data) {
		for _, err := range scenario.ValidatePresetPages(c.presets, func(q string) string {
			if err := viewtest.Preset(c.page(msg.English, q)); err != nil {
				return err.Error()
			}
			return ""
		}) {
			errs = append(errs, fmt.Errorf("data/%s: %w", c.file, err))
		}
	}
	return errors.Join(errs...)
}
