//go:build !(js && wasm)

package main

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/edgecache"
	"github.com/infercost/infercost/wasm/edgedata"
)

// BenchmarkAnswers measures the worker's Go work per request natively
// (no module start, no network): an API answer, a page and a card, each
// computed (a query of its own each time), from the edge's cache, and as
// a 304.
func BenchmarkAnswers(b *testing.B) {
	l := presetLinks(b)[0]
	for _, path := range []string{"/api/v1/tco?ed=2026-11-30", l.page(), l.card()} {
		for _, how := range []string{computed, cached, notModified} {
			b.Run(strings.NewReplacer("/", "_", "?", "_").Replace(path)+"/"+how, func(b *testing.B) {
				cache := &memCache{m: map[string]edgecache.Entry{}}
				h := edgecache.Handler(handler(http.NotFoundHandler(), edgedata.Pages(), testWorkerURL), cache)
				serve := func(path string, headers ...string) *httptest.ResponseRecorder {
					req := httptest.NewRequest("GET", path, nil)
					for i := 0; i+1 < len(headers); i += 2 {
						req.Header.Set(headers[i], headers[i+1])
					}
					w := httptest.NewRecorder()
					h.ServeHTTP(w, req)
					return w
				}
				// The first answer: computed, and kept.
				var headers []string
				if first := serve(path); how == notModified {
					headers = []string{"If-None-Match", first.Header().Get("ETag")}
				}
				i := 0
				for b.Loop() {
					p := path
					if how == computed {
						i++
						p += "&m=" + strconv.Itoa(i)
					}
					if w := serve(p, headers...); w.Code != 200 && w.Code != 304 {
						b.Fatalf("%s: %d", p, w.Code)
					}
				}
			})
		}
	}
}
