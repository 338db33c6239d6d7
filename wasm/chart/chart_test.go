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
