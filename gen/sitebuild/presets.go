package sitebuild

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/infercost/infercost/gen/markdown"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
	"github.com/infercost/infercost/wasm/view/pagecheck"
)

// Calculators lists every calculator of the site (calc.Calculators)
// with its presets, as articles embed them (markdown.Blocks) and the home
// page lists them.
func Calculators(data sitedata.Data) []markdown.Calculator {
	out := make([]markdown.Calculator, len(calc.Calculators))
	for i, c := range calc.Calculators {
		out[i] = markdown.Calculator{File: c.File, Path: c.Name + "/", Heading: c.Keys.Heading, Presets: data.Presets(c.Name),
			Page: func(m *msg.Catalog, q string) view.Page { return c.Page(m, q, data) }}
	}
	return out
}

// resolvePresets checks that each calculator reads every preset of every
// edition, held ones too (calc.CheckPresets): an error names the edition,
// the data file, the preset and the field.
func resolvePresets(e dataset.Editions, dir string) error {
	var errs []error
	check := func(date string, d sitedata.Data) {
		for _, err := range calc.CheckPresets(d, dir) {
			errs = append(errs, fmt.Errorf("edition %s: %w", date, err))
		}
	}
	for _, date := range e.DataDates() {
		check(date, e.Data[date])
	}
	for _, date := range slices.Sorted(maps.Keys(e.Held)) {
		check(date, e.Held[date])
	}
	return errors.Join(errs...)
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
