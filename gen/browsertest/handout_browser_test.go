package browsertest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitetest"
	"github.com/infercost/infercost/wasm/sitedata"
)

// pdfCount finds the page counts of a PDF's page tree; the root's is the
// largest.
var pdfCount = regexp.MustCompile(`/Count (\d+)`)

// pages is the number of pages of a PDF.
func pages(pdf []byte) int {
	n := 0
	for _, m := range pdfCount.FindAllSubmatch(pdf, -1) {
		c, _ := strconv.Atoi(string(m[1]))
		n = max(n, c)
	}
	return n
}

// Every calculator prints as a handout of at most two pages that carries
// the scenario's link, and exports its figures as files that download at
// once: CSV, JSON, Markdown (to the clipboard, else as a file), and each
// chart as PNG and SVG. At desktop and phone widths.
func TestHandoutsAndExports(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	dir := t.TempDir()
	cdpCall(t, ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{Behavior: "allow", DownloadPath: dir,
		BrowserContextID: chromedp.FromContext(ctx).BrowserContextID})
	for _, width := range []int64{1366, 390} {
		do(t, ctx, chromedp.EmulateViewport(width, 900))
		for _, name := range sitedata.Calculators {
			waitReady(ctx, t, root+name+"/")
			// The handout prints the charts as drawn: wait for them.
			eval[any](t, ctx, `document.querySelector('.charts').scrollIntoView()`)
			do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`html[data-charts]`)))
			link := eval[string](t, ctx, `(window.dispatchEvent(new Event('pagehide')), location.href)`)
			// As the Print button does: wait for the link's QR code.
			evalAsync[int](t, ctx, `window.__infercost.handoutQR().then(() => 1)`)

			// A print is laid out at the paper's width, as a phone's print
			// dialog does; headless Chromium would keep the emulated width.
			do(t, ctx, chromedp.EmulateReset())
			res, err := chromedp.Call(ctx, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PreferCSSPageSize: new(true)})
			if err != nil {
				t.Fatal(err)
			}
			do(t, ctx, chromedp.EmulateViewport(width, 900))
			pdf := res.Data
			if n := pages(pdf); n < 1 || n > 2 {
				t.Errorf("%s at %d px: the handout prints on %d pages; want 1 or 2", name, width, n)
			}
			// The link is an annotation of the PDF, in plain text.
			if !bytes.Contains(pdf, []byte("/URI ("+link+")")) {
				t.Errorf("%s at %d px: the handout does not carry the link %s", name, width, link)
			}
			saveArtifact(t, fmt.Sprintf("handout-%s-%d.pdf", name, width), pdf)
			qr := eval[bool](t, ctx, `(i => !i.hidden && i.src.startsWith('data:image/'))(document.getElementById('handout-qr'))`)
			if !qr {
				t.Errorf("%s at %d px: no QR code on the handout", name, width)
			}

			if width != 1366 {
				continue
			}
			for _, b := range []string{`button[data-export="csv"]`, `button[data-export="json"]`, `button[data-export="md"]`, `button[data-chart][data-format="png"]`, `button[data-chart][data-format="svg"]`} {
				eval[any](t, ctx, `document.querySelector('`+b+`').click()`)
			}
			// The confirmation, once it comes (10 s bound a hung page only).
			status := evalAsync[string](t, ctx, `(async () => { const s = document.getElementById('export-status');
				for (let i = 0; i < 500 && !s.textContent; i++) await new Promise(r => setTimeout(r, 20));
				return s.textContent; })()`)
			if status == "" {
				t.Errorf("%s: the exports confirm nothing", name)
			}
			for _, ext := range []string{".csv", ".json", ".png", ".svg"} {
				if !eventuallyFile(dir, "infercost-"+name+"-", ext) {
					t.Errorf("%s: no %s downloaded (in %s: %v)", name, ext, dir, files(dir))
				}
			}
		}
	}
	// A downloaded CSV holds raw numbers with units, under the link.
	b, _ := os.ReadFile(firstFile(dir, "infercost-tco-", ".csv"))
	if !strings.HasPrefix(string(b), "# InferCost tco scenario, data edition ") || !strings.Contains(string(b), ",capex,a,") {
		t.Errorf("tco CSV:\n%.400s", b)
	}
}

func files(dir string) []string {
	es, _ := os.ReadDir(dir)
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func firstFile(dir, prefix, ext string) string {
	for _, f := range files(dir) {
		if strings.HasPrefix(f, prefix) && strings.HasSuffix(f, ext) {
			return filepath.Join(dir, f)
		}
	}
	return ""
}

func eventuallyFile(dir, prefix, ext string) bool {
	return sitetest.Eventually(20e9, func() bool { return firstFile(dir, prefix, ext) != "" })
}
