package view_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

func TestSinceKeepsOnlyWhatChanged(t *testing.T) {
	c := func(v float64) chart.Chart {
		return chart.Chart{ID: "c", Title: "C", Kind: chart.Bars, Categories: []string{"a"}, Series: []chart.Series{{ID: "s", Values: []float64{v}}}}
	}
	prev := view.Page{Query: "n=1", Problems: []string{"p"},
		Inputs: []scenario.Input{{Field: scenario.Field{Key: "n"}, Value: "1"}, {Field: scenario.Field{Key: "m"}, Value: "2"}},
		Links:  []view.Link{{ID: "x", Query: "q"}}, Charts: []chart.Chart{c(1), c(2)}}
	next := prev
	next.Inputs = []scenario.Input{{Field: scenario.Field{Key: "n"}, Value: "1"}, {Field: scenario.Field{Key: "m"}, Value: "3"}}
	next.Charts = []chart.Chart{c(1), c(2.5)}
	got := next.Since(&prev)
	want := map[string]any{"all": false, "query": "n=1", "problems": []any{"p"}, "inapplicable": []any{}, "explanation": "",
		"inputs": []any{map[string]any{"key": "m", "value": "3", "error": "", "note": "", "unit": "", "default": "", "hidden": false}},
		"groups": []any{}, "columns": []any{}, "cells": []any{}, "links": []any{}, "tables": map[string]any{}, "rows": []any{},
		"charts":   map[string]any{"c": c(2.5).Patch()},
		"titles":   map[string]any{"c": "C"},
		"heights":  map[string]any{"c": c(2.5).Height()},
		"edition":  map[string]any{"edition": "", "latest": "", "changes": []any{}, "results": 0, "query": ""},
		"headline": map[string]any{"text": "", "figures": []any{}},
		"changed":  []any{}, "sources": []any{},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Since:\n got %v\nwant %v", got, want)
	}
	if got, want := fmt.Sprint(next.Since(nil)), fmt.Sprint(next.Update()); got != want {
		t.Errorf("Since(nil) = %s; want all of Update, %s", got, want)
	}
}

// Applied the way the page loader applies it, what changed since the
// previous page turns that page's update into the next one's.
func TestSinceAppliesToTheNextUpdate(t *testing.T) {
	page := func(n string, err string, v float64) view.Page {
		return view.Page{
			Query:  "n=" + n,
			Inputs: []scenario.Input{{Field: scenario.Field{Key: "n"}, Value: n, Error: err}, {Field: scenario.Field{Key: "kwh"}, Value: "0.2"}},
			Tables: []view.Table{{ID: "t", Columns: []view.Column{{Key: "tco", Title: "TCO"}},
				Rows: []view.Row{{Cells: []view.Cell{{Key: "a.tco", Text: "x", Value: v}, {Key: "b.tco", Text: "y", Value: 2}}}}}},
		}
	}
	steps := []view.Page{page("8", "", 1), page("9", "", 1.5), page("x", "not a number", 1.5), page("8", "", 1)}
	shown := steps[0].Update()
	for i, p := range steps[1:] {
		next := p.Update()
		shown = apply(shown, p.Since(&steps[i]))
		// Says whether the update was whole, not what the page shows.
		delete(shown, "all")
		delete(next, "all")
		// fmt prints maps in key order, and nil and empty lists alike.
		if fmt.Sprint(shown) != fmt.Sprint(next) {
			t.Errorf("after %s:\n got %v\nwant %v", p.Query, shown, next)
		}
	}
}

// A row that a scenario leaves empty is hidden: the update names it by
// its first cell when its state changes, and every row when whole.
func TestSinceSendsRowsWhoseHiddenStateChanged(t *testing.T) {
	page := func(hidden ...bool) view.Page {
		tab := view.Table{ID: "t", Columns: []view.Column{{Key: "api"}}}
		for i, h := range hidden {
			tab.Rows = append(tab.Rows, view.Row{Label: fmt.Sprint(i + 1), Hidden: h, Cells: []view.Cell{{Key: fmt.Sprintf("api%d.api", i+1)}}})
		}
		return view.Page{Tables: []view.Table{tab}}
	}
	row := func(key string, hidden bool) any { return map[string]any{"key": key, "hidden": hidden} }
	three, two := page(false, false, false), page(false, false, true)
	if got, want := two.Since(&three)["rows"], []any{row("api3.api", true)}; !reflect.DeepEqual(got, want) {
		t.Errorf("one row emptied: got %v; want %v", got, want)
	}
	if got, want := three.Since(&two)["rows"], []any{row("api3.api", false)}; !reflect.DeepEqual(got, want) {
		t.Errorf("one row filled: got %v; want %v", got, want)
	}
	if got := two.Since(&two)["rows"]; !reflect.DeepEqual(got, []any{}) {
		t.Errorf("nothing changed: got %v; want none", got)
	}
	if got, want := two.Update()["rows"], []any{row("api1.api", false), row("api2.api", false), row("api3.api", true)}; !reflect.DeepEqual(got, want) {
		t.Errorf("whole update: got %v; want %v", got, want)
	}
}

