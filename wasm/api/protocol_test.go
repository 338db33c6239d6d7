package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/edgedata"
)

// Every answer of the API, of every status it documents, is valid against
// the OpenAPI document it serves, which is itself a valid OpenAPI 3.1
// document (kin-openapi validates both); so is every example the document
// gives by its URL (externalValue), with the status it is given for.
func TestAnswersMatchTheOpenAPIDocument(t *testing.T) {
	srv := server(t)
	res, body := get(t, srv, "GET", "/api/v1/openapi.json")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("openapi.json: %d", res.StatusCode)
	}
	ctx := context.Background()
	doc, err := openapi3.NewLoader().LoadFromData(body)
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() || doc.IsOpenAPI32OrLater() {
		t.Errorf("openapi %q; want 3.1", doc.OpenAPI)
	}
	// kin-openapi reads an example given by URL as null: each is asked
	// below instead.
	if err := doc.Validate(ctx, openapi3.DisableExamplesValidation()); err != nil {
		t.Fatal(err)
	}
	doc.Servers = openapi3.Servers{{URL: srv.URL}}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path   string
		status int
	}{
		{"/api/v1/tco", 200}, {"/api/v1/memory?preset=llama-3-70b-h100", 200}, {"/api/v1/performance?ed=2026-11-30", 200},
		{"/api/v1/pricing", 200}, {"/api/v1/tco?a.n=0&b.gpu=nope", 400}, {"/api/v1/memory?ctx=NaN", 400},
		{"/api/v1/tco?x=" + strings.Repeat("9", api.MaxQuery), 414},
		{"/api/v1/catalog/gpus", 200}, {"/api/v1/catalog/models?ed=2026-11-30", 200}, {"/api/v1/catalog/apis", 200},
		{"/api/v1/catalog/rental", 200}, {"/api/v1/catalog/rental?ed=1999-01-01", 400}, {"/api/v1/catalog/cpus", 404},
		{"/api/v1/catalog/gpus?q=1", 400},
		{"/api/v1/editions", 200}, {"/api/v1/editions?x=1", 400}, {"/api/v1/presets/tco", 200},
		{"/api/v1/presets/pricing?ed=2026-11-30", 200}, {"/api/v1/presets/nope", 404}, {"/api/v1/presets/memory?ed=1999-01-01", 400},
		{"/api/v1/tco?m.p=70&a.n=16;b.n=9&v=2", 200},
	}
	examples := 0
	for _, item := range doc.Paths.Map() {
		for status, res := range item.Get.Responses.Map() {
			for _, media := range res.Value.Content {
				for _, ex := range media.Examples {
					if u := ex.Value.ExternalValue; u != "" {
						code, _ := strconv.Atoi(status)
						cases = append(cases, struct {
							path   string
							status int
						}{u, code})
						examples++
					}
				}
			}
		}
	}
	if examples < 9 {
		t.Errorf("%d examples by URL; want one at least for each calculator's answer and rejection, and the catalog", examples)
	}
	for _, c := range cases {
		req, err := http.NewRequest("GET", srv.URL+c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, body := get(t, srv, "GET", c.path)
		if res.StatusCode != c.status {
			t.Errorf("%s: status %d; want %d: %s", c.path, res.StatusCode, c.status, body)
			continue
		}
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
			Options: &openapi3filter.Options{ExcludeRequestQueryParams: true}}
		if err := openapi3filter.ValidateResponse(ctx, &openapi3filter.ResponseValidationInput{
			RequestValidationInput: in, Status: res.StatusCode, Header: res.Header, Body: io.NopCloser(bytes.NewReader(body)),
			Options: &openapi3filter.Options{IncludeResponseStatus: true},
		}); err != nil {
			t.Errorf("%s: %d answer does not match the document: %v", c.path, res.StatusCode, err)
		}
	}
}

