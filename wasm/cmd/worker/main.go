// Command worker is the edge host of the calculators: the JSON API and,
// for a calculator's link with a query, the page (see package edge). It
// only wires: under workerd (GOOS=js GOARCH=wasm, wrangler.toml at the
// top level) workers.Serve hands it Cloudflare's requests, static files
// come from the site's assets and the calculator pages it renders into
// are compiled in (edgedata.Pages); natively (make worker) it serves the
// built site from public/ on 127.0.0.1:$PORT.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/edge"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/preview"
)

// handler is the worker's handler with files serving the built site and
// pages holding its calculator pages (CALC/index.html), as gen wrote
// them; publicURL is where readers reach the worker (WORKER_URL), which
// the pages and cards it renders name (see checkPublicURL).
func handler(files http.Handler, pages fs.FS, publicURL string) http.Handler {
	return handlerWith(files, pages, publicURL, &edgedata.Store{})
}

// handlerWith is handler with store's calculators.
func handlerWith(files http.Handler, pages fs.FS, publicURL string, store calcs) http.Handler {
	return edge.Handler{API: api.New(store, pages), Pages: rendered(pages, store, files, publicURL), Files: files}
}

// calcs are what the API and the pages compute with.
type calcs interface {
	api.Calcs
	preview.Calcs
}

// checkPublicURL says what is wrong with publicURL as the address of a
// worker that serves a site built with base path base, if anything:
// unset, not an http(s) URL of a host, a path other than base (the
// worker serves the build's pages under it), or a GitHub Pages host,
// which runs no worker (the site's own SITE_URL there: its og:image
// would be a card that host answers 404, its og:url the calculator with
// its defaults).
func checkPublicURL(publicURL, base string) error {
	if publicURL == "" {
		return errors.New("WORKER_URL is not set: link previews would name paths, which some apps do not follow; " +
			"set it to the worker's own address (https://NAME.SUBDOMAIN.workers.dev or its custom domain), not the static site's")
	}
	if _, err := site.Origin(publicURL, base); err != nil {
		return fmt.Errorf("WORKER_URL: %w", err)
	}
	if u, _ := url.Parse(publicURL); u.Hostname() == "github.io" || strings.HasSuffix(u.Hostname(), ".github.io") {
		return fmt.Errorf("WORKER_URL %s is GitHub Pages, which runs no worker: link previews would point at cards it answers 404; "+
			"set the worker's own address", publicURL)
	}
	return nil
}

// langs are the site's languages: English at the base path, each other
// under its prefix (/de/tco/?…), with a preview handler each.
var langs = msg.Langs

// rendered returns the handler of scenario links and cards (package
// preview), one per language, each made on first use: under workerd
// every request starts the module afresh, and an API request then reads
// no page and parses no font, and a page request reads only its
// language's pages (and catalog). A worker whose pages are missing
// (built without make worker-data) logs why and serves the static
// pages, as a static host would; so it does, without a log, under a
// prefix that is no language of the site. A worker whose public URL is
// wrong (checkPublicURL) logs why and names paths in its pages and
// cards: under workerd each request starts the module, so the log says
// it on every page or card served.
func rendered(pages fs.FS, calcs preview.Calcs, files http.Handler, publicURL string) http.Handler {
	byLang := map[string]func() http.Handler{}
	for _, lang := range langs {
		byLang[lang] = sync.OnceValue(func() http.Handler {
			base, _, err := preview.Where(pages)
			var h http.Handler
			if err == nil {
				u := publicURL
				if bad := checkPublicURL(u, base); bad != nil {
					log.Printf("worker: WARNING: link previews name paths, not absolute URLs: %v", bad)
					u = ""
				}
				h, err = preview.New(preview.Config{Site: pages, Calcs: calcs, Base: base, PublicURL: u, Lang: lang})
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
