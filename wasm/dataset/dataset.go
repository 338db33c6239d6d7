// Package dataset reads and validates the data files in content/data. It
// runs natively (gen, tests); the browser module compiles the data in
// instead, so that YAML parsing stays out of it.
package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/sitedata"
)

// File names inside the data directory.
const (
	GPUFile     = "gpus.yaml"
	ModelFile   = "models.yaml"
	TCOFile     = "tco.yaml"
	MemoryFile  = "memory.yaml"
	RentalFile  = "rental.yaml"
	APIFile     = "api.yaml"
	PricingFile = "pricing.yaml"
	PerfFile    = "perf.yaml"
)

// Load reads the data files from dir in fsys and validates them. Errors
// name the file, the entry and the field.
func Load(fsys fs.FS, dir string) (sitedata.Data, error) {
	var d sitedata.Data
	for _, f := range []struct {
		file string
		v    any
	}{{GPUFile, &d.TCO.GPUs}, {RentalFile, &d.TCO.Rental}, {ModelFile, &d.Memory.Models}, {TCOFile, &d.TCO}, {MemoryFile, &d.Memory},
		{APIFile, &d.Pricing.APIs}, {PricingFile, &d.Pricing}, {PerfFile, &d.Perf}} {
		if err := decode(fsys, dir+"/"+f.file, f.v); err != nil {
			return d, err
		}
	}
	d.Memory.GPUs = d.TCO.GPUs // for the model checks below
	// The calculators' checks resolve presets against the catalogs, so
	// they run only on valid catalogs.
	var errs []error
	for _, c := range []struct {
		file     string
		validate func() error
	}{{GPUFile, d.TCO.GPUs.Validate}, {RentalFile, func() error { return d.TCO.Rental.Validate(d.TCO.GPUs) }},
		{ModelFile, d.Memory.Models.Validate}, {APIFile, d.Pricing.ValidateCatalog}} {
		if err := c.validate(); err != nil {
			errs = append(errs, prefix(dir+"/"+c.file, err))
		}
	}
	if len(errs) > 0 {
		return d, errors.Join(errs...)
	}
	d.Link()
	for _, c := range []struct {
		file     string
		validate func() error
	}{{TCOFile, d.TCO.Validate}, {MemoryFile, d.Memory.Validate}, {PricingFile, d.Pricing.Validate}, {PerfFile, d.Perf.Validate}} {
		if err := c.validate(); err != nil {
			errs = append(errs, prefix(dir+"/"+c.file, err))
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
