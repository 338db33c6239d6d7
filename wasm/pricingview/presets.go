package pricingview

import (
	"errors"
	"strconv"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/scenario"
)

// claimMetric is the one metric a preset's claim may give: the page sets
// it beside the monthly cost of the claim's option.
const claimMetric = "monthly_cost"

// CheckPresets checks the pricing presets: each resolves without an
// unknown field or a rejected value, and each claim names a known model
// and the one metric the page shows.
func CheckPresets(d apicompare.Data) error {
	return errors.Join(scenario.ResolvePresets(d.Presets, func(q string) ([]scenario.Input, []string) {
		s := Resolve(q, d)
		return s.Inputs, s.Unknown
	}, func(c scenario.Claim) string {
		if _, ok := d.ModelByID(c.Option); !ok && c.Option != CustomID {
			return "unknown model " + strconv.Quote(c.Option)
		}
		if c.Metric != claimMetric {
			return "unknown metric " + strconv.Quote(c.Metric) + "; the page shows only " + claimMetric
		}
		return ""
	})...)
}
