// Package dataset reads and validates the data files in content/data. It
// runs natively (gen, tests); the browser receives the data as JSON in the
// page instead, so that YAML parsing stays out of the browser module.
package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/tcoview"
)

// File names inside the data directory.
const (
	GPUFile = "gpus.yaml"
	TCOFile = "tco.yaml"
)

// Load reads the data files from dir in fsys and validates them. Errors
// name the file, the entry and the field.
func Load(fsys fs.FS, dir string) (tcoview.Data, error) {
	var d tcoview.Data
	var errs []error
	if err := decode(fsys, dir+"/"+GPUFile, &d.GPUs); err != nil {
		return d, err
	}
	if err := d.GPUs.Validate(); err != nil {
		errs = append(errs, prefix(dir+"/"+GPUFile, err))
	}
	if err := decode(fsys, dir+"/"+TCOFile, &d); err != nil {
		return d, err
	}
	if len(errs) == 0 {
		if err := d.Validate(); err != nil {
			errs = append(errs, prefix(dir+"/"+TCOFile, err))
		}
	}
	return d, errors.Join(errs...)
}

func decode(fsys fs.FS, path string, v any) error {
	b, err := fs.ReadFile(fsys, path)
	if err != nil {
		return err
	}
	dec := yaml.NewDecoder(bytes.NewReader(b), yaml.DisallowUnknownField(), yaml.Strict())
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// prefix puts the file name before each joined error.
func prefix(file string, err error) error {
	var joined interface{ Unwrap() []error }
	if errors.As(err, &joined) {
		var out []error
		for _, e := range joined.Unwrap() {
			out = append(out, fmt.Errorf("%s: %w", file, e))
		}
		return errors.Join(out...)
	}
	return fmt.Errorf("%s: %w", file, err)
}
