package pricingview_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/apicompare"

	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/pricingview"
)

// The comparison starts with the edition's default list: the current
// flagships of OpenAI, Anthropic and Google, two budget models and the
// seed's reseller, six of the twelve places, so that six can be added
// (content/data/editions/2026-12-06.yaml, pricing defaults.apis).
func TestDefaultComparisonLeavesRoomToAdd(t *testing.T) {
	d := load(t)
	p := build(t, d, "")
	c := cells(p)
	for _, id := range []string{"openai.gpt-6-astra", "openai.gpt-6-luna", "anthropic.claude-opus-5-5",
		"google.gemini-3.1-pro-preview", "deepseek.deepseek-v4-flash", "holysheep-flat"} {
		if c[id+".monthly_cost"].Metric == "" {
			t.Errorf("%s: not in the default comparison", id)
		}
	}
	if got := len(p.Scenario.APIs); got != 6 {
		t.Errorf("%d APIs compared by default; want 6 of %d", got, apicompare.MaxAPIs)
	}
	if note := p.Tables[0].Note; !strings.HasPrefix(note, "6 of 12 compared") {
		t.Errorf("the comparison's note %q; want it to start with the limit, 6 of 12 compared", note)
	}
	if len(d.APIs.Models) < 1000 {
		t.Errorf("%d models; want the dataset's 1,000 and more", len(d.APIs.Models))
	}
	// Editions before the list compare the shortlist, eleven places.
	old := d
	old.Defaults.APIs = apicompare.DefaultAPIs{}
	if got := len(pricingview.Resolve("", old).APIs); got != 11 {
		t.Errorf("without the edition's list, %d APIs compared; want the shortlist's 11", got)
	}
}

// The comparison has a row for each compared API only: the other places
// and the reader's price, until entered, are hidden, on screen and in
// print. Each shown API has a button, named for the model, that sets
// apis= to the list without it; the last API has none (an empty list is
// the default list). The note says how many places are used.
func TestComparisonShowsOnlyWhatIsCompared(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		name, q string
		// shown are the rows' API names, in place order, and remove the
		// apis= each row's button sets ("" for none).
		shown, remove []string
		note          string
	}{
		{"four", "apis=gpt-4o,gpt-4.1,claude-haiku-4.5,deepseek.deepseek-v4-flash",
			[]string{"OpenAI GPT-4o", "OpenAI GPT-4.1", "Anthropic Claude Haiku 4.5", "DeepSeek V4 Flash"},
			[]string{"gpt-4.1,claude-haiku-4.5,deepseek.deepseek-v4-flash", "gpt-4o,claude-haiku-4.5,deepseek.deepseek-v4-flash",
				"gpt-4o,gpt-4.1,deepseek.deepseek-v4-flash", "gpt-4o,gpt-4.1,claude-haiku-4.5"},
			"4 of 12 compared"},
		{"one, and the reader's price", "apis=gpt-4o&cp.in=1&cp.out=2",
			[]string{"OpenAI GPT-4o", "Your price"}, []string{"", ""}, "1 of 12 compared"},
		// A claim is listed after the list prices; its button still
		// removes it, not the API in its place of the link.
		{"a claim first", "apis=holysheep-flat,gpt-4o",
			[]string{"OpenAI GPT-4o", "HolySheep AI flat price (vendor's claim)"}, []string{"holysheep-flat", "gpt-4o"}, "2 of 12 compared"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := build(t, d, c.q)
			tab := p.Tables[0]
			if rm := tab.Columns[len(tab.Columns)-1]; rm.Key != "rm" || rm.Toggle != "apis" {
				t.Fatalf("last column %+v; want the remove buttons, setting apis", rm)
			}
			var shown, remove []string
			for _, r := range tab.Rows {
				if r.Hidden {
					if txt := r.Cells[0].Text + r.Cells[len(r.Cells)-1].Text; txt != "" && txt != "Your price" {
						t.Errorf("hidden row %s shows %q", r.Label, txt)
					}
					continue
				}
				shown = append(shown, r.Cells[0].Text)
				b := r.Cells[len(r.Cells)-1]
				remove = append(remove, b.Option)
				if b.Option != "" && (b.Text != "Remove" || b.Note != "Remove "+r.Cells[0].Text+" from the comparison" || b.Value != 1) {
					t.Errorf("row %s's button: %q named %q (value %v); want Remove, named for %s", r.Label, b.Text, b.Note, b.Value, r.Cells[0].Text)
				}
			}
			if !slices.Equal(shown, c.shown) {
				t.Errorf("rows shown %q; want %q", shown, c.shown)
			}
			if !slices.Equal(remove, c.remove) {
				t.Errorf("buttons set apis= to %q; want %q", remove, c.remove)
			}
			if !strings.HasPrefix(tab.Note, c.note) {
				t.Errorf("note %q; want it to start with %q", tab.Note, c.note)
			}
		})
	}
	// The button's list is the one the field takes: removing the first
	// of four, as the field would, leaves the three in their order.
	after := build(t, d, "apis=gpt-4.1,claude-haiku-4.5,deepseek.deepseek-v4-flash")
	if got := after.Scenario.APIs; !slices.Equal(got, []string{"gpt-4.1", "claude-haiku-4.5", "deepseek.deepseek-v4-flash"}) {
		t.Errorf("after removing GPT-4o: %q", got)
	}
}

