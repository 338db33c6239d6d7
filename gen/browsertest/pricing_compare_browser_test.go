package browsertest

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// compareProbe reads the comparison table as shown: the API of each
// displayed row (in the page's order), its note, whether its scroll box
// holds it without scrolling (the last displayed column's right edge
// within the box's), and whether the page scrolls sideways.
const compareProbe = `(() => {
	const shown = e => e.getClientRects().length > 0;
	const table = document.querySelector('#compare table'), box = table.closest('.scroll');
	const rows = [...table.tBodies[0].rows].filter(shown);
	const heads = [...table.tHead.rows[0].cells].filter(shown);
	const last = heads[heads.length - 1].getBoundingClientRect(), b = box.getBoundingClientRect();
	return {
		names: rows.map(r => r.querySelector('[data-col="api"]').textContent.trim()),
		buttons: rows.map(r => { const b = r.querySelector('[data-col="rm"] button:not([hidden])'); return b && shown(b) ? b.getAttribute('aria-label') : ''; }),
		note: document.getElementById('compare-note').textContent,
		lastCol: heads[heads.length - 1].dataset.col || '',
		fits: last.right <= b.right + 1 && box.scrollWidth <= box.clientWidth + 1,
		pageFits: document.documentElement.scrollWidth <= innerWidth,
	};
})()`

type compareReport struct {
	Names    []string `json:"names"`
	Buttons  []string `json:"buttons"`
	Note     string   `json:"note"`
	LastCol  string   `json:"lastCol"`
	Fits     bool     `json:"fits"`
	PageFits bool     `json:"pageFits"`
}

// The pricing comparison shows a row for each compared API and none
// blank, on screen and on paper; says how many of its 12 places are
// used; fits beside the form on a laptop (1,280 px, English and German)
// and keeps a phone's page from scrolling sideways; and each row's
// Remove button, pressed from the keyboard, drops exactly that API from
// the table, the field and the link, as a fresh tab of the link shows.
func TestComparisonShowsOnlyComparedAPIsWithRemoveButtons(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	// The edition's default list: six of the twelve places
	// (content/data/editions/2026-12-06.yaml, pricing defaults.apis).
	defaults := []string{"OpenAI GPT-6 Astra", "OpenAI GPT-6 Luna", "Anthropic Claude Opus 5.5", "Google Gemini 3.1 Pro Preview",
		"DeepSeek V4 Flash", "HolySheep AI flat price (vendor's claim)"}
	for _, s := range []struct {
		w, h   int64
		mobile bool
	}{{390, 844, true}, {1280, 800, false}} {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if s.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		do(t, ctx, chromedp.EmulateViewport(s.w, s.h, opts...))
		for _, lang := range []string{"", "de/"} {
			waitEngine(ctx, t, root+lang+"pricing/")
			r := eval[compareReport](t, ctx, compareProbe)
			if lang == "" && !slices.Equal(r.Names, defaults) {
				t.Errorf("%d px: rows %q; want the six default APIs %q, no blank row", s.w, r.Names, defaults)
			}
			if len(r.Names) != len(defaults) || slices.Contains(r.Names, "") {
				t.Errorf("%d px /%spricing/: rows %q; want six, none blank", s.w, lang, r.Names)
			}
			want := map[string]string{"": "6 of 12 compared", "de/": "6 von 12 verglichen"}[lang]
			if !strings.HasPrefix(r.Note, want) {
				t.Errorf("%d px /%spricing/: note %q; want it to start with %q", s.w, lang, r.Note, want)
			}
			if !s.mobile && (!r.Fits || r.LastCol != "rm") {
				t.Errorf("1280 px /%spricing/: the table's last column (%q) is cut off by its box", lang, r.LastCol)
			}
			if s.mobile && !r.PageFits {
				t.Errorf("390 px /%spricing/: the page scrolls sideways", lang)
			}
		}
	}

	// Four APIs: four rows, each with a button named for its model.
	four := root + "pricing/?apis=gpt-4o,gpt-4.1,claude-haiku-4.5,deepseek.deepseek-v4-flash"
	waitEngine(ctx, t, four)
	r := eval[compareReport](t, ctx, compareProbe)
	names := []string{"OpenAI GPT-4o", "OpenAI GPT-4.1", "Anthropic Claude Haiku 4.5", "DeepSeek V4 Flash"}
	if !strings.HasPrefix(r.Note, "4 of 12 compared") {
		t.Errorf("four APIs: note %q; want it to start with 4 of 12 compared", r.Note)
	}
	if !slices.Equal(r.Names, names) {
		t.Fatalf("four APIs: rows %q; want %q", r.Names, names)
	}
	for i, b := range r.Buttons {
		if want := "Remove " + names[i] + " from the comparison"; b != want {
			t.Errorf("row %d's button is named %q; want %q", i+1, b, want)
		}
	}
	// On paper too: no blank row, and no column of buttons.
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
	if p := eval[compareReport](t, ctx, compareProbe); !slices.Equal(p.Names, names) || p.LastCol == "rm" {
		t.Errorf("printed: rows %q, last column %q; want the four APIs and no Remove column", p.Names, p.LastCol)
	}
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""})

	// Remove GPT-4.1 from the keyboard.
	do(t, ctx, chromedp.Focus(chromedp.CSS(`button[aria-label="Remove OpenAI GPT-4.1 from the comparison"]`)), chromedp.KeyEvent(kb.Enter))
	const rest = "gpt-4o,claude-haiku-4.5,deepseek.deepseek-v4-flash"
	loc := evalAsync[string](t, ctx, `(async () => {
		for (let i = 0; i < 200 && new URLSearchParams(location.search).get('apis') !== '`+rest+`'; i++) await new Promise(r => setTimeout(r, 20));
		return location.href; })()`)
	after := eval[compareReport](t, ctx, compareProbe)
	left := []string{"OpenAI GPT-4o", "Anthropic Claude Haiku 4.5", "DeepSeek V4 Flash"}
	if !slices.Equal(after.Names, left) || !strings.HasPrefix(after.Note, "3 of 12 compared") {
		t.Errorf("after removing GPT-4.1: rows %q, note %q; want %q", after.Names, after.Note, left)
	}
	if field := eval[string](t, ctx, `document.querySelector('[name="apis"]').value`); field != rest {
		t.Errorf("the field reads %q; want %q", field, rest)
	}
	if got := eval[string](t, ctx, `new URLSearchParams(location.search).get('apis')`); got != rest {
		t.Errorf("the link's apis= is %q (%s); want %q", got, loc, rest)
	}
	figures := eval[map[string]string](t, ctx, readMetrics)
	if figures["gpt-4.1.monthly_cost"] != "" || figures["gpt-4o.monthly_cost"] == "" {
		t.Errorf("after removing GPT-4.1, the figures: %v", figures)
	}
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	do(t, tab, chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1)))
	if again := waitEngine(tab, t, loc); !mapsEqual(again, figures) {
		t.Errorf("a fresh tab of %s shows other figures:\n%v\nwant\n%v", loc, again, figures)
	}
	if again := eval[compareReport](t, tab, compareProbe); !slices.Equal(again.Names, left) {
		t.Errorf("a fresh tab of %s shows rows %q; want %q", loc, again.Names, left)
	}
}
