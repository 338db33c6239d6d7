package accuracy

import (
	"slices"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
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
	if n := len(first.Bands.Bands); n != 0 {
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
	cs := Measure(entered, Today{Perf: latest.PerfData()}).Comparisons
	// An edition with eras of engine builds has first the speed bands of
	// each era's runs, of the table and the imported snapshots; its
	// shared speed bands are of the runs before every era.
	snaps, err := dataset.LoadSnapshots(content.FS, "data", e)
	if err != nil {
		t.Fatal(err)
	}
	var want []band.Band
	pd := latest.PerfData()
	shared := cs
	for _, b := range latest.Perf.Defaults.Builds {
		var of []Comparison
		for _, c := range Measure(OfBuild(latest.PerfData(), b, append([]calibration.Table{entered}, snaps...)...), Today{Perf: latest.PerfData()}).Comparisons {
			if c.Metric != KVCapacity {
				of = append(of, c)
			}
		}
		if len(of) == 0 {
			t.Errorf("era %s has no runs", b.Key())
		}
		for _, s := range Summarize(of) {
			want = append(want, band.Band{Metric: s.Metric, Workload: s.Workload, Build: b.Key(), N: s.N, P10: s.P10, P90: s.P90})
		}
		shared = slices.DeleteFunc(slices.Clone(shared), func(c Comparison) bool {
			e, ok := BuildOfRun(&pd, c.Row)
			return c.Metric != KVCapacity && ok && e.Key() == b.Key()
		})
	}
	for _, s := range Summarize(shared) {
		want = append(want, band.Band{Metric: s.Metric, Workload: s.Workload, N: s.N, P10: s.P10, P90: s.P90})
	}
	// An edition with platform bands has, after the workloads' bands, each
	// metric's over the runs on AMD GPUs, the table's and the imported
	// runs that entered by its day (all of no era).
	if latest.Perf.Defaults.PlatformBands.Value == 1 {
		var amd []Comparison
		all := slices.Clone(cs)
		for _, s := range snaps {
			for _, r := range s.Rows {
				if _, inEra := BuildOfRun(&pd, r); r.AsOf <= dates[len(dates)-1] && !inEra {
					all = append(all, Measure(calibration.Table{Rows: []calibration.Row{r}}, Today{Perf: pd}).Comparisons...)
				}
			}
		}
		for _, c := range all {
			if g, _ := latest.GPUs.Find(c.Row.GPU); g.Vendor == "AMD" {
				amd = append(amd, c)
			}
		}
		for _, s := range Summarize(amd) {
			if s.Workload == All {
				want = append(want, band.Band{Metric: s.Metric, Workload: All, Platform: band.AMD, N: s.N, P10: s.P10, P90: s.P90})
			}
		}
	}
	bands := latest.Bands.Bands
	if len(bands) != len(want) {
		t.Fatalf("edition %s has %d bands; want %d: one per kind and era of builds, and per metric on AMD GPUs when the edition has them", dates[len(dates)-1], len(bands), len(want))
	}
	for i := range want {
		if bands[i] != want[i] {
			t.Errorf("band %d: %+v; want %+v", i, bands[i], want[i])
		}
	}
	// Editions before platform bands keep the bands they had.
	for date, d := range e.Data {
		for _, b := range d.Bands.Bands {
			if b.Platform != "" && d.Perf.Defaults.PlatformBands.Value != 1 {
				t.Errorf("edition %s, without platform bands, has %+v", date, b)
			}
		}
	}
	// Every calculator reads them from the site data's.
	if len(latest.MemoryData().Bands.Bands) != len(bands) || len(latest.PerfData().Memory.Bands.Bands) != len(bands) ||
		len(latest.TCOData().Perf.Memory.Bands.Bands) != len(bands) || len(latest.PricingData().TCO.Perf.Memory.Bands.Bands) != len(bands) {
		t.Error("a calculator's data lacks the edition's bands")
	}
}
