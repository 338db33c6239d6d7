// Package api is the JSON API of the calculators: GET
// /api/v1/{tco,memory,performance,pricing}?QUERY answers with what the
// calculator's page shows for the page's own query (see package calc),
// /api/v1/catalog/{gpus,models,apis,rental} with a catalog of an edition,
// /api/v1/editions with the data editions, /api/v1/presets/{calculator}
// with a calculator's presets, and /api/v1/openapi.json describes them
// all. Answers with figures or data name their edition in the header
// InferCost-Edition. It runs in the worker (see
// wasm/cmd/worker), natively and under workerd, and computes nothing
// itself: every figure comes from the view packages the browser runs.
//
// Errors are RFC 9457 problem details (application/problem+json): 400
// for a rejected input, with every field's message; 404 for an unknown
// path; 405 for a method other than GET, HEAD or OPTIONS; 414 for a query
// longer than MaxQuery. Every answer allows any origin (CORS); figures
// carry an ETag and Cache-Control by edition.
package api

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Prefix is the path under which the API answers.
const Prefix = "/api/v1/"

// MaxQuery is the longest query string, in bytes, that the API reads.
// The longest link the pages write (twelve compared APIs, a custom model
// and GPU, a search) is under 2 KB; 8 KB leaves room for any hand-made
// one, and Cloudflare refuses URLs over 16 KB anyway.
const MaxQuery = 8192

// Cache lifetimes: a query that pins its edition (every link the pages
// write does) has figures that never change (see wasm/calc's sealed
// test); one without follows the latest edition, which a deploy moves.
const (
	cachePinned = "public, max-age=86400"
	cacheLatest = "public, max-age=300"
)

//go:embed openapi.json
var openAPI []byte

// Document returns the API's OpenAPI 3.1 document, as Prefix+"openapi.json"
// serves it: gen writes the site's API reference from it.
func Document() []byte { return bytes.Clone(openAPI) }

// Handler answers the API's requests from the data editions in Store.
type Handler struct {
	Store *edgedata.Store
}

// New returns the API's handler.
func New(store *edgedata.Store) *Handler { return &Handler{Store: store} }

// ServeHTTP routes a request under Prefix.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cors(w.Header())
	if len(r.URL.RawQuery) > MaxQuery {
		writeProblem(w, Problem{Status: http.StatusRequestURITooLong,
			Detail: "The query is longer than " + strconv.Itoa(MaxQuery) + " bytes, the most the API reads."})
		return
	}
	name, ok := strings.CutPrefix(r.URL.Path, Prefix)
	route := routes(name)
	if !ok || route == nil {
		writeProblem(w, Problem{Status: http.StatusNotFound, Detail: "No such API path; see " + Prefix + "openapi.json."})
		return
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	case http.MethodOptions:
		// A preflight: cors has said what is allowed.
		w.Header().Set("Access-Control-Max-Age", "86400")
		w.WriteHeader(http.StatusNoContent)
		return
	default:
		w.Header().Set("Allow", "GET, HEAD, OPTIONS")
		writeProblem(w, Problem{Status: http.StatusMethodNotAllowed, Detail: "The API only reads: use GET."})
		return
	}
	route(h, w, r)
}

// routes returns the handler of a path below Prefix, or nil.
func routes(name string) func(*Handler, http.ResponseWriter, *http.Request) {
	if name == "openapi.json" {
		return func(_ *Handler, w http.ResponseWriter, r *http.Request) {
			writeJSON(w, r, http.StatusOK, "application/json", openAPI, cacheLatest)
		}
	}
	for _, c := range sitedata.Calculators {
		if name == c {
			return func(h *Handler, w http.ResponseWriter, r *http.Request) { h.calculator(w, r, c) }
		}
	}
	if c, ok := strings.CutPrefix(name, "catalog/"); ok && hasCatalog(c) {
		return func(h *Handler, w http.ResponseWriter, r *http.Request) { h.catalog(w, r, c) }
	}
	if name == "editions" {
		return (*Handler).editions
	}
	if c, ok := strings.CutPrefix(name, "presets/"); ok && slices.Contains(sitedata.Calculators, c) {
		return func(h *Handler, w http.ResponseWriter, r *http.Request) { h.presets(w, r, c) }
	}
	return nil
}

// cors allows any origin to read the API: it holds no one's data and
// takes no credentials.
func cors(h http.Header) {
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
	h.Set("Access-Control-Allow-Headers", "If-None-Match")
	h.Set("Access-Control-Expose-Headers", "ETag, "+EditionHeader)
}

// cacheFor returns the Cache-Control of an answer to a raw query.
func cacheFor(rawQuery string) string {
	if edition.Of(rawQuery) != "" {
		return cachePinned
	}
	return cacheLatest
}

// writeJSON writes body with an ETag of its content, or 304 Not Modified
// when the request already has it (If-None-Match). The figures depend on
// the edition, the query and the code, and the body on all three, so a
// hash of the body is an ETag per edition that a deploy of new code
// renews only where the answer changed.
func writeJSON(w http.ResponseWriter, r *http.Request, status int, contentType string, body []byte, cache string) {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", cache)
	if status == http.StatusOK && matches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// matches reports whether an If-None-Match header names etag (weakly, as
// RFC 9110 asks of If-None-Match), or is "*".
func matches(header, etag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// marshal writes v as JSON. encoding/json escapes <, > and & in strings,
// so that no answer holds markup from a query, whatever reads it.
func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Every value written is built here from finite numbers and
		// strings; a failure is a bug, recovered as a 500 (see edge).
		panic("api: " + err.Error())
	}
	return b
}

// hasCatalog reports whether the API lists a catalog of that name.
func hasCatalog(name string) bool {
	_, ok := catalogs[name]
	return ok
}
