package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// unfold opens, as a reader's tap on its summary does, the folded group
// of inputs that holds the field of name, if it is closed: chromedp types
// only into a field on screen.
func unfold(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	eval[any](t, ctx, `(e => { const d = e.closest('details.more'); if (d && !d.open) d.querySelector('summary').click(); return 0; })(document.querySelector('[name="`+name+`"]'))`)
}

// formProbe measures, on the page as shown: the document y of the first
// input a reader can use (shown, in the form), of the first result (as
// layoutProbe), of the form's end and of /pricing/'s list of models
// (#find, -1 elsewhere); how many inputs are shown; and the page's width.
const formProbe = `(() => {
	const shown = e => e.checkVisibility({visibilityProperty: true});
	const inputs = [...document.querySelectorAll('#calc-form :is(input, select)')].filter(shown);
	const y = e => e ? Math.round(e.getBoundingClientRect().top + scrollY) : -1;
	const results = [...document.querySelectorAll('.outputs [data-metric]')].filter(shown).map(e => e.getBoundingClientRect().top + scrollY);
	const form = document.getElementById('calc-form').getBoundingClientRect();
	return {input: y(inputs[0]), result: results.length ? Math.round(Math.min(...results)) : -1, inputs: inputs.length,
		formEnd: Math.round(form.bottom + scrollY), find: y(document.getElementById('find')), width: document.documentElement.scrollWidth};
})()`

type formReport struct {
	Input   float64 `json:"input"`
	Result  float64 `json:"result"`
	Inputs  int     `json:"inputs"`
	FormEnd float64 `json:"formEnd"`
	Find    float64 `json:"find"`
	Width   int     `json:"width"`
}

// A phone's form: on every calculator, in both languages, the first
// input is within two screens at a phone's width (390 x 844; the answer
// and the toolbar come first) and on the first screen at a laptop's
// (1,280 x 800), the results follow the key inputs within four screens on
// the phone (/pricing/'s list of the cheapest models too: below the
// form), and the page does not scroll sideways. Before, at 390 px,
// the first input was at y = 5,785 on /tco/ and 10,817 on /pricing/
// (after every result and the list of the cheapest models), 4,053 on
// /performance/ and 7,529 on /memory/ (German: 6,488, 12,201, 4,332 and
// 7,759); after, 934 to 1,250.
func TestPhoneFormComesFirst(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	sizes := []screen{{390, 844, true}, {1280, 800, false}}
	for _, lang := range []string{"", "de/"} {
		for _, calc := range []string{"tco/", "pricing/", "performance/", "memory/"} {
			// One load, on the phone; the desktop's layout is the same
			// page made wider.
			for i, s := range sizes {
				opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
				if s.Mobile {
					opts = append(opts, chromedp.EmulateMobile)
				}
				do(t, ctx, chromedp.EmulateViewport(s.W, s.H, opts...))
				if i == 0 {
					waitEngine(ctx, t, root+lang+calc)
				}
				r := evalAsync[formReport](t, ctx, "nextFrames(2).then(() => "+formProbe+")")
				where := fmt.Sprintf("/%s%s at %d px", lang, calc, s.W)
				t.Logf("%s: first input at y = %.0f, first result at y = %.0f, %d inputs shown", where, r.Input, r.Result, r.Inputs)
				screens := 1
				if s.Mobile {
					screens = 2
				}
				if r.Input < 0 || r.Input > float64(int64(screens)*s.H) {
					t.Errorf("%s: the first input is at y = %.0f; want it within %d screen(s) (%d px)", where, r.Input, screens, int64(screens)*s.H)
				}
				if s.Mobile && (r.Result < 0 || r.Result > float64(4*s.H)) {
					t.Errorf("%s: the first result is at y = %.0f; want it within four screens (%d px)", where, r.Result, 4*s.H)
				}
				// The list of the cheapest models, which no input asked
				// for, follows the form on a phone.
				if s.Mobile && calc == "pricing/" && r.Find < r.FormEnd {
					t.Errorf("%s: the list of models is at y = %.0f, above the form's end at %.0f", where, r.Find, r.FormEnd)
				}
				if s.Mobile && r.Width > int(s.W)+1 {
					t.Errorf("%s: the page is %d px wide", where, r.Width)
				}
				if lang == "" && (calc == "tco/" || calc == "pricing/") {
					saveArtifact(t, fmt.Sprintf("form-%s-%d.jpg", strings.TrimSuffix(calc, "/"), s.W), fullScreenshot(t, ctx, 50))
				}
			}
		}
	}
}

