// Package edge is the worker's front door: it sends /api/ to the JSON API,
// a calculator's page with a query (and /card/...) to Pages, and anything
// else to Files, and turns a panic anywhere into a 500 problem. The same
// handler runs natively (make worker) and under workerd (wasm/cmd/worker).
package edge

import (
	"log"
	"net/http"
	"strings"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Handler routes the worker's requests.
type Handler struct {
	// API answers under api.Prefix.
	API http.Handler
	// Pages answers a calculator's URL that carries a query (/tco/?…,
	// also under a language prefix such as /de/tco/?…) and /card/…
	// (/de/card/…):
	// the scenario's page and link preview (package preview's handler).
	Pages http.Handler
	// Files serves the built site (public/).
	Files http.Handler
}

// ServeHTTP routes r, recovering a panic as a 500 problem.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			// The log says what broke; the answer says nothing of it.
			log.Printf("edge: panic serving %s: %v", r.URL.Path, v)
			api.WriteProblem(w, api.Problem{Status: http.StatusInternalServerError,
				Detail: "The server failed on this request; the failure is logged."})
		}
	}()
	if r.Method == http.MethodHead {
		r = asGet(r)
	}
	switch {
	case strings.HasPrefix(r.URL.Path, api.Prefix) || r.URL.Path+"/" == api.Prefix:
		h.API.ServeHTTP(w, r)
	case IsPage(r.URL.Path, r.URL.RawQuery):
		h.Pages.ServeHTTP(w, r)
	default:
		h.Files.ServeHTTP(w, r)
	}
}

// asGet returns a HEAD request as a GET. HEAD is GET without the
// content (RFC 9110 §9.3.2), which the server drops: Go's net/http
// eats the body of a HEAD answer and workerd sends none. Answering it
// as GET gives it the GET's status and headers, Content-Length
// included; under workerd a Content-Length with no body would fail
// (syumai/workers streams a declared length through a
// FixedLengthStream, which then errors: a 500).
func asGet(r *http.Request) *http.Request {
	r = r.Clone(r.Context())
	r.Method = http.MethodGet
	return r
}

// IsPage reports whether a request is Pages': a calculator's page with a
// query, or a link preview's card, also under a language prefix such as
// /de/ (/de/tco/?…, /de/card/tco.png).
func IsPage(path, rawQuery string) bool {
	lang := Lang(path)
	rest := strings.TrimPrefix(path, "/")
	if lang != "" {
		rest = rest[len(lang)+1:]
	}
	if strings.HasPrefix(rest, "card/") {
		return true
	}
	if rawQuery == "" {
		return false
	}
	for _, name := range sitedata.Calculators {
		if rest == name+"/" || rest == name+"/index.html" {
			return true
		}
	}
	return false
}

// Lang returns the language prefix of a path ("de" for /de/tco/), or ""
// for the site's first language, which has none.
func Lang(path string) string {
	lang, after, ok := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if ok && len(lang) == 2 && after != "" {
		return lang
	}
	return ""
}
