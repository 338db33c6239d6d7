package pricingview_test

import (
	"github.com/infercost/infercost/wasm/apicompare"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// listed is one model the search lists, as its row shows it.
type listed struct {
	name, provider, id, asOf, open, action, to string
	out, context                               float64
}

// find returns the search's table and the models it lists.
func find(t *testing.T, d apicompare.Data, q string) (view.Table, []listed) {
	t.Helper()
	p := build(t, d, q)
	i := slices.IndexFunc(p.Tables, func(t view.Table) bool { return t.ID == "find" })
	if i < 0 {
		t.Fatal("no find table")
	}
	tb := p.Tables[i]
	if len(tb.Rows) != pricingview.MaxFound {
		t.Fatalf("%d places; want %d", len(tb.Rows), pricingview.MaxFound)
	}
	var out []listed
	for _, r := range tb.Rows {
		c := r.Cells
		if c[0].Text == "" {
			continue
		}
		out = append(out, listed{name: c[0].Text, id: strings.TrimPrefix(c[0].Note, "Id in links: "), provider: c[1].Text, out: c[3].Value, asOf: c[4].Text,
			context: c[5].Value, open: c[6].Text, action: c[7].Text, to: c[7].Option})
	}
	return tb, out
}

// matching counts the catalog's models sold on the latest edition for
// which keep holds, but for the twins the search lists once.
func matching(d apicompare.Data, keep func(id, provider string, context int) bool) int {
	n := 0
	date := d.Editions.Latest()
	twin := pricingview.TwinsHidden(d, date)
	for i, m := range d.APIs.Models {
		if _, ok := d.APIs.PriceOn(m.ID, date); ok && !twin[i] && keep(m.ID, m.Provider, m.Context) {
			n++
		}
	}
	return n
}

// more reads the count of the note "N more match — narrow the search."
func more(t *testing.T, tb view.Table) int {
	t.Helper()
	if tb.Note == "" {
		return 0
	}
	n, ok := strings.CutSuffix(tb.Note, " more match — narrow the search.")
	v, err := strconv.Atoi(strings.ReplaceAll(n, ",", ""))
	if !ok || err != nil {
		t.Fatalf("note %q", tb.Note)
	}
	return v
}

// With no filter the search lists the 20 cheapest outputs of every model
// sold, and says how many more match.
func TestFindListsTwentyCheapestAndCountsTheRest(t *testing.T) {
	d := load(t)
	tb, got := find(t, d, "")
	all := matching(d, func(string, string, int) bool { return true })
	if all < 1000 || len(got) != pricingview.MaxFound {
		t.Fatalf("%d listed of %d; want %d", len(got), all, pricingview.MaxFound)
	}
	if n := more(t, tb); n != all-pricingview.MaxFound {
		t.Errorf("note says %d more; want %d", n, all-pricingview.MaxFound)
	}
	if !slices.IsSortedFunc(got, func(a, b listed) int { return int(a.out*1e6) - int(b.out*1e6) }) {
		t.Errorf("not sorted by output price: %v", got)
	}
	// The cheapest listed is no dearer than any model sold.
	date := d.Editions.Latest()
	for _, m := range d.APIs.Models {
		if row, ok := d.APIs.PriceOn(m.ID, date); ok && row.Currency == "USD" && row.Output < got[len(got)-1].out-1e-9 {
			if !slices.ContainsFunc(got, func(l listed) bool { return l.id == m.ID || l.out == row.Output }) {
				t.Errorf("%s at %v per 1M output is not listed, though cheaper than the last listed (%v)", m.ID, row.Output, got[len(got)-1].out)
			}
		}
	}
	for _, l := range got {
		if l.asOf == "" || l.action != "Add to comparison" && l.action != "In comparison: remove" {
			t.Errorf("%+v", l)
		}
	}
}

// Every word must occur, in any case, in the provider's or model's name
// or in its id.
func TestFindWords(t *testing.T) {
	d := load(t)
	tb, got := find(t, d, "q=Claude+SONNET")
	if len(got) == 0 {
		t.Fatal("nothing found for claude sonnet")
	}
	want := matching(d, func(id, prov string, _ int) bool {
		m := strings.ToLower(id + " " + d.APIs.Provider(prov).Name + " " + modelOf(d, id).Name)
		return strings.Contains(m, "claude") && strings.Contains(m, "sonnet")
	})
	if n := len(got) + more(t, tb); n != want {
		t.Errorf("%d match; want %d", n, want)
	}
	for _, l := range got {
		s := strings.ToLower(l.provider + " " + l.name + " " + l.id)
		if !strings.Contains(s, "claude") || !strings.Contains(s, "sonnet") {
			t.Errorf("%+v does not match", l)
		}
	}
	if _, none := find(t, d, "q=claude+sonnet+nosuchword"); len(none) != 0 {
		t.Errorf("a word no model has still finds %v", none)
	}
}

// modelOf returns the catalog's model with the id, or none.
func modelOf(d apicompare.Data, id string) apiprices.Model {
	for _, m := range d.APIs.Models {
		if m.ID == id {
			return m
		}
	}
	return apiprices.Model{}
}

func TestFindProviderContextAndPrice(t *testing.T) {
	d := load(t)
	tb, got := find(t, d, "prov=anthropic")
	want := matching(d, func(_, prov string, _ int) bool { return prov == "anthropic" })
	if n := len(got) + more(t, tb); n != want || n == 0 {
		t.Errorf("anthropic: %d match; want %d", n, want)
	}
	for _, l := range got {
		if l.provider != "Anthropic" {
			t.Errorf("provider filter lists %+v", l)
		}
	}
	tb, got = find(t, d, "ctx=1000000")
	want = matching(d, func(_, _ string, ctx int) bool { return ctx >= 1e6 })
	if n := len(got) + more(t, tb); n != want || n == 0 {
		t.Errorf("context of 1M: %d match; want %d", n, want)
	}
	for _, l := range got {
		if l.context < 1e6 {
			t.Errorf("context filter lists %+v", l)
		}
	}
	// The dearest of the unfiltered list's first ten as the bound: the
	// search lists the same first ten, and nothing dearer.
	_, all := find(t, d, "")
	bound := all[9].out
	_, got = find(t, d, "maxout="+strconv.FormatFloat(bound, 'g', -1, 64))
	for i, l := range got {
		if l.out > bound {
			t.Errorf("price filter lists %+v above %v", l, bound)
		}
		if i < 10 && l.out != all[i].out {
			t.Errorf("place %d: %v; want %v", i+1, l.out, all[i].out)
		}
	}
}

// "Open weights only" lists only models of the sourced families.
func TestFindOpenWeights(t *testing.T) {
	d := load(t)
	if len(d.OpenWeights) == 0 {
		t.Fatal("no open-weights families in the data")
	}
	_, oss := find(t, d, "q=gpt-oss")
	_, open := find(t, d, "q=gpt-oss&open=1")
	if len(oss) == 0 || len(open) != len(oss) {
		t.Errorf("gpt-oss: %d listed, %d of them open; want all", len(oss), len(open))
	}
	for _, l := range oss {
		if l.open != "yes" {
			t.Errorf("%+v: not marked open", l)
		}
	}
	if _, got := find(t, d, "q=claude&open=1"); len(got) != 0 {
		t.Errorf("open Claude models: %v", got)
	}
	// Qwen's API-only models share the family's name.
	_, qwen := find(t, d, "q=qwen3+max")
	for _, l := range qwen {
		if l.open != "no" {
			t.Errorf("%+v marked open", l)
		}
	}
	_, got := find(t, d, "open=1")
	for _, l := range got {
		if l.open != "yes" {
			t.Errorf("open filter lists %+v", l)
		}
	}
}

// A listed model's button adds it to the compared list, or removes it
// when compared.
func TestFindButtonsSetTheComparedList(t *testing.T) {
	d := load(t)
	_, got := find(t, d, "apis=gpt-4.1&q=gpt-4.1")
	var in, out bool
	for _, l := range got {
		switch {
		case l.id == "gpt-4.1":
			in = l.action == "In comparison: remove" && l.to == ""
		case !out:
			out = l.action == "Add to comparison" && l.to == "gpt-4.1,"+l.id
		}
	}
	if !in || !out {
		t.Errorf("buttons: %+v", got)
	}
	full := strings.Repeat("gpt-4.1,", apicompare.MaxAPIs-1) + "gpt-4.1"
	_, got = find(t, d, "apis="+full+"&q=claude")
	if len(got) == 0 || got[0].action != "Comparison full (12)" || got[0].to != "" {
		t.Errorf("a full comparison offers %+v", got)
	}
}

// Wrong values are reported next to their fields, and the search ignores
// them.
func TestFindRejectsInvalidValues(t *testing.T) {
	d := load(t)
	for key, raw := range map[string]string{"q": "<script>", "prov": "nosuch", "open": "2", "ctx": "-5", "maxout": "cheap"} {
		s := pricingview.Resolve(key+"="+raw, d)
		i := slices.IndexFunc(s.Inputs, func(in scenario.Input) bool { return in.Key == key })
		if i < 0 || s.Inputs[i].Error == "" {
			t.Errorf("%s=%s: no error", key, raw)
		}
		if s.Find.Provider != "" || s.Find.Open || s.Find.MinContext != 0 || s.Find.MaxOutput != 0 || len(s.Find.Words) != 0 {
			t.Errorf("%s=%s: search %+v", key, raw, s.Find)
		}
	}
	if s := pricingview.Resolve("q=%20Llama%20%203.3%20", d); !strings.HasSuffix(s.Query, "&q=llama+3.3") {
		t.Errorf("canonical query %q", s.Query)
	}
}

// A bad open-weights entry fails the build, naming the entry and field.
func TestOpenWeightsValidation(t *testing.T) {
	d := load(t)
	fams := slices.Clone(d.OpenWeights)
	fams[0].Match = []string{"Llama*"}
	fams[1].Source = "nosuch"
	fams[2].AsOf = "2026-13-01"
	d.OpenWeights = fams
	err := d.Validate()
	for _, want := range []string{
		`open_weights[0] "Llama": match[0]: want lower-case letters, digits and "._-", got "Llama*"`,
		`open_weights[1] "` + fams[1].Name + `": source: unknown source "nosuch"`,
		`open_weights[2] "` + fams[2].Name + `": as_of: want a date YYYY-MM-DD`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v; want %q", err, want)
		}
	}
}
