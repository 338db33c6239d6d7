package browsertest

import (
	"context"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
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
	err := filepath.WalkDir("../../content", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("../../content", p)
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
	if _, err := sitebuild.Build(context.Background(), sitebuild.Config{Content: contentWithEdition(t), Out: later, Base: "/sub/",
		Wasm: browserModule(t), Modules: "../../node_modules", Version: "test", Today: datasettest.Today}); err != nil {
		t.Fatal(err)
	}
	srvToday := httptest.NewServer(sitebuild.SiteHandler(today, "/sub/"))
	t.Cleanup(srvToday.Close)
	srvLater := httptest.NewServer(sitebuild.SiteHandler(later, "/sub/"))
	t.Cleanup(srvLater.Close)
	// Today's edition: the newest day of data or prices.
	current := datasettest.Load(t).Editions.Latest()
	ctx := startBrowser(t)
	for _, width := range []int64{1366, 390} {
		do(t, ctx, chromedp.EmulateViewport(width, 900))
		for _, name := range sitedata.Calculators {
			// A reader changes nothing and copies the address bar.
			was := waitEngine(ctx, t, srvToday.URL+"/sub/"+name+"/")
			eval[any](t, ctx, `window.dispatchEvent(new Event('pagehide'))`)
			link := eval[string](t, ctx, `location.search`)
			if !strings.Contains(link, "ed="+current) {
				t.Fatalf("%s at %d px: the address bar does not pin the edition: %q", name, width, link)
			}
			if eval[bool](t, ctx, `!document.getElementById('edition-note').hidden`) {
				t.Errorf("%s at %d px: today's page shows an edition note", name, width)
			}
			// The same link on the site with the later edition.
			got := waitEngine(ctx, t, srvLater.URL+"/sub/"+name+"/"+link)
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
			now := waitEngine(ctx, t, href)
			if mapsEqual(now, was) {
				t.Errorf("%s at %d px: today's data shows the old figures", name, width)
			}
			if eval[bool](t, ctx, `!document.getElementById('edition-note').hidden`) {
				t.Errorf("%s at %d px: today's figures show an edition note", name, width)
			}
		}
	}
}

// An old link whose figures today's data changes is never said to give
// "the same figures": the pricing link of 2026-01-15 ($124 a month on
// DeepSeek V3.2, the cheapest API then: 10,000 requests a day x (1,000 x
// $0.28 + 300 x $0.42) / 1e6 x 365.25 / 12 = $123.58, content/data/api.yaml)
// compares other APIs today, in cells without a metric name. Its note
// says how many results differ; it lists the inputs whose defaults today's
// data changed, then the results, the headline's change first, as both
// pages show their first key figure, and counts what it does not list.
// In English and German.
func TestOldLinkNoteSaysWhatDiffersInBrowser(t *testing.T) {
	ctx, tco := browser(t)
	base := strings.TrimSuffix(tco, "tco/")
	keyFigure := `(d => d.querySelector('dt').textContent + ' ' + d.querySelector('dd').firstChild.textContent)(document.querySelector('#key-figures > div'))`
	for _, tc := range []struct {
		lang, path, answer, old, differ, same string
	}{
		{"en", "pricing/", "The answer", "$124", " results differ:", "same figures"},
		{"de", "de/pricing/", "Die Antwort", "124\u00a0$", " Ergebnisse ab:", "dieselben Zahlen"},
	} {
		waitEngine(ctx, t, base+tc.path+"?v=1&ed=2026-01-15")
		was := eval[string](t, ctx, keyFigure)
		lead := eval[string](t, ctx, `(n => n.hidden ? '' : document.getElementById('edition-note-text').innerText)(document.getElementById('edition-note'))`)
		items := eval[[]string](t, ctx, `[...document.querySelectorAll('#edition-changes li')].map(li => li.textContent)`)
		today := eval[string](t, ctx, `document.getElementById('edition-today').href`)
		waitEngine(ctx, t, today)
		now := eval[string](t, ctx, keyFigure)
		if !strings.HasSuffix(was, " "+tc.old) || now == was {
			t.Fatalf("%s: first key figure %q, today %q; want %s, then another", tc.lang, was, now, tc.old)
		}
		if strings.Contains(lead, tc.same) || !strings.Contains(lead, tc.differ) {
			t.Errorf("%s: note %q; want how many results differ (%q)", tc.lang, lead, tc.differ)
		}
		// The results follow the inputs whose defaults changed.
		first := slices.IndexFunc(items, func(s string) bool { return strings.HasPrefix(s, tc.answer+": ") })
		if want := tc.answer + ": " + was + " → " + now; first < 0 || items[first] != want {
			t.Errorf("%s: changes %q; want %q first among the results", tc.lang, items, want)
			continue
		}
		results := items[first:]
		// The count in the lead is the results listed and those counted
		// in the last item ("and 215 more results").
		digits := func(s string) int {
			n, _ := strconv.Atoi(strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, s))
			return n
		}
		_, count, _ := strings.Cut(lead, ")")
		if len(results) < 2 || digits(count) != len(results)-1+digits(results[len(results)-1]) {
			t.Errorf("%s: note %q counts other results than its list %q", tc.lang, lead, items)
		}
	}
}
