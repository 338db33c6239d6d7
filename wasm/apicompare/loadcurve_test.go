package apicompare

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
)

// TestBadLoadCurvesAreNamed: each fault of a load curve fails naming the
// entry and the field, and a sound curve passes.
func TestBadLoadCurvesAreNamed(t *testing.T) {
	day := func(x float64) []float64 {
		v := make([]float64, 24)
		for h := range v {
			v[h] = x
		}
		return v
	}
	good := LoadCurve{ID: "c", Name: "C", NameDE: "C", Weekday: day(1), Weekend: day(0.5), Source: "s", AsOf: "2024-12-02", Note: "n", NoteDE: "n"}
	d := Data{Sources: fact.Sources{"s": {Title: "S", URL: "https://example.org/"}}}
	for _, c := range []struct {
		name  string
		edit  func(*LoadCurve)
		field string
	}{
		{"short day", func(c *LoadCurve) { c.Weekend = day(1)[:23] }, `load_curves[0] "c": weekend: has 23 hours`},
		{"negative hour", func(c *LoadCurve) { c.Weekday[7] = -1 }, `load_curves[0] "c": weekday[7]: is -1`},
		{"NaN hour", func(c *LoadCurve) { c.Weekend[3] = math.NaN() }, `load_curves[0] "c": weekend[3]: is NaN`},
		{"no requests", func(c *LoadCurve) { c.Weekday, c.Weekend = day(0), day(0) }, `load_curves[0] "c": weekday: no hour has requests`},
		{"unknown source", func(c *LoadCurve) { c.Source = "x" }, `load_curves[0] "c": source: unknown source "x"`},
		{"bad date", func(c *LoadCurve) { c.AsOf = "May 2024" }, `load_curves[0] "c": as_of: want a date`},
		{"no German name", func(c *LoadCurve) { c.NameDE = "" }, `load_curves[0] "c": name: needs name and name_de`},
	} {
		bad := good
		bad.Weekday, bad.Weekend = append([]float64(nil), good.Weekday...), append([]float64(nil), good.Weekend...)
		c.edit(&bad)
		d.LoadCurves = []LoadCurve{bad}
		if err := errors.Join(d.validateCurves()...); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: %v; want %q", c.name, err, c.field)
		}
	}
	d.LoadCurves = []LoadCurve{good, good}
	if err := errors.Join(d.validateCurves()...); err == nil || !strings.Contains(err.Error(), `load_curves[1] "c": id: missing or used before`) {
		t.Errorf("a repeated id: %v", err)
	}
	d.LoadCurves = []LoadCurve{good}
	if errs := d.validateCurves(); len(errs) > 0 {
		t.Errorf("a sound curve: %v", errs)
	}
}
