package sitebuild

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/infercost/infercost/gen/publish"
)

func readManifest(t testing.TB, dir string) publish.OfflineManifest {
	t.Helper()
	m, err := publish.ReadOfflineManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// assetRef is an asset's URL in a page, in an attribute (src, href,
// data-wasm) or in the space-separated list of data-editions.
var assetRef = regexp.MustCompile(`/sub/assets/[^"'\s]+`)

// The service worker caches a file by the hash its manifest gives: every
// file under assets/ is listed with its own content's hash, which its URL
// carries; every asset a page names is listed; what it fetches when it
// installs is listed, and every page it fetches then exists.
func TestServiceWorkerManifestListsEveryAssetByItsHash(t *testing.T) {
	dir := buildSite(t, "/sub/")
	m := readManifest(t, dir)
	if m.Build == "" || m.Version != "test" {
		t.Errorf("manifest names build %q, version %q; want a build hash and version test", m.Build, m.Version)
	}
	files := 0
	err := filepath.WalkDir(filepath.Join(dir, "assets"), func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Assets) != files || files < 20 {
		t.Errorf("manifest lists %d assets; assets/ has %d files", len(m.Assets), files)
	}
	for url, hash := range m.Assets {
		p, ok := strings.CutPrefix(url, "/sub/assets/")
		if !ok || len(hash) != 12 {
			t.Errorf("asset %s (hash %q): want a URL under /sub/assets/ and 12 hex digits", url, hash)
			continue
		}
		file, version, _ := strings.Cut(p, "?v=")
		b, err := os.ReadFile(filepath.Join(dir, "assets", filepath.FromSlash(file)))
		if err != nil {
			t.Errorf("asset %s: %v", url, err)
			continue
		}
		if got := publish.ContentHash(b); got != hash {
			t.Errorf("asset %s: listed with hash %s; its content's is %s", url, hash, got)
		}
		if version != hash && !strings.Contains(file, "."+hash+".") {
			t.Errorf("asset %s: its URL does not carry its hash %s", url, hash)
		}
	}
	for _, url := range m.Precache {
		if _, ok := m.Assets[url]; !ok {
			t.Errorf("precached %s is not among the assets", url)
		}
	}
	if len(m.Precache) >= len(m.Assets) || len(m.Precache) < 10 {
		t.Errorf("precaches %d of %d assets; want all but the older data editions' files", len(m.Precache), len(m.Assets))
	}
	for page, hash := range m.Pages {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(page, "/sub/")), "index.html"))
		if err != nil {
			t.Errorf("page %s: %v", page, err)
		} else if got := publish.ContentHash(b); got != hash {
			t.Errorf("page %s: listed with hash %s; its content's is %s", page, hash, got)
		}
	}
	for _, want := range []string{"/sub/", "/sub/tco/", "/sub/de/pricing/", "/sub/methodology/tco/"} {
		if _, ok := m.Pages[want]; !ok {
			t.Errorf("pages fetched at install %v; want %s among them", m.Pages, want)
		}
	}
	err = filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(name) != ".html" {
			return err
		}
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		for _, url := range assetRef.FindAllString(string(b), -1) {
			if _, ok := m.Assets[url]; !ok {
				t.Errorf("%s names %s, which the manifest does not list", name, url)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
