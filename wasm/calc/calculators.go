package calc

import (
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
)

// Calculator is one calculator of the site. What goes over the
// calculators (the pages, the browser host, the reports, the articles'
// blocks) loops over Calculators, so that a new calculator is an entry
// there, beside its data (sitedata.Data.For) and its preset check
// (presetChecks).
type Calculator struct {
	// Name is the calculator's name: its page's path below the base
	// ("tco" for /tco/) and its data file's (sitedata.Calculators).
	Name string
	// File is the data file in content/data that holds its presets.
	File string
	// build returns its page for query q from d, in s's language.
	build func(s *Set, q string, d *sitedata.Data) view.Page
}

// Calculators are the site's calculators, in the order of
// sitedata.Calculators.
var Calculators = []Calculator{
	{Name: "tco", File: "tco.yaml",
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			return tcoview.Build(tcoview.ResolveIn(s.Msgs, q, d.TCOData())).Page
		}},
	{Name: "memory", File: "memory.yaml",
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			md := d.MemoryData()
			return memview.Build(memview.ResolveIn(s.Msgs, q, md), md).Page
		}},
	{Name: "performance", File: "perf.yaml",
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			return s.perf.Build(perfview.ResolveIn(s.Msgs, q, d.PerfData())).Page
		}},
	{Name: "pricing", File: "pricing.yaml",
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			pd := d.PricingData()
			return pricingview.Build(pricingview.ResolveIn(s.Msgs, q, pd), pd).Page
		}},
}

// Find returns the calculator of name, and whether there is one.
func Find(name string) (Calculator, bool) {
	for _, c := range Calculators {
		if c.Name == name {
			return c, true
		}
	}
	return Calculator{}, false
}

// Page returns the calculator's page for query q from d, in the language
// of m (English when nil), as gen renders it: d's edition alone, without
// the note of what today's data changes (Set.Page).
func (c Calculator) Page(m *msg.Catalog, q string, d sitedata.Data) view.Page {
	return c.build(&Set{Msgs: m}, q, &d)
}
