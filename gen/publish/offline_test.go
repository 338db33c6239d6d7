package publish

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/sitedata"
)

// The hashes below are the first 12 hex digits of SHA-256 of the bytes
// written (printf '%s' BYTES | sha256sum): "" e3b0c44298fc, "a"
// ca978112ca1b, "old" cba06b5736fa, "new" 11507a0e2f5e, "<p>home"
// 68db1a4970c9, "<p>tco" 21c8326b05a0.

// Hashed names a file by its content hash, before the extension, under
// assets/ of the base.
func TestHashedNamesAFileByItsContent(t *testing.T) {
	s := Site{Out: t.TempDir(), Base: "/sub/"}
	url, err := s.Hashed("data/tco.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "/sub/assets/data/tco.e3b0c44298fc.json"; url != want {
		t.Errorf("URL %s; want %s", url, want)
	}
	if _, err := os.Stat(filepath.Join(s.Out, "assets", "data", "tco.e3b0c44298fc.json")); err != nil {
		t.Error(err)
	}
}

// The service worker's manifest lists every asset with its content's
// hash (in the name, or added as ?v= where the name has none), precaches
// all but the data files of older editions, and lists each page to fetch
// at install with its hash; the script follows the manifest's line.
func TestServiceWorkerManifest(t *testing.T) {
	s := Site{Out: t.TempDir(), Base: "/sub/"}
	write := func(name, b string) {
		t.Helper()
		if err := WriteFile(filepath.Join(s.Out, filepath.FromSlash(name)), []byte(b)); err != nil {
			t.Fatal(err)
		}
	}
	write("assets/app.js", "a")
	write("index.html", "<p>home")
	write("tco/index.html", "<p>tco")
	engines := map[string]*site.Engine{}
	for _, name := range sitedata.Calculators {
		if _, err := s.Hashed("data/"+name+".json", []byte("old")); err != nil {
			t.Fatal(err)
		}
		latest, err := s.Hashed("data/"+name+".json", []byte("new"))
		if err != nil {
			t.Fatal(err)
		}
		engines[name] = &site.Engine{Data: latest}
	}
	if err := s.ServiceWorker("v1", engines, []string{"", "tco/"}); err != nil {
		t.Fatal(err)
	}
	m, err := ReadOfflineManifest(s.Out)
	if err != nil {
		t.Fatal(err)
	}
	wantAssets := map[string]string{"/sub/assets/app.js?v=ca978112ca1b": "ca978112ca1b"}
	wantPrecache := []string{"/sub/assets/app.js?v=ca978112ca1b"}
	for _, name := range sitedata.Calculators {
		wantAssets["/sub/assets/data/"+name+".cba06b5736fa.json"] = "cba06b5736fa"
		wantAssets["/sub/assets/data/"+name+".11507a0e2f5e.json"] = "11507a0e2f5e"
		wantPrecache = append(wantPrecache, "/sub/assets/data/"+name+".11507a0e2f5e.json")
	}
	if !maps.Equal(m.Assets, wantAssets) {
		t.Errorf("assets %v; want %v", m.Assets, wantAssets)
	}
	slices.Sort(m.Precache)
	slices.Sort(wantPrecache)
	if !slices.Equal(m.Precache, wantPrecache) {
		t.Errorf("precache %v; want %v", m.Precache, wantPrecache)
	}
	if want := map[string]string{"/sub/": "68db1a4970c9", "/sub/tco/": "21c8326b05a0"}; !maps.Equal(m.Pages, want) {
		t.Errorf("pages %v; want %v", m.Pages, want)
	}
	if m.Version != "v1" || len(m.Build) != 12 {
		t.Errorf("version %q, build %q; want v1 and a 12-digit hash", m.Version, m.Build)
	}
	b, err := os.ReadFile(filepath.Join(s.Out, site.ServiceWorker))
	if err != nil {
		t.Fatal(err)
	}
	script, err := site.Static.ReadFile("static/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	if _, rest, _ := strings.Cut(string(b), "\n"); rest != string(script) {
		t.Errorf("%s after its manifest's line is not site/static/sw.js", site.ServiceWorker)
	}
}

// A service worker that does not start with its manifest is refused,
// naming the file.
func TestReadOfflineManifestRefusesAScriptWithout(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(filepath.Join(dir, site.ServiceWorker), []byte("self.addEventListener();\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadOfflineManifest(dir); err == nil || !strings.Contains(err.Error(), site.ServiceWorker) {
		t.Errorf("got %v; want an error naming %s", err, site.ServiceWorker)
	}
}
