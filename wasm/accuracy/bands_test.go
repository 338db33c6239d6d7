package accuracy

import (
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// An edition's bands come from the rows that had entered the data by its
// date: the first edition, older than every row, has none (its links show
// no band), and a later one sums up the same errors as the methodology
// table.
func TestBandsArePinnedToTheEdition(t *testing.T) {
	e, cal, err := LoadEditions(content.FS, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	dates := e.DataDates()
	first, latest := e.Data[dates[0]], e.Data[dates[len(dates)-1]]
	for _, r := range cal.Rows {
		if r.AsOf <= dates[0] {
			t.Skipf("row %s predates the first edition", r.ID)
		}
	}
	if n := len(first.Memory.Bands.Bands); n != 0 {
		t.Errorf("edition %s has %d bands; want none", dates[0], n)
	}
	// Rows dated after the latest edition (an edition prepared for a
	// later day, built with SOURCE_DATE_EPOCH) are not in its bands.
	entered := calibration.Table{Sources: cal.Sources}
	for _, r := range cal.Rows {
		if r.AsOf <= dates[len(dates)-1] {
			entered.Rows = append(entered.Rows, r)
		}
	}
	sums := Summarize(Measure(entered, Today{Perf: latest.Perf}).Comparisons)
	bands := latest.Memory.Bands.Bands
	if len(bands) != len(sums) {
		t.Fatalf("edition %s has %d bands; want one per kind, %d", dates[len(dates)-1], len(bands), len(sums))
	}
	for i, s := range sums {
		if want := (band.Band{Metric: s.Metric, Workload: s.Workload, N: s.N, P10: s.P10, P90: s.P90}); bands[i] != want {
			t.Errorf("band %d: %+v; want %+v", i, bands[i], want)
		}
	}
	// Every calculator reads them from the shared memory data.
	if len(latest.Perf.Memory.Bands.Bands) != len(bands) || len(latest.TCO.Perf.Memory.Bands.Bands) != len(bands) ||
		len(latest.Pricing.TCO.Perf.Memory.Bands.Bands) != len(bands) {
		t.Error("a calculator's data lacks the edition's bands")
	}
}
