package view_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

func TestChangesKeepsOnlyWhatChanged(t *testing.T) {
	prev := map[string]any{
		"query":    "a=1",
		"inputs":   []any{map[string]any{"key": "a", "value": "1"}, map[string]any{"key": "b", "value": "2"}},
		"links":    []any{map[string]any{"id": "x", "query": "q"}},
		"charts":   map[string]any{"c1": map[string]any{"series": []any{1.0, 2.0}}, "c2": map[string]any{"series": []any{3.0}}},
		"problems": []any{"p"},
	}
	next := map[string]any{
		"query":    "a=1",
		"inputs":   []any{map[string]any{"key": "a", "value": "1"}, map[string]any{"key": "b", "value": "3"}, map[string]any{"key": "c", "value": ""}},
		"links":    []any{map[string]any{"id": "x", "query": "q"}},
		"charts":   map[string]any{"c1": map[string]any{"series": []any{1.0, 2.0}}, "c2": map[string]any{"series": []any{3.5}}},
		"problems": []any{"p"},
	}
	want := map[string]any{
		"query":    "a=1",
		"inputs":   []any{map[string]any{"key": "b", "value": "3"}, map[string]any{"key": "c", "value": ""}},
		"links":    []any{},
		"charts":   map[string]any{"c2": map[string]any{"series": []any{3.5}}},
		"problems": []any{"p"},
	}
	if got := view.Changes(prev, next); !reflect.DeepEqual(got, want) {
		t.Errorf("Changes:\n got %v\nwant %v", got, want)
	}
	if got := view.Changes(nil, next); !reflect.DeepEqual(got, next) {
		t.Errorf("Changes from nothing: got %v, want all of next", got)
	}
}

// Applied the way the page loader applies it, the changes turn the
// previous update into the next one.
func TestChangesApplyToTheNextUpdate(t *testing.T) {
	page := func(n string, err string, v float64) view.Page {
		return view.Page{
			Query:  "n=" + n,
			Inputs: []scenario.Input{{Field: scenario.Field{Key: "n"}, Value: n, Error: err}, {Field: scenario.Field{Key: "kwh"}, Value: "0.2"}},
			Tables: []view.Table{{ID: "t", Columns: []view.Column{{Key: "tco", Title: "TCO"}},
				Rows: []view.Row{{Cells: []view.Cell{{Key: "a.tco", Text: "x", Value: v}, {Key: "b.tco", Text: "y", Value: 2}}}}}},
		}
	}
	steps := []view.Page{page("8", "", 1), page("9", "", 1.5), page("x", "not a number", 1.5), page("8", "", 1)}
	shown := view.Changes(nil, steps[0].Update())
	for _, p := range steps[1:] {
		prev, next := shown, p.Update()
		shown = apply(prev, view.Changes(prev, next))
		// fmt prints maps in key order, and nil and empty lists alike.
		if fmt.Sprint(shown) != fmt.Sprint(next) {
			t.Errorf("after %s:\n got %v\nwant %v", p.Query, shown, next)
		}
	}
}

func apply(shown, changes map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range shown {
		out[k] = v
	}
	for k, v := range changes {
		switch v := v.(type) {
		case []any:
			if k == "problems" {
				out[k] = v
				continue
			}
			old, _ := out[k].([]any)
			old = append([]any(nil), old...)
			for _, r := range v {
				for i, o := range old {
					if key(o) == key(r) {
						old[i] = r
					}
				}
			}
			out[k] = old
		case map[string]any:
			m := map[string]any{}
			for id, x := range out[k].(map[string]any) {
				m[id] = x
			}
			for id, x := range v {
				m[id] = x
			}
			out[k] = m
		default:
			out[k] = v
		}
	}
	return out
}

func key(r any) any {
	m := r.(map[string]any)
	if k, ok := m["key"]; ok {
		return k
	}
	return m["id"]
}
