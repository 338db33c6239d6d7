package accuracy

import (
	"strings"
	"testing"
	"testing/fstest"
)

// An edition takes the newest held-out check written for it or before
// it; a check naming another edition, or a metric that is none, fails
// naming the file, the era and the field.
func TestHeldOutChecksAreReadByEdition(t *testing.T) {
	good := "edition: \"2026-12-07\"\neras:\n- build: vllm@0.11\n  figures: compute 0.95\n  all:\n  - {metric: tpot, n: 3, median_abs: 0.1, median: 0, p10: -0.1, p90: 0.1}\n  models: []\n"
	fsys := fstest.MapFS{"d/heldout/2026-12-07.yaml": {Data: []byte(good)}}
	for edition, want := range map[string]bool{"2026-12-06": false, "2026-12-07": true, "2027-01-15": true} {
		h, ok, err := LoadHeldOut(fsys, "d", edition)
		if err != nil || ok != want || ok && h.Eras[0].Build != "vllm@0.11" {
			t.Errorf("edition %s: %+v, %v, %v; want a check %v", edition, h, ok, err, want)
		}
	}
	for bad, want := range map[string]string{
		strings.Replace(good, "metric: tpot", "metric: tpots", 1): `d/heldout/2026-12-07.yaml: eras[0] "vllm@0.11": all[0]: metric: unknown metric "tpots"`,
		strings.Replace(good, "2026-12-07", "2026-12-06", 1):      `d/heldout/2026-12-07.yaml: edition "2026-12-06", want "2026-12-07"`,
		strings.Replace(good, "figures:", "figure:", 1):           `d/heldout/2026-12-07.yaml:`,
	} {
		_, _, err := LoadHeldOut(fstest.MapFS{"d/heldout/2026-12-07.yaml": {Data: []byte(bad)}}, "d", "2026-12-07")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v; want an error containing %q", err, want)
		}
	}
}