// A query with rejected values is a 400 problem that lists every rejected
// field with the page's message; the figures are not sent.
func TestRejectedInputsAreA400ListingEveryField(t *testing.T) {
	srv := server(t)
	res, body := get(t, srv, "GET", "/api/v1/tco?a.n=-5&a.gpu=%3Cscript%3E&slo=1e400")
	if res.StatusCode != 400 || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("status %d, %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var p api.Problem
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	var fields []string
	for _, e := range p.Errors {
		fields = append(fields, e.Field)
		if e.Message == "" || e.Label == "" {
			t.Errorf("%s: no label or message: %+v", e.Field, e)
		}
	}
	// Each rejected field once, in the form's order (the calculator's).
	if got := strings.Join(fields, ","); len(fields) != 3 || !strings.Contains(got, "a.n") || !strings.Contains(got, "a.gpu") || !strings.Contains(got, "slo") {
		t.Errorf("errors for %q; want a.n, a.gpu and slo", got)
	}
	if p.Type != api.TypeInvalidQuery || p.Title != "Bad Request" || p.Status != 400 {
		t.Errorf("problem %+v", p)
	}
	if bytes.Contains(body, []byte("<")) {
		t.Errorf("the problem repeats markup: %s", body)
	}
}

// Unknown paths are 404 problems, other methods 405, over-long queries
// 414, all with CORS headers.
func TestUnknownPathsMethodsAndLongQueriesAreProblems(t *testing.T) {
	srv := server(t)
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/api/v1/", 404}, {"GET", "/api/v1/tco/", 404}, {"GET", "/api/v2/tco", 404}, {"GET", "/api/v1/catalog/", 404},
		{"POST", "/api/v1/tco", 405}, {"DELETE", "/api/v1/catalog/gpus", 405},
		{"GET", "/api/v1/tco?a.n=" + strings.Repeat("1", api.MaxQuery-4), 200},
		{"GET", "/api/v1/tco?a.n=" + strings.Repeat("1", api.MaxQuery-3), 414},
		{"GET", "/api/v1/nope?" + strings.Repeat("x", 100_000), 414},
	} {
		res, body := get(t, srv, c.method, c.path)
		// A 200 here is a 400 for a number too long: both are read.
		if c.status == 200 && res.StatusCode == 400 {
			continue
		}
		if res.StatusCode != c.status {
			t.Errorf("%s %.60s: %d; want %d", c.method, c.path, res.StatusCode, c.status)
			continue
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/problem+json" {
			t.Errorf("%s %.60s: %s", c.method, c.path, ct)
		}
		var p api.Problem
		if err := json.Unmarshal(body, &p); err != nil || p.Status != c.status || p.Title != http.StatusText(c.status) {
			t.Errorf("%s %.60s: problem %s (%v)", c.method, c.path, body, err)
		}
		if res.Header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("%s %.60s: no CORS header", c.method, c.path)
		}
	}
}

// Any origin may read the API: GET answers allow it, and a preflight
// (OPTIONS) is answered 204 with the methods and header allowed.
func TestCrossOriginReadsAreAllowed(t *testing.T) {
	srv := server(t)
	res, _ := get(t, srv, "GET", "/api/v1/memory", "Origin", "https://example.org")
	if res.Header.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(res.Header.Get("Access-Control-Expose-Headers"), "ETag") {
		t.Errorf("GET headers %v", res.Header)
	}
	res, body := get(t, srv, "OPTIONS", "/api/v1/memory", "Origin", "https://example.org",
		"Access-Control-Request-Method", "GET", "Access-Control-Request-Headers", "if-none-match")
	if res.StatusCode != 204 || len(body) != 0 || res.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(res.Header.Get("Access-Control-Allow-Methods"), "GET") ||
		!strings.Contains(res.Header.Get("Access-Control-Allow-Headers"), "If-None-Match") {
		t.Errorf("preflight: %d %v", res.StatusCode, res.Header)
	}
}

// An answer carries an ETag and a Cache-Control by edition: a day when
// the query pins its edition, five minutes when it follows the latest;
// the same ETag in If-None-Match gets 304 with no body, another edition
// another ETag.
func TestETagsAndCachingFollowTheEdition(t *testing.T) {
	srv := server(t)
	res, _ := get(t, srv, "GET", "/api/v1/tco?ed=2026-11-30")
	etag := res.Header.Get("ETag")
	if etag == "" || res.Header.Get("Cache-Control") != "public, max-age=86400" {
		t.Fatalf("pinned: ETag %q, Cache-Control %q", etag, res.Header.Get("Cache-Control"))
	}
	res, body := get(t, srv, "GET", "/api/v1/tco?ed=2026-11-30", "If-None-Match", etag)
	if res.StatusCode != 304 || len(body) != 0 || res.Header.Get("ETag") != etag {
		t.Errorf("If-None-Match: %d, %d bytes, ETag %q", res.StatusCode, len(body), res.Header.Get("ETag"))
	}
	res, _ = get(t, srv, "GET", "/api/v1/tco?ed=2026-11-30", "If-None-Match", `"other", W/`+etag)
	if res.StatusCode != 304 {
		t.Errorf("a list with the weak ETag: %d", res.StatusCode)
	}
	latest, _ := get(t, srv, "GET", "/api/v1/tco")
	if latest.Header.Get("ETag") == etag || latest.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("latest: ETag %q, Cache-Control %q", latest.Header.Get("ETag"), latest.Header.Get("Cache-Control"))
	}
	res, _ = get(t, srv, "GET", "/api/v1/tco", "If-None-Match", etag)
	if res.StatusCode != 200 {
		t.Errorf("another edition's ETag: %d", res.StatusCode)
	}
	if n, _ := strconv.Atoi(latest.Header.Get("Content-Length")); n == 0 {
		t.Errorf("no Content-Length")
	}
}

