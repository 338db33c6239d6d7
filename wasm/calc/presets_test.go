package calc_test

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
)

// contentWith returns content/data under d/ with one replacement in file.
func contentWith(t *testing.T, file, from, to string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	err := fs.WalkDir(content.FS, "data", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := content.FS.ReadFile(path)
		if err != nil {
			return err
		}
		if path == "data/"+file {
			bad := strings.Replace(string(b), from, to, 1)
			if bad == string(b) {
				t.Fatalf("fixture text %q not found in %s", from, file)
			}
			b = []byte(bad)
		}
		fsys["d/"+strings.TrimPrefix(path, "data/")] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fsys
}

// Every edition's presets open in their calculators, and every
// calculator has a preset check.
func TestEveryEditionsPresetsResolve(t *testing.T) {
	e, err := dataset.LoadEditions(content.FS, "data", dataset.Today())
	if err != nil {
		t.Fatal(err)
	}
	for _, date := range e.DataDates() {
		if err := errors.Join(calc.CheckPresets(e.Data[date], "data")...); err != nil {
			t.Errorf("edition %s: %v", date, err)
		}
	}
}

// A preset its calculator does not read fails the build, naming the data
// file, the preset and the field; the data's checks (package dataset) let
// it through, as they do not know the calculators.
func TestBadPresetFailsNamingFileEntryAndField(t *testing.T) {
	for _, tt := range []struct {
		name, file, from, to, want string
	}{
		{"memory preset", dataset.MemoryFile, "a.gpu=t4", "a.gpu=t5",
			`d/memory.yaml: presets[0] "seed-002": query.a.gpu: The preset's value is rejected: Not one of the listed options.`},
		{"pricing preset", dataset.PricingFile, "vs=holysheep-flat", "vs=holysheep-plus",
			`d/pricing.yaml: presets[0] "seed-000-roi": query.vs: The preset's value is rejected: Not one of the listed options.`},
		{"TCO preset", dataset.TCOFile, "b.hr=6.155", "b.hr=-1",
			`d/tco.yaml: presets[1] "buy-vs-rent-h100-3y": query.b.hr: The preset's value is rejected: Must be between 0 and 1000000000.`},
		{"unknown pricing claim metric", dataset.PricingFile, "metric: monthly_cost, value: 1250000}", "metric: yearly_cost, value: 1250000}",
			`d/pricing.yaml: presets[0] "seed-000-roi": claims[0]: unknown metric "yearly_cost"`},
		{"TCO claim of an unknown option", dataset.TCOFile, "{option: b, metric: capex, value: 800000}", "{option: e, metric: capex, value: 800000}",
			`d/tco.yaml: presets[0] "seed-000": claims[1]: unknown option "e"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, err := dataset.Load(contentWith(t, tt.file, tt.from, tt.to), "d")
			if err != nil {
				t.Fatalf("the data's checks: %v", err)
			}
			err = errors.Join(calc.CheckPresets(d, "d")...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}
