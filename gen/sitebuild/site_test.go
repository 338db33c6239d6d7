package sitebuild

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tcoview"
)

// repoRoot is the module's root, from this package's folder.
const repoRoot = "../.."

// browserModule returns the built browser module (sitetest.Module); it
// skips the test under -short.
func browserModule(t testing.TB) string {
	t.Helper()
	return sitetest.Module(t, repoRoot)
}

// buildSite returns the real content built under base (see buildSiteWith).
func buildSite(t testing.TB, base string) string {
	t.Helper()
	return buildSiteWith(t, Config{Base: base})
}

// buildSiteWith returns the real content built with c's base and Hugging
// Face base into a folder shared by every test that asks for the same
// Config (sitetest.Shared); the tests must not write into it.
func buildSiteWith(t testing.TB, c Config) string {
	t.Helper()
	c.Content, c.Wasm, c.Modules, c.Version = repoRoot+"/content", browserModule(t), repoRoot+"/node_modules", "test"
	return sitetest.Shared(t, c, func(out string) error {
		c.Out = out
		_, err := Build(context.Background(), c)
		return err
	})
}

// buildOwnSite builds the real content under base into a temp folder of
// t's own, for a test that compares two builds.
func buildOwnSite(t testing.TB, base string) string {
	t.Helper()
	c := Config{Content: repoRoot + "/content", Out: filepath.Join(t.TempDir(), "public"), Base: base, Wasm: browserModule(t), Modules: repoRoot + "/node_modules", Version: "test"}
	if _, err := Build(context.Background(), c); err != nil {
		t.Fatalf("build: %v", err)
	}
	return c.Out
}

// TestMain removes the sites the tests shared.
func TestMain(m *testing.M) {
	code := m.Run()
	sitetest.Cleanup()
	os.Exit(code)
}

// TestLinksResolveInsideTheBasePath builds under a project sub-path and
// checks every link and asset of every page: it stays under the base, the
// file exists, and a #fragment names an element of the target page.
func TestLinksResolveInsideTheBasePath(t *testing.T) {
	const base = "/infercost/"
	out := buildSite(t, base)
	var pages []string
	_ = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") {
			pages = append(pages, p)
		}
		return err
	})
	if len(pages) < 4 {
		t.Fatalf("got %d pages; want at least 4", len(pages))
	}
	checked := 0
	for _, file := range pages {
		rel, _ := filepath.Rel(out, file)
		pageURL, _ := url.Parse(base + filepath.ToSlash(rel))
		doc := sitetest.ReadDoc(t, file)
		doc.Find("a[href], link[href], script[src], img[src]").Each(func(_ int, s *goquery.Selection) {
			ref, ok := s.Attr("href")
			if !ok {
				ref, _ = s.Attr("src")
			}
			u, err := url.Parse(ref)
			if err != nil {
				t.Errorf("%s: bad URL %q", rel, ref)
				return
			}
			if u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "mailto" {
				return
			}
			target := pageURL.ResolveReference(u)
			if !strings.HasPrefix(target.Path, base) {
				t.Errorf("%s: link %q escapes the base path %s", rel, ref, base)
				return
			}
			p := strings.TrimPrefix(target.Path, base)
			if p == "" || strings.HasSuffix(p, "/") {
				p = path.Join(p, "index.html")
			}
			targetFile := filepath.Join(out, filepath.FromSlash(p))
			if _, err := os.Stat(targetFile); err != nil {
				t.Errorf("%s: link %q: %s does not exist", rel, ref, p)
				return
			}
			if target.Fragment != "" && strings.HasSuffix(p, ".html") {
				if sitetest.ReadDoc(t, targetFile).Find("#"+target.Fragment).Length() == 0 {
					t.Errorf("%s: link %q: no element with id %q", rel, ref, target.Fragment)
				}
			}
			checked++
		})
	}
	if checked < 20 {
		t.Errorf("checked %d links; want the pages to have at least 20", checked)
	}
}

