package dataset

import (
	"errors"
	"io/fs"
	"path"
	"reflect"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/sitedata"
)

// CalibrationFile is the data file of published measurements
// (wasm/calibration). No calculator reads it in the browser, so it stays
// out of the editions' data and is checked against the latest edition's
// catalogs.
const CalibrationFile = "calibration.yaml"

// LoadCalibration reads the calibration table from dir in fsys and
// validates it as load does the other data files, against the GPU and
// model catalogs of d. Errors name the file, the entry and the field.
func LoadCalibration(fsys fs.FS, dir, today string, d sitedata.Data) (calibration.Table, error) {
	var t calibration.Table
	file := path.Join(dir, CalibrationFile)
	if err := decode(fsys, file, &t); err != nil {
		return t, err
	}
	if err := errors.Join(values(reflect.ValueOf(&t), "", "", today)...); err != nil {
		return t, prefix(file, err)
	}
	if err := t.Validate(d.TCO.GPUs, d.Memory.Models); err != nil {
		return t, prefix(file, err)
	}
	return t, nil
}
