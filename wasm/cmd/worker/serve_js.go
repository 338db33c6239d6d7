//go:build js && wasm

package main

import (
	"bytes"
	"io"
	"log"
	"net/http"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/edgecache"
	"github.com/infercost/infercost/wasm/edgedata"
	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/cache"
	"github.com/syumai/workers/cloudflare/fetch"
)

// workerURL is where readers reach the worker, set at build time
// (make worker-wasm WORKER_URL=…, which checks it: go build -ldflags
// "-X main.workerURL=…"); its pages and cards name it.
var workerURL string

func main() {
	workers.Serve(edgecache.Handler(handler(assets{}, edgedata.Pages(), workerURL), workersCache{cache.New()}))
}

// workersCache is Cloudflare's cache of the data center that runs the
// worker (caches.default), as the edge's cache of computed answers.
type workersCache struct{ c *cache.Cache }

// request is a GET of key, as the cache keys its entries.
func request(key string) (*http.Request, bool) {
	req, err := http.NewRequest(http.MethodGet, key, nil)
	return req, err == nil
}

func (wc workersCache) Match(key string) (edgecache.Entry, bool) {
	req, ok := request(key)
	if !ok {
		return edgecache.Entry{}, false
	}
	res, err := wc.c.Match(req, nil)
	if err != nil {
		return edgecache.Entry{}, false // not kept (cache.ErrCacheNotFound), or unavailable
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	// syumai/workers splits header values at commas.
	get := func(name string) string { return strings.Join(res.Header.Values(name), ",") }
	return edgecache.Entry{ETag: get("ETag"), ContentType: get("Content-Type"), CacheControl: get("Cache-Control"), Body: body},
		err == nil && res.StatusCode == http.StatusOK
}

func (wc workersCache) Put(key string, e edgecache.Entry) {
	req, ok := request(key)
	if !ok {
		return
	}
	res := &http.Response{StatusCode: http.StatusOK, ContentLength: int64(len(e.Body)), Body: io.NopCloser(bytes.NewReader(e.Body)),
		Header: http.Header{"Etag": {e.ETag}, "Content-Type": {e.ContentType}, "Cache-Control": {e.CacheControl},
			"Content-Length": {strconv.Itoa(len(e.Body))}}}
	if err := wc.c.Put(req, res); err != nil {
		// The answer is sent; the next request computes it again.
		log.Printf("worker: caching %s: %v", key, err)
	}
}

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
