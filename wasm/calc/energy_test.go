package calc_test

import (
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// TestCO2NeedsAnEditionWithGridRegions opens /tco/ pinned to the edition
// before the grid regions (2026-12-06) and to the one that brings them
// (2026-12-07): both show each option's energy per 1M tokens, a figure of
// their own data; only the second shows CO2, at its default region's 481
// g a kWh, and reads a region from the link.
func TestCO2NeedsAnEditionWithGridRegions(t *testing.T) {
	s := set(datasettest.Editions(t, datasettest.Today))
	old := s.Page("tco", "ed=2026-12-06&grid=de").CellsByKey()
	if _, ok := old["a.co2e_g_per_mtok"]; ok || !(old["a.kwh_per_mtok"].Value > 0) {
		t.Errorf("edition 2026-12-06: CO2 cell present %v, energy %v; want energy alone", ok, old["a.kwh_per_mtok"].Value)
	}
	for q, want := range map[string]float64{"ed=2026-12-07": 481, "ed=2026-12-07&grid=fr": 56} {
		c := s.Page("tco", q).CellsByKey()
		kWh, g := c["a.kwh_per_mtok"].Value, c["a.co2e_g_per_mtok"].Value
		if !(kWh > 0) || g != kWh*want {
			t.Errorf("%s: %v kWh and %v g per 1M tokens; want %v g a kWh", q, kWh, g, want)
		}
	}
}
