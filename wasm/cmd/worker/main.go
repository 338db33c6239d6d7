// Command worker is the edge host of the calculators: the JSON API and,
// for a calculator's link with a query, the page (see package edge). It
// only wires: under workerd (GOOS=js GOARCH=wasm, wrangler.toml at the
// top level) workers.Serve hands it Cloudflare's requests, static files
// come from the site's assets and the calculator pages it renders into
// are compiled in (edgedata.Pages); natively (make worker) it serves the
// built site from public/ on 127.0.0.1:$PORT.
package main

import (
	"io/fs"
	"log"
	"net/http"
	"sync"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/edge"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/preview"
)

// handler is the worker's handler with files serving the built site and
// site holding its calculator pages (CALC/index.html), as gen wrote them.
func handler(files http.Handler, site fs.FS) http.Handler {
	store := &edgedata.Store{}
	return edge.Handler{API: api.New(store), Pages: pages(site, store, files), Files: files}
}

// pages returns the handler of scenario links and cards (package
// preview), made on first use: under workerd every request starts the
// module afresh, and an API request then reads no page and parses no
// font. A worker whose pages are missing (built without make
// worker-data) logs why and serves the static pages, as a static host
// would.
func pages(site fs.FS, calcs preview.Calcs, files http.Handler) http.Handler {
	get := sync.OnceValue(func() http.Handler {
		base, siteURL, err := preview.Where(site)
		var h http.Handler
		if err == nil {
			h, err = preview.New(preview.Config{Site: site, Calcs: calcs, Base: base, SiteURL: siteURL})
		}
		if err != nil {
			log.Printf("worker: no server-rendered pages: %v", err)
			return files
		}
		return h
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if edge.Lang(r.URL.Path) != "" {
			// Another language's pages (/de/tco/?…) are static until
			// they have a preview handler of their own (see package
			// preview): its base, its sub-tree of the pages and
			// calculators that speak it.
			files.ServeHTTP(w, r)
			return
		}
		get().ServeHTTP(w, r)
	})
}
