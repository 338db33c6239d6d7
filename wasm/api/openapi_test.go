package api_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
)

// jsonSchema is what this test reads of a parameter's schema.
type jsonSchema struct {
	Type    string              `json:"type"`
	Enum    []string            `json:"enum"`
	Pattern string              `json:"pattern"`
	Minimum *float64            `json:"minimum"`
	Maximum *float64            `json:"maximum"`
	Default any                 `json:"default"`
	Unit    string              `json:"x-unit"`
	AllOf   []map[string]string `json:"allOf"`
}

// The document lists every input of every calculator's form as a query
// parameter, with the form's type, range, unit, default and allowed
// values, as the latest edition's default scenario declares them (the
// document is generated from them: go run ./gen -openapi); and v,
// preset and tab besides.
func TestTheDocumentListsEveryInputAsTheFormDeclaresIt(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name   string     `json:"name"`
				In     string     `json:"in"`
				Schema jsonSchema `json:"schema"`
			} `json:"parameters"`
		} `json:"paths"`
		Components struct {
			Schemas map[string]jsonSchema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.Document(), &doc); err != nil {
		t.Fatal(err)
	}
	set := apitest.ContentSet(t)
	d, _ := set.Data("")
	for _, name := range sitedata.Calculators {
		params := map[string]jsonSchema{}
		for _, p := range doc.Paths[api.Prefix+name]["get"].Parameters {
			s := p.Schema
			if len(s.AllOf) == 1 {
				shared := doc.Components.Schemas[strings.TrimPrefix(s.AllOf[0]["$ref"], "#/components/schemas/")]
				shared.Default = s.Default
				s = shared
			}
			params[p.Name] = s
		}
		for _, key := range []string{scenario.VersionKey, scenario.PresetKey, scenario.TabKey} {
			if _, ok := params[key]; !ok {
				t.Errorf("%s: no parameter %s", name, key)
			}
		}
		if ps := d.Presets(name); len(ps) != len(params[scenario.PresetKey].Enum) {
			t.Errorf("%s: presets %q; want the %d of the data", name, params[scenario.PresetKey].Enum, len(ps))
		}
		inputs := set.Page(name, "").Inputs
		if len(params) != len(inputs)+3 {
			t.Errorf("%s: %d parameters; want %d inputs, v, preset and tab", name, len(params), len(inputs))
		}
		for _, in := range inputs {
			s, ok := params[in.Key]
			switch {
			case !ok:
				t.Errorf("%s: no parameter %s", name, in.Key)
			case in.IsChoice() && in.Versions:
				// A choice a link may name in several ways (an engine's
				// build) is a pattern that takes every listed value.
				re, err := regexp.Compile(s.Pattern)
				if err != nil || s.Pattern == "" {
					t.Errorf("%s %s: pattern %q: %v", name, in.Key, s.Pattern, err)
					continue
				}
				for _, c := range in.Choices {
					if !re.MatchString(c.Value) || !re.MatchString(c.Value+"@0.17") && !strings.Contains(c.Value, "@") {
						t.Errorf("%s %s: pattern %q does not take %q and %q", name, in.Key, s.Pattern, c.Value, c.Value+"@0.17")
					}
				}
				if s.Type != "string" || s.Default != in.Default {
					t.Errorf("%s %s: %s, default %v; want a string, default %q", name, in.Key, s.Type, s.Default, in.Default)
				}
			case in.IsChoice():
				for _, c := range in.Choices {
					if !slices.Contains(s.Enum, c.Value) {
						t.Errorf("%s %s: enum %q lacks %q", name, in.Key, s.Enum, c.Value)
					}
				}
				if s.Type != "string" || s.Default != in.Default {
					t.Errorf("%s %s: %s, default %v; want a string, default %q", name, in.Key, s.Type, s.Default, in.Default)
				}
			case in.IsText():
				if s.Type != "string" || s.Default != in.Default {
					t.Errorf("%s %s: %s, default %v; want a string, default %q", name, in.Key, s.Type, s.Default, in.Default)
				}
			default:
				want := "number"
				if in.Integer {
					want = "integer"
				}
				def, _ := strconv.ParseFloat(in.Default, 64)
				if s.Type != want || s.Minimum == nil || *s.Minimum != in.Min || s.Maximum == nil || *s.Maximum != in.Max ||
					s.Default != def || s.Unit != in.Unit {
					t.Errorf("%s %s: %+v; want %s in [%v, %v], default %v, unit %q", name, in.Key, s, want, in.Min, in.Max, def, in.Unit)
				}
			}
		}
	}
}
