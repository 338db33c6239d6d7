package browsertest

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/chromedp"

	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/scenario"
)

// notTranslated are the English messages a German page may show as they
// are: names of products and units, and words German uses too. The one
// place for them. "KV cache" stands in vLLM's log line "GPU KV cache
// size", which the German help quotes; "InferCost" is the product and
// "ShareGPT" a dataset of conversations.
var notTranslated = []string{"KV cache", "InferCost", "ShareGPT"}

// shownText collects what a reader sees or hears of the site's own words
// on the page: its title, the visible text, and the aria-labels, titles,
// placeholders, alt texts and option texts. Left out is what is data or
// prose rather than the interface: an article's text and tables (written
// in its language; its embedded calculators are checked), the titles of
// the sources cited (a preset's, and a default's in its note, with the
// data's own note), which the data files hold as their sources title
// them.
const shownText = `(() => {
	const data = '.prose > :not(.embed), .preset-source, .note';
	const skip = e => e.closest(data);
	const hidden = [...document.querySelectorAll(data)].filter(e => e.style.display !== 'none');
	hidden.forEach(e => e.style.display = 'none');
	const shown = document.body.innerText;
	hidden.forEach(e => e.style.display = '');
	const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].filter(e => !skip(e)).flatMap(e =>
		['aria-label', 'title', 'placeholder', 'alt'].map(a => e.getAttribute(a) || ''));
	const options = [...document.querySelectorAll('option')].filter(o => !skip(o)).map(o => o.textContent);
	return [document.title, shown, ...attrs, ...options].join('\n');
})()`

