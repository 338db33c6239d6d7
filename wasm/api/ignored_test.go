package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Every parameter of a query that the calculator does not use is in the
// answer's problems with a machine-readable code and its key, and an
// input that does not apply is marked hidden, with its default: the
// queries of issue 44, which all answered 200 with no problem before.
func TestUnusedParametersAreProblemsWithCodes(t *testing.T) {
	srv := server(t)
	for _, c := range []struct {
		query, code, field string
		// hidden is an input the answer must mark hidden, at its default.
		hidden string
	}{
		// No option of the default TCO scenario uses the custom model.
		{"m.p=70", scenario.NotApplicable, "m.p", "m.p"},
		// Users size a closed loop; the default sizing is open (Poisson),
		// so the value (out of range besides) is not read.
		{"users=1e12", scenario.NotApplicable, "users", "users"},
		{"mode=offline&slo=2", scenario.NotApplicable, "slo", "slo"},
		{"a.n=16;b.n=9", scenario.MalformedParameter, "a.n", ""},
		{"a.n=16&a.n=2", scenario.RepeatedParameter, "a.n", ""},
		{"preset=seed-000&preset=seed-001", scenario.RepeatedParameter, "preset", ""},
		{"v=2", scenario.UnknownVersion, "v", ""},
		{"v=999", scenario.UnknownVersion, "v", ""},
		{"v=-1", scenario.UnknownVersion, "v", ""},
		{"preset=nope", scenario.UnknownPreset, "preset", ""},
		{"zz=1", scenario.UnknownParameter, "zz", ""},
	} {
		res, body := get(t, srv, "GET", "/api/v1/tco?"+c.query)
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d: %s", c.query, res.StatusCode, body)
			continue
		}
		var a api.Answer
		if err := json.Unmarshal(body, &a); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range a.Problems {
			found = found || p.Code == c.code && p.Field == c.field && p.Message != ""
		}
		if !found {
			t.Errorf("%s: problems %+v; want code %s for %s", c.query, a.Problems, c.code, c.field)
		}
		for _, in := range a.Inputs {
			if in.Key == c.hidden && (!in.Hidden || in.Explicit || in.Value != in.Default) {
				t.Errorf("%s: input %+v; want it hidden, at its default", c.query, in)
			}
		}
	}
	// The first of repeated values is used, as on the page.
	_, body := get(t, srv, "GET", "/api/v1/tco?a.n=16&a.n=2")
	var a api.Answer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatal(err)
	}
	for _, in := range a.Inputs {
		if in.Key == "a.n" && in.Value != "16" {
			t.Errorf("a.n = %s; want the first value, 16", in.Value)
		}
	}
}

// The pages' own links say nothing: the default, an old edition and
// every preset of every calculator, opened by its canonical query,
// answer with no unused parameter.
func TestCanonicalQueriesHaveNoUnusedParameters(t *testing.T) {
	srv := server(t)
	set := apitest.ContentSet(t)
	d, _ := set.Data("")
	for _, name := range sitedata.Calculators {
		for _, q := range append([]string{"", "ed=" + d.Editions[0].Date}, apitest.Presets(d, name)...) {
			_, body := get(t, srv, "GET", "/api/v1/"+name+"?"+q)
			var a api.Answer
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatal(err)
			}
			_, body = get(t, srv, "GET", "/api/v1/"+name+"?"+a.Query)
			var again api.Answer
			if err := json.Unmarshal(body, &again); err != nil {
				t.Fatal(err)
			}
			for _, p := range again.Problems {
				if p.Code != api.CodeScenario {
					t.Errorf("%s?%s: %+v", name, a.Query, p)
				}
			}
		}
	}
}
