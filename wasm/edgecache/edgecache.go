// Package edgecache sends the worker's computed answers (the API's
// figures, scenario pages and cards) whose entity tag is known before
// the answer is computed: a 304 when the client holds the answer
// (If-None-Match), the answer kept at the edge when the edge's cache has
// it (Cloudflare's caches.default under workerd), else the answer
// computed, then kept. The cache is keyed on the request's canonical URL
// and an entry serves only a request of the same tag, which names the
// build, the data edition and the canonical query: an older build's
// entry is never sent, and neither a 304 nor a cached answer runs the
// engine.
package edgecache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/scenario"
)

// Entry is an answer as sent and kept: its headers and body.
type Entry struct {
	ETag, ContentType, CacheControl string
	Body                            []byte
}

// Cache keeps answers by key (Key's canonical URL). It is safe for
// concurrent use.
type Cache interface {
	// Match returns the entry kept for key, if any.
	Match(key string) (Entry, bool)
	// Put keeps e for key, for as long as its CacheControl allows.
	Put(key string, e Entry)
}

type cacheKey struct{}

// With returns ctx with the edge's cache, which Send of a request with
// that context reads and fills.
func With(ctx context.Context, c Cache) context.Context {
	return context.WithValue(ctx, cacheKey{}, c)
}

// Handler returns h with c as the cache of every request's Send.
func Handler(h http.Handler, c Cache) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(With(r.Context(), c)))
	})
}

// Canonical returns rawQuery with its pairs sorted by name (pairs of one
// name keep their order) and empty ones dropped: two queries of one
// canonical form are the same query to the calculators, which read
// fields by name, and keep the raw pairs so that what an answer may
// repeat of them (a value it rejects) is the same too.
func Canonical(rawQuery string) string {
	type pair struct{ name, raw string }
	var pairs []pair
	for raw := range strings.SplitSeq(rawQuery, "&") {
		if raw == "" {
			continue
		}
		name := ""
		for k := range scenario.ParseQuery(raw) {
			name = k
		}
		pairs = append(pairs, pair{name, raw})
	}
	slices.SortStableFunc(pairs, func(a, b pair) int { return strings.Compare(a.name, b.name) })
	out := make([]string, len(pairs))
	for i, p := range pairs {
		out[i] = p.raw
	}
	return strings.Join(out, "&")
}

// Key returns r's canonical URL: its scheme, host and path, and its
// query in canonical form.
func Key(r *http.Request) string {
	scheme, host := r.URL.Scheme, r.URL.Host
	if host == "" {
		scheme, host = "http", r.Host
		if r.TLS != nil {
			scheme = "https"
		}
	}
	return scheme + "://" + host + r.URL.EscapedPath() + "?" + Canonical(r.URL.RawQuery)
}

// Tag returns a strong entity tag of what a build answers: build stands
// for the build (a hash of what it serves from), parts for the answer
// (its kind, the edition, the canonical query).
func Tag(build []byte, parts ...string) string {
	s := sha256.New()
	s.Write(build)
	for _, p := range parts {
		s.Write([]byte{0})
		s.Write([]byte(p))
	}
	return `"` + hex.EncodeToString(s.Sum(nil)[:12]) + `"`
}

// Matches reports whether an If-None-Match header names tag (RFC 9110
// §13.1.2: weak comparison, or *).
func Matches(header, tag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == tag {
			return true
		}
	}
	return false
}

// Send answers r with e's headers and a body: none (304) when the
// client holds e.ETag, the cache's when it keeps an entry of that tag,
// else render's, which it then keeps. It returns render's error, having
// written nothing, for the caller to answer.
func Send(w http.ResponseWriter, r *http.Request, e Entry, render func() ([]byte, error)) error {
	h := w.Header()
	h.Set("ETag", e.ETag)
	h.Set("Cache-Control", e.CacheControl)
	if Matches(r.Header.Get("If-None-Match"), e.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	c, _ := r.Context().Value(cacheKey{}).(Cache)
	key := ""
	if c != nil {
		key = Key(r)
		if kept, ok := c.Match(key); ok && kept.ETag == e.ETag {
			write(w, kept)
			return nil
		}
	}
	body, err := render()
	if err != nil {
		h.Del("ETag")
		h.Del("Cache-Control")
		return err
	}
	e.Body = body
	write(w, e)
	if c != nil {
		c.Put(key, e)
	}
	return nil
}

// write sends e as a 200.
func write(w http.ResponseWriter, e Entry) {
	h := w.Header()
	h.Set("Content-Type", e.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(e.Body)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(e.Body)
}
