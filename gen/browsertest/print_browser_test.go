package browsertest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/infercost/infercost/gen/sitebuild"
)

// printMedia lays the page out as printed, as the browser's print does
// (app.js hears the change of matchMedia('print')), or back on screen.
func printMedia(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	media := ""
	if on {
		media = "print"
	}
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media})
}

// printPDF prints the page as Chromium's print to PDF does, at the
// paper's width, and returns the PDF.
func printPDF(t *testing.T, ctx context.Context) []byte {
	t.Helper()
	res, err := chromedp.Call(ctx, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PreferCSSPageSize: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	return res.Data
}

// printedCharts describes, for each chart as printed, whether it shows,
// its drawing's width (ECharts), how many of its canvas's pixels are
// drawn, and how far below the drawing its legend starts (0 without a
// legend).
const printedCharts = `[...document.querySelectorAll('.chart-box')].map(box => {
	const canvas = box.querySelector('canvas'), chart = window.echarts && echarts.getInstanceByDom(box);
	if (!canvas || !chart) return {id: box.id, shown: box.checkVisibility(), width: 0, drawn: 0, gap: 0};
	const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
	let drawn = 0;
	for (let i = 3; i < data.length; i += 4) if (data[i]) drawn++;
	const legend = document.getElementById(box.id + '-legend');
	const gap = legend ? legend.getBoundingClientRect().top - canvas.getBoundingClientRect().bottom : 0;
	return {id: box.id, shown: box.checkVisibility() && canvas.getBoundingClientRect().height > 50, width: chart.getWidth(), drawn, gap};
})`

type printedChart struct {
	ID    string  `json:"id"`
	Shown bool    `json:"shown"`
	Width float64 `json:"width"`
	Drawn int     `json:"drawn"`
	Gap   float64 `json:"gap"`
}

// shownAsPrinted is whether the element of a selector shows in the
// layout as it is now.
func shownAsPrinted(t *testing.T, ctx context.Context, selector string) bool {
	t.Helper()
	return eval[bool](t, ctx, `(el => !!el && el.checkVisibility())(document.querySelector('`+selector+`'))`)
}

// Ctrl+P, without the reader having scrolled to the charts: every chart
// prints drawn, at the print width (app.js printWidth), with its legend
// right under it, and the handout carries every results table.
func TestCtrlPPrintsEveryChartDrawnBesideItsLegend(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, lang := range []string{"", "de/"} {
		do(t, ctx, chromedp.Navigate(root+lang+"tco/?a.gpu=h200-sxm"), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
		// On a desktop the charts load once the engine has answered,
		// wherever the reader is on the page.
		do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`html[data-charts="ready"]`)))
		printMedia(t, ctx, true)
		charts := evalAsync[[]printedChart](t, ctx, `nextFrames(2).then(() => `+printedCharts+`)`)
		if len(charts) != 3 {
			t.Errorf("%stco: %d charts; want 3", lang, len(charts))
		}
		for _, c := range charts {
			// 504 px: app.js printWidth. A drawn chart colours far more
			// than a few thousand pixels (axes, bars, lines, labels).
			if !c.Shown || c.Width != 504 || c.Drawn < 5000 || c.Gap > 24 {
				t.Errorf("%stco: printed chart %s: shown %v, width %v, %d pixels drawn, legend %v px below; want shown, 504, > 5000, at most 24",
					lang, c.ID, c.Shown, c.Width, c.Drawn, c.Gap)
			}
		}
		for _, table := range []string{"#results", "#breakdown", "#compare"} {
			if !shownAsPrinted(t, ctx, table+" table") {
				t.Errorf("%stco: the printout leaves out the table %s", lang, table)
			}
		}
		printMedia(t, ctx, false)
		do(t, ctx, chromedp.EmulateReset())
		pdf := printPDF(t, ctx)
		saveArtifact(t, "print-ctrl-p-"+strings.TrimSuffix(lang, "/")+"tco.pdf", pdf)
		t.Logf("%stco with A = H200 prints on %d pages", lang, pages(pdf))
		if n := pages(pdf); n < 1 || n > 3 {
			t.Errorf("%stco prints on %d pages; want 1 to 3", lang, n)
		}
	}
}

