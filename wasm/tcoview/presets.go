package tcoview

import (
	"errors"
	"slices"
	"strconv"

	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// CheckPresets checks that every value of d's presets is one the form
// accepts, and that their claims name metrics and options of the page.
func CheckPresets(d cluster.Data) error {
	var errs []error
	errs = append(errs, scenario.ResolvePresets(d.Presets, func(q string) ([]scenario.Input, []string) {
		s := Resolve(q, d)
		return s.Inputs, s.Unknown
	}, func(c scenario.Claim) string {
		if !knownClaimMetric[c.Metric] {
			return "unknown metric " + strconv.Quote(c.Metric)
		}
		if !slices.Contains(view.Letters[:], c.Option) {
			return "unknown option " + strconv.Quote(c.Option)
		}
		return ""
	})...)
	return errors.Join(errs...)
}