// TestTCOPageIsCompleteWithoutScript checks that the static page already
// shows the engine's default results, with machine-readable cells.
func TestTCOPageIsCompleteWithoutScript(t *testing.T) {
	out := buildSite(t, "/")
	doc := sitetest.ReadDoc(t, filepath.Join(out, "tco", "index.html"))
	d := datasettest.Load(t)
	want := tcoview.Build(tcoview.Resolve("", d.TCOData()))
	found := map[string]bool{}
	for _, tb := range want.Tables {
		for _, r := range tb.Rows {
			for _, c := range r.Cells {
				if c.Metric == "" {
					continue
				}
				sel := doc.Find(`[data-metric="` + c.Metric + `"][data-option="` + c.Option + `"]`)
				if sel.Length() != 1 {
					t.Errorf("%s: got %d elements; want 1", c.Key, sel.Length())
					continue
				}
				if v, _ := sel.Attr("data-value"); v != scenario.FormatNumber(c.Value) {
					t.Errorf("%s: data-value %q; want %q", c.Key, v, scenario.FormatNumber(c.Value))
				}
				// The figure's text, its error band aside (an estimated
				// figure's, as the default's are from edition 2026-12-06).
				text := strings.TrimSpace(sel.Clone().Find(".band").Remove().End().Text())
				if u, _ := sel.Attr("data-unit"); u != c.Unit || text != c.Text {
					t.Errorf("%s: unit %q text %q; want %q %q", c.Key, u, text, c.Unit, c.Text)
				}
				found[c.Metric] = true
			}
		}
	}
	for _, m := range []string{"capex", "opex", "tco", "tokens", "cost_per_mtok"} {
		if !found[m] {
			t.Errorf("metric %q not on the page", m)
		}
	}
	for _, id := range []string{"chart-breakdown-option", "chart-cumulative-option", "chart-per-token-option"} {
		if doc.Find("script#"+id).Length() != 1 {
			t.Errorf("no script#%s with pre-rendered JSON", id)
		}
	}
	if doc.Find("label").Length() < 40 || doc.Find("noscript").Length() == 0 {
		t.Errorf("form labels or the no-script notice missing")
	}
}

func TestBadDataFailsTheBuildNamingTheRow(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "data", "gpus.yaml")
	b, _ := os.ReadFile(file)
	bad := strings.Replace(string(b), "as_of: 2023-08-02", "as_of: last summer", 1)
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(context.Background(), Config{Content: dir, Out: filepath.Join(dir, "out"), Base: "/"})
	want := `data/gpus.yaml: gpus[4] "h100-sxm": purchase_usd.as_of: want a date YYYY-MM-DD, got "last summer"`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want an error containing %q", err, want)
	}
}

func TestBadCalibrationRowFailsTheBuild(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../content")); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "data", "calibration.yaml")
	b, _ := os.ReadFile(file)
	bad := strings.Replace(string(b), "gpu: mi300x,", "gpu: mi301x,", 1)
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(context.Background(), Config{Content: dir, Out: filepath.Join(dir, "out"), Base: "/"})
	want := `data/calibration.yaml: rows[` // the index moves as rows are added
	field := `"sglang31216-gemma4-31b-mi300x-c1": gpu: "mi301x" is not a GPU of the catalog`
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), field) {
		t.Fatalf("got %v; want an error containing %q and %q", err, want, field)
	}
}

// TestMethodologyChecksTheSeedFromData checks the figures the methodology
// page derives from content/data rather than typing them in.
func TestMethodologyChecksTheSeedFromData(t *testing.T) {
	out := buildSite(t, "/")
	text := sitetest.ReadDoc(t, filepath.Join(out, "methodology", "tco", "index.html")).Text()
	for _, want := range []string{
		// 84,000 EUR / (3 years x 8,760 h x 0.30 EUR/kWh) = 10.654 kW,
		// above the DGX H100's 10.2 kW maximum.
		"is 10.65 kW on average for one 8-GPU H100 SXM server, above the 10.2 kW maximum",
		// 624 / 312 and 1,979 / 989 dense BF16 TFLOPS (gpus.yaml) = 2.00.
		"624 TFLOPS FP16 in the article, 2.00 × the dense 312 TFLOPS",
		"1,979 TFLOPS FP16 in the article, 2.00 × the dense 989 TFLOPS",
		// The seed table: engine figures beside the article's, for both options.
		"A: 8 x A100 80GB SXM, owned", "B: 8 x H100 SXM, owned",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("methodology page lacks %q", want)
		}
	}
}

