package chart_test

import (
	"reflect"
	"testing"

	"github.com/infercost/infercost/wasm/chart"
)

// Equal compares every field of a chart and of its series: a field it
// missed would leave a changed chart undrawn.
func TestChartEqualSeesEveryField(t *testing.T) {
	base := chart.Chart{Series: []chart.Series{{}}}
	for _, v := range []reflect.Value{reflect.ValueOf(&base).Elem(), reflect.ValueOf(&base.Series[0]).Elem()} {
		for i := range v.NumField() {
			f := v.Field(i)
			if f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Struct && f.Type().Elem().Name() == "Series" {
				continue // compared series by series
			}
			old := reflect.New(f.Type()).Elem()
			old.Set(f)
			f.Set(differentValue(f.Type()))
			if base.Equal(chart.Chart{Series: []chart.Series{{}}}) {
				t.Errorf("Equal misses %s.%s", v.Type().Name(), v.Type().Field(i).Name)
			}
			f.Set(old)
		}
	}
}

// differentValue returns a value of type t other than its zero value.
func differentValue(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Float64:
		v.SetFloat(1)
	case reflect.Uint8:
		v.SetUint(1)
	case reflect.Slice:
		v = reflect.MakeSlice(t, 1, 1)
		v.Index(0).Set(differentValue(t.Elem()))
	case reflect.Array:
		v.Index(0).Set(differentValue(t.Elem()))
	case reflect.Struct:
		v.Field(0).Set(differentValue(t.Field(0).Type))
	default:
		panic("differentValue: " + t.String())
	}
	return v
}

// An error band is two series: a nameless lower bound that no legend
// lists, and its width stacked on it, whose points also carry the bounds
// for the tooltip; both take the colour of the line they shade.
func TestBandsStackTheWidthOnTheLowerBound(t *testing.T) {
	line := chart.Series{ID: "tps", Name: "Tokens/s", Points: [][2]float64{{1, 100}, {2, 180}}}
	parts := chart.Bands(line, "Tokens/s: error band", [][3]float64{{1, 80, 110}, {2, 150, 200}})
	c := chart.Chart{Kind: chart.Lines, Series: []chart.Series{line, parts[0], parts[1]}}
	base, area := parts[0].Data(), parts[1].Data()
	if !reflect.DeepEqual(base, []any{[]any{1.0, 80.0}, []any{2.0, 150.0}}) {
		t.Errorf("lower bound %v", base)
	}
	if !reflect.DeepEqual(area, []any{[]any{1.0, 30.0, 80.0, 110.0}, []any{2.0, 50.0, 150.0, 200.0}}) {
		t.Errorf("width %v; want (x, high - low, low, high)", area)
	}
	if got := c.Legend(); !reflect.DeepEqual(got, []any{"Tokens/s", "Tokens/s: error band"}) {
		t.Errorf("legend %v", got)
	}
	if c.ColorIndex(1) != 0 || c.ColorIndex(2) != 0 {
		t.Errorf("band colours %d, %d; want the line's, 0", c.ColorIndex(1), c.ColorIndex(2))
	}
	if none := chart.Bands(line, "x", nil); !none[0].Hidden || !none[1].Hidden {
		t.Error("a band without ranges is shown")
	}
}

// Series of one name, such as the bands of several lines, are one entry
// of the legend, which shows and hides them together.
func TestSeriesOfOneNameAreOneLegendEntry(t *testing.T) {
	a := chart.Series{ID: "a", Name: "A", Points: [][2]float64{{1, 1}}}
	b := chart.Series{ID: "b", Name: "B", Points: [][2]float64{{1, 2}}}
	pa, pb := chart.Bands(a, "Error bands", [][3]float64{{1, 0, 2}}), chart.Bands(b, "Error bands", [][3]float64{{1, 1, 3}})
	c := chart.Chart{Kind: chart.Lines, Series: []chart.Series{a, b, pa[0], pa[1], pb[0], pb[1]}}
	if got := c.Legend(); !reflect.DeepEqual(got, []any{"A", "B", "Error bands"}) {
		t.Errorf("legend %v; want A, B and the bands once", got)
	}
}
