// Package dataset reads and validates the data files in content/data. It
// runs natively (gen, tests); the browser module compiles the data in
// instead, so that YAML parsing stays out of it.
package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"reflect"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/fact"
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

// dataFiles are the data files, in the order they are read.
var dataFiles = []string{GPUFile, RentalFile, ModelFile, TCOFile, MemoryFile, APIFile, PricingFile, PerfFile}

// Today is the day of the build (UTC), YYYY-MM-DD: no figure may be as of
// a later day, and no edition dated after it.
func Today() string { return time.Now().UTC().Format(time.DateOnly) }

// Load reads the data of the latest edition (see LoadEditions) as of
// today, and validates every edition.
func Load(fsys fs.FS, dir string) (sitedata.Data, error) {
	e, err := LoadEditions(fsys, dir, Today())
	if err != nil {
		return sitedata.Data{}, err
	}
	return e.Latest(), nil
}

// load reads the data files from dir in fsys and validates them. Errors
// name the file, the entry and the field.
//
// Besides each catalog's own rules, every number in every file must be
// finite, not negative and at most MaxNumber, and no as_of date may lie
// after today: data records what was published.
func load(fsys fs.FS, dir, today string) (sitedata.Data, error) {
	var d sitedata.Data
	var errs []error
	for _, f := range []struct {
		file string
		v    any
	}{{GPUFile, &d.TCO.GPUs}, {RentalFile, &d.TCO.Rental}, {ModelFile, &d.Memory.Models}, {TCOFile, &d.TCO}, {MemoryFile, &d.Memory},
		{APIFile, &d.Pricing.APIs}, {PricingFile, &d.Pricing}, {PerfFile, &d.Perf}} {
		path := dir + "/" + f.file
		if err := decode(fsys, path, f.v); err != nil {
			return d, err
		}
		if err := errors.Join(values(reflect.ValueOf(f.v), "", "", today)...); err != nil {
			errs = append(errs, prefix(path, err))
		}
	}
	// Values that are not numbers would upset every check below.
	if len(errs) > 0 {
		return d, errors.Join(errs...)
	}
	d.Memory.GPUs = d.TCO.GPUs // for the model checks below
	// The calculators' checks resolve presets against the catalogs, so
	// they run only on valid catalogs.
	for _, c := range []struct {
		file     string
		validate func() error
	}{{GPUFile, d.TCO.GPUs.Validate}, {RentalFile, func() error { return d.TCO.Rental.Validate(d.TCO.GPUs) }},
		{ModelFile, d.Memory.Models.Validate}, {APIFile, func() error { return d.Pricing.ValidateCatalog(today) }}} {
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
	if err := dec.Decode(v); errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: the file is empty (no YAML document, only comments or nothing)", path)
	} else if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// MaxNumber is the largest number a data file may hold: larger ones are
// typing errors, and would overflow the calculators' sums.
const MaxNumber = 1e15

// values checks every number and as_of date in v, a value decoded from a
// data file, and names each bad one by its entry (a top-level key, or an
// element of a top-level list with its id) and its field path. Only
// fields with a yaml tag are read: the others are shared from other files.
// The data types hold numbers as int and float64 only.
func values(v reflect.Value, entry, field, today string) []error {
	bad := func(format string, args ...any) []error { return []error{fact.Errorf(entry, field, format, args...)} }
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return values(v.Elem(), entry, field, today)
	case reflect.Float64:
		switch f := v.Float(); {
		case math.IsNaN(f) || math.IsInf(f, 0):
			return bad("%v is not a finite number", f)
		case f < 0:
			return bad("%g is negative", f)
		case f > MaxNumber:
			return bad("%g is beyond %g", f, MaxNumber)
		}
	case reflect.Int:
		switch n := v.Int(); {
		case n < 0:
			return bad("%d is negative", n)
		case n > MaxNumber:
			return bad("%d is beyond %g", n, MaxNumber)
		}
	case reflect.String:
		if s := v.String(); strings.HasSuffix(field, "as_of") && len(s) == len(today) && s > today {
			return bad("%s is after the build date %s", s, today)
		}
	case reflect.Slice:
		var errs []error
		for i := range v.Len() {
			if entry == "" {
				errs = append(errs, values(v.Index(i), fmt.Sprintf("%s[%d]%s", field, i, id(v.Index(i))), "", today)...)
			} else {
				errs = append(errs, values(v.Index(i), entry, fmt.Sprintf("%s[%d]", field, i), today)...)
			}
		}
		return errs
	case reflect.Map:
		var errs []error
		for it := v.MapRange(); it.Next(); {
			errs = append(errs, values(it.Value(), join(entry, field)+"."+it.Key().String(), "", today)...)
		}
		return errs
	case reflect.Struct:
		var errs []error
		for i := range v.NumField() {
			name, opts, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
			switch {
			case opts == "inline":
				errs = append(errs, values(v.Field(i), entry, field, today)...)
			case name == "" || name == "-":
			case entry == "" && v.Field(i).Kind() != reflect.Slice:
				errs = append(errs, values(v.Field(i), name, "", today)...)
			default:
				errs = append(errs, values(v.Field(i), entry, join(field, name), today)...)
			}
		}
		return errs
	}
	return nil
}

// id returns ` "x"` for an element of a list whose id (or name, model,
// provider or GPU) is x, to name the entry.
func id(v reflect.Value) string {
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return ""
	}
	for _, key := range []string{"id", "name", "model", "provider", "gpu"} {
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("yaml"), ",")
			if f := v.Field(i); name == key && f.Kind() == reflect.String && f.String() != "" {
				return fmt.Sprintf(" %q", f.String())
			}
		}
	}
	return ""
}

// join joins field names with a dot.
func join(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "." + b
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
