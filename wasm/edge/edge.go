// Package edge is the worker's front door: it sends /api/ to the JSON API,
// a calculator's page with a query (and /card/...) to Pages, and anything
// else to Files, and turns a panic anywhere into a 500 problem. It answers
// HEAD as GET, and a method other than GET and HEAD outside the API
// with 405. The same
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
	case isAPI(r.URL.Path):
		h.API.ServeHTTP(w, r)
	case r.Method != http.MethodGet:
		// The site's files and pages are only read.
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
	case IsPage(r.URL.Path, r.URL.RawQuery):
		if folder, ok := strings.CutSuffix(r.URL.Path, "/index.html"); ok {
			// A folder's index.html is the folder, as a static host serves it.
			r = r.Clone(r.Context())
			r.URL.Path, r.URL.RawPath = folder+"/", ""
		}
		h.Pages.ServeHTTP(w, r)
	default:
		h.Files.ServeHTTP(w, r)
	}
}

// apiRoot is the path under which every answer is the API's, a problem
// where it has none, but for the API's reference page (gen's api/).
const apiRoot = "/api/"

// isAPI reports whether path is the API's: under apiRoot, or api.Prefix
// without its slash.
func isAPI(path string) bool {
	rest, ok := strings.CutPrefix(path, apiRoot)
	return ok && rest != "" && rest != "index.html" || path+"/" == api.Prefix
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
