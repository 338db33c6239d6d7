package perfview

import (
	"errors"
	"slices"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
)

// CheckPresets checks that every value of d's presets is one the form
// accepts, and that no preset opens a page too large to simulate.
func CheckPresets(d serving.Perf) error {
	errs := scenario.ResolvePresets(d.Presets, func(q string) ([]scenario.Input, []string) {
		s := Resolve(q, d)
		return s.Inputs, s.Unknown
	}, nil)
	errs = append(errs, scenario.ValidatePresetPages(d.Presets, func(q string) string {
		if p := Build(Resolve(q, d)); slices.Contains(p.Problems, TooLarge(msg.English)) {
			return TooLarge(msg.English)
		}
		return ""
	})...)
	return errors.Join(errs...)
}
