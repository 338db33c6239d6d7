package pricingview_test

import (
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/report"
	"github.com/infercost/infercost/wasm/view"
)

// The issue's bill through the form: 1 billion input tokens a month
// (1,000,000 requests of 1,000 tokens, no output) at 70 % cache hits
// with 1-hour writes, each prefix written once per 10 requests, 40 % of
// the requests through the batch API. Prices: edition 2026-12-06's rows
// (Anthropic's pricing page, the 1-hour writes from genai-prices 0.1.8).
//
// Claude Sonnet 4.5, anywhere: $3 input, $0.30 cache read, $6 1-hour
// write, batch -50 %. Per request 300 x $3 + 700 x ($6 / 10 + $0.30 x
// 0.9) = 900 + 609 = $1,509 per million requests' tokens, i.e.
// $0.001509; batch 40 % at half price: x (1 - 0.4 x 0.5) = $0.0012072;
// a month of 1,000,000 requests: $1,207.20.
//
// Claude Opus 5.5 in the US: $4 input, $0.20 read, $8 1-hour write, no
// batch price read, US processing x 1.1 (Claude Platform on AWS's data
// residency page): 300 x 4 + 700 x (0.8 + 0.18) = 1,886, i.e. $0.001886
// a request, the batch share at standard (the bill says so), x 1.1 =
// $0.0020746; a month: $2,074.60 (anywhere, without the uplift,
// $1,886.00). In the EU neither serves it.
func TestTheIssuesBillThroughTheForm(t *testing.T) {
	d := load(t)
	const work = "per=month&rpd=1000000&in=1000&out=0&cache=0.7&reuse=10&ttl=1h&batch=0.4&apis=claude-sonnet-4.5,anthropic.claude-opus-5-5"
	for _, tc := range []struct {
		region        string
		sonnet, opus  float64 // a month, 0 for none
		sonnetText    string  // when not priced
		opusText      string
		opusNoteHolds []string
	}{
		{region: "global", sonnet: 1207.20, opus: 1886.00, opusNoteHolds: []string{"No price for the batch tier"}},
		{region: "us", sonnetText: "US: not served", opus: 2074.60, opusNoteHolds: []string{"uplift of 10 %", "No price for the batch tier"}},
		{region: "eu", sonnetText: "EU: not served", opusText: "EU: not served"},
	} {
		t.Run(tc.region, func(t *testing.T) {
			p := build(t, d, work+"&region="+tc.region)
			c := p.CellsByKey()
			for _, api := range []struct {
				place, name string
				want        float64
				text        string
				notes       []string
			}{{"api1", "Sonnet 4.5", tc.sonnet, tc.sonnetText, nil}, {"api2", "Opus 5.5", tc.opus, tc.opusText, tc.opusNoteHolds}} {
				got := c[api.place+".c-month"]
				if api.want == 0 {
					if got.Text != api.text || got.Metric != "" || got.Order != view.Absent || got.Note == "" {
						t.Errorf("%s: %q (metric %q, order %q, note %q); want %q, no figure, a note", api.name, got.Text, got.Metric, got.Order, got.Note, api.text)
					}
					continue
				}
				if math.Abs(got.Value-api.want) > 0.005 {
					t.Errorf("%s: %v a month; want %v", api.name, got.Value, api.want)
				}
				for _, n := range api.notes {
					if !strings.Contains(got.Note, n) {
						t.Errorf("%s: note %q; want it to say %q", api.name, got.Note, n)
					}
				}
			}
		})
	}
}

// A priority share is priced at the provider's priority prices: GPT-4.1
// at $2 / $8 standard and $3.50 / $14 priority (OpenAI's priority
// processing page), 1,000 input and 300 output tokens a request, 40 %
// priority: 0.6 x (1,000 x 2 + 300 x 8) / 1e6 + 0.4 x (1,000 x 3.5 +
// 300 x 14) / 1e6 = 0.6 x $0.0044 + 0.4 x $0.0077 = $0.00572. A flex
// share on it has no price and is priced at standard, with a note.
func TestServiceTiersThroughTheForm(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, "apis=gpt-4.1&prio=0.4"))
	if got := c["gpt-4.1.cost_per_request"].Value; math.Abs(got-0.00572) > 1e-12 {
		t.Errorf("GPT-4.1 with 40 %% priority: $%v a request; want $0.00572", got)
	}
	flex := cells(build(t, d, "apis=gpt-4.1&flex=0.4"))
	if got := flex["gpt-4.1.cost_per_request"]; math.Abs(got.Value-0.0044) > 1e-12 {
		t.Errorf("GPT-4.1 with 40 %% flex, which it does not sell: $%v a request; want the standard $0.0044", got.Value)
	}
	if got := flex["gpt-4.1.c-month"].Note; !strings.Contains(got, "No price for the flex tier") {
		t.Errorf("flex note %q; want it to say the tier has no price", got)
	}
}

