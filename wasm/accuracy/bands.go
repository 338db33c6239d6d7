package accuracy

import (
	"github.com/infercost/infercost/wasm/serving"
	"io/fs"
	"slices"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/gpu"
)

// Bands returns a data edition's error bands: the 10th–90th percentile
// band of each kind of figure over the rows of t that entered the data on
// or before date (as_of), each estimated with the edition's data d, so
// that a link pinned to the edition keeps its bands as it keeps its
// figures. An edition older than every row has none. An edition with
// platform bands (serving.PerfDefaults.PlatformBands) also has each metric's
// band over the rows on AMD GPUs, of all workloads.
func Bands(t calibration.Table, date string, d serving.Perf) band.Table {
	var rows []calibration.Row
	for _, r := range t.Rows {
		if r.AsOf <= date {
			rows = append(rows, r)
		}
	}
	var out band.Table
	if len(rows) == 0 {
		return out
	}
	cs := Measure(calibration.Table{Sources: t.Sources, Rows: rows}, Today{Perf: d}).Comparisons
	for _, s := range Summarize(cs) {
		out.Bands = append(out.Bands, band.Band{Metric: s.Metric, Workload: s.Workload, N: s.N, P10: s.P10, P90: s.P90})
	}
	if d.Defaults.PlatformBands.Value != 1 {
		return out
	}
	for _, s := range Summarize(OnPlatform(cs, d.Memory.GPUs, band.AMD)) {
		if s.Workload == band.All {
			out.Bands = append(out.Bands, band.Band{Metric: s.Metric, Workload: s.Workload, Platform: band.AMD, N: s.N, P10: s.P10, P90: s.P90})
		}
	}
	return out
}

// OnPlatform returns the comparisons of cs whose rows ran on GPUs of
// platform (band.PlatformOf their vendor in the catalog gpus).
func OnPlatform(cs []Comparison, gpus gpu.Catalog, platform string) []Comparison {
	return slices.DeleteFunc(slices.Clone(cs), func(c Comparison) bool {
		g, _ := gpus.Find(c.Row.GPU)
		return band.PlatformOf(g.Vendor) != platform
	})
}

// PinBands gives every data edition of e its bands (Bands), which every
// calculator reads (sitedata.Data.Bands).
func PinBands(e *dataset.Editions, t calibration.Table) {
	for date, d := range e.Data {
		d.Bands = Bands(t, date, d.PerfData())
		e.Data[date] = d
	}
}

// LoadEditions reads the data editions of dir in fsys as of today
// (dataset.LoadEditions) and the published calibration table, checked
// against the editions' catalogs (dataset.LoadCalibration), and gives each
// edition its bands (PinBands): the data the site, the worker and the
// tests that compare with them are built from.
func LoadEditions(fsys fs.FS, dir, today string) (dataset.Editions, calibration.Table, error) {
	e, err := dataset.LoadEditions(fsys, dir, today)
	if err != nil {
		return e, calibration.Table{}, err
	}
	t, err := dataset.LoadCalibration(fsys, dir, e)
	if err != nil {
		return e, t, err
	}
	PinBands(&e, t)
	return e, t, nil
}