// In German the limit and the button say the same.
func TestComparisonLimitInGerman(t *testing.T) {
	d := load(t)
	p := pricingview.Build(pricingview.ResolveIn(msgtest.German(t), "apis=gpt-4o,gpt-4.1", d), d)
	if note := p.Tables[0].Note; !strings.HasPrefix(note, "2 von 12 verglichen") {
		t.Errorf("German note %q", note)
	}
	if b := p.Tables[0].Rows[0].Cells[len(p.Tables[0].Columns)-1]; b.Text != "Entfernen" || b.Note != "OpenAI GPT-4o aus dem Vergleich entfernen" {
		t.Errorf("German button %q named %q", b.Text, b.Note)
	}
}

// A link pinned to the first edition shows the models and the figures
// of its day: GPT-4.1 at $1,339.25 a month, none of the later models.
func TestOldEditionKeepsItsShortlistAndFigures(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, "ed=2026-11-30"))
	if got := c["gpt-4.1.monthly_cost"].Value; got != 1339.25 {
		t.Errorf("GPT-4.1 on 2026-11-30: %v a month; want 1339.25", got)
	}
	if c["openai.gpt-6-astra.monthly_cost"].Metric != "" {
		t.Error("GPT-6 Astra shows in the first edition, before the dataset")
	}
}

// apis= replaces the shortlist, in its order; an unknown id falls back
// to the shortlist with a message that does not repeat the id.
func TestAPIsParameterReplacesTheShortlist(t *testing.T) {
	d := load(t)
	p := build(t, d, "apis=groq.openai-gpt-oss-120b,gpt-4o")
	c := cells(p)
	if !strings.HasPrefix(c["api1.api"].Text, "Groq ") || c["api2.api"].Text != "OpenAI GPT-4o" || c["api3.api"].Text != "" {
		t.Errorf("places: %q, %q, %q", c["api1.api"].Text, c["api2.api"].Text, c["api3.api"].Text)
	}
	if !strings.Contains(p.Query, "apis=groq.openai-gpt-oss-120b,gpt-4o") && !strings.Contains(p.Query, "apis=groq.openai-gpt-oss-120b%2Cgpt-4o") {
		t.Errorf("the list is not kept in the link: %q", p.Query)
	}
	bad := build(t, d, "apis=gpt-4o,nosuchmodel")
	for _, in := range bad.Inputs {
		if in.Key == "apis" && (in.Error == "" || strings.Contains(in.Error, "nosuchmodel")) {
			t.Errorf("apis error %q; want one that does not repeat the id", in.Error)
		}
	}
	if cells(bad)["openai.gpt-6-astra.monthly_cost"].Metric == "" {
		t.Error("a bad list should fall back to the shortlist")
	}
}

// A price checked more than 90 days before the edition is marked next
// to the figure, with a title that says why; a fresh one is not.
func TestStalePricesAreMarked(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, "apis=holysheep-flat,gpt-4.1"))
	// The reseller's claim is as of 2026-01-15, over 90 days ago.
	if got := c["holysheep-flat.p-in"]; !strings.HasSuffix(got.Text, "(stale?)") || !strings.Contains(got.Note, "2026-01-15") {
		t.Errorf("reseller input price %q, note %q; want a stale mark", got.Text, got.Note)
	}
	if got := c["gpt-4.1.p-out"]; strings.Contains(got.Text, "stale") || got.Note != "" {
		t.Errorf("GPT-4.1, checked 2026-11-30: %q, note %q; want no mark", got.Text, got.Note)
	}
	// In the edition of its day, the claim was fresh.
	if got := cells(build(t, d, "ed=2026-01-15&apis=holysheep-flat"))["holysheep-flat.p-in"]; strings.Contains(got.Text, "stale") {
		t.Errorf("on 2026-01-15 the claim is new: %q", got.Text)
	}
}

// The edition's default list must name models of the catalog and leave
// half the places free.
func TestDefaultListIsChecked(t *testing.T) {
	d := load(t)
	for _, c := range []struct{ list, want string }{
		{"openai.gpt-6-astra,gpt-4o", ""},
		{"openai.gpt-6-astra,groq.openai-gpt-oss-120b", ""},
		{"openai.gpt-6-astra,no-such-model", `model "no-such-model" is not in the API catalog`},
		{"gpt-4o,gpt-4.1,gpt-4.1-mini,claude-haiku-4.5,gemini-2.5-pro,deepseek-v3.2,holysheep-flat", "7 models; at most 6"},
	} {
		d.Defaults.APIs.List = c.list
		err := d.Validate()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("list %s: got %v; want %q", c.list, err, c.want)
		}
	}
}

// A language's default region must be one that some price names, and
// sourced; its list is checked as the edition's is.
func TestLanguageDefaultsAreChecked(t *testing.T) {
	d := load(t)
	d.Defaults.DE = apicompare.LanguageDefaults{
		Region: apicompare.DefaultRegion{Region: "mars", Source: "assumption", AsOf: "2026-12-06"},
		APIs:   apicompare.DefaultAPIs{List: "no-such-model", Source: "assumption", AsOf: "2026-12-06"},
	}
	err := d.Validate()
	for _, want := range []string{`defaults.de: region.region: no price names region "mars"`, `defaults.de: apis.list: model "no-such-model" is not in the API catalog`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v; want %q", err, want)
		}
	}
}