// Shares that take more than all requests are refused next to the field
// that overflows, and the bill is priced without it.
func TestTierSharesOverOneAreRefused(t *testing.T) {
	d := load(t)
	errors := func(s pricingview.Scenario) map[string]string {
		errs := map[string]string{}
		for _, in := range s.Inputs {
			errs[in.Key] = in.Error
		}
		return errs
	}
	s := pricingview.Resolve("batch=0.7&flex=0.5&prio=0.2", d)
	errs := errors(s)
	if !strings.Contains(errs["flex"], "add up to more than all requests") || errs["prio"] != "" || errs["batch"] != "" {
		t.Errorf("errors: batch %q, flex %q, prio %q; want one on flex", errs["batch"], errs["flex"], errs["prio"])
	}
	if w := s.Workload; w.BatchShare != 0.7 || w.FlexShare != 0 || w.PriorityShare != 0.2 {
		t.Errorf("shares %v, %v, %v; want 0.7, 0, 0.2", w.BatchShare, w.FlexShare, w.PriorityShare)
	}
	if got := errors(pricingview.Resolve("batch=0.5&flex=0.3&prio=0.3", d)); !strings.Contains(got["prio"], "more than all requests") {
		t.Errorf("0.5 + 0.3 + 0.3: errors %v; want one on prio", got)
	}
}

// A German page starts with processing in the EU and compares the APIs
// priced there beside the flagships: its headline names the cheapest
// priced in the EU (Mistral Medium 3.5 or Large 3 at 1.1 times their
// list price), and an API without an EU price says so and is not ranked.
// An English page processes anywhere, as before. Mistral Large 3 in the
// EU: (1,000 x $0.50 + 300 x $1.50) / 1e6 x 1.1 = $0.001045 a request.
func TestGermanPagesStartInTheEU(t *testing.T) {
	d := load(t)
	de := msgtest.German(t)
	s := pricingview.ResolveIn(de, "cur=USD", d)
	if s.Workload.Region != "eu" {
		t.Fatalf("German region %q; want eu", s.Workload.Region)
	}
	if en := pricingview.Resolve("", d); en.Workload.Region != pricing.Global {
		t.Errorf("English region %q; want global", en.Workload.Region)
	}
	p := pricingview.Build(s, d)
	c := cells(p)
	if got := c["mistral.mistral-large-2512.cost_per_request"].Value; math.Abs(got-0.001045) > 1e-12 {
		t.Errorf("Mistral Large 3 in the EU: $%v a request; want $0.001045", got)
	}
	if got := c["mistral.mistral-large-2512.c-month"].Note; !strings.Contains(got, "Aufschlag der Region EU von 10 %") {
		t.Errorf("Mistral's note %q; want the uplift", got)
	}
	// The EU-priced APIs come first; GPT-6 Astra follows, without an EU
	// price: its monthly cost says so, its other costs are dashes.
	byKey := p.CellsByKey()
	if got := byKey["api1.api"].Text; !strings.HasPrefix(got, "Mistral") {
		t.Errorf("first compared API %q; want a Mistral model, priced in the EU", got)
	}
	if got := byKey["api3.c-month"]; got.Text != "EU: kein Preis" || got.Metric != "" {
		t.Errorf("GPT-6 Astra in the EU: %q (metric %q); want no price", got.Text, got.Metric)
	}
	if got := byKey["api3.c-day"]; got.Text != "–" || got.Metric != "" || !strings.Contains(got.Note, "keinen Preis") {
		t.Errorf("GPT-6 Astra's daily cost in the EU: %q (metric %q, note %q); want a dash with the reason", got.Text, got.Metric, got.Note)
	}
	if !strings.Contains(p.Headline.Text, "Mistral") {
		t.Errorf("headline %q; want the cheapest priced in the EU, a Mistral model", p.Headline.Text)
	}
	// An edition before the regions keeps processing anywhere.
	if old := pricingview.ResolveIn(de, "ed=2026-12-04", d); old.Workload.Region != pricing.Global {
		t.Errorf("German page of 2026-12-04: region %q; want global", old.Workload.Region)
	}
}

// Where no compared API is priced in the region, the headline says so
// and how to go on, rather than naming no figure without a reason.
func TestNoAPIPricedInTheRegionSaysWhatToDo(t *testing.T) {
	d := load(t)
	p := build(t, d, "apis=claude-sonnet-4.5&region=eu")
	if !strings.Contains(p.Headline.Text, "in the EU region") || !strings.Contains(p.Headline.Text, "Anywhere (global)") {
		t.Errorf("headline %q; want it to name the region and the way out", p.Headline.Text)
	}
}

// The exports carry what an unpriced bill misses: the CSV, figures
// only, gives the API without an EU price no figure and the one priced
// there its uplifted cost; the Markdown table says what is missing.
func TestExportsSayWhatABillMisses(t *testing.T) {
	d := load(t)
	p := build(t, d, "apis=claude-sonnet-4.5,mistral.mistral-large-2512&region=eu")
	csv := report.CSV(msg.English, "pricing", "https://example.com/pricing/", p.Page)
	if strings.Contains(csv, "claude-sonnet-4.5") || !strings.Contains(csv, ",monthly_cost,mistral.mistral-large-2512,318.071875,USD,") {
		t.Errorf("CSV export:\n%s", csv)
	}
	md := report.Markdown(msg.English, "pricing", "https://example.com/pricing/", p.Page)
	if !strings.Contains(md, "| EU: not served |") {
		t.Errorf("Markdown export:\n%s", md)
	}
}
