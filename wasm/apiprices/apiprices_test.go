package apiprices

import (
	"slices"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/pricing"
)

func row(model, from string, in, out float64) PriceRow {
	return PriceRow{Model: model, From: from, Rates: Rates{Input: in, Output: out}, Currency: "USD", Source: "s", AsOf: from}
}

// A hand-kept model with a dataset_id takes the dataset's rows after its
// own last row; its own rows win on their dates, and a dataset row that
// repeats the price in force is left out, so the curated row (with its
// batch discount) stays in force.
func TestMergeLayersTheDatasetUnderTheCuratedRows(t *testing.T) {
	hand := Catalog{Sources: fact.Sources{"s": {Title: "hand"}},
		Providers: []Provider{{ID: "openai", Name: "OpenAI"}},
		Models:    []Model{{ID: "gpt-x", Provider: "openai", Name: "GPT-X", DatasetID: "openai/gpt-x"}},
		Prices:    []PriceRow{row("gpt-x", "2025-01-01", 2, 8), row("gpt-x", "2026-06-01", 1, 4)}}
	hand.Prices[1].BatchDiscountPct = 50
	ds := Catalog{Sources: fact.Sources{"s": {Title: "dataset"}, "g": {Title: "g"}},
		Providers: []Provider{{ID: "openai", Name: "OpenAI (dataset)"}, {ID: "groq", Name: "Groq"}},
		Models: []Model{{ID: "openai.gpt-x", Provider: "openai", Name: "gpt x", DatasetID: "openai/gpt-x"},
			{ID: "groq.llama", Provider: "groq", Name: "Llama", DatasetID: "groq/llama"}},
		Prices: []PriceRow{
			row("openai.gpt-x", "2026-06-01", 9, 9),   // same day as a hand row: the hand row wins
			row("openai.gpt-x", "2026-07-01", 1, 4),   // the price in force: left out
			row("openai.gpt-x", "2026-12-01", 0.5, 2), // a change: continues the history
			row("groq.llama", "2026-12-01", 0.1, 0.2),
		}}
	got, err := Merge(hand, ds)
	if err != nil {
		t.Fatal(err)
	}
	var from []string
	for _, r := range got.History("gpt-x") {
		from = append(from, r.From)
	}
	if strings.Join(from, " ") != "2025-01-01 2026-06-01 2026-12-01" {
		t.Errorf("GPT-X history from %v; want 2025-01-01 2026-06-01 2026-12-01", from)
	}
	if r, _ := got.PriceOn("gpt-x", "2026-11-30"); r.BatchDiscountPct != 50 || r.Input != 1 {
		t.Errorf("on 2026-11-30: %+v; want the curated row with its batch discount", r)
	}
	if r, _ := got.PriceOn("gpt-x", "2026-12-01"); r.Input != 0.5 {
		t.Errorf("on 2026-12-01: input %v; want the dataset's 0.5", r.Input)
	}
	if len(got.Models) != 2 || got.Models[1].ID != "groq.llama" || got.Models[0].DatasetID != "" {
		t.Errorf("models %+v; want gpt-x and groq.llama, without dataset ids", got.Models)
	}
	if got.Provider("openai").Name != "OpenAI" || got.Sources["s"].Title != "hand" || got.Sources["g"].Title != "g" {
		t.Errorf("the curated provider and source should win, the dataset's others stay: %+v %+v", got.Providers, got.Sources)
	}

	hand.Models[0].DatasetID = "openai/gpt-y"
	if _, err := Merge(hand, ds); err == nil || !strings.Contains(err.Error(), `models[0] "gpt-x": dataset_id: no model "openai/gpt-y"`) {
		t.Errorf("got %v; want an error naming the unknown dataset_id", err)
	}
}

// A curated row for a dataset's model by its id, without a model of its
// own, gives it service tiers and regions from its date: the dataset's
// rows before it stand, its own on that date is left out, and a later
// one that charges the same keeps the curated row in force.
func TestMergeTakesCuratedRowsForADatasetModel(t *testing.T) {
	curated := row("anthropic.claude-x", "2026-12-06", 4, 20)
	curated.BatchDiscountPct = 50
	curated.Regions = []Region{{Region: "eu", Unavailable: true, Source: "s", AsOf: "2026-12-06"}}
	hand := Catalog{Sources: fact.Sources{"s": {Title: "hand"}}, Prices: []PriceRow{curated}}
	ds := Catalog{Providers: []Provider{{ID: "anthropic", Name: "Anthropic"}},
		Models: []Model{{ID: "anthropic.claude-x", Provider: "anthropic", Name: "Claude X", DatasetID: "anthropic/claude-x"}},
		Prices: []PriceRow{row("anthropic.claude-x", "2026-12-01", 5, 25), row("anthropic.claude-x", "2026-12-06", 4, 21),
			row("anthropic.claude-x", "2026-12-20", 4, 20), row("anthropic.claude-x", "2027-01-01", 3, 15)}}
	got, err := Merge(hand, ds)
	if err != nil {
		t.Fatal(err)
	}
	var from []string
	for _, r := range got.History("anthropic.claude-x") {
		from = append(from, r.From)
	}
	if strings.Join(from, " ") != "2026-12-01 2026-12-06 2027-01-01" {
		t.Errorf("history from %v; want the dataset's row before, the curated row and the dataset's change after", from)
	}
	if r, _ := got.PriceOn("anthropic.claude-x", "2026-12-25"); r.BatchDiscountPct != 50 || len(r.Regions) != 1 {
		t.Errorf("on 2026-12-25: %+v; want the curated row with its batch discount and region", r)
	}
	if len(got.Models) != 1 || got.Models[0].Name != "Claude X" {
		t.Errorf("models %+v; want the dataset's model as it is", got.Models)
	}
}

