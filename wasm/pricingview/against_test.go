package pricingview_test

import (
	"github.com/infercost/infercost/wasm/apicompare"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// against returns the API the page sets the cluster against: the
// scenario's, the vs input as the form shows it, and the break-even
// chart's API line.
func against(t *testing.T, d apicompare.Data, q string) (pricingview.Page, scenario.Input, chart.Series) {
	t.Helper()
	p := build(t, d, q)
	i := slices.IndexFunc(p.Inputs, func(in scenario.Input) bool { return in.Key == "vs" })
	j := slices.IndexFunc(p.Charts, func(c chart.Chart) bool { return c.ID == "chart-breakeven" })
	if i < 0 || j < 0 {
		t.Fatalf("%s: no vs input or no break-even chart", q)
	}
	k := slices.IndexFunc(p.Charts[j].Series, func(s chart.Series) bool { return s.ID == "api" })
	return p, p.Inputs[i], p.Charts[j].Series[k]
}

// The cluster is set against the cheapest compared API unless the link
// names one, and the break-even chart (which the handout prints) draws
// that API. At the default workload, 10,000 requests a day of 1,000 input
// and 300 output tokens: GPT-4o at $2.50 and $10 per million costs
// 1,000 x 2.5e-6 + 300 x 10e-6 = $0.0055 a request, Claude Haiku 4.5 at
// $1 and $5 (Anthropic's pricing page, as of 2026-11-30 in api.yaml)
// 1,000 x 1e-6 + 300 x 5e-6 = $0.0025, so Haiku: its line starts at 1
// million tokens a month at 0.0025 / 1,300 tokens x 1e6 = $1.92.
func TestTheClusterIsSetAgainstTheCheapestComparedAPI(t *testing.T) {
	d := load(t)
	p, vs, line := against(t, d, "apis=gpt-4o,claude-haiku-4.5")
	if p.Scenario.Vs != "claude-haiku-4.5" || vs.Value != "claude-haiku-4.5" || vs.Explicit {
		t.Errorf("set against %q (input %q, explicit %v); want the cheaper claude-haiku-4.5 by default", p.Scenario.Vs, vs.Value, vs.Explicit)
	}
	if line.Name != "Anthropic Claude Haiku 4.5" || line.Hidden || len(line.Points) == 0 || line.Points[0] != [2]float64{1e6, 1.92} {
		t.Errorf("the break-even chart draws %q (hidden %v) from %v; want Anthropic Claude Haiku 4.5 from [1e6 1.92]", line.Name, line.Hidden, line.Points[:min(1, len(line.Points))])
	}
	if c := cells(p); math.Abs(c["claude-haiku-4.5.cost_per_request"].Value-0.0025) > 1e-12 || math.Abs(c["gpt-4o.cost_per_request"].Value-0.0055) > 1e-12 {
		t.Errorf("per request: Haiku %v, GPT-4o %v; want 0.0025 and 0.0055", c["claude-haiku-4.5.cost_per_request"].Value, c["gpt-4o.cost_per_request"].Value)
	}
	if !strings.Contains(vs.Help, "cheapest compared API") {
		t.Errorf("the help text does not say what the default is: %q", vs.Help)
	}

	// The default comparison: the shortlist, and the cheapest of it.
	p, _, line = against(t, d, "")
	if !slices.Contains(p.Scenario.APIs, p.Scenario.Vs) || p.Headline.Figures[0].Label != "Per month on "+line.Name {
		t.Errorf("by default set against %q (%q), not the cheapest of %v: the headline says %q", p.Scenario.Vs, line.Name, p.Scenario.APIs, p.Headline.Text)
	}

	// Any compared API may be chosen, not only the shortlist's.
	p, vs, line = against(t, d, "apis=gpt-4o,anthropic.claude-opus-4-1&vs=anthropic.claude-opus-4-1")
	if vs.Error != "" || p.Scenario.Vs != "anthropic.claude-opus-4-1" || line.Name != "Anthropic Claude Opus 4.1" {
		t.Errorf("a compared API chosen: %q (error %q), the chart draws %q", p.Scenario.Vs, vs.Error, line.Name)
	}

	// Editions before vs_cheapest keep GPT-4.1, compared or not.
	old := d
	old.Defaults.VsCheapest = fact.Figure{}
	if p, _, line := against(t, old, "apis=gpt-4o,claude-haiku-4.5"); p.Scenario.Vs != "gpt-4.1" || line.Name != "OpenAI GPT-4.1" {
		t.Errorf("before vs_cheapest: set against %q (%q); want gpt-4.1", p.Scenario.Vs, line.Name)
	}
}

// A vendor's claim is no list price: never the cheapest, never the
// default API to set the cluster against, listed after the list prices
// with a note that says so. The seed's reseller claims ¥1 per million
// tokens, 1,300 x 1 / 7.1 / 1e6 = $0.00018 a request, far below GPT-4o's
// $0.0055.
func TestAVendorsClaimIsNoListPrice(t *testing.T) {
	d := load(t)
	p, _, line := against(t, d, "apis=holysheep-flat,gpt-4o")
	if p.Scenario.Vs != "gpt-4o" || line.Name != "OpenAI GPT-4o" {
		t.Errorf("set against %q (%q); want gpt-4o, the cheapest list price", p.Scenario.Vs, line.Name)
	}
	if strings.Contains(p.Headline.Text, "HolySheep") || !strings.Contains(p.Headline.Text, "GPT-4o, the cheapest API") {
		t.Errorf("headline %q; want GPT-4o as the cheapest", p.Headline.Text)
	}
	c := p.CellsByKey()
	if c["api1.api"].Text != "OpenAI GPT-4o" || c["api2.api"].Text != "HolySheep AI flat price (vendor's claim)" || c["api2.api"].Order != view.Apart {
		t.Errorf("places: %q, %q (order %v); want GPT-4o, then the claim kept apart", c["api1.api"].Text, c["api2.api"].Text, c["api2.api"].Order)
	}
	if c["api2.c-month"].Metric != "monthly_cost" || c["api2.c-month"].Value >= c["api1.c-month"].Value {
		t.Errorf("the claim's cost %+v is no longer shown as a figure", c["api2.c-month"])
	}
	if note := p.Tables[0].Note; !strings.Contains(note, "never count as the cheapest") {
		t.Errorf("the comparison does not say how claims are listed: %q", note)
	}
	if p := build(t, d, "apis=gpt-4o"); strings.Contains(p.Tables[0].Note, "claim") {
		t.Errorf("a comparison without claims has the note %q", p.Tables[0].Note)
	}

	// Editions before claims_apart list the claim where the link puts it.
	old := d
	old.Defaults.ClaimsApart = fact.Figure{}
	if c := build(t, old, "apis=holysheep-flat,gpt-4o").CellsByKey(); !strings.HasPrefix(c["api1.api"].Text, "HolySheep") || c["api1.api"].Order != view.ByValue {
		t.Errorf("before claims_apart, place 1 is %q (order %v)", c["api1.api"].Text, c["api1.api"].Order)
	}
}

// The search ranks a claim after every list price: here the cheapest
// model matching the search, marked a claim in a copy of the catalog,
// leaves the first place.
func TestTheSearchRanksClaimsAfterListPrices(t *testing.T) {
	d := load(t)
	const q = "maxout=0.15&ctx=128000"
	_, before := find(t, d, q)
	if len(before) < 2 {
		t.Fatalf("%s lists %d models; want 2 or more", q, len(before))
	}
	d.APIs.Models = slices.Clone(d.APIs.Models)
	i := slices.IndexFunc(d.APIs.Models, func(m apiprices.Model) bool { return m.ID == before[0].id })
	d.APIs.Models[i].Claim = true
	_, after := find(t, d, q)
	for j, l := range after {
		if l.id == before[0].id {
			if j != len(after)-1 && len(after) > 0 {
				t.Errorf("the claim is listed at %d of %d", j+1, len(after))
			}
			if !strings.HasSuffix(l.name, "(vendor's claim)") {
				t.Errorf("the claim is listed as %q", l.name)
			}
		}
	}
	if after[0].id == before[0].id {
		t.Errorf("the claim still ranks first")
	}
}

// The headline answers what the break-even chart shows: from what volume
// self-hosting pays against the API the cluster is set against, or that
// it never does, naming the cluster and the model it is sized by.
func TestTheHeadlineAnswersTheBreakEvenChart(t *testing.T) {
	d := load(t)
	p := build(t, d, "preset=api-vs-self-hosted-1b")
	if want := "Self-hosting (Llama 3.3 70B on 8 x H100 SXM, owned) pays against OpenAI GPT-4.1 above "; !strings.Contains(p.Headline.Text, want) {
		t.Errorf("headline %q; want %q", p.Headline.Text, want)
	}
	p = build(t, d, "")
	if be := cells(p)[p.Scenario.Vs+".breakeven_mtok_per_month"]; be.Order != view.Infinite {
		t.Fatalf("the default's break-even %+v; this test wants one that never comes", be)
	}
	if want := "Self-hosting (Llama 3.3 70B on 8 x H100 SXM, owned) never pays against OpenAI GPT-6 Luna"; !strings.Contains(p.Headline.Text, want) {
		t.Errorf("headline %q; want %q", p.Headline.Text, want)
	}
}
