//go:build !js

package calc

import (
	"fmt"

	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/planview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/tcoview"
)

// presetChecks check, by calculator, that its view reads every preset of
// d: every calculator of Calculators has one. They are kept out of the
// browser module, which never checks data, as their error messages
// would bring package fmt into it (about 90 KB gzip).
var presetChecks = map[string]func(d sitedata.Data) error{
	"tco":         func(d sitedata.Data) error { return tcoview.CheckPresets(d.TCOData()) },
	"memory":      func(d sitedata.Data) error { return memview.CheckPresets(d.MemoryData()) },
	"performance": func(d sitedata.Data) error { return perfview.CheckPresets(d.PerfData()) },
	"pricing":     func(d sitedata.Data) error { return pricingview.CheckPresets(d.PricingData()) },
	"plan":        func(d sitedata.Data) error { return planview.CheckPresets(d.PricingData()) },
}

// CheckPresets checks that each calculator reads every preset of d, the
// data of one edition from the data directory dir: each error names the
// data file, the preset and the field. The data's own checks (package
// dataset) hold the rest of a preset: its name, words, source and date.
func CheckPresets(d sitedata.Data, dir string) []error {
	var errs []error
	for _, c := range Calculators {
		check, ok := presetChecks[c.Name]
		if !ok {
			errs = append(errs, fmt.Errorf("calculator %s: no preset check (calc.presetChecks)", c.Name))
			continue
		}
		err := check(d)
		if joined, ok := err.(interface{ Unwrap() []error }); ok {
			for _, err := range joined.Unwrap() {
				errs = append(errs, fmt.Errorf("%s/%s: %w", dir, c.File, err))
			}
		} else if err != nil {
			errs = append(errs, fmt.Errorf("%s/%s: %w", dir, c.File, err))
		}
	}
	return errs
}
