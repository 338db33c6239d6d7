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
// for a rejected input (TypeInvalidQuery), with every field's kind and
// message; 404 for an unknown path; 405 for a method other than GET, HEAD
// or OPTIONS; 414 for a query longer than MaxQuery. Every answer allows
// any origin (CORS); figures carry an ETag made before they are computed
// (see package edgecache) and Cache-Control by edition.
package api

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/edgecache"
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
	Store Calcs
	// Site is the built site whose calculator pages name the build in
	// the answers' ETags (see send); nil tags each answer by its body.
	Site fs.FS
}

// Calcs gives the API its calculators (edgedata.Store).
type Calcs interface {
	// Set returns calculators for calculator name's page for rawQuery,
	// for one request (see preview.Calcs).
	Set(name, rawQuery string) (*calc.Set, error)
	// Edition returns the data edition of rawQuery's figures without
	// computing them.
	Edition(rawQuery string) (string, error)
}

// New returns the API's handler of store's calculators, its ETags naming
// the build of site (nil: by the answer's content).
func New(store Calcs, site fs.FS) *Handler { return &Handler{Store: store, Site: site} }

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
		return func(h *Handler, w http.ResponseWriter, r *http.Request) {
			// Of no data file: tagged by its content.
			h.send(w, r, "", cacheLatest, func() ([]byte, error) { return openAPI, nil })
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

// send answers r with the JSON that render returns, via edgecache: its
// ETag is made before render runs, so that a 304 or an answer the edge
// keeps costs no engine run. The tag names the build by the page of the
// calculator whose data file the answer reads (file/index.html in Site:
// it names the build's version, engine and data files by hash), then
// parts (kind, edition, canonical query). Without that page the tag is
// the body's hash, made after render. render's Problem is written as
// such.
func (h *Handler) send(w http.ResponseWriter, r *http.Request, file, cache string, render func() ([]byte, error), parts ...string) {
	e := edgecache.Entry{ContentType: "application/json", CacheControl: cache}
	var page []byte
	if h.Site != nil && file != "" {
		page, _ = fs.ReadFile(h.Site, file+"/index.html")
	}
	if page != nil {
		e.ETag = edgecache.Tag(page, parts...)
	} else {
		body, err := render()
		if err != nil {
			writeProblem(w, asProblem(err))
			return
		}
		e.ETag, render = edgecache.Tag(body), func() ([]byte, error) { return body, nil }
	}
	if err := edgecache.Send(w, r, e, render); err != nil {
		writeProblem(w, asProblem(err))
	}
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