// A choice field's choices may follow another field (an option's cloud
// offers follow its GPU): the form, drawn with the default scenario's,
// gets them with the first update and whenever they change, and not with
// every change of the field's value.
func TestSinceSendsChoicesWhenTheyChange(t *testing.T) {
	page := func(gpu, cloud string, offers ...string) view.Page {
		cs := []scenario.Choice{{Value: "0", Label: "median"}}
		for i, o := range offers {
			cs = append(cs, scenario.Choice{Value: fmt.Sprint(i + 1), Label: o})
		}
		return view.Page{Inputs: []scenario.Input{
			{Field: scenario.Field{Key: "gpu", Choices: []scenario.Choice{{Value: "a100"}, {Value: "h100"}}}, Value: gpu},
			{Field: scenario.Field{Key: "cloud", Choices: cs}, Value: cloud}}}
	}
	h100 := page("h100", "4", "AWS H100", "Lambda H100", "CoreWeave H100", "RunPod H100")
	a100 := page("a100", "4", "AWS A100", "Lambda A100", "CoreWeave A100", "RunPod A100")
	a100Other := page("a100", "3", "AWS A100", "Lambda A100", "CoreWeave A100", "RunPod A100")
	choices := func(u map[string]any) map[string]int {
		out := map[string]int{}
		for _, r := range u["inputs"].([]any) {
			r := r.(map[string]any)
			if cs, ok := r["choices"].([]any); ok {
				out[r["key"].(string)] = len(cs)
			}
		}
		return out
	}
	for _, c := range []struct {
		name string
		got  map[string]any
		want map[string]int
	}{
		{"first update", a100.Update(), map[string]int{"gpu": 2, "cloud": 5}},
		{"GPU changed", a100.Since(&h100), map[string]int{"cloud": 5}},
		{"offer changed", a100Other.Since(&a100), map[string]int{}},
	} {
		if got := choices(c.got); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: choices sent %v; want %v", c.name, got, c.want)
		}
	}
	r := a100.Since(&h100)["inputs"].([]any)[1].(map[string]any)
	if cs := r["choices"].([]any); cs[4].(map[string]any)["label"] != "RunPod A100" {
		t.Errorf("cloud choices: got %v; want the A100's offers", cs)
	}
}

// A page of another layout is sent whole, and says so: the page loader
// then hides the rows of cells the update does not list (app.js).
func TestSinceSendsAPageOfOtherRowsWhole(t *testing.T) {
	table := func(keys ...string) []view.Table {
		var rows []view.Row
		for _, k := range keys {
			rows = append(rows, view.Row{Cells: []view.Cell{{Key: k, Text: "1"}}})
		}
		return []view.Table{{ID: "t", Rows: rows}}
	}
	shown := view.Page{Tables: table("h100.fit", "mi355x.fit")}
	older := view.Page{Tables: table("h100.fit")}
	for _, c := range []struct {
		name     string
		from, to view.Page
		all      bool
		cells    int
	}{
		{"same rows", shown, shown, false, 0},
		{"fewer rows", shown, older, true, 1},
		{"more rows", older, shown, true, 2},
	} {
		got := c.to.Since(&c.from)
		if got["all"] != c.all || len(got["cells"].([]any)) != c.cells {
			t.Errorf("%s: all %v with %d cells, want %v with %d", c.name, got["all"], len(got["cells"].([]any)), c.all, c.cells)
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
			if k == "problems" || k == "inapplicable" {
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

// The handout lists where the defaults the scenario uses come from, and
// nothing else: an input that does not apply, or one of an option the
// scenario leaves out, uses no default; what the scenario sets in an
// option is named with the option.
func TestSourcesAndChangedFollowTheScenario(t *testing.T) {
	in := func(key, note string, explicit, hidden bool) scenario.Input {
		return scenario.Input{Field: scenario.Field{Key: key, Label: key, Note: note}, Value: "1", Explicit: explicit, Hidden: hidden}
	}
	p := view.Page{
		Groups: []view.Group{{Key: "a", Title: "A: H200"}, {Key: "d", Title: "D: A100", Hidden: true}},
		Inputs: []scenario.Input{in("dem", "demand source", false, false), in("a.gpu", "", true, false), in("a.price", "H200 price source", false, false),
			in("a.rate", "rate source", false, true), in("d.price", "A100 price source", false, false), in("d.gpu", "", true, false)},
	}
	if got, want := fmt.Sprint(p.Sources()), "[demand source H200 price source]"; got != want {
		t.Errorf("Sources = %s; want %s", got, want)
	}
	if got, want := fmt.Sprint(p.Changed()), "[A: H200 — a.gpu: 1 D: A100 — d.gpu: 1]"; got != want {
		t.Errorf("Changed = %s; want %s", got, want)
	}
}

// A pinned input (written into every link, as a German page's currency
// and comparison are) is something the scenario sets only where the
// link sets it otherwise than its default: a German pricing link that
// names its own APIs printed "the defaults" before.
func TestChangedListsAPinnedInputSetOtherwise(t *testing.T) {
	pinned := func(key, value, def string) scenario.Input {
		return scenario.Input{Field: scenario.Field{Key: key, Label: key, Default: def, Pinned: true}, Value: value, Explicit: true}
	}
	p := view.Page{Inputs: []scenario.Input{pinned("ed", "2026-12-06", "2026-12-06"), pinned("apis", "gpt-4o", "gpt-6"), pinned("cur", "EUR", "EUR")}}
	if got, want := fmt.Sprint(p.Changed()), "[apis: gpt-4o]"; got != want {
		t.Errorf("Changed = %s; want %s", got, want)
	}
}
