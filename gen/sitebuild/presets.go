package sitebuild

import (
	"errors"
	"fmt"

	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
	"github.com/infercost/infercost/wasm/view/pagecheck"
)

// Calculators lists every calculator of the site with its presets, as
// articles embed them (markdown.Blocks) and the home page lists them.
func Calculators(data sitedata.Data) []markdown.Calculator {
	return []markdown.Calculator{
		{File: dataset.TCOFile, Path: "tco/", Heading: "page.tco.heading", Presets: data.TCO.Presets, Page: func(m *msg.Catalog, q string) view.Page {
			return tcoview.Build(tcoview.ResolveIn(m, q, data.TCOData())).Page
		}},
		{File: dataset.MemoryFile, Path: "memory/", Heading: "page.memory.heading", Presets: data.Memory.Presets, Page: func(m *msg.Catalog, q string) view.Page {
			return memview.Build(memview.ResolveIn(m, q, data.MemoryData()), data.MemoryData()).Page
		}},
		{File: dataset.PerfFile, Path: "performance/", Heading: "page.performance.heading", Presets: data.Perf.Presets, Page: func(m *msg.Catalog, q string) view.Page {
			return perfview.Build(perfview.ResolveIn(m, q, data.PerfData())).Page
		}},
		{File: dataset.PricingFile, Path: "pricing/", Heading: "page.pricing.heading", Presets: data.Pricing.Presets, Page: func(m *msg.Catalog, q string) view.Page {
			return pricingview.Build(pricingview.ResolveIn(m, q, data.PricingData()), data.PricingData()).Page
		}},
	}
}

// checkPresets opens every preset as its link does and returns, naming
// the data file and the preset, what its page must not show
// (pagecheck.Preset): a preset is the site at its best.
func checkPresets(data sitedata.Data) error {
	var errs []error
	for _, c := range Calculators(data) {
		for _, err := range scenario.ValidatePresetPages(c.Presets, func(q string) string {
			if err := pagecheck.Preset(c.Page(msg.English, q)); err != nil {
				return err.Error()
			}
			return ""
		}) {
			errs = append(errs, fmt.Errorf("data/%s: %w", c.File, err))
		}
	}
	return errors.Join(errs...)
}
