package site

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// The form shows the main inputs first and folds the others, by group and
// by section; a folded part that holds an input the scenario sets, or
// one rejected, opens, so that a page rendered for a link (the edge
// worker's) never hides what the link changed. The answer bar repeats the
// headline's figures with nothing to focus.
func TestFormFoldsAllButTheMainInputs(t *testing.T) {
	in := func(key, section string, main, explicit bool, err string) scenario.Input {
		return scenario.Input{Field: scenario.Field{Key: key, Label: key, Section: section, Main: main, Max: 10}, Value: "1", Explicit: explicit, Error: err}
	}
	s := Scenario{Meta: Meta{Base: "/"}, ID: "tco", Page: view.Page{
		Headline: view.Headline{Figures: []view.Figure{{Label: "Cost", Text: "$1", Band: "±9 %", BandNote: "why"}}},
		Inputs: []scenario.Input{in("y", "Scenario", true, false, ""), in("cur", "Scenario", false, false, ""), in("fx", "Prices", false, true, ""),
			in("a.kind", "", true, false, ""), in("a.pue", "", false, false, "too high"), in("b.kind", "", true, false, ""), in("b.pue", "", false, false, "")},
		Groups: []view.Group{{Key: "a", Title: "A"}, {Key: "b", Title: "B"}}}}
	var b bytes.Buffer
	if err := form(s).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if err := headline(s).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	// Each folded part, in order, open or not, with its first field.
	folded := regexp.MustCompile(`<details class="more"( open)?><summary>[^<]*</summary> <div class="field" data-field="([^"]+)"`).FindAllStringSubmatch(page, -1)
	var got []string
	for _, f := range folded {
		got = append(got, f[2]+f[1])
	}
	// Groups first (a's rejected pue opens it), then the sections
	// (Prices' fx is set).
	if want := "a.pue open, b.pue, cur, fx open"; strings.Join(got, ", ") != want {
		t.Errorf("folded parts %q; want %s", got, want)
	}
	shown := regexp.MustCompile(`(?s)<details.*?</details>`).ReplaceAllString(page, "")
	for _, key := range []string{"y", "a.kind", "b.kind"} {
		if !strings.Contains(shown, `data-field="`+key+`"`) {
			t.Errorf("the main input %s is folded", key)
		}
	}
	if i, j := strings.Index(page, `data-field="y"`), strings.Index(page, "<details"); i > j {
		t.Error("the main inputs outside the groups do not come first")
	}
	bar := page[strings.Index(page, `<div class="answer-bar"`):]
	if !strings.Contains(bar, `aria-hidden="true"`) || !strings.Contains(bar, "<dt>Cost</dt><dd>$1</dd>") || strings.Contains(bar, "<button") {
		t.Errorf("the answer bar %q; want the figures, hidden from screen readers, without buttons", bar)
	}
}