// changedFigure changes a main input the way a reader does (a focused
// field, typed into) and reports whether a headline figure changed and
// whether its new text is on screen, not covered, without scrolling: in
// the headline or in the answer bar.
const figureOnScreen = `((before) => {
	const texts = dl => [...document.querySelectorAll(dl + ' dd')].map(d => d.firstChild ? d.firstChild.textContent : '');
	const after = texts('#key-figures');
	const changed = after.filter((t, i) => t !== before[i]);
	if (!changed.length) return 'no headline figure changed: ' + after.join(' | ');
	const seen = [...document.querySelectorAll('#key-figures dd, #bar-figures dd')].filter(d => {
		if (!changed.includes(d.firstChild ? d.firstChild.textContent : '')) return false;
		const r = d.getBoundingClientRect();
		if (!r.width || r.top < 0 || r.bottom > innerHeight || getComputedStyle(d).visibility === 'hidden') return false;
		const top = document.elementFromPoint(r.left + Math.min(r.width, 20) / 2, r.top + r.height / 2);
		return top && (d === top || d.contains(top));
	});
	return seen.length ? '' : 'the changed figure ' + changed[0] + ' is not on screen (scrollY ' + Math.round(scrollY) + ')';
})`

// On a phone, changing a main input shows its effect on the answer
// without scrolling: the input is scrolled to the foot of the screen (as
// a phone's keyboard leaves it) or to its top (the headline far above),
// typed into, and the headline figure that changed is on screen,
// uncovered: in the headline or the answer bar. Each calculator, in both
// languages. Before, the inputs were thousands of pixels below the
// headline, and nothing showed the answer there.
func TestPhoneFormShowsTheChange(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile))
	for _, lang := range []string{"", "de/"} {
		for _, c := range []struct{ calc, field, value string }{
			{"tco/", "y", "7"}, {"pricing/", "rpd", "123456"}, {"performance/", "b", "3"}, {"memory/", "conc", "77"},
		} {
			for i, at := range []string{"end", "start"} {
				where := "/" + lang + c.calc + " (the field at the " + at + " of the screen)"
				if i == 0 {
					waitEngine(ctx, t, root+lang+c.calc)
				} else {
					// Back to the defaults: Reset, as a reader would.
					eval[any](t, ctx, `(document.getElementById('reset').click(), scrollTo(0, 0))`)
				}
				before := eval[[]string](t, ctx, `[...document.querySelectorAll('#key-figures dd')].map(d => d.firstChild ? d.firstChild.textContent : '')`)
				sel := chromedp.CSS(`[name="` + c.field + `"]`)
				eval[any](t, ctx, `document.querySelector('[name="`+c.field+`"]').scrollIntoView({block: '`+at+`'})`)
				do(t, ctx, chromedp.Focus(sel), chromedp.SetValue(sel, ""), chromedp.SendKeys(sel, c.value))
				evalAsync[any](t, ctx, `nextFrames(2)`)
				b, _ := json.Marshal(before)
				if msg := eval[string](t, ctx, figureOnScreen+"("+string(b)+")"); msg != "" {
					t.Errorf("%s, %s typed: %s", where, c.field, msg)
				}
				if lang == "" && c.calc == "tco/" {
					shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
					if err != nil {
						t.Fatal(err)
					}
					saveArtifact(t, "form-tco-typed-"+at+"-390.png", shot)
				}
			}
		}
	}
}

// tcoFields counts, on /tco/ with every folded group open, the inputs
// of option a shown, and says whether its owned-only price (a.gp), its
// rented-only price (a.hr) and its estimator's precision (a.pp) are shown
// or can take the focus.
const tcoFields = `(() => {
	document.querySelectorAll('details.more').forEach(d => { d.open = true; });
	const shown = e => e.checkVisibility();
	const focusable = name => { const e = document.querySelector('[name="' + name + '"]'); e.focus(); const f = document.activeElement === e; e.blur(); return f; };
	return {A: [...document.querySelectorAll('[data-group="a"] :is(input, select)')].filter(shown).length,
		GPs: shown(document.querySelector('[name="a.gp"]')) || focusable('a.gp'), HRs: shown(document.querySelector('[name="a.hr"]')) || focusable('a.hr'),
		PP: shown(document.querySelector('[name="a.pp"]')) || focusable('a.pp')};
})()`

