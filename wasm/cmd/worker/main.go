// Command worker is the edge host of the calculators: the JSON API and,
// for a calculator's link with a query, the page (see package edge). It
// only wires: under workerd (GOOS=js GOARCH=wasm, wrangler.toml at the
// top level) workers.Serve hands it Cloudflare's requests and static
// files come from the site's assets; natively (make worker) it serves
// the built site from public/ on 127.0.0.1:$PORT.
package main

import (
	"net/http"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/edge"
	"github.com/infercost/infercost/wasm/edgedata"
)

// handler is the worker's handler with files serving the built site.
func handler(files http.Handler) http.Handler {
	return edge.Handler{API: api.New(&edgedata.Store{}), Pages: files, Files: files}
}
