//go:build !(js && wasm)

package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/sitedata"
)

// hostile returns n requests a stranger could send, as paths with raw
// queries: gen's corpus of hostile links (gen/sitetest/hostile-urls.txt)
// asked of the API, then, in turn for each calculator and a catalog,
// bad percent-encodings, huge, tiny, negative and non-finite numbers,
// markup in keys and values, unknown keys, control characters and
// queries of 100 KB.
func hostile(t testing.TB, n int) []string {
	t.Helper()
	var out []string
	for _, line := range hostileLinks(t) {
		name, q, _ := strings.Cut(line, "/?")
		out = append(out, "/api/v1/"+name+"?"+q)
	}
	values := []string{
		"%", "%zz", "%E0%A4%A", "%C0%AF", "%FF%FE", "1e309", "-1e309", strings.Repeat("9", 400), "1e-400", "5e-324",
		"-1", "-0", "NaN", "nan", "Infinity", "-Infinity", "inf", "0x10", "1_000", "%00", "%0D%0AX-Injected:%201",
		"%3Cscript%3Ealert(1)%3C%2Fscript%3E", "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "<script>alert(1)</script>",
		"javascript:alert(1)", "%27%3B--", "..%2F..%2Fetc%2Fpasswd", "%F0%9F%92%A5", "+", "&&&", "==", "a=b=c",
	}
	keys := []string{"a.n", "a.gpu", "model", "ctx", "conc", "rate", "in", "out", "apis", "bd", "ed", "preset", "v", "m.hf", "g.name",
		"%3Cscript%3E", "unknown", "a..n", "%", "", "__proto__", "constructor"}
	targets := append(append([]string{}, sitedata.Calculators...), "catalog/gpus", "catalog/apis", "nope", "catalog/%3Cscript%3E")
	for i := 0; len(out) < n; i++ {
		target := targets[i%len(targets)]
		var q string
		switch i % 7 {
		case 0, 1, 2, 3:
			q = keys[(i/7)%len(keys)] + "=" + values[i%len(values)]
		case 4:
			q = keys[i%len(keys)] + "=" + values[(i/3)%len(values)] + "&" + keys[(i+5)%len(keys)] + "=" + values[(i/5)%len(values)]
		case 5:
			// 100 KB: a value, many keys, or markup.
			switch (i / 7) % 3 {
			case 0:
				q = "a.n=" + strings.Repeat("9", 100_000)
			case 1:
				q = strings.Repeat("x=1&", 25_000)
			default:
				q = "apis=" + strings.Repeat("%3Cscript%3E", 8_400)
			}
		default:
			q = fmt.Sprintf("%s=%s&ed=%s", keys[i%len(keys)], values[(i*3)%len(values)], values[(i*7)%len(values)])
		}
		out = append(out, "/api/v1/"+target+"?"+q)
	}
	return out[:n]
}

// abuse sends each request to base (a server on 127.0.0.1) and returns
// the count of answers by status, failing t on a 5xx, an answer that is
// not JSON (but workerd's own 431), or one that holds markup: encoding/json writes <, > and & in
// strings as \u003c, \u003e and \u0026, so no raw "<" may appear.
func abuse(t *testing.T, base string, requests []string) map[int]int {
	t.Helper()
	counts := map[int]int{}
	// A request workerd never answers (seen once in four runs under
	// wrangler dev) fails the test, naming it, rather than hanging it.
	client := &http.Client{Timeout: time.Minute}
	for _, r := range requests {
		path, rawQuery, _ := strings.Cut(r, "?")
		u, err := url.Parse(base)
		if err != nil {
			t.Fatal(err)
		}
		// The query goes out as written, bad encodings and all.
		u.Opaque, u.RawQuery = path, rawQuery
		res, err := client.Do(&http.Request{Method: "GET", URL: u, Header: http.Header{}, Host: u.Host})
		if err != nil {
			t.Fatalf("%.80s: %v", r, err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		counts[res.StatusCode]++
		ct := res.Header.Get("Content-Type")
		switch {
		case res.StatusCode >= 500:
			t.Errorf("%.120s: %d %s", r, res.StatusCode, body)
		case res.StatusCode == http.StatusRequestHeaderFieldsTooLarge && strings.HasPrefix(ct, "text/plain"):
			// workerd refuses a 100 KB request line itself, before the
			// worker runs; its answer is checked for markup below.
			if bytes.ContainsAny(body, "<>") {
				t.Errorf("%.120s: workerd's 431 holds markup: %.200s", r, body)
			}
		case ct != "application/json" && ct != "application/problem+json":
			t.Errorf("%.120s: %d answered %s", r, res.StatusCode, ct)
		case bytes.ContainsAny(body, "<>"):
			t.Errorf("%.120s: the answer holds markup: %.200s", r, body)
		}
	}
	return counts
}

// summary writes counts by status, for the log.
func summary(counts map[int]int) string {
	var statuses []int
	for s := range counts {
		statuses = append(statuses, s)
	}
	sort.Ints(statuses)
	var b strings.Builder
	for _, s := range statuses {
		fmt.Fprintf(&b, " %d: %d", s, counts[s])
	}
	return b.String()
}

// 1,000 hostile requests to the worker's handler on 127.0.0.1 get only
// answers below 500 (the 200s are queries the calculators read with a
// message, such as an unknown key), each JSON without markup.
func TestHostileRequestsGetNo5xxAndNoMarkup(t *testing.T) {
	srv := httptest.NewServer(handler(http.FileServer(http.Dir(t.TempDir())), edgedata.Pages(), testWorkerURL))
	defer srv.Close()
	counts := abuse(t, srv.URL, hostile(t, 1000))
	t.Logf("1,000 hostile requests, natively, by status:%s", summary(counts))
}