// A link printed before the engine has computed its figures prints
// none of the page's default figures: it says that they are still
// loading; the handout's edition line is never blank.
func TestPrintBeforeTheEngineShowsNoDefaultFigures(t *testing.T) {
	files := sitebuild.SiteHandler(buildSite(t, "/sub/"), "/sub/")
	wasm := regexp.MustCompile(`/engine\.[0-9a-f]+\.wasm$`)
	hold := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if wasm.MatchString(r.URL.Path) {
			select { // the engine never arrives while the test runs
			case <-hold:
			case <-r.Context().Done():
			}
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(hold) }) // before srv.Close (cleanups run last first)
	ctx := startBrowser(t)
	for _, tc := range []struct{ path, pending string }{
		{"/sub/tco/?a.gpu=h200-sxm", "print again"},
		{"/sub/de/tco/?a.gpu=h200-sxm", "erneut drucken"},
	} {
		do(t, ctx, chromedp.Navigate(srv.URL+tc.path), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="loading"]`)))
		printMedia(t, ctx, true)
		got := eval[[]string](t, ctx, `(dispatchEvent(new Event('beforeprint')), [
			String([...document.querySelectorAll('[data-metric]')].filter(e => e.checkVisibility()).length),
			[...document.querySelectorAll('.print-pending')].filter(e => e.checkVisibility()).map(e => e.textContent).join(' '),
			document.getElementById('handout-edition').textContent,
			document.getElementById('handout').innerText])`)
		printMedia(t, ctx, false)
		if got[0] != "0" {
			t.Errorf("%s before the engine: %s default figures print; want none", tc.path, got[0])
		}
		if !strings.Contains(got[1], tc.pending) {
			t.Errorf("%s before the engine: the printout says %q; want it to say %q", tc.path, got[1], tc.pending)
		}
		if !regexp.MustCompile(`^2026-12-\d\d$|^\d\d\.12\.2026$|^December \d+, 2026$`).MatchString(got[2]) {
			t.Errorf("%s before the engine: the handout's edition is %q; want a date", tc.path, got[2])
		}
		if strings.Contains(got[3], "The defaults") || strings.Contains(got[3], "Die Standardwerte") {
			t.Errorf("%s before the engine: the handout says the link is the defaults:\n%s", tc.path, got[3])
		}
	}
}

// The handout lists the sources of exactly what the scenario uses: with
// option A an H200, the H200's and none of the A100's that A had by
// default; what the scenario sets is named, never a raw id.
func TestHandoutListsTheScenariosOwnSourcesByName(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, lang := range []string{"", "de/"} {
		waitReady(ctx, t, root+lang+"tco/?a.gpu=h200-sxm")
		printMedia(t, ctx, true)
		got := eval[[]string](t, ctx, `(dispatchEvent(new Event('beforeprint')), [document.getElementById('handout-sources').innerText,
			document.getElementById('handout-changed').innerText])`)
		printMedia(t, ctx, false)
		if !strings.Contains(got[0], "NVIDIA H200") || strings.Contains(got[0], "NVIDIA A100") || strings.Contains(got[0], "CNBC") {
			t.Errorf("%stco with A = H200: the handout's sources are\n%s\nwant the H200's and none of the A100's (its product page, CNBC's price)", lang, got[0])
		}
		if !strings.Contains(got[1], "A: ") || !strings.Contains(got[1], "NVIDIA H200 SXM") {
			t.Errorf("%stco with A = H200: the handout says the scenario sets %q; want option A's GPU, the H200 SXM", lang, got[1])
		}

		waitReady(ctx, t, root+lang+"pricing/?apis=gpt-4o,claude-haiku-4.5,anthropic.claude-sonnet-5")
		printMedia(t, ctx, true)
		changed := eval[string](t, ctx, `(dispatchEvent(new Event('beforeprint')), document.getElementById('handout-changed').innerText)`)
		printMedia(t, ctx, false)
		if regexp.MustCompile(`[a-z0-9]\.[a-z]|claude-haiku|gpt-4o,`).MatchString(changed) || !strings.Contains(changed, "OpenAI GPT-4o") {
			t.Errorf("%spricing: the handout says the scenario sets\n%s\nwant names (OpenAI GPT-4o, …), no ids", lang, changed)
		}
	}
}

// The handout's title, customer, author and notes, and the sections it
// leaves out, are the link's: a shared link prints the same handout, with
// the same figures as without them.
func TestHandoutTitleNotesAndSectionsRoundTripThroughTheLink(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, lang := range []string{"", "de/"} {
		page := root + lang + "tco/?a.gpu=h200-sxm"
		plain := waitReady(ctx, t, page)
		eval[any](t, ctx, `(() => { document.getElementById('handout-options').open = true;
			const set = (name, v) => { const el = document.querySelector('[data-handout="' + name + '"]'); el.value = v; el.dispatchEvent(new Event('input', {bubbles: true})); };
			set('h.title', 'Inference offer'); set('h.for', 'ACME & Co'); set('h.by', 'Jo Müller'); set('h.notes', 'Prices <b>before</b> discount');
			for (const s of ['charts', 'sources']) { const el = document.querySelector('[data-section="' + s + '"]'); el.checked = false; el.dispatchEvent(new Event('change', {bubbles: true})); }
			dispatchEvent(new Event('pagehide')); })()`)
		link := eval[string](t, ctx, `location.href`)
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		if q.Get("h.title") != "Inference offer" || q.Get("h.for") != "ACME & Co" || q.Get("h.by") != "Jo Müller" || q.Get("h.notes") != "Prices <b>before</b> discount" || q.Get("h.omit") != "charts,sources" {
			t.Fatalf("%stco: the link after filling the handout's fields: %s", lang, link)
		}

		// The shared link, opened afresh.
		shared := waitReady(ctx, t, link)
		if !mapsEqual(plain, shared) {
			t.Errorf("%stco: the handout's fields changed figures:\n without %v\n with    %v", lang, plain, shared)
		}
		fields := eval[string](t, ctx, `[...document.querySelectorAll('[data-handout]')].map(e => e.value).join('|') + '|' +
			[...document.querySelectorAll('[data-section]')].map(e => e.dataset.section + '=' + e.checked).join(' ')`)
		if want := "Inference offer|ACME & Co|Jo Müller|Prices <b>before</b> discount|answer=true tables=true charts=false inputs=true sources=false"; fields != want {
			t.Errorf("%stco: the shared link's handout fields read %q; want %q", lang, fields, want)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('#problems li').length`); n != 0 {
			t.Errorf("%stco: the handout's parameters raise %d problems", lang, n)
		}
		printMedia(t, ctx, true)
		head := eval[string](t, ctx, `(dispatchEvent(new Event('beforeprint')), document.getElementById('handout-head').innerText)`)
		for _, want := range []string{"Inference offer", "ACME & Co", "Jo Müller", "Prices <b>before</b> discount"} {
			if !strings.Contains(head, want) {
				t.Errorf("%stco: the printed handout's head %q lacks %q", lang, head, want)
			}
		}
		if shownAsPrinted(t, ctx, ".charts") || shownAsPrinted(t, ctx, "#handout-sources") {
			t.Errorf("%stco: the sections left out (charts, sources) still print", lang)
		}
		if !shownAsPrinted(t, ctx, "#headline") || !shownAsPrinted(t, ctx, "#breakdown table") || !shownAsPrinted(t, ctx, "#handout-changed") {
			t.Errorf("%stco: a section kept (answer, tables, inputs) does not print", lang)
		}
		printMedia(t, ctx, false)
		if shownAsPrinted(t, ctx, "#handout-head") {
			t.Errorf("%stco: the handout's head shows on screen", lang)
		}
	}
}
