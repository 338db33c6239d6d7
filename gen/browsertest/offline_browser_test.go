package browsertest

import (
	"context"
	"encoding/binary"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/publish"
	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/gen/sitetest"
)

// noStore serves h with Cache-Control: no-store, so that without the
// server only the service worker's cache can answer, not the browser's
// HTTP cache.
func noStore(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// awaitServiceWorker waits until the service worker of the site's build
// (its manifest's) controls the page and its cache is the only one: it
// has installed (fetched what it precaches) and activated (deleted the
// caches of earlier builds). Now and then (3 of 5 make test runs on
// 2026-12-07, in the parallel phase) a new build's worker installed and
// then waited, its skipWaiting notwithstanding, while the old one
// controlled the page: "installing none, waiting installed, active
// activated"; asking for an update again did not move it in 60 s. A
// reader's next navigation does, so after 20 s of waiting it reloads the
// page, and logs it; after three such rounds it fails, naming the
// registration's workers.
func awaitServiceWorker(t *testing.T, ctx context.Context, build string) {
	t.Helper()
	for round := 1; ; round++ {
		stuck := evalAsync[string](t, ctx, `(async () => {
			if (!('serviceWorker' in navigator)) throw new Error('no service workers here');
			const want = 'infercost-' + `+"`"+build+"`"+`;
			const reg = await navigator.serviceWorker.ready;
			await reg.update().catch(() => {});
			for (const start = performance.now(); performance.now() - start < 20000; ) {
				const keys = await caches.keys();
				if (navigator.serviceWorker.controller && keys.length === 1 && keys[0] === want) return '';
				await new Promise(r => setTimeout(r, 50));
			}
			return 'caches ' + (await caches.keys()).join(' ') + '; ' + ['installing', 'waiting', 'active'].
				map(k => k + ' ' + (reg[k] ? reg[k].state : 'none')).join(', ') + ', controller ' + !!navigator.serviceWorker.controller;
		})()`)
		switch {
		case stuck == "":
			return
		case round == 3:
			t.Fatalf("the service worker of build %s did not take over in 60 s, the page reloaded twice: %s", build, stuck)
		}
		t.Logf("the service worker of build %s had not taken over after 20 s (%s): the page loads again", build, stuck)
		do(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	}
}

// engineHash returns the content hash of the engine the page names, as
// its worker gets it (through the service worker), and that URL.
func engineHash(t *testing.T, ctx context.Context) (hash, url string) {
	t.Helper()
	url = eval[string](t, ctx, `document.querySelector('script[data-wasm]').dataset.wasm`)
	hash = evalAsync[string](t, ctx, `(async () => {
		const sum = await crypto.subtle.digest('SHA-256', await (await fetch(`+"`"+url+"`"+`)).arrayBuffer());
		return [...new Uint8Array(sum, 0, 6)].map(b => b.toString(16).padStart(2, '0')).join(''); })()`)
	return hash, url
}

// A reader who opened a calculator once opens it again without a
// network (a customer meeting): the page, its engine, its data, its
// charts, the link's own figures; a link pinning an older data edition
// opened before; an article read before; and pages never opened that the
// service worker fetched when it installed (a methodology page, a
// calculator in German).
func TestCalculatorOpensWithoutANetworkAfterOneVisit(t *testing.T) {
	dir := buildSite(t, "/sub/")
	srv := httptest.NewServer(noStore(sitebuild.SiteHandler(dir, "/sub/")))
	defer srv.Close()
	root := srv.URL + "/sub/"
	ctx := startBrowserWithServiceWorker(t)

	link := root + "tco/?a.n=16"
	online := waitReady(ctx, t, link)
	oldest, _, _ := strings.Cut(eval[string](t, ctx, `document.querySelector('script[data-editions]').dataset.editions`), " ")
	awaitServiceWorker(t, ctx, manifestBuild(t, dir))
	// Visited with the service worker in charge: it keeps what they fetch.
	pinned := root + "tco/?ed=" + oldest
	onlinePinned := waitReady(ctx, t, pinned)
	article := root + "articles/gpu-tco-2026/"
	do(t, ctx, chromedp.Navigate(article))
	heading := eval[string](t, ctx, `document.querySelector('h1').textContent`)

	srv.Close()
	if got := waitReady(ctx, t, link); !mapsEqual(got, online) {
		t.Errorf("the link's figures without a network:\n got %v\nwant %v", got, online)
	}
	if got := eval[string](t, ctx, `document.documentElement.dataset.charts`); got != "ready" {
		t.Errorf("charts without a network: %s; want ready", got)
	}
	if got := waitReady(ctx, t, pinned); !mapsEqual(got, onlinePinned) {
		t.Errorf("the link pinning edition %s without a network:\n got %v\nwant %v", oldest, got, onlinePinned)
	}
	if got := waitReady(ctx, t, root+"de/memory/"); len(got) < 5 {
		t.Errorf("/de/memory/, never opened, without a network: %d figures", len(got))
	}
	if got := eval[string](t, ctx, `document.documentElement.lang`); got != "de" {
		t.Errorf("/de/memory/ without a network is in %q", got)
	}
	for _, page := range []string{article, root + "methodology/tco/"} {
		do(t, ctx, chromedp.Navigate(page))
		styled := eval[bool](t, ctx, `[...document.styleSheets].some(s => s.href && s.href.includes('/assets/style.css') && s.cssRules.length > 50)`)
		if !styled || eval[int](t, ctx, `document.querySelectorAll('[data-testid=article] p').length`) < 3 {
			t.Errorf("%s without a network: styled %v, or no article", page, styled)
		}
	}
	do(t, ctx, chromedp.Navigate(article))
	if got := eval[string](t, ctx, `document.querySelector('h1').textContent`); got != heading {
		t.Errorf("article without a network is headed %q; want %q", got, heading)
	}
}

// withCustomSection returns a WebAssembly module with a custom section
// appended: a module that runs as the original does, under another
// content hash, as a new build's engine has.
func withCustomSection(module []byte, name, payload string) []byte {
	body := binary.AppendUvarint(nil, uint64(len(name)))
	body = append(append(body, name...), payload...)
	out := append(slices.Clip(module), 0) // section id 0: custom
	out = binary.AppendUvarint(out, uint64(len(body)))
	return append(out, body...)
}

// After a deploy with a new engine, the new page runs the new engine: the
// old build's service worker answers the page from the network and the
// new engine, which it does not know, from there too; the new build's
// worker then takes over, without the old engine in its cache. An older
// data edition's file that the old worker had kept stays, and its link
// still opens without a network.
func TestNewDeployNeverRunsTheOldEngine(t *testing.T) {
	t.Parallel() // builds a site of its own
	before := buildSite(t, "/sub/")
	module, err := os.ReadFile(browserModule(t))
	if err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(t.TempDir(), "engine.wasm")
	if err := os.WriteFile(wasm, withCustomSection(module, "infercost-test", "the next deploy"), 0o644); err != nil {
		t.Fatal(err)
	}
	after := filepath.Join(t.TempDir(), "public")
	if _, err := sitebuild.Build(context.Background(), sitebuild.Config{Content: "../../content", Out: after, Base: "/sub/", Wasm: wasm,
		Modules: "../../node_modules", Version: "next"}); err != nil {
		t.Fatal(err)
	}
	oldBuild, newBuild := manifestBuild(t, before), manifestBuild(t, after)
	oldWasm, newWasm := sitetest.ReadDoc(t, filepath.Join(before, "tco", "index.html")).Find("script[data-wasm]").AttrOr("data-wasm", ""),
		sitetest.ReadDoc(t, filepath.Join(after, "tco", "index.html")).Find("script[data-wasm]").AttrOr("data-wasm", "")
	if oldWasm == newWasm || oldBuild == newBuild {
		t.Fatalf("the rebuild did not change the engine's URL (%s) or the build (%s)", newWasm, newBuild)
	}

	// The server is the deploy: the old site, then the new one, then none.
	var served atomic.Pointer[http.Handler]
	use := func(h http.Handler) { served.Store(&h) }
	use(noStore(sitebuild.SiteHandler(before, "/sub/")))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*served.Load()).ServeHTTP(w, r) }))
	defer srv.Close()
	root := srv.URL + "/sub/"
	ctx := startBrowserWithServiceWorker(t)

	waitReady(ctx, t, root+"tco/")
	awaitServiceWorker(t, ctx, oldBuild)
	oldest, _, _ := strings.Cut(eval[string](t, ctx, `document.querySelector('script[data-editions]').dataset.editions`), " ")
	pinned := root + "tco/?ed=" + oldest
	onlinePinned := waitReady(ctx, t, pinned)

	use(noStore(sitebuild.SiteHandler(after, "/sub/")))
	// Twice: first under the old build's service worker, then the new one's.
	for i, controller := range []string{oldBuild, newBuild} {
		waitReady(ctx, t, root+"tco/")
		hash, url := engineHash(t, ctx)
		if url != newWasm || !strings.Contains(newWasm, "."+hash+".") {
			t.Errorf("load %d after the deploy, under build %s's service worker: the page names %s and its engine has hash %s; want %s",
				i+1, controller, url, hash, newWasm)
		}
		if i == 0 {
			awaitServiceWorker(t, ctx, newBuild)
		}
	}
	if eval[bool](t, ctx, `caches.match(`+"`"+oldWasm+"`"+`).then(r => !!r)`) {
		t.Error("the old engine is still cached after the deploy")
	}

	use(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(http.ErrAbortHandler) })) // the network is gone
	if got := waitReady(ctx, t, pinned); !mapsEqual(got, onlinePinned) {
		t.Errorf("the link pinning edition %s, after the deploy, without a network:\n got %v\nwant %v", oldest, got, onlinePinned)
	}
}

// manifestBuild returns the build hash of the service worker's manifest
// of the site built in dir.
func manifestBuild(t *testing.T, dir string) string {
	t.Helper()
	m, err := publish.ReadOfflineManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m.Build
}
