//go:build !(js && wasm)

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
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
