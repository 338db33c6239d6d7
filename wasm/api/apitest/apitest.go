// Package apitest helps the API's tests and the parity test in the
// browser (gen): scenario queries (every preset of a calculator, and
// queries drawn at random from its form's fields), the calculators as gen
// builds them from content/data, and HTTP requests.
package apitest

import (
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Presets returns a query per preset of calculator name in d.
func Presets(d *sitedata.Data, name string) []string {
	ps := d.Presets(name)
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = scenario.PresetKey + "=" + p.Name
	}
	return out
}

// Fuzzed returns n queries of calculator name, drawn from seed: each sets
// one to four of the default page's fields to a value the field accepts
// (a choice, or a number within its range, spread over its orders of
// magnitude), and may pin any edition. Fields that hide others can make
// a value one the page then ignores, as a reader's edits do.
func Fuzzed(set *calc.Set, name string, n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 1))
	fields := set.Page(name, "").Inputs
	d, _ := set.Data("")
	out := make([]string, 0, n)
	for len(out) < n {
		q := scenario.Values{}
		for range 1 + r.IntN(4) {
			in := fields[r.IntN(len(fields))]
			if v, ok := value(r, in.Field); ok {
				q.Set(in.Key, v)
			}
		}
		if eds := d.Editions; r.IntN(3) == 0 {
			q.Set("ed", eds[r.IntN(len(eds))].Date)
		}
		out = append(out, q.Encode())
	}
	return out
}

// value draws a value that field f accepts; ok is false for a text field.
func value(r *rand.Rand, f scenario.Field) (string, bool) {
	if f.IsChoice() {
		return f.Choices[r.IntN(len(f.Choices))].Value, true
	}
	if f.IsText() {
		return "", false
	}
	lo, hi := f.Min, f.Max
	var v float64
	if least := math.Max(f.Least, scenario.DefaultLeast); lo >= 0 && hi/math.Max(lo, least) > 1000 {
		// Spread over the orders of magnitude, as people type them.
		a, b := math.Log(math.Max(lo, least)), math.Log(hi)
		v = math.Exp(a + r.Float64()*(b-a))
	} else {
		v = lo + r.Float64()*(hi-lo)
	}
	if f.Integer {
		v = math.Round(v)
	} else {
		v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	}
	return scenario.FormatNumber(math.Min(math.Max(v, lo), hi)), true
}

// ContentSet returns a calc.Set of content/data's editions as gen reads
// them (YAML), independent of the data files the worker embeds.
func ContentSet(t testing.TB) *calc.Set {
	t.Helper()
	editions, _, err := accuracy.LoadEditions(content.FS, "data", dataset.Today())
	if err != nil {
		t.Fatal(err)
	}
	var s calc.Set
	for date, d := range editions.Data {
		s.Load(date, d)
	}
	return &s
}

// client gives up on a request after two minutes: a worker that never
// answers (workerd once hung on a cold start under heavy load) fails the
// test that sent it with the URL instead of using up go test's timeout.
var client = &http.Client{Timeout: 2 * time.Minute}

// Get sends a request of method to url with headers (name, value pairs)
// and returns the response and its body.
func Get(t testing.TB, method, url string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}
