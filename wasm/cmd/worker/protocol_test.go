//go:build !(js && wasm)

package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api/apitest"
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
	srv := httptest.NewServer(handler(http.FileServer(http.Dir(dir)), edgedata.Pages()))
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
