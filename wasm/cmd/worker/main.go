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
	return handlerWith(files, site, &edgedata.Store{})
}

// handlerWith is handler with store's calculators.
func handlerWith(files http.Handler, site fs.FS, store calcs) http.Handler {
	return edge.Handler{API: api.New(store, site), Pages: pages(site, store, files), Files: files}
}

// calcs are what the API and the pages compute with.
type calcs interface {
	api.Calcs
	preview.Calcs
}

// langs are the site's languages (gen's): English at the base path,
// each other under its prefix (/de/tco/?…), with a preview handler each.
var langs = []string{"en", "de"}

// pages returns the handler of scenario links and cards (package
// preview), one per language, each made on first use: under workerd
// every request starts the module afresh, and an API request then reads
// no page and parses no font, and a page request reads only its
// language's pages (and catalog). A worker whose pages are missing
// (built without make worker-data) logs why and serves the static
// pages, as a static host would; so it does, without a log, under a
// prefix that is no language of the site.
func pages(site fs.FS, calcs preview.Calcs, files http.Handler) http.Handler {
	byLang := map[string]func() http.Handler{}
	for _, lang := range langs {
		byLang[lang] = sync.OnceValue(func() http.Handler {
			base, siteURL, err := preview.Where(site)
			var h http.Handler
			if err == nil {
				h, err = preview.New(preview.Config{Site: site, Calcs: calcs, Base: base, SiteURL: siteURL, Lang: lang})
			}
			if err != nil {
				log.Printf("worker: no server-rendered pages in %s: %v", lang, err)
				return files
			}
			return h
		})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lang := edge.Lang(r.URL.Path)
		if lang == "" {
			lang = langs[0]
		}
		if get, ok := byLang[lang]; ok {
			get().ServeHTTP(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
