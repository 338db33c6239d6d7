package api_test

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// server serves the API on 127.0.0.1 from the embedded data.
func server(t testing.TB) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(api.New(&edgedata.Store{}, nil))
	t.Cleanup(srv.Close)
	return srv
}

// get requests path on srv with headers (name, value pairs) and returns
// the response and its body.
func get(t testing.TB, srv *httptest.Server, method, path string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	return apitest.Get(t, method, srv.URL+path, headers...)
}

// sameFigures returns what differs between an answer and page p, cell by
// cell: the text, and the value where the answer has one; and the edition's
// note.
func sameFigures(a api.Answer, p view.Page) []string {
	var diffs []string
	want := p.CellsByKey()
	n := 0
	for _, t := range a.Tables {
		for _, r := range t.Rows {
			for _, c := range r.Cells {
				n++
				w, ok := want[c.Key]
				switch {
				case !ok:
					diffs = append(diffs, c.Key+": not on the page")
				case c.Text != w.Text:
					diffs = append(diffs, c.Key+": text "+c.Text+"; page "+w.Text)
				case c.Value != nil && *c.Value != w.Value:
					diffs = append(diffs, c.Key+": value differs")
				case c.Value == nil && w.Order == view.ByValue && !math.IsNaN(w.Value) && !math.IsInf(w.Value, 0):
					diffs = append(diffs, c.Key+": no value; the page has one")
				}
			}
		}
	}
	if n != len(p.Cells()) {
		diffs = append(diffs, "cell count differs")
	}
	if a.Query != p.Query || a.Headline.Text != p.Headline.Text {
		diffs = append(diffs, "query or headline differs")
	}
	if !slices.Equal(a.Edition.Changes, p.Edition.Changes) || a.Edition.Results != p.Edition.Results {
		diffs = append(diffs, "the edition's note differs")
	}
	return diffs
}

// Every calculator's answer is the page calc.Set builds from content/data
// for the same query, figure for figure: the default scenario, every
// preset, an old edition, and 100 queries drawn at random each.
func TestAnswersAreThePagesFigures(t *testing.T) {
	srv := server(t)
	set := apitest.ContentSet(t)
	d, _ := set.Data("")
	first := d.Editions[0].Date
	for _, name := range sitedata.Calculators {
		queries := append([]string{"", "ed=" + first}, apitest.Presets(d, name)...)
		queries = append(queries, apitest.Fuzzed(set, name, 100, 1)...)
		checked := 0
		for _, q := range queries {
			p := set.Page(name, q)
			res, body := get(t, srv, "GET", "/api/v1/"+name+"?"+q)
			if res.StatusCode == http.StatusBadRequest {
				// Only where the page rejects an input.
				if len(fieldErrors(p)) == 0 {
					t.Errorf("%s?%s: 400 without a rejected input: %s", name, q, body)
				}
				continue
			}
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s?%s: status %d: %s", name, q, res.StatusCode, body)
			}
			var a api.Answer
			if err := json.Unmarshal(body, &a); err != nil {
				t.Fatal(err)
			}
			if diffs := sameFigures(a, p); len(diffs) > 0 {
				t.Errorf("%s?%s: %s", name, q, strings.Join(diffs, "; "))
			}
			checked++
		}
		t.Logf("%s: %d of %d queries answered 200", name, checked, len(queries))
		if checked < len(queries)*3/4 {
			t.Errorf("%s: only %d of %d queries answered 200", name, checked, len(queries))
		}
	}
}

func fieldErrors(p view.Page) []string {
	var out []string
	for _, in := range p.Inputs {
		if in.Error != "" {
			out = append(out, in.Key)
		}
	}
	return out
}

// Requests served at the same time get the answers they get one by one:
// the decoded data the requests share is only read (go test -race checks
// the same).
func TestConcurrentAnswersAreTheSequentialOnes(t *testing.T) {
	srv := server(t)
	set := apitest.ContentSet(t)
	d, _ := set.Data("")
	var paths []string
	for _, name := range sitedata.Calculators {
		for _, q := range append([]string{"", "ed=" + d.Editions[0].Date}, apitest.Presets(d, name)...) {
			paths = append(paths, "/api/v1/"+name+"?"+q)
		}
	}
	want := map[string]string{}
	for _, p := range paths {
		_, b := get(t, srv, "GET", p)
		want[p] = string(b)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range paths {
				p := paths[(i+g*3)%len(paths)]
				// Not get: t.Fatal must not be called from here.
				res, err := srv.Client().Get(srv.URL + p)
				if err != nil {
					t.Error(err)
					return
				}
				b, err := io.ReadAll(res.Body)
				res.Body.Close()
				if err != nil || string(b) != want[p] {
					t.Errorf("%s: a concurrent answer differs (%v)", p, err)
				}
			}
		})
	}
	wg.Wait()
}
