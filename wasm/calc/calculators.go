package calc

import (
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/planview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
	"github.com/infercost/infercost/wasm/view"
)

// Calculator is one calculator of the site. What goes over the
// calculators (the pages and the menu, the browser host, the reports,
// the articles' blocks) loops over Calculators, so that a new calculator
// is an entry there, beside its data (sitedata.Data.For, Presets) and
// its preset check (presetChecks).
type Calculator struct {
	// Name is the calculator's name: its page's path below the base
	// ("tco" for /tco/) and its data file's (sitedata.Calculators).
	Name string
	// File is the data file in content/data that holds its presets.
	File string
	// Keys are the keys of its words in the catalogs.
	Keys Keys
	// Convert returns query q with its amounts converted into the
	// currency of code, from d; nil for a calculator that takes no
	// currency.
	Convert func(q, code string, d *sitedata.Data) string
	// build returns its page for query q from d, in s's language.
	build func(s *Set, q string, d *sitedata.Data) view.Page
}

// Keys are the keys of a calculator's words in the catalogs, written out
// so that the catalogs' check finds them used (gen's i18n check).
type Keys struct {
	// Title, Description, Heading and Lead are its page's.
	Title, Description, Heading, Lead string
	// Nav names it in the menu.
	Nav string
	// Report names its scenario in a report's first line.
	Report string
}

// Calculators are the site's calculators, in the order of
// sitedata.Calculators.
var Calculators = []Calculator{
	{Name: "plan", File: "pricing.yaml",
		Keys:    Keys{"page.plan.title", "page.plan.description", "page.plan.heading", "page.plan.lead", "layout.nav.plan", "report.calc.plan"},
		Convert: func(q, code string, d *sitedata.Data) string { return planview.Convert(q, code, d.PricingData()) },
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			pd := d.PricingData()
			return s.plan.Build(planview.ResolveIn(s.Msgs, q, pd), pd).Page
		}},
	{Name: "tco", File: "tco.yaml",
		Keys:    Keys{"page.tco.title", "page.tco.description", "page.tco.heading", "page.tco.lead", "layout.nav.tco", "report.calc.tco"},
		Convert: func(q, code string, d *sitedata.Data) string { return tcoview.Convert(q, code, d.TCOData()) },
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			return tcoview.Build(tcoview.ResolveIn(s.Msgs, q, d.TCOData())).Page
		}},
	{Name: "memory", File: "memory.yaml",
		Keys: Keys{"page.memory.title", "page.memory.description", "page.memory.heading", "page.memory.lead", "layout.nav.memory", "report.calc.memory"},
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			md := d.MemoryData()
			return memview.Build(memview.ResolveIn(s.Msgs, q, md), md).Page
		}},
	{Name: "performance", File: "perf.yaml",
		Keys: Keys{"page.performance.title", "page.performance.description", "page.performance.heading", "page.performance.lead", "layout.nav.performance", "report.calc.performance"},
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			return s.perf.Build(perfview.ResolveIn(s.Msgs, q, d.PerfData())).Page
		}},
	{Name: "pricing", File: "pricing.yaml",
		Keys:    Keys{"page.pricing.title", "page.pricing.description", "page.pricing.heading", "page.pricing.lead", "layout.nav.pricing", "report.calc.pricing"},
		Convert: func(q, code string, d *sitedata.Data) string { return pricingview.Convert(q, code, d.PricingData()) },
		build: func(s *Set, q string, d *sitedata.Data) view.Page {
			pd := d.PricingData()
			return pricingview.Build(pricingview.ResolveIn(s.Msgs, q, pd), pd).Page
		}},
}

// Find returns the calculator of name, or nil.
func Find(name string) *Calculator {
	for i := range Calculators {
		if Calculators[i].Name == name {
			return &Calculators[i]
		}
	}
	return nil
}

// Page returns the calculator's page for query q from d, in the language
// of m (English when nil), as gen renders it: d's edition alone, without
// the note of what today's data changes (Set.Page).
func (c Calculator) Page(m *msg.Catalog, q string, d sitedata.Data) view.Page {
	return c.build(&Set{Msgs: m}, q, &d)
}
