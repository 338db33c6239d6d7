package main

import (
	"context"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/sitedata"
)

// contentWithEdition copies content/ into a temporary directory and adds
// datasettest.Edition, a later edition that changes what every
// calculator's default scenario reads.
func contentWithEdition(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	err := filepath.WalkDir("../content", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../content", p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "data", dataset.EditionsDir, datasettest.EditionDate+".yaml")
	if err := os.WriteFile(name, []byte(datasettest.Edition), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A link copied today keeps its figures after the data changes: every
// calculator's address bar pins the edition; the same link opened on a
// site with a newer edition shows the old figures, says so, names what
// changed, and links to today's figures. At desktop and phone widths.
func TestOldLinksKeepTheirFiguresInBrowser(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	today := buildSite(t, "/sub/")
	later := filepath.Join(t.TempDir(), "public")
	if _, err := Build(context.Background(), Config{Content: contentWithEdition(t), Out: later, Base: "/sub/",
		Wasm: browserModule(t), Modules: "../node_modules", Version: "test", Today: datasettest.Today}); err != nil {
		t.Fatal(err)
	}
	srvToday := httptest.NewServer(SiteHandler(today, "/sub/"))
	t.Cleanup(srvToday.Close)
	srvLater := httptest.NewServer(SiteHandler(later, "/sub/"))
	t.Cleanup(srvLater.Close)
	// Today's edition: the newest day of data or prices.
	current := datasettest.Load(t).Editions.Latest()
	ctx := startBrowser(t)
	for _, width := range []int64{1366, 390} {
		do(t, ctx, chromedp.EmulateViewport(width, 900))
		for _, name := range sitedata.Calculators {
			// A reader changes nothing and copies the address bar.
			was := waitReady(ctx, t, srvToday.URL+"/sub/"+name+"/")
			eval[any](t, ctx, `window.dispatchEvent(new Event('pagehide'))`)
			link := eval[string](t, ctx, `location.search`)
			if !strings.Contains(link, "ed="+current) {
				t.Fatalf("%s at %d px: the address bar does not pin the edition: %q", name, width, link)
			}
			if eval[bool](t, ctx, `!document.getElementById('edition-note').hidden`) {
				t.Errorf("%s at %d px: today's page shows an edition note", name, width)
			}
			// The same link on the site with the later edition.
			got := waitReady(ctx, t, srvLater.URL+"/sub/"+name+"/"+link)
			if !mapsEqual(got, was) {
				t.Errorf("%s at %d px: the old link's figures changed:\n got %v\nwant %v", name, width, got, was)
			}
			note := eval[string](t, ctx, `(n => n.hidden ? '' : n.innerText)(document.getElementById('edition-note'))`)
			if !strings.Contains(note, current) || !strings.Contains(note, datasettest.EditionDate) || !strings.Contains(note, "→") {
				t.Errorf("%s at %d px: note %q; want the edition, today's and what changed", name, width, note)
			}
			visible := eval[bool](t, ctx, `(r => r.width > 0 && r.right <= innerWidth + 1)(document.getElementById('edition-note').getBoundingClientRect())`)
			if !visible {
				t.Errorf("%s at %d px: the note does not fit the screen", name, width)
			}
			href := eval[string](t, ctx, `document.getElementById('edition-today').href`)
			if !strings.Contains(href, "ed="+datasettest.EditionDate) {
				t.Errorf("%s at %d px: today's link %q", name, width, href)
			}
			now := waitReady(ctx, t, href)
			if mapsEqual(now, was) {
				t.Errorf("%s at %d px: today's data shows the old figures", name, width)
			}
			if eval[bool](t, ctx, `!document.getElementById('edition-note').hidden`) {
				t.Errorf("%s at %d px: today's figures show an edition note", name, width)
			}
		}
	}
}