// An option's inputs follow its kind: owned, it shows the purchase,
// electricity and staff fields and no rental ones; rented, the reverse,
// both the servers' power (for their energy); and
// with a throughput typed in rather than estimated, none of the
// estimator's (precision, batch, engine), which the page showed before.
// What applies comes from the engine (scenario.Field Only and the group's
// kind; scenario.Resolver.Hide), in both languages.
func TestTCOFormShowsWhatApplies(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile))
	type fields struct {
		A            int
		GPs, HRs, PP bool // a.gp, a.hr and a.pp shown or focusable
	}
	for _, lang := range []string{"", "de/"} {
		waitEngine(ctx, t, root+lang+"tco/?a.kind=own")
		owned := eval[fields](t, ctx, tcoFields)
		waitEngine(ctx, t, root+lang+"tco/?a.kind=rent")
		rented := eval[fields](t, ctx, tcoFields)
		t.Logf("/%stco/: option a shows %d inputs owned, %d rented", lang, owned.A, rented.A)
		// Owned: kind, GPU, count, the estimator's 5 (model, precision,
		// batch, engine, GPUs a replica), throughput, load and the 6 of
		// the servers' draw (GPUs a server, GPU rating, its idle and full
		// draws, overhead, PUE: 16 for either kind, whose energy they
		// give) and the 9 of ownership; rented: the 16 and the 3 of
		// renting (wasm/cluster ReadOption).
		if owned.A != 16+9 || rented.A != 16+3 {
			t.Errorf("/%stco/: option a shows %d inputs owned and %d rented; want 25 and 19", lang, owned.A, rented.A)
		}
		if !owned.GPs || owned.HRs || rented.GPs || !rented.HRs {
			t.Errorf("/%stco/: owned shows the price %v and the rent %v, rented %v and %v; want only what applies, and nothing else focusable",
				lang, owned.GPs, owned.HRs, rented.GPs, rented.HRs)
		}
		// The kind switched on the rented page hides and shows the same
		// fields.
		do(t, ctx, chromedp.SetValue(chromedp.CSS(`[name="a.kind"]`), "own"))
		eval[any](t, ctx, `document.querySelector('[name="a.kind"]').dispatchEvent(new Event('input', {bubbles: true}))`)
		if got := eval[fields](t, ctx, tcoFields); got.A != owned.A || !got.GPs || got.HRs {
			t.Errorf("/%stco/: switched to owned, option a shows %d inputs, price %v, rent %v; want %d, true, false", lang, got.A, got.GPs, got.HRs, owned.A)
		}
		waitEngine(ctx, t, root+lang+"tco/?a.kind=own&a.pm=")
		if typed := eval[fields](t, ctx, tcoFields); typed.A != 24-3 || typed.PP || !owned.PP {
			t.Errorf("/%stco/: with a throughput typed in, option a shows %d inputs and its precision %v (estimated: %v); want 21, false (true)",
				lang, typed.A, typed.PP, owned.PP)
		}
	}
}

// openGroups lists the folded groups open on the page, by the name of
// their first field.
const openGroups = `[...document.querySelectorAll('details.more')].filter(d => d.open).map(d => d.querySelector('[name]').name)`

// A link that sets a field inside a folded group opens that group, so
// that a shared link never hides what it changed; the others stay
// closed, and a page without a scenario opens none; in both languages.
func TestLinkOpensItsFoldedGroup(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	for _, lang := range []string{"", "de/"} {
		for _, c := range []struct {
			calc, query string
			open        []string
		}{
			{"tco/", "", nil},
			{"tco/", "?b.pue=1.5", []string{"b.n"}},
			{"pricing/", "", nil},
			{"pricing/", "?h.kwh=0.2&cache=0.5", []string{"h.y", "per"}},
			{"performance/", "?mfu=0.4", []string{"mfu"}},
			{"memory/", "?a.tp=2", []string{"a.mem"}},
		} {
			waitEngine(ctx, t, root+lang+c.calc+c.query)
			got := eval[[]string](t, ctx, openGroups)
			if fmt.Sprint(got) != fmt.Sprint(c.open) && !(len(got) == 0 && len(c.open) == 0) {
				t.Errorf("/%s%s%s: open groups (by first field) %q; want %q", lang, c.calc, c.query, got, c.open)
			}
		}
	}
	// Typing into a field keeps the reader's groups as they are.
	waitEngine(ctx, t, root+"tco/")
	do(t, ctx, chromedp.Focus(chromedp.CSS(`[name="y"]`)), chromedp.SendKeys(chromedp.CSS(`[name="y"]`), kb.Backspace+"5"))
	if got := eval[[]string](t, ctx, openGroups); len(got) != 0 {
		t.Errorf("/tco/ after typing a main input: open groups %q; want none", got)
	}
}
