package dataset

import (
	"errors"
	"fmt"
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
// model catalogs of the newest edition of e, held ones included. A row
// or power run enters the data on its as_of day: one dated after e.Today
// must be dated a held edition's day, and it is left out of the table
// returned, as the edition is, with the sources only such entries cite;
// the other rows must also name GPUs and models of the latest published
// edition, which estimates them. Errors name the file, the entry and the
// field.
func LoadCalibration(fsys fs.FS, dir string, e Editions) (calibration.Table, error) {
	return loadCalibration(fsys, path.Join(dir, CalibrationFile), e)
}

// SnapshotDir is the folder of the data directory that holds snapshots of
// imported measurements (gen/importcalibration), one table a file, each
// never edited by hand.
const SnapshotDir = "calibration"

// LoadSnapshots reads and checks every snapshot of dir in fsys as
// LoadCalibration does the calibration file, in the order of their file
// names. Errors name the snapshot's file, the entry and the field.
func LoadSnapshots(fsys fs.FS, dir string, e Editions) ([]calibration.Table, error) {
	names, err := fs.Glob(fsys, path.Join(dir, SnapshotDir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	var out []calibration.Table
	var errs []error
	for _, name := range names {
		t, err := loadCalibration(fsys, name, e)
		errs = append(errs, err)
		out = append(out, t)
	}
	return out, errors.Join(errs...)
}

// loadCalibration reads and checks one table of measurements.
func loadCalibration(fsys fs.FS, file string, e Editions) (calibration.Table, error) {
	var t calibration.Table
	if err := decode(fsys, file, &t); err != nil {
		return t, err
	}
	newest, d := e.Newest()
	if err := errors.Join(values(reflect.ValueOf(&t), "", "", max(e.Today, newest))...); err != nil {
		return t, prefix(file, err)
	}
	if err := t.Validate(d.GPUs, d.Models); err != nil {
		return t, prefix(file, err)
	}
	latest := e.Latest()
	var errs []error
	for i, r := range t.Rows {
		_, gpuOK := latest.GPUs.Find(r.GPU)
		_, modelOK := latest.Models.Find(r.Model)
		entry := fmt.Sprintf("rows[%d] %q: ", i, r.ID)
		switch _, held := e.Held[r.AsOf]; {
		case r.AsOf > e.Today && !held:
			errs = append(errs, fmt.Errorf("%sas_of: %s is after the build date %s and is not the date of a held edition", entry, r.AsOf, e.Today))
		case r.AsOf > e.Today:
		case !gpuOK:
			errs = append(errs, fmt.Errorf("%sgpu: %q is not a GPU of the published catalog (a row naming a held edition's GPU enters with that edition: its as_of is the edition's day)", entry, r.GPU))
		case r.Model != "" && !modelOK:
			errs = append(errs, fmt.Errorf("%smodel: %q is not a model of the published catalog (a row naming a held edition's model enters with that edition: its as_of is the edition's day)", entry, r.Model))
		}
	}
	for i, r := range t.Power {
		if _, held := e.Held[r.AsOf]; r.AsOf > e.Today && !held {
			errs = append(errs, fmt.Errorf("power[%d] %q: as_of: %s is after the build date %s and is not the date of a held edition", i, r.ID, r.AsOf, e.Today))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return t, prefix(file, err)
	}
	held := map[string]bool{}
	t.Rows = slices.DeleteFunc(t.Rows, func(r calibration.Row) bool {
		held[r.Source] = held[r.Source] || r.AsOf > e.Today
		return r.AsOf > e.Today
	})
	t.Power = slices.DeleteFunc(t.Power, func(r calibration.PowerRun) bool {
		held[r.Source] = held[r.Source] || r.AsOf > e.Today
		return r.AsOf > e.Today
	})
	for key, h := range held {
		if h && !slices.ContainsFunc(t.Rows, func(r calibration.Row) bool { return r.Source == key }) &&
			!slices.ContainsFunc(t.Power, func(r calibration.PowerRun) bool { return r.Source == key }) {
			delete(t.Sources, key)
		}
	}
	return t, nil
}
