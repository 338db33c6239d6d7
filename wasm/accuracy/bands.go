package accuracy

import (
	"io/fs"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/perfview"
)

// Bands returns a data edition's error bands: the 10th–90th percentile
// band of each kind of figure over the rows of t that entered the data on
// or before date (as_of), each estimated with the edition's data d, so
// that a link pinned to the edition keeps its bands as it keeps its
// figures. An edition older than every row has none.
func Bands(t calibration.Table, date string, d perfview.Data) band.Table {
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
	for _, s := range Summarize(Measure(calibration.Table{Sources: t.Sources, Rows: rows}, Today{Perf: d}).Comparisons) {
		out.Bands = append(out.Bands, band.Band{Metric: s.Metric, Workload: s.Workload, N: s.N, P10: s.P10, P90: s.P90})
	}
	return out
}

// PinBands gives every data edition of e its bands (Bands) in the data
// the calculators read, memview.Data.Bands, shared by all of them.
func PinBands(e *dataset.Editions, t calibration.Table) {
	for date, d := range e.Data {
		d.Memory.Bands = Bands(t, date, d.Perf)
		d.Link()
		e.Data[date] = d
	}
}

// LoadEditions reads the data editions of dir in fsys as of today
// (dataset.LoadEditions) and the calibration table, checked against the
// latest edition's catalogs (dataset.LoadCalibration), and gives each
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
