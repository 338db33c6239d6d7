package publish

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/sitedata"
)

// OfflineManifest is what the service worker (site/static/sw.js) knows of
// the build it came with: Site.ServiceWorker writes it as the script's
// first line, so that a new build's script differs from the old one's
// byte for byte and the browser installs it.
type OfflineManifest struct {
	// Build is the content hash of the rest of the manifest: the name of
	// the worker's cache, new whenever a file or a page list changes.
	Build string `json:"build"`
	// Version names the build (gen's -version, the git commit).
	Version string `json:"version"`
	// Assets are the URLs of every file under assets/, each with the
	// content hash it carries in its name or in ?v= (ContentHash): the
	// worker serves them from its cache first, and caches a response
	// only if its bytes have that hash. Every data edition's files are
	// here, so that an older edition's, once fetched, stays cached
	// across builds while it is published.
	Assets map[string]string `json:"assets"`
	// Precache are the assets fetched when the worker installs: all but
	// the older data editions' files, which a link pinning that edition
	// fetches (and the worker then keeps).
	Precache []string `json:"precache"`
	// Pages are the pages fetched when the worker installs, so that they
	// open without a network although the reader has not visited them:
	// each language's home page, calculators and methodology pages (its
	// navigation), each with its content hash, so that a build that
	// changes only a page's words still brings a new worker, which
	// fetches them again. Every other page is cached once visited.
	Pages map[string]string `json:"pages"`
}

// manifestPrefix starts sw.js; the manifest's JSON and ";" follow on the
// first line.
const manifestPrefix = "var manifest = "

// ReadOfflineManifest reads the manifest of the service worker of the
// site built in dir.
func ReadOfflineManifest(dir string) (OfflineManifest, error) {
	var m OfflineManifest
	b, err := os.ReadFile(filepath.Join(dir, site.ServiceWorker))
	if err != nil {
		return m, err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	js, ok := strings.CutPrefix(line, manifestPrefix)
	if !ok || !strings.HasSuffix(js, ";") {
		return m, fmt.Errorf("%s does not start with its manifest: %.80s", site.ServiceWorker, line)
	}
	err = json.Unmarshal([]byte(strings.TrimSuffix(js, ";")), &m)
	return m, err
}

// ServiceWorker writes the service worker's script at the base
// (site.ServiceWorker): its manifest, naming the build version, of what
// the site has under assets/ (which must all be written by now), the
// calculators' latest data files (engines) and the pages to fetch at
// install (pages: paths below the base, each a folder with its
// index.html), then site/static/sw.js.
func (s Site) ServiceWorker(version string, engines map[string]*site.Engine, pages []string) error {
	m := OfflineManifest{Version: version, Assets: map[string]string{}, Pages: map[string]string{}}
	latest := map[string]bool{}
	for _, name := range sitedata.Calculators {
		latest[engines[name].Data] = true
	}
	dir := filepath.Join(s.Out, "assets")
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, name)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		hash := ContentHash(b)
		url := s.Base + "assets/" + rel
		if ext := path.Ext(rel); !strings.HasSuffix(strings.TrimSuffix(rel, ext), "."+hash) {
			url += "?v=" + hash // named as site.Meta.Asset names it
		}
		m.Assets[url] = hash
		if !strings.HasPrefix(rel, "data/") || latest[url] {
			m.Precache = append(m.Precache, url)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := os.ReadFile(filepath.Join(s.Out, filepath.FromSlash(p), "index.html"))
		if err != nil {
			return err
		}
		m.Pages[s.Base+p] = ContentHash(b)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	m.Build = ContentHash(b)
	if b, err = json.Marshal(m); err != nil {
		return err
	}
	script, err := site.Static.ReadFile("static/sw.js")
	if err != nil {
		return err
	}
	out := append([]byte(manifestPrefix), b...)
	out = append(append(out, ";\n"...), script...)
	return WriteFile(filepath.Join(s.Out, site.ServiceWorker), out)
}