// TestMemoryMethodologyShowsTheCalibrationTable checks the table of engine
// estimates beside vLLM's logs, generated from content/data.
func TestMemoryMethodologyShowsTheCalibrationTable(t *testing.T) {
	out := buildSite(t, "/")
	doc := sitetest.ReadDoc(t, filepath.Join(out, "methodology", "memory", "index.html"))
	rows := doc.Find("#calibration ~ .scroll").First().Find("tbody tr")
	if rows.Length() < 6 {
		t.Fatalf("calibration table has %d rows; want 6", rows.Length())
	}
	// Llama 3.1 8B on an H100 (llm-d): 14.99 GiB of weights reported,
	// 8.03e9 x 2 B = 14.96 GiB estimated.
	if text := rows.Text(); !strings.Contains(text, "14.99") || !strings.Contains(text, "14.96") || !strings.Contains(text, "117,616 tokens") {
		t.Errorf("calibration table lacks the expected figures:\n%s", text)
	}
	// The seed's flat 0.0002 GB beside Llama 2 7B: 2 x 32 x 32 x 128 x 2 B
	// = 524,288 B = 0.50 MiB a token, 2.6 times as much; Mistral 7B's 8 KV
	// heads: 131,072 B = 128 KiB; 6.74e9 x 2 B = 13.5 GB in 16 bits.
	for _, want := range []string{"caches 0.50 MiB per token", "2.6 times the article's flat 0.0002 GB", "caches 128 KiB", "are 13.5 GB"} {
		if !strings.Contains(doc.Text(), want) {
			t.Errorf("methodology lacks %q", want)
		}
	}
	if doc.Find("#seed-002 ~ .scroll").Length() == 0 || doc.Find("#defaults ~ .scroll").Length() == 0 {
		t.Error("seed-002 or defaults table missing")
	}
}

// TestEveryInputHasAField checks that each calculator's form shows every
// input the engine reads, once.
func TestEveryInputHasAField(t *testing.T) {
	out := buildSite(t, "/")
	d := datasettest.Load(t)
	for page, inputs := range map[string][]scenario.Input{
		"tco":         tcoview.Build(tcoview.Resolve("", d.TCOData())).Inputs,
		"memory":      memview.Build(memview.Resolve("", d.MemoryData()), d.MemoryData()).Inputs,
		"pricing":     pricingview.Build(pricingview.Resolve("", d.PricingData()), d.PricingData()).Inputs,
		"performance": perfview.Build(perfview.Resolve("", d.PerfData())).Inputs,
	} {
		doc := sitetest.ReadDoc(t, filepath.Join(out, page, "index.html"))
		for _, in := range inputs {
			if n := doc.Find(`#calc-form [name="` + in.Key + `"]`).Length(); n != 1 {
				t.Errorf("%s: %d form fields named %q; want 1", page, n, in.Key)
			}
		}
	}
}

// TestPricingMethodologyShowsTheSeedROI checks the seed's ROI figures as
// the engine prices them: 500e6 tokens x ¥1 / 7.14 / 1e6 = $70.03, beside
// the article's $70,000; 500e6 x $2,500 / 1e6 = $1,250,000 (cents only
// under 100); one column for each, and no rows of dashes.
func TestPricingMethodologyShowsTheSeedROI(t *testing.T) {
	out := buildSite(t, "/")
	text := sitetest.ReadDoc(t, filepath.Join(out, "methodology", "pricing", "index.html")).Find("#seed-000-roi ~ .scroll").First().Text()
	for _, want := range []string{"Source says$70,000$1,250,000", "InferCost$70.03$1,250,000", "Source / InferCost999.60x1.00x"} {
		if !strings.Contains(text, want) {
			t.Errorf("seed ROI table lacks %q:\n%s", want, text)
		}
	}
}

// The local server answers a missing page as GitHub Pages does: the
// site's own 404 page, with status 404; pages and assets as they are.
func TestServerAnswersMissingPagesWithTheSites404(t *testing.T) {
	out := buildSite(t, "/sub/")
	srv := httptest.NewServer(SiteHandler(out, "/sub/"))
	defer srv.Close()
	for path, want := range map[string]int{"/sub/": 200, "/sub/tco/": 200, "/sub/assets/app.js": 200, "/sub/nope/": 404, "/sub/tco/nope.js": 404} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("%s: status %d, want %d", path, res.StatusCode, want)
		}
		if want == 404 && !strings.Contains(string(body), "Page not found") {
			t.Errorf("%s: not the site's 404 page: %.80q", path, body)
		}
	}
}

// TestHFBaseMustBeAnOrigin: the base goes into every page's CSP, so gen
// refuses anything but an origin.
func TestHFBaseMustBeAnOrigin(t *testing.T) {
	for _, base := range []string{"huggingface.co", "https://huggingface.co/models", "https://a.b; script-src *", "ftp://x"} {
		_, err := Build(context.Background(), Config{Content: repoRoot + "/content", Out: t.TempDir(), Base: "/", HFBase: base})
		if err == nil || !strings.Contains(err.Error(), "hf-base") {
			t.Errorf("hf-base %q: error %v; want it refused", base, err)
		}
	}
}
