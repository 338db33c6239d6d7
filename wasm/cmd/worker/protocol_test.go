//go:build !(js && wasm)

package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/edgecache"
	"github.com/infercost/infercost/wasm/edgedata"
)

// headPaths are requests whose HEAD must answer as their GET: API
// answers and problems, a scenario page, a card, and a calculator's
// static page (the site's files).
func headPaths(t testing.TB) []string {
	l := presetLinks(t)[0]
	return []string{"/api/v1/tco?ed=2026-11-30", "/api/v1/openapi.json", "/api/v1/tco?a.n=-1", "/api/v1/nope",
		l.page(), l.card(), l.in("de").page(), "/tco/"}
}

// headLikeGet checks that HEAD of each path answers as its GET does
// (RFC 9110 §9.3.2): the same status, Content-Type, ETag and
// Cache-Control, the GET's Content-Length where it has one, and no
// body. Both ask for no compression; workerd still streams a page's
// GET without a length (chunked), which RFC 9110 allows.
func headLikeGet(t *testing.T, base string, paths []string) {
	t.Helper()
	for _, path := range paths {
		get, body := apitest.Get(t, "GET", base+path, "Accept-Encoding", "identity")
		head, headBody := apitest.Get(t, "HEAD", base+path, "Accept-Encoding", "identity")
		if head.StatusCode != get.StatusCode || len(headBody) != 0 {
			t.Errorf("HEAD %s: %d with %d bytes; GET %d", path, head.StatusCode, len(headBody), get.StatusCode)
			continue
		}
		for _, h := range []string{"Content-Type", "ETag", "Cache-Control"} {
			if head.Header.Get(h) != get.Header.Get(h) {
				t.Errorf("HEAD %s: %s %q; GET %q", path, h, head.Header.Get(h), get.Header.Get(h))
			}
		}
		// A length, where the GET's is said, is its body's.
		if n := get.Header.Get("Content-Length"); n != "" && (n != strconv.Itoa(len(body)) || head.Header.Get("Content-Length") != n) {
			t.Errorf("%s: Content-Length %q of a %d-byte body; HEAD %q", path, n, len(body), head.Header.Get("Content-Length"))
		}
	}
}

// nativeSite returns the worker's handler natively on 127.0.0.1 with a
// stand-in site of files (tco/index.html).
func nativeSite(t *testing.T) *httptest.Server {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "tco"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tco", "index.html"), []byte("<!doctype html><title>tco</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler(http.FileServer(http.Dir(dir)), edgedata.Pages(), testWorkerURL))
	t.Cleanup(srv.Close)
	return srv
}

// Natively, HEAD answers as GET without the body.
func TestHeadAnswersAsGet(t *testing.T) {
	headLikeGet(t, nativeSite(t).URL, headPaths(t))
}

// The development server gives a client a bounded time for its headers
// (http.Server waits for ever without ReadHeaderTimeout), and accepts
// only GET and HEAD for the site's files and pages, GET, HEAD and
// OPTIONS (a CORS preflight) for the API.
func TestDevServerBoundsHeadersAndMethods(t *testing.T) {
	if devServer(nil).ReadHeaderTimeout <= 0 {
		t.Error("no ReadHeaderTimeout")
	}
	base := nativeSite(t).URL
	for _, c := range []struct {
		method, path, allow string
	}{
		{"POST", "/tco/", "GET, HEAD"}, {"PUT", "/index.html", "GET, HEAD"}, {"DELETE", presetLinks(t)[0].page(), "GET, HEAD"},
		{"POST", "/api/v1/tco", "GET, HEAD, OPTIONS"},
	} {
		res, _ := apitest.Get(t, c.method, base+c.path)
		if res.StatusCode != 405 || res.Header.Get("Allow") != c.allow {
			t.Errorf("%s %s: %d, Allow %q; want 405, %q", c.method, c.path, res.StatusCode, res.Header.Get("Allow"), c.allow)
		}
	}
}

// Everything under /api/ but the API's reference page is the API's: a
// path it does not know is a 404 problem, not the site's 404 page; a
// calculator's index.html with a query is its folder's link.
func TestAPIPathsAndIndexHTML(t *testing.T) {
	base := nativeSite(t).URL
	apiProblems(t, base)
	indexHTMLIsTheFolder(t, base)
}

// apiProblems checks that unknown paths under /api/ are 404 problems.
func apiProblems(t *testing.T, base string) {
	t.Helper()
	for _, path := range []string{"/api/v2/tco", "/api/nope", "/api/v1/tco/x", "/api/v0"} {
		res, body := apitest.Get(t, "GET", base+path)
		if res.StatusCode != 404 || res.Header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("%s: %d %s %.100s; want a 404 problem", path, res.StatusCode, res.Header.Get("Content-Type"), body)
		}
	}
}

// indexHTMLIsTheFolder checks that CALC/index.html?QUERY is CALC/?QUERY.
func indexHTMLIsTheFolder(t *testing.T, base string) {
	t.Helper()
	l := presetLinks(t)[0]
	for _, lang := range linkLangs {
		page := l.in(lang).page()
		_, want := apitest.Get(t, "GET", base+page)
		res, got := apitest.Get(t, "GET", base+strings.Replace(page, "/?", "/index.html?", 1))
		if res.StatusCode != 200 || !bytes.Equal(got, want) {
			t.Errorf("%s as index.html: %d, %d bytes; want the %d bytes of the folder's", page, res.StatusCode, len(got), len(want))
		}
	}
}