// Each rejected input has a problem type of its kind and says what is
// wrong in the API's words, not the page's ("Using … instead"): an
// unknown option lists the allowed values, an out-of-range number its
// bounds (a.n takes 1 to 100000 GPUs: tcoview's field), a bad number
// how to write one, an unknown edition the editions.
func TestRejectedInputsSayTheirKind(t *testing.T) {
	srv := server(t)
	d, err := edgedata.Dates()
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(d) // the form lists the newest first
	for _, c := range []struct {
		query, field, kind string
		allowed            []string
		min, max           float64
		message            string
	}{
		{"a.gpu=nope", "a.gpu", "unknown-option", nil, 0, 0, "Not one of: "},
		{"a.n=-5", "a.n", "out-of-range", nil, 1, 100000, "Must be between 1 and 100000."},
		{"a.n=1e400", "a.n", "out-of-range", nil, 1, 100000, "Must be between 1 and 100000."},
		{"a.n=12abc", "a.n", "bad-number", nil, 0, 0, "Not a number; write it like 1500, 0.3 or 1.5e3."},
		{"a.n=2.5", "a.n", "bad-number", nil, 0, 0, "Must be a whole number."},
		{"ed=1999-01-01", "ed", "unknown-edition", d, 0, 0, "Not one of: " + strings.Join(d, ", ") + "."},
		{"cur=XYZ", "cur", "unknown-option", []string{"USD", "EUR", "CNY"}, 0, 0, "Not one of: USD, EUR, CNY."},
	} {
		res, body := get(t, srv, "GET", "/api/v1/tco?"+c.query)
		var p api.Problem
		if err := json.Unmarshal(body, &p); err != nil || res.StatusCode != 400 || len(p.Errors) != 1 {
			t.Errorf("%s: %d %s", c.query, res.StatusCode, body)
			continue
		}
		e := p.Errors[0]
		if e.Type != api.ProblemTypes+c.kind || e.Field != c.field || !strings.HasPrefix(e.Message, c.message) || strings.Contains(e.Message, "instead") {
			t.Errorf("%s: %+v; want a %s of %s saying %q", c.query, e, c.kind, c.field, c.message)
		}
		if c.allowed != nil && !slices.Equal(e.Allowed, c.allowed) {
			t.Errorf("%s: allowed %v; want %v", c.query, e.Allowed, c.allowed)
		}
		if c.kind == "unknown-option" && (len(e.Allowed) == 0 || e.Message != "Not one of: "+strings.Join(e.Allowed, ", ")+".") {
			t.Errorf("%s: allowed %v, message %q", c.query, e.Allowed, e.Message)
		}
		if (e.Min != nil || e.Max != nil) != (c.kind == "out-of-range") || e.Min != nil && (*e.Min != c.min || *e.Max != c.max) {
			t.Errorf("%s: min %v, max %v; want %v and %v", c.query, e.Min, e.Max, c.min, c.max)
		}
	}
	res, body := get(t, srv, "GET", "/api/v1/catalog/gpus?ed=1999-01-01")
	var p api.Problem
	if err := json.Unmarshal(body, &p); err != nil || res.StatusCode != 400 || len(p.Errors) != 1 || p.Errors[0].Type != api.TypeUnknownEdition ||
		!slices.Equal(p.Errors[0].Allowed, d) {
		t.Errorf("a catalog's unknown edition: %d %s", res.StatusCode, body)
	}
}

// A currency code is read in any letter case: cur=eur is cur=EUR, the
// same answer.
func TestCurrencyCodesIgnoreCase(t *testing.T) {
	srv := server(t)
	_, want := get(t, srv, "GET", "/api/v1/tco?cur=EUR")
	for _, q := range []string{"cur=eur", "cur=Eur"} {
		res, got := get(t, srv, "GET", "/api/v1/tco?"+q)
		if res.StatusCode != 200 || !bytes.Equal(got, want) {
			t.Errorf("%s: %d, not the answer of cur=EUR: %.200s", q, res.StatusCode, got)
		}
	}
}
