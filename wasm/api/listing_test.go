package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/sitedata"
)

// /api/v1/editions lists every edition of the data, oldest first, with
// the latest; its header names the latest.
func TestEditionsAreListed(t *testing.T) {
	srv := server(t)
	d, _ := apitest.ContentSet(t).Data("")
	res, body := get(t, srv, "GET", "/api/v1/editions")
	var a api.EditionsAnswer
	if err := json.Unmarshal(body, &a); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%d %s (%v)", res.StatusCode, body, err)
	}
	if len(a.Editions) != len(d.Editions) || a.Latest != d.Editions.Latest() || a.Editions[len(a.Editions)-1].Date != a.Latest {
		t.Errorf("editions %+v; want the %d of the data, the latest %s last", a, len(d.Editions), d.Editions.Latest())
	}
	for i, e := range a.Editions {
		if e != (api.EditionEntry{Date: d.Editions[i].Date, Data: d.Editions[i].Data}) {
			t.Errorf("edition %d: %+v; want %+v", i, e, d.Editions[i])
		}
	}
	if res.Header.Get(api.EditionHeader) != a.Latest {
		t.Errorf("%s: %q", api.EditionHeader, res.Header.Get(api.EditionHeader))
	}
}

// /api/v1/presets/NAME lists a calculator's presets of an edition, and
// each one's query opens it on the calculator's path, pinned to that
// edition, with nothing ignored.
func TestPresetsAreListedAndOpen(t *testing.T) {
	srv := server(t)
	d, latest := apitest.ContentSet(t).Data("")
	for _, name := range sitedata.Calculators {
		res, body := get(t, srv, "GET", "/api/v1/presets/"+name)
		var a api.PresetsAnswer
		if err := json.Unmarshal(body, &a); err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s (%v)", name, res.StatusCode, body, err)
		}
		if a.Calculator != name || a.Edition != latest || len(a.Presets) != len(d.Presets(name)) || res.Header.Get(api.EditionHeader) != latest {
			t.Errorf("%s: %s %s, %d presets, header %q; want %d presets of %s", name, a.Calculator, a.Edition, len(a.Presets),
				res.Header.Get(api.EditionHeader), len(d.Presets(name)), latest)
		}
		for _, p := range a.Presets {
			if p.Title == "" || p.Description == "" || p.AsOf == "" || !strings.Contains(p.Query, "ed="+latest) {
				t.Errorf("%s %s: %+v", name, p.Name, p)
			}
			res, body := get(t, srv, "GET", "/api/v1/"+name+"?"+p.Query)
			var ans api.Answer
			if err := json.Unmarshal(body, &ans); err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("%s?%s: %d (%v)", name, p.Query, res.StatusCode, err)
			}
			for _, pr := range ans.Problems {
				if pr.Code != api.CodeScenario {
					t.Errorf("%s?%s: %+v", name, p.Query, pr)
				}
			}
		}
	}
}

// Every answer with figures or data names its edition in a header that a
// page of another origin may read: the pinned one, else the latest.
func TestAnswersNameTheirEditionInAHeader(t *testing.T) {
	srv := server(t)
	_, latest := apitest.ContentSet(t).Data("")
	for path, want := range map[string]string{
		"/api/v1/tco?ed=2026-11-30": "2026-11-30", "/api/v1/pricing": latest,
		"/api/v1/catalog/gpus?ed=2026-11-30": "2026-11-30", "/api/v1/presets/memory?ed=2026-11-30": "2026-11-30",
	} {
		res, body := get(t, srv, "GET", path)
		if res.StatusCode != http.StatusOK || res.Header.Get(api.EditionHeader) != want {
			t.Errorf("%s: %d, %s %q; want %s: %.200s", path, res.StatusCode, api.EditionHeader, res.Header.Get(api.EditionHeader), want, body)
		}
		if !strings.Contains(res.Header.Get("Access-Control-Expose-Headers"), api.EditionHeader) {
			t.Errorf("%s: the header is not exposed to other origins", path)
		}
	}
}
