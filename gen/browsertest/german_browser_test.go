package browsertest

import (
	"context"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
)

// internalName is how the project's notes name the articles it was
// started from ("Seed 000", "seed article 002"): a citation in a
// source, never the name of a preset or a choice. ByteDance's models
// ("Seed 1.6", "Seed-2.0-Lite") are names of their own.
var internalName = regexp.MustCompile(`(?i)\bseed( article)?\s*\d{3}\b|\bseed article`)

// TestPresetsAndChoicesAreNamedForWhatTheyShow opens every calculator
// in English and German and reads the title of each preset its toolbar
// lists and the text of each choice of its drop-down lists: none is
// named by an internal name.
func TestPresetsAndChoicesAreNamedForWhatTheyShow(t *testing.T) {
	ctx, tco := browser(t)
	root := strings.TrimSuffix(tco, "tco/")
	for _, lang := range []string{"", "de/"} {
		for _, calc := range []string{"tco/", "memory/", "performance/", "pricing/"} {
			page := "/" + lang + calc
			do(t, ctx, chromedp.Navigate(root+lang+calc), chromedp.WaitVisible(chromedp.CSS(`html[data-engine="ready"]`)))
			labels := eval[[]string](t, ctx, `[...document.querySelectorAll('.toolbar a[href*="?preset="], option')].map(e => e.textContent.trim())`)
			for _, l := range labels {
				if internalName.MatchString(l) {
					t.Errorf("%s: a preset or choice is named %q", page, l)
				}
			}
			presets := eval[int](t, ctx, `document.querySelectorAll('.toolbar a[href*="?preset="]').length`)
			if presets == 0 || len(labels) <= presets {
				t.Errorf("%s: read %d presets among %d labels; want presets and choices", page, presets, len(labels))
			}
		}
	}
}

// dataText is what shownText leaves out as the data's own words, where a
// German page shows the data's German: the fields' notes (a default's,
// a GPU's price) and the tables of the methodology pages (the GPUs'
// rows, the defaults with their notes) with their tooltips (a model's
// note on its † mark). Source titles in them stay as their documents
// title themselves, and so do the entries' identities the changelog
// lists as code ("Oracle Cloud / mi355x / MI355X (part B111758)").
const dataText = `(() => {
	const ids = [...document.querySelectorAll('.prose table code')].filter(e => e.style.display !== 'none');
	ids.forEach(e => e.style.display = 'none');
	const text = [...[...document.querySelectorAll('.note, .prose table')].map(e => e.innerText),
		...[...document.querySelectorAll('.prose table [title]')].map(e => e.title)].join('\n');
	ids.forEach(e => e.style.display = '');
	return text;
})()`

// englishNotes returns the English note of every entry of the latest
// edition's data that has a German one beside it (note and note_de) and
// words it differently, as a German page must show the German: eight
// characters at least, as englishParts takes, so that a format's name
// ("NVFP4") does not match inside the German.
func englishNotes(t *testing.T) []string {
	t.Helper()
	var out []string
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for it := v.MapRange(); it.Next(); {
				walk(it.Value())
			}
		case reflect.Struct:
			for _, name := range germanBeside {
				en, de := v.FieldByName(name), v.FieldByName(name+"DE")
				if en.Kind() == reflect.String && de.Kind() == reflect.String && de.String() != "" && en.String() != de.String() && len(en.String()) >= 8 {
					out = append(out, en.String())
				}
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		}
	}
	walk(reflect.ValueOf(datasettest.Load(t)))
	if len(out) < 50 {
		t.Fatalf("found %d notes with a German beside them; want the GPUs', the defaults' and the step model's", len(out))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// germanBeside are the texts of the data that German pages show in
// German from a field beside them: figures' and models' notes, GPU
// links' names and rental offers' instance labels (where they have
// words to translate).
var germanBeside = []string{"Note", "Kind", "Instance"}

// germanOffers opens, on the German TCO page of the site at base, each
// rental offer whose instance label has a German one, chosen for a
// rented option: its choice and the note of the price it sets show the
// German label, and no English instance label shows.
func germanOffers(t *testing.T, ctx context.Context, base string, notes []string) {
	d := datasettest.Load(t)
	n := 0
	for _, gpu := range d.GPUs.GPUs {
		for j, of := range d.Rental.For(gpu.ID) {
			if of.InstanceDE == "" {
				continue
			}
			n++
			path := "de/tco/?c.kind=rent&c.gpu=" + gpu.ID + "&c.cloud=" + strconv.Itoa(j+1)
			openLink(t, ctx, base+path)
			text := eval[string](t, ctx, shownText) + "\n" + eval[string](t, ctx, dataText)
			if !strings.Contains(text, of.InstanceDE) {
				t.Errorf("/%s: no German instance label %q", path, of.InstanceDE)
			}
			noEnglish(t, "/"+path, text, notes)
		}
	}
	if n == 0 {
		t.Fatal("no rental offer with a German instance label")
	}
}

// germanPresetNotes opens every preset of every calculator on the German
// pages of the site at base: no field's note shows the English of the
// data's notes (a preset's GPUs and defaults are not the default page's).
// Like germanOffers, it opens a calculator's links in place, as a
// reader's clicks on them do (openLink).
func germanPresetNotes(t *testing.T, ctx context.Context, base string, notes []string) {
	for _, c := range sitebuild.Calculators(datasettest.Load(t)) {
		for _, p := range c.Presets {
			path := "de/" + c.Path + "?preset=" + p.Name
			openLink(t, ctx, base+path)
			noEnglish(t, "/"+path+" notes", eval[string](t, ctx, dataText), notes)
		}
	}
}
