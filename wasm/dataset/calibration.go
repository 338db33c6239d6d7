package dataset

import (
	"errors"
	"io/fs"
	"path"
	"reflect"
	"slices"

	"github.com/infercost/infercost/wasm/calibration"
)

// CalibrationFile is the data file of published measurements
// (wasm/calibration). No calculator reads it in the browser, so it stays
// out of the editions' data; each edition's error bands take the rows
// that entered on or before its day (as_of).
const CalibrationFile = "calibration.yaml"

// LoadCalibration reads the calibration table from dir in fsys and
// validates it as load does the other data files, against the GPU and
// model catalogs of the newest edition of e, held ones included. Rows
// that enter with a held edition (as_of after e.Today, up to the held
// edition's date) are validated and left out of the table returned, as
// the held edition is, with the sources only they cite. Errors name the
// file, the entry and the field.
func LoadCalibration(fsys fs.FS, dir string, e Editions) (calibration.Table, error) {
	var t calibration.Table
	file := path.Join(dir, CalibrationFile)
	if err := decode(fsys, file, &t); err != nil {
		return t, err
	}
	newest, d := e.Newest()
	if err := errors.Join(values(reflect.ValueOf(&t), "", "", max(e.Today, newest))...); err != nil {
		return t, prefix(file, err)
	}
	if err := t.Validate(d.TCO.GPUs, d.Memory.Models); err != nil {
		return t, prefix(file, err)
	}
	var held []string
	t.Rows = slices.DeleteFunc(t.Rows, func(r calibration.Row) bool {
		if r.AsOf > e.Today {
			held = append(held, r.Source)
			return true
		}
		return false
	})
	for _, key := range held {
		if !slices.ContainsFunc(t.Rows, func(r calibration.Row) bool { return r.Source == key }) {
			delete(t.Sources, key)
		}
	}
	return t, nil
}
