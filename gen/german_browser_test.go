package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
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
