package memview

import (
	"errors"

	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
)

// CheckPresets checks that every value of d's presets is one the form
// accepts.
func CheckPresets(d serving.Memory) error {
	return errors.Join(scenario.ResolvePresets(d.Presets, func(q string) ([]scenario.Input, []string) {
		s := Resolve(q, d)
		return s.Inputs, s.Unknown
	}, nil)...)
}
