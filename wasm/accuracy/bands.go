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
// band over the rows of t and of the snapshots on AMD GPUs, of all
// workloads and builds.
//
// An edition with eras of engine builds (serving.Build) also has, for
// each era, the speed bands of its runs (OfBuild) of snapshots and t,
// which the figures estimated for the era's builds take (band.Kind
// Build); the shared speed bands are then of the runs before every era.
func Bands(t calibration.Table, date string, d serving.Perf, snapshots ...calibration.Table) band.Table {
	asOf := func(t calibration.Table) calibration.Table {
		out := calibration.Table{Sources: t.Sources}
		for _, r := range t.Rows {
			if r.AsOf <= date {
				out.Rows = append(out.Rows, r)
			}
		}
		return out
	}
	var out band.Table
	cs := Measure(asOf(t), Today{Perf: d}).Comparisons
	if len(cs) == 0 {
		return out
	}
	var tabs []calibration.Table
	for _, s := range append([]calibration.Table{t}, snapshots...) {
		tabs = append(tabs, asOf(s))
	}
	inEra := map[string]bool{}
	for _, b := range d.Defaults.Builds {
		// The KV capacity does not depend on the step model: its runs stay
		// in the shared bands.
		of := slices.DeleteFunc(Measure(OfBuild(d, b, tabs...), Today{Perf: d}).Comparisons,
			func(c Comparison) bool { return c.Metric == KVCapacity })
		for _, c := range of {
			inEra[c.Row.ID] = true
		}
		for _, s := range Summarize(of) {
			out.Bands = append(out.Bands, band.Band{Metric: s.Metric, Workload: s.Workload, Build: b.Key(), N: s.N, P10: s.P10, P90: s.P90})
		}
	}
	shared := slices.DeleteFunc(slices.Clone(cs), func(c Comparison) bool { return c.Metric != KVCapacity && inEra[c.Row.ID] })
	for _, s := range Summarize(shared) {
		out.Bands = append(out.Bands, band.Band{Metric: s.Metric, Workload: s.Workload, N: s.N, P10: s.P10, P90: s.P90})
	}
	if d.Defaults.PlatformBands.Value != 1 {
		return out
	}
	// The imported runs of no era (today AMD's, GroupRuns) join the
	// calibration table's from the day they entered; OnPlatform keeps
	// those on AMD's GPUs.
	amd := slices.Clone(cs)
	for _, s := range tabs[1:] {
		amd = append(amd, Measure(BeforeEras(s, Today{Perf: d}), Today{Perf: d}).Comparisons...)
	}
	for _, s := range Summarize(OnPlatform(amd, d.Memory.GPUs, band.AMD)) {
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
func PinBands(e *dataset.Editions, t calibration.Table, snapshots []calibration.Table) {
	for date, d := range e.Data {
		d.Bands = Bands(t, date, d.PerfData(), snapshots...)
		e.Data[date] = d
	}
}

// LoadEditions reads the data editions of dir in fsys as of today
// (dataset.LoadEditions) and the published calibration table and the
// imported snapshots of runs, checked against the editions' catalogs
// (dataset.LoadCalibration, LoadSnapshots), and gives each edition its
// bands (PinBands): the data the site, the worker and the
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
	snaps, err := dataset.LoadSnapshots(fsys, dir, e)
	if err != nil {
		return e, t, err
	}
	PinBands(&e, t, snaps)
	return e, t, nil
}