// placeholder is a {name} placeholder of a catalog's message.
var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// englishParts returns the literal parts, between placeholders, of every
// English message that German words differently, and every preset's
// English title, description and explanation, as a German page must not
// show them.
func englishParts(t *testing.T) []string {
	t.Helper()
	cs, err := sitebuild.Catalogs(os.DirFS(repoRoot + "/content"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	d := datasettest.Load(t)
	for _, ps := range [][]scenario.PresetData{d.TCO.Presets, d.Memory.Presets, d.Perf.Presets, d.Pricing.Presets} {
		for _, p := range ps {
			out = append(out, p.Title, p.Description, p.Explanation)
		}
	}
	for k, en := range cs["en"] {
		if cs["de"][k] == en || strings.Contains(en, "<") {
			continue
		}
		for _, part := range placeholder.Split(en, -1) {
			part = strings.Trim(part, " .,:;()")
			// A single short word ("Load", "Reset") matches inside
			// German words and names; longer parts say it is English.
			if len(part) >= 8 && !slices.Contains(notTranslated, part) {
				out = append(out, part)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestGermanPagesShowNoEnglish checks that English pages say lang="en"
// and German ones lang="de", and walks the German pages in Chromium,
// calculators once their engine has answered: no German page shows an
// English message of the catalog or a preset's English text, naming the
// page and the message, nor does a chart name an axis or series with an
// English message. Then the calculators' problem states, presets, old
// editions, exports and Hugging Face loads (germanProblemStates). A
// German calculator writes German numbers, and the language switch
// keeps the scenario.
func TestGermanPagesShowNoEnglish(t *testing.T) {
	t.Parallel() // one of the longest tests: see startBrowser
	hf := hfStandIn(t)
	out := buildSiteWith(t, sitebuild.Config{Base: "/sub/", HFBase: hf.URL})
	srv := httptest.NewServer(sitebuild.SiteHandler(out, "/sub/"))
	t.Cleanup(srv.Close)
	ctx := startBrowser(t)
	parts := englishParts(t)
	notes := englishNotes(t)
	english := englishMessages(t)
	var pages []string
	_ = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "index.html" && !strings.Contains(p, "pagefind") {
			rel, _ := filepath.Rel(out, filepath.Dir(p))
			pages = append(pages, strings.TrimPrefix(filepath.ToSlash(rel)+"/", "./"))
		}
		return err
	})
	german := 0
	htmlLang := regexp.MustCompile(`<html lang="([^"]*)"`)
	for _, page := range pages {
		// Every page says its language as served; only a German one is
		// opened, to read what it shows.
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(page), "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		want := "en"
		if strings.HasPrefix(page, "de/") {
			want = "de"
		}
		if m := htmlLang.FindSubmatch(b); m == nil || string(m[1]) != want {
			t.Errorf("/%s: <html lang> %q; want %q", page, m, want)
		}
		if want != "de" {
			continue
		}
		t.Logf("/%s", page)
		// The body is waited for: once, in a full run on a busy machine,
		// the text was read while the page had none yet.
		do(t, ctx, chromedp.Navigate(srv.URL+"/sub/"+page), chromedp.WaitReady(chromedp.CSS(`body`)))
		if eval[bool](t, ctx, `!!document.querySelector('[data-calculator]')`) {
			do(t, ctx, chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
		}
		if lang := eval[string](t, ctx, `document.documentElement.lang`); lang != want {
			t.Errorf("/%s: <html lang=%q> once shown; want %q", page, lang, want)
		}
		german++
		noEnglish(t, "/"+page, eval[string](t, ctx, shownText), parts)
		noEnglish(t, "/"+page+" notes", eval[string](t, ctx, dataText), notes)
		// Chart titles, axes and series as the build drew them: short
		// names ("batch") must not be an English message either.
		for _, name := range eval[[]string](t, ctx, chartNames) {
			if english[name] {
				t.Errorf("/%s: a chart shows English %q", page, name)
			}
		}
	}
	if german < 6 {
		t.Errorf("walked %d German pages; want the home page, the four calculators and search at least", german)
	}

	// 4.76 GiB of activations of Llama 3.1 8B in BF16 on one GPU, as a
	// German reader writes it: the decimal comma.
	do(t, ctx, chromedp.Navigate(srv.URL+"/sub/de/memory/?ctx=8192#results"), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
	if got := eval[string](t, ctx, `document.querySelector('[data-key="a.activation_gib"]').textContent.trim()`); !regexp.MustCompile(`^\d,\d\d GiB$`).MatchString(got) {
		t.Errorf("/de/memory/ activations: got %q; want a decimal comma", got)
	}
	// The scenario, not the address as typed: 200 ms after each answer a
	// page writes its canonical query into the address bar (app.js), which
	// under load came before the switch or the reading.
	do(t, ctx, chromedp.Click(chromedp.CSS(`#lang-switch`)), chromedp.WaitVisible(chromedp.CSS(`html[lang="en"][data-engine="ready"]`)))
	if got := eval[string](t, ctx, `location.pathname + ' ctx=' + new URLSearchParams(location.search).get('ctx')`); got != "/sub/memory/ ctx=8192" {
		t.Errorf("language switch: got %s; want /sub/memory/ ctx=8192", got)
	}
	germanProblemStates(t, ctx, srv.URL+"/sub/", parts)
	germanPresetNotes(t, ctx, srv.URL+"/sub/", notes)
	germanOffers(t, ctx, srv.URL+"/sub/", notes)
}

// containsWords reports whether text holds part as whole words: not
// inside a longer word, as "tokens/s" is inside the German
// "Ausgabetokens/s".
func containsWords(text, part string) bool {
	letter := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; ; {
		j := strings.Index(text[i:], part)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(part)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if (start == 0 || !letter(before)) && (end == len(text) || !letter(after)) {
			return true
		}
		i = start + 1
	}
}

// chartNames lists the names in the charts' options as the page carries
// them: titles, axis names, series and their marks.
const chartNames = `(() => {
	const names = [];
	const walk = v => {
		if (Array.isArray(v)) return v.forEach(walk);
		if (v && typeof v === 'object') {
			for (const [k, x] of Object.entries(v)) {
				if ((k === 'name' || k === 'text') && typeof x === 'string') names.push(x);
				else walk(x);
			}
		}
	};
	document.querySelectorAll('script[id$="-option"]').forEach(s => walk(JSON.parse(s.textContent)));
	return names;
})()`

// englishMessages returns every English message without placeholders
// that German words differently, whole: a chart's short axis name is
// compared with them.
func englishMessages(t *testing.T) map[string]bool {
	t.Helper()
	cs, err := sitebuild.Catalogs(os.DirFS(repoRoot + "/content"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for k, en := range cs["en"] {
		if cs["de"][k] != en && !placeholder.MatchString(en) && !slices.Contains(notTranslated, en) {
			out[en] = true
		}
	}
	return out
}

// noEnglish reports each English part that text, shown on page, holds.
func noEnglish(t *testing.T, page, text string, parts []string) {
	t.Helper()
	for _, p := range parts {
		if containsWords(text, p) {
			t.Errorf("%s shows English %q", page, p)
		}
	}
}

// germanProblemStates opens, on the German pages of the site at base, the
// links that make the calculators say something is wrong or different: bad
// values, a batch or users beyond the KV cache, a model that does not
// fit or cannot be simulated, a tensor-parallel degree that does not
// divide the heads, a request beyond the context, unknown API ids, an
// old edition's link, every preset, Hugging Face loads that fail (from a
// local stand-in) and a checkpoint whose size disagrees, and the
// Markdown and CSV exports. Each state must show (its German words are
// asserted) and no English message or preset text may show with it.
func germanProblemStates(t *testing.T, ctx context.Context, base string, parts []string) {
	// A link to the calculator on screen opens in place, as a reader's
	// click on it does.
	open := func(path string) string {
		t.Helper()
		openLink(t, ctx, base+"de/"+path)
		text := eval[string](t, ctx, shownText)
		noEnglish(t, "/de/"+path, text, parts)
		return text
	}
	// note, when set, is the field whose note (which the walk leaves out,
	// for the data's own words in it) must show the words.
	for _, tc := range []struct{ path, note, shows string }{
		// 4,096 requests of 768 tokens; 548 fit on one H100 (the engine's
		// figure, checked by perfview's tests).
		{"performance/?b=4096", "", "Ein Batch von 4.096 Anfragen zu 768 Tokens braucht mehr KV-Cache"},
		{"performance/?b=4096", "b", "Passt nicht: 4.096 Anfragen brauchen"},
		{"performance/?mode=closed&users=4096", "users", "die übrigen warten in der Warteschlange"},
		{"performance/?model=llama-3.1-70b&gpu=l4", "", "Llama 3.1 70B passt mit einer Anfrage von 768 Tokens nicht auf 1 x L4"},
		// Gemma 3's windowed layers fit four such requests, but the
		// simulation reserves a whole one.
		{"performance/?model=gemma-3-27b&gpu=h100-sxm&in=100000&out=1000", "", "Die Simulation reserviert den KV-Cache einer ganzen Anfrage, 101.000 Tokens"},
		// Llama 3.1 8B has 32 attention heads.
		{"performance/?tp=3", "", "muss die 32 Attention-Heads des Modells teilen"},
		{"memory/?a.tp=3", "", "muss die 32 Attention-Heads des Modells teilen"},
		{"performance/?in=200000", "", "überschreiten den Kontext von Llama 3.1 8B mit 131.072 Tokens"},
		{"performance/?gpu=custom", "", "Eigene GPU"},
		{"performance/?gpu=b200&prec=fp4", "", "NVFP4 (Blöcke zu 16 Werten, FP8-Skalen)"},
		{"memory/?ctx=abc", "", "Keine Zahl"},
		{"tco/?a.n=-5", "", "Muss zwischen"},
		{"pricing/?apis=nope-1,nope-2", "", "2 der IDs benennen kein Modell des Katalogs"},
		{"tco/?preset=seed-000", "", "seine Zahlen sind daher dreimal zu hoch"},
		{"memory/?preset=seed-002", "", "Faustregel des Artikels"},
		{"performance/?preset=trtllm-70b-h100", "", "statisches Batching"},
		{"pricing/?preset=seed-000-roi", "", "Die A100-Zahl des Artikels stimmt"},
	} {
		text := open(tc.path)
		if tc.note != "" {
			note := `document.getElementById('note-` + tc.note + `').textContent.trim()`
			text = eval[string](t, ctx, note)
			// The words before the data's note, which the field shows
			// alone when nothing is wrong.
			open(tc.path[:strings.Index(tc.path, "?")])
			own, _ := strings.CutSuffix(text, eval[string](t, ctx, note))
			noEnglish(t, "/de/"+tc.path+" note of "+tc.note, own, parts)
		}
		if !strings.Contains(text, tc.shows) {
			t.Errorf("/de/%s does not show %q", tc.path, tc.shows)
		}
	}

	// An old edition's link: the note says what today's data changes, in
	// German.
	changes := 0
	for _, name := range []string{"tco", "memory", "performance", "pricing"} {
		open(name + "/?ed=2026-11-30")
		note := eval[string](t, ctx, `(n => n.hidden ? '' : n.innerText)(document.getElementById('edition-note'))`)
		if !strings.Contains(note, "Datenstand vom 30.11.2026") {
			t.Errorf("/de/%s/?ed=2026-11-30: note %q; want the edition, in German", name, note)
		}
		changes += strings.Count(note, "→")
	}
	if changes == 0 {
		t.Errorf("no old edition's note lists a change: the test shows none of their words")
	}

	// The exports, as the page's buttons ask the engine for them: what a
	// reader reads, not the link nor the CSV's columns for scripts
	// (header, metric, option, value, unit), which are the same in every
	// language.
	open("performance/?b=4096")
	// The link as the export names it: the page may have written its
	// canonical query into the address bar meanwhile.
	export := func(format string) (link, text string) {
		r := evalAsync[[]string](t, ctx, `(async () => { const l = location.href;
			return [l, await window.__infercost.call("export", ["performance", location.search.slice(1), "`+format+`", l])]; })()`)
		return r[0], r[1]
	}
	// The export names the latest edition, in German: DD.MM.YYYY.
	eds := datasettest.Load(t).PerfData().Editions
	latest := eds[len(eds)-1].Date
	stand := "Datenstand " + latest[8:] + "." + latest[5:7] + "." + latest[:4]
	link, md := export("md")
	noEnglish(t, "/de/performance/ Markdown", strings.ReplaceAll(md, link, ""), parts)
	if !strings.Contains(md, "[InferCost-Szenario „Durchsatz und Latenz“, "+stand+"]") || !strings.Contains(md, "passt nicht: braucht 384,0 GiB KV-Cache") {
		t.Errorf("/de/performance/ Markdown:\n%.600s", md)
	}
	link, csvText := export("csv")
	first, rest, _ := strings.Cut(csvText, "\n")
	noEnglish(t, "/de/performance/ CSV", strings.ReplaceAll(first, link, ""), parts)
	if first != "# InferCost-Szenario „Durchsatz und Latenz“, "+stand+": "+link {
		t.Errorf("/de/performance/ CSV: first line %q", first)
	}
	rows, err := csv.NewReader(strings.NewReader(rest)).ReadAll()
	if err != nil || len(rows) < 10 || strings.Join(rows[0], ",") != "Tabelle,Zeile,Spalte,Kennzahl,Option,Wert,Einheit,Text,von,bis,Band" {
		t.Fatalf("/de/performance/ CSV: %v, %.400s", err, rest)
	}
	for _, r := range rows[1:] {
		// table, row, column, text and the band's note
		noEnglish(t, "/de/performance/ CSV row", strings.Join([]string{r[0], r[1], r[2], r[7], r[10]}, "\n"), parts)
	}

	// Hugging Face: each failure said next to the field, in German, and
	// a checkpoint whose files hold twice the counted parameters.
	open("memory/")
	choose(t, ctx, "model", "custom")
	for _, tc := range []struct{ id, want string }{
		{"nobody/nothing", "Hugging Face hat keine config.json für nobody/nothing"},
		{"gated/model", "gated/model"},
		{"broken/model", "config.json ist kein gültiges JSON: ungültiges JSON bei Byte 60"},
		{"odd/model", `die Architektur "DbrxForCausalLM" wird nicht unterstützt`},
		{"not an id", "Hugging-Face-ID"},
	} {
		status, _ := hfLoad(t, ctx, tc.id)
		noEnglish(t, "/de/memory/ loading "+tc.id, status, parts)
		if !strings.Contains(status, tc.want) {
			t.Errorf("/de/memory/ loading %s: status %q; want %q", tc.id, status, tc.want)
		}
	}
	llama, err := os.ReadFile("../../wasm/hfmodel/testdata/meta-llama--Llama-3.1-8B/config.json")
	if err != nil {
		t.Fatal(err)
	}
	config, _ := json.Marshal(string(llama))
	// 32,121,044,992 bytes are 16.06 billion 16-bit values, twice the
	// 8.03B parameters the architecture counts.
	got := evalAsync[string](t, ctx, `window.__infercost.call("hfModel", [`+string(config)+`, '{"metadata": {"total_size": 32121044992}}'])`)
	noEnglish(t, "/de/memory/ checkpoint note", got, parts)
	if !strings.Contains(got, "16,06 Mrd. 16-Bit-Werte") {
		t.Errorf("/de/memory/ checkpoint note: %s; want it in German", got)
	}
}
