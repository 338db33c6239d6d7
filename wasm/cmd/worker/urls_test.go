//go:build !(js && wasm)

package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/infercost/infercost/wasm/preview"
)

// builtSite is the site make build wrote (public/, which make
// worker-data builds before it embeds the site's pages).
func builtSite(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "public")
	if _, err := os.Stat(filepath.Join(dir, "tco", "index.html")); err != nil {
		t.Fatalf("no built site (make build): %v", err)
	}
	return dir
}

// startWorker runs the native worker as make worker does (run, on a free
// port of 127.0.0.1) over the built site in dir with the environment env,
// and returns its address once it serves; it stops with the test.
func startWorker(t *testing.T, dir string, env map[string]string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, w := io.Pipe()
	done := make(chan error, 1)
	env["PORT"] = "0"
	go func() { done <- run(ctx, []string{"-dir", dir}, func(k string) string { return env[k] }, w); w.Close() }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	go func() { _, _ = io.Copy(io.Discard, out) }()
	addr := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`).FindString(line)
	if err != nil || addr == "" {
		t.Fatalf("the worker did not start: %q %v", line, err)
	}
	return addr
}

// Every URL that a page the worker renders names is one it serves: its
// og:url and og:image, on the worker's own address,
// which it takes from WORKER_URL or, natively, from its listener; the
// canonical URL, the page in other languages, and every link, script,
// style, image and data file of the page, asked of the native worker on
// 127.0.0.1 (a URL on the static site's address by its path: the worker
// serves the same build's files), each answered 2xx. A URL that only the
// worker answers (a card, a calculator with a query) is never on the
// static site's address, which has no card/ (GitHub Pages: 404) and
// shows a calculator with its defaults.
func TestRenderedPagesNameOnlyURLsTheWorkerServes(t *testing.T) {
	dir := builtSite(t)
	_, siteURL, err := preview.Where(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	worker := startWorker(t, dir, map[string]string{})
	checked := map[string]bool{}
	for _, lang := range linkLangs {
		for _, l := range presetLinks(t) {
			l = l.in(lang)
			res, body, _ := get(t, worker, l.page())
			if res.StatusCode != 200 || !bytes.Contains(body, []byte(" data-rendered")) {
				t.Fatalf("%s: %d; want the rendered page", l.page(), res.StatusCode)
			}
			doc, err := goquery.NewDocumentFromReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			for _, key := range []string{`meta[property="og:url"]`, `meta[property="og:image"]`} {
				if v, _ := doc.Find(key).Attr("content"); !strings.HasPrefix(v, worker+"/") {
					t.Errorf("%s: %s is %q; want it on the worker, %s", l.page(), key, v, worker)
				}
			}
			page, _ := url.Parse(worker + l.page())
			for _, ref := range pageURLs(doc, body) {
				u, err := page.Parse(ref)
				if err != nil {
					t.Errorf("%s: %q: %v", l.page(), ref, err)
					continue
				}
				u.Fragment = ""
				switch abs := u.String(); {
				case u.Scheme != "http" && u.Scheme != "https":
				case strings.HasPrefix(abs, worker+"/"):
				case strings.HasPrefix(abs, siteURL):
					if rest := strings.TrimPrefix(abs, siteURL); workerOnly(rest) {
						t.Errorf("%s: %s needs the worker but names the static site", l.page(), abs)
					}
					u, _ = url.Parse(worker + "/" + strings.TrimPrefix(abs, siteURL))
				default:
					continue // another site's: a source
				}
				if checked[u.String()] {
					continue
				}
				checked[u.String()] = true
				if res, _, _ := get(t, "", u.String()); res.StatusCode/100 != 2 {
					t.Errorf("%s names %s: %d", l.page(), u, res.StatusCode)
				}
			}
		}
	}
	t.Logf("%d distinct URLs of the worker's pages, each 2xx", len(checked))
}

// workerOnly reports whether a path below the site's root (with its
// query) is one only the worker answers: a card, or a calculator's page
// with a query.
func workerOnly(rest string) bool {
	if lang, after, ok := strings.Cut(rest, "/"); ok && len(lang) == 2 {
		rest = after
	}
	path, q, _ := strings.Cut(rest, "?")
	return strings.HasPrefix(path, "card/") || q != "" && strings.Count(strings.TrimSuffix(path, "index.html"), "/") == 1
}

// absolute finds absolute URLs in a page's text (JSON-LD, scripts' data).
var absolute = regexp.MustCompile(`https?://[^\s"'<>\\]+`)

// pageURLs returns every URL a page names: in href, src and URL-valued
// data- attributes, its meta tags' contents, and any absolute URL in its
// text.
func pageURLs(doc *goquery.Document, body []byte) []string {
	var out []string
	doc.Find("*").Each(func(_ int, s *goquery.Selection) {
		for _, a := range s.Nodes[0].Attr {
			switch {
			case a.Key == "href" || a.Key == "src":
				out = append(out, a.Val)
			case strings.HasPrefix(a.Key, "data-") && (strings.HasPrefix(a.Val, "/") || strings.HasPrefix(a.Val, "http")):
				out = append(out, a.Val)
			case a.Key == "content" && strings.HasPrefix(a.Val, "http"):
				out = append(out, a.Val)
			}
		}
	})
	for _, m := range absolute.FindAll(body, -1) {
		out = append(out, strings.ReplaceAll(string(m), "&amp;", "&"))
	}
	return out
}

// The worker's public address is checked at build (make worker-wasm runs
// -check) and at start: unset, GitHub Pages (the static site's address,
// where previews found no card), not an http(s) URL, or a path other
// than the build's base path is refused, naming WORKER_URL; the
// worker's own address, or its domain, is taken.
func TestWorkerRefusesAnAddressWithoutAWorker(t *testing.T) {
	dir := builtSite(t)
	for publicURL, ok := range map[string]bool{
		"": false, "https://infercost.github.io": false, "https://user.github.io/infercost": false, "ftp://worker.example.org": false,
		"https://worker.example.org/sub/": false, "worker.example.org": false,
		"https://infercost.example.workers.dev": true, "https://example.org/": true, "http://127.0.0.1:8788": true,
	} {
		err := run(context.Background(), []string{"-dir", dir, "-check", "-url", publicURL}, func(string) string { return "" }, io.Discard)
		if (err == nil) != ok || err != nil && !strings.Contains(err.Error(), "WORKER_URL") {
			t.Errorf("-check -url %q: %v; want it taken: %v, and a refusal naming WORKER_URL", publicURL, err, ok)
		}
	}
	env := map[string]string{"WORKER_URL": "https://infercost.github.io", "PORT": "0"}
	if err := run(context.Background(), []string{"-dir", dir}, func(k string) string { return env[k] }, io.Discard); err == nil {
		t.Error("the worker started with WORKER_URL on GitHub Pages; want it refused")
	}
}