// A row's service tiers and regions reach the engine, converted to
// dollars.
func TestUSDCarriesTiersAndRegions(t *testing.T) {
	r := row("m", "2026-12-06", 20, 80)
	r.CacheWrite1h, r.Reasoning = 40, 60
	r.Services = []Service{{Service: "priority", Rates: Rates{Input: 35, Output: 140}}}
	r.Regions = []Region{{Region: "eu", UpliftPct: 10}, {Region: "us", Unavailable: true}}
	p := r.USD(10)
	if p.CacheWrite1h != 4 || p.Reasoning != 6 || len(p.Services) != 1 || p.Services[0].Service != pricing.Priority ||
		p.Services[0].Input != 3.5 || p.Services[0].Output != 14 ||
		!slices.Equal(p.Regions, []pricing.RegionPrice{{Region: "eu", UpliftPct: 10}, {Region: "us", Unavailable: true}}) {
		t.Errorf("got %+v", p)
	}
}

// The regions a region input offers are those of the prices valid on
// the date.
func TestRegionsOfTheDay(t *testing.T) {
	old, cur, gone := row("a", "2026-01-01", 1, 1), row("a", "2026-12-06", 1, 1), row("b", "2026-12-06", 1, 1)
	old.Regions = []Region{{Region: "jp"}}
	cur.Regions = []Region{{Region: "us", UpliftPct: 10}, {Region: "eu", Unavailable: true}}
	gone.Regions = []Region{{Region: "ca"}}
	gone.Until = "2026-12-07"
	c := Catalog{Models: []Model{{ID: "a"}, {ID: "b"}}, Prices: []PriceRow{old, cur, gone}}
	for date, want := range map[string]string{"2026-06-01": "jp", "2026-12-06": "ca eu us", "2026-12-08": "eu us"} {
		if got := strings.Join(c.Regions(date), " "); got != want {
			t.Errorf("on %s: %q; want %q", date, got, want)
		}
	}
}

// Each slot of the shortlist shows its first model sold on the date.
func TestShortlistedFallsBackToTheModelsOfTheDay(t *testing.T) {
	c := Catalog{Shortlist: [][]string{{"new", "old"}, {"gone"}},
		Prices: []PriceRow{row("new", "2026-12-01", 1, 1), row("old", "2025-01-01", 1, 1), row("gone", "2026-12-05", 1, 1)}}
	for date, want := range map[string]string{"2026-11-30": "old", "2026-12-01": "new", "2026-12-05": "new gone"} {
		if got := strings.Join(c.Shortlisted(date), " "); got != want {
			t.Errorf("on %s: %q; want %q", date, got, want)
		}
	}
}

// A row that adds only what a standard request does not pay (1-hour
// cache writes, service tiers, regions, a reasoning price) to the list
// prices in force starts no new price: the price is in force since the
// first row that charged it, if the rows follow on without a gap; a
// change of price, or a gap, starts a new one.
func TestSinceReachesBackOverRowsThatAddNoNewListPrice(t *testing.T) {
	c := Catalog{Prices: []PriceRow{
		row("m", "2025-01-01", 3, 15),
		row("m", "2025-06-01", 2, 10), // a cut: a new price
		row("m", "2026-03-01", 2, 10), // the dataset's row repeated
		row("m", "2026-12-06", 2, 10), // adds a 1-hour write price and a region
		row("gap", "2025-01-01", 1, 1),
		row("gap", "2026-01-01", 1, 1),
	}}
	c.Prices[3].CacheWrite1h = 4
	c.Prices[3].Regions = []Region{{Region: "us", UpliftPct: 10, Source: "s", AsOf: "2026-12-06"}}
	c.Prices[4].Until = "2025-07-01" // not sold from July to December
	for _, tc := range []struct {
		row  PriceRow
		want string
	}{
		{c.Prices[3], "2025-06-01"},
		{c.Prices[2], "2025-06-01"},
		{c.Prices[1], "2025-06-01"},
		{c.Prices[0], "2025-01-01"},
		{c.Prices[5], "2026-01-01"},
	} {
		if got := c.Since(tc.row); got != tc.want {
			t.Errorf("Since(%s from %s) = %s, want %s", tc.row.Model, tc.row.From, got, tc.want)
		}
	}
}
