package dataset

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
	"github.com/infercost/infercost/wasm/serving"
)

// forget empties memo, so that the next decode of each file is a fresh
// one. The tests that call it run alone (no t.Parallel).
func forget() {
	memo.mu.Lock()
	defer memo.mu.Unlock()
	memo.decoded, memo.applied, memo.bytes = nil, nil, 0
}

// A file decoded from memo is what decoding it afresh gives, to the last
// nil slice: every data file as load decodes it, the calibration table,
// and the editions' files, whose changes are maps of any.
func TestRememberedDecodesAreFreshOnes(t *testing.T) {
	cases := []struct {
		file string
		v    func() any
	}{
		{GPUFile, func() any { return new(gpu.Catalog) }},
		{RentalFile, func() any { return new(gpu.Rental) }},
		{ModelFile, func() any { return new(model.Catalog) }},
		{TCOFile, func() any { return new(cluster.Data) }},
		{MemoryFile, func() any { return new(serving.Memory) }},
		{APIFile, func() any { return new(apiprices.Catalog) }},
		{GenAIFile, func() any { return new(apiprices.Catalog) }},
		{PricingFile, func() any { return new(apicompare.Data) }},
		{PerfFile, func() any { return new(serving.Perf) }},
		{CalibrationFile, func() any { return new(calibration.Table) }},
	}
	editions, err := fs.Glob(content.FS, "data/"+EditionsDir+"/*.yaml")
	if err != nil || len(editions) < 2 {
		t.Fatalf("editions %v, %v", editions, err)
	}
	for _, name := range editions {
		cases = append(cases, struct {
			file string
			v    func() any
		}{name[len("data/"):], func() any { return new(changeFile) }})
	}
	forget()
	for _, tt := range cases {
		fresh, remembered := tt.v(), tt.v()
		if err := decode(content.FS, "data/"+tt.file, fresh); err != nil {
			t.Fatal(err)
		}
		if err := decode(content.FS, "data/"+tt.file, remembered); err != nil {
			t.Fatal(err)
		}
		if reflect.ValueOf(fresh).Elem().IsZero() || !reflect.DeepEqual(fresh, remembered) {
			t.Errorf("%s from memo differs from its fresh decode", tt.file)
		}
	}
}

// A caller that changes the editions and the calibration table it loaded
// changes neither what another load gave nor what the next load gives:
// each gets a copy of its own of what memo remembers.
func TestChangingLoadedEditionsChangesNoOtherLoad(t *testing.T) {
	forget()
	today := Today()
	type loaded struct {
		Editions    Editions
		Calibration calibration.Table
	}
	load := func() (loaded, []byte) {
		e, err := LoadEditions(content.FS, "data", today)
		if err != nil {
			t.Fatal(err)
		}
		c, err := LoadCalibration(content.FS, "data", e)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(loaded{e, c})
		if err != nil {
			t.Fatal(err)
		}
		return loaded{e, c}, b
	}
	// The first load decodes and remembers, the second is memo's.
	first, want := load()
	second, _ := load()
	scribble(reflect.ValueOf(&first).Elem())
	if b, _ := json.Marshal(first); string(b) == string(want) {
		t.Fatal("scribble changed nothing")
	}
	if b, _ := json.Marshal(second); string(b) != string(want) {
		t.Error("changing the first load's editions changed the second's")
	}
	scribble(reflect.ValueOf(&second).Elem())
	if _, b := load(); string(b) != string(want) {
		t.Error("changing what two loads gave changed the next load's")
	}
}

// scribble changes every string, number and flag that v holds, through
// every pointer, slice, map and interface, in place, as a caller changing
// what it was given would.
func scribble(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Interface {
			c := reflect.New(v.Elem().Type()).Elem()
			c.Set(v.Elem())
			scribble(c)
			v.Set(c)
			return
		}
		scribble(v.Elem())
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scribble(v.Index(i))
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			c := reflect.New(v.Type().Elem()).Elem()
			c.Set(it.Value())
			scribble(c)
			v.SetMapIndex(it.Key(), c)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Field(i).CanSet() {
				scribble(v.Field(i))
			}
		}
	case reflect.String:
		v.SetString(v.String() + "!")
	case reflect.Int, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Float64:
		v.SetFloat(v.Float() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	}
}

// BenchmarkLoadEditionsAfresh loads and validates every edition of the
// site's data with nothing remembered, as the first load of a process
// does; BenchmarkLoadEditions measures the later ones.
func BenchmarkLoadEditionsAfresh(b *testing.B) {
	for b.Loop() {
		forget()
		if _, err := LoadEditions(content.FS, "data", Today()); err != nil {
			b.Fatal(err)
		}
	}
}