// countingStore is the embedded data, counting the engine's runs: each
// Set is one answer computed (its data decoded, its page built).
type countingStore struct {
	edgedata.Store
	sets atomic.Int64
}

func (c *countingStore) Set(name, rawQuery string) (*calc.Set, error) {
	c.sets.Add(1)
	return c.Store.Set(name, rawQuery)
}

// memCache is an edge cache in memory, as caches.default keeps answers.
type memCache struct {
	mu sync.Mutex
	m  map[string]edgecache.Entry
}

func (c *memCache) Match(key string) (edgecache.Entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[key]
	return e, ok
}

func (c *memCache) Put(key string, e edgecache.Entry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key] = e
}

// cachedPaths are computed answers that the edge keeps: pinned and
// latest API answers, a catalog, pages and cards in both languages.
func cachedPaths(t testing.TB) []string {
	l := presetLinks(t)[1]
	return []string{"/api/v1/tco?ed=2026-11-30&a.n=4", "/api/v1/memory", "/api/v1/catalog/gpus?ed=2026-11-30",
		l.page() + "&ed=2026-11-30", l.card(), l.in("de").page()}
}

// A request that names the ETag it holds (If-None-Match) gets 304
// without an engine run, and an answer the edge's cache keeps is sent
// without one, also for the same query with its pairs in another order
// (the canonical URL); the ETag is made before computing, from the
// build, the edition and the canonical query.
func TestConditionalAndCachedAnswersRunNoEngine(t *testing.T) {
	store := &countingStore{}
	cache := &memCache{m: map[string]edgecache.Entry{}}
	srv := httptest.NewServer(edgecache.Handler(handlerWith(http.FileServer(http.Dir(t.TempDir())), edgedata.Pages(), testWorkerURL, store), cache))
	defer srv.Close()
	for _, path := range cachedPaths(t) {
		before := store.sets.Load()
		res, body := apitest.Get(t, "GET", srv.URL+path)
		etag := res.Header.Get("ETag")
		if res.StatusCode != 200 || etag == "" || store.sets.Load() != before+1 {
			t.Errorf("%s: %d, ETag %q, %d engine runs; want 200 with an ETag, one run", path, res.StatusCode, etag, store.sets.Load()-before)
			continue
		}
		res, b := apitest.Get(t, "GET", srv.URL+path, "If-None-Match", etag)
		if res.StatusCode != 304 || len(b) != 0 || res.Header.Get("ETag") != etag || res.Header.Get("Cache-Control") == "" {
			t.Errorf("%s with If-None-Match: %d, %d bytes, ETag %q, Cache-Control %q", path, res.StatusCode, len(b), res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
		}
		p, q, _ := strings.Cut(path, "?")
		pairs := strings.Split(q, "&")
		slices.Reverse(pairs)
		for _, again := range []string{path, p + "?" + strings.Join(pairs, "&")} {
			res, b = apitest.Get(t, "GET", srv.URL+again)
			if res.StatusCode != 200 || !bytes.Equal(b, body) || res.Header.Get("ETag") != etag {
				t.Errorf("%s from the cache: %d, %d bytes (want %d), ETag %q", again, res.StatusCode, len(b), len(body), res.Header.Get("ETag"))
			}
		}
		if n := store.sets.Load() - before; n != 1 {
			t.Errorf("%s: %d engine runs for a 200, a 304 and two cached answers; want 1", path, n)
		}
	}
	// Without a cache (natively), a 304 still runs no engine.
	plain := httptest.NewServer(handlerWith(http.FileServer(http.Dir(t.TempDir())), edgedata.Pages(), testWorkerURL, store))
	defer plain.Close()
	for _, path := range cachedPaths(t) {
		res, _ := apitest.Get(t, "GET", plain.URL+path)
		before := store.sets.Load()
		res, _ = apitest.Get(t, "GET", plain.URL+path, "If-None-Match", `"x", `+res.Header.Get("ETag"))
		if res.StatusCode != 304 || store.sets.Load() != before {
			t.Errorf("%s with If-None-Match, no cache: %d, %d engine runs", path, res.StatusCode, store.sets.Load()-before)
		}
	}
}

// An answer's ETag names its edition and query: another edition, another
// value or the other language is another tag; a rejected query has none.
func TestETagsNameEditionQueryAndLanguage(t *testing.T) {
	base := nativeSite(t).URL
	tags := map[string]string{}
	l := presetLinks(t)[0]
	for _, path := range []string{"/api/v1/tco?ed=2026-11-30", "/api/v1/tco?ed=2026-12-04", "/api/v1/tco?ed=2026-11-30&a.n=4", "/api/v1/tco",
		l.page(), l.in("de").page(), l.card(), l.in("de").card()} {
		res, _ := apitest.Get(t, "GET", base+path)
		tag := res.Header.Get("ETag")
		if other, ok := tags[tag]; ok || tag == "" {
			t.Errorf("%s: ETag %q, as %s", path, tag, other)
		}
		tags[tag] = path
	}
	if res, _ := apitest.Get(t, "GET", base+"/api/v1/tco?a.n=-1"); res.StatusCode != 400 || res.Header.Get("ETag") != "" {
		t.Errorf("a rejected query: %d, ETag %q", res.StatusCode, res.Header.Get("ETag"))
	}
}
