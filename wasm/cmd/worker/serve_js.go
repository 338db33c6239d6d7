//go:build js && wasm

package main

import (
	"io"
	"net/http"

	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"
)

// workerURL is where readers reach the worker, set at build time
// (make worker-wasm WORKER_URL=…, which checks it: go build -ldflags
// "-X main.workerURL=…"); its pages and cards name it.
var workerURL string

func main() { workers.Serve(handler(assets{}, edgedata.Pages(), workerURL)) }

// assets serves the site's files from Workers static assets (the ASSETS
// binding of wrangler.toml), for the requests that run the worker first.
type assets struct{}

func (assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u := *r.URL
	if u.Host == "" {
		u.Scheme, u.Host = "https", r.Host
	}
	req, err := fetch.NewRequest(r.Context(), r.Method, u.String(), nil)
	if err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	req.Header = r.Header.Clone()
	res, err := fetch.NewClient(fetch.WithBinding(cloudflare.GetBinding("ASSETS"))).Do(req, nil)
	if err != nil {
		http.Error(w, "the site's files are unavailable", http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	_, _ = io.Copy(w, res.Body)
}
