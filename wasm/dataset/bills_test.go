package dataset_test

import (
	"math"
	"slices"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/pricing"
)

// The issue's bill (issue 42) on the data of the 2026-12-06 edition: 1
// billion input tokens a month, 100,000 requests of 10,000 input and
// 500 output tokens, 70 % of the input cache hits (a prefix of 80 %
// rewritten every 8 requests) with 1-hour writes, 40 % of the requests
// through the batch API. Editions before it price the same workload
// without the rows that edition added.
func TestTheIssuesBillOnTheData(t *testing.T) {
	t.Parallel()
	e := datasettest.Editions(t, datasettest.Today)
	w := pricing.Workload{RequestsPerDay: 100_000 / pricing.DaysPerMonth, InputTokens: 10_000, OutputTokens: 500,
		CachedShare: 0.8, RequestsPerCacheWrite: 8, CacheTTL: pricing.TTL1h, BatchShare: 0.4}
	bill := func(date, model, region string) pricing.Bill {
		t.Helper()
		row, ok := e.Data[date].Pricing.APIs.PriceOn(model, date)
		if !ok {
			t.Fatalf("%s: no price for %s", date, model)
		}
		w := w
		w.Region = region
		return row.USD(1).Bill(w)
	}
	// Claude Sonnet 4.5, $3 input, $6 1-hour writes, $0.30 hits, $15
	// output, batch -50 % (Anthropic's pricing page): 0.2e9 x $3 +
	// 0.1e9 x $6 + 0.7e9 x $0.30 + 5e7 x $15 = $600 + $600 + $210 + $750
	// = $2,160; batch on 40 % at -50 %: x 0.8 = $1,728. Sonnet 4.5 has
	// no US-only processing.
	if b := bill("2026-12-06", "claude-sonnet-4.5", ""); !near(b.PerMonth, 1728) || len(b.Notes) != 0 {
		t.Errorf("Sonnet 4.5: %+v; want $1,728 a month", b)
	}
	if b := bill("2026-12-06", "claude-sonnet-4.5", "us"); b.Missing != pricing.RegionUnavailable {
		t.Errorf("Sonnet 4.5 in the US: %+v; want not priced, unavailable", b)
	}
	// Claude Opus 5.5, $4 input, $8 1-hour writes, $0.20 hits, $20
	// output: 0.2e9 x $4 + 0.1e9 x $8 + 0.7e9 x $0.20 + 5e7 x $20 = $800
	// + $800 + $140 + $1,000 = $2,740, the batch share at standard (no
	// batch price read for it); US-only, 1.1x: $3,014; no EU region.
	if b := bill("2026-12-06", "anthropic.claude-opus-5-5", ""); !near(b.PerMonth, 2740) ||
		!slices.Equal(b.Notes, []pricing.Note{{Reason: pricing.ServiceAtStandard, Service: pricing.Batch}}) {
		t.Errorf("Opus 5.5: %+v; want $2,740 a month, the batch share at standard", b)
	}
	if b := bill("2026-12-06", "anthropic.claude-opus-5-5", "us"); !near(b.PerMonth, 3014) {
		t.Errorf("Opus 5.5 in the US: %+v; want $3,014 a month", b)
	}
	if b := bill("2026-12-06", "anthropic.claude-opus-5-5", "eu"); b.Missing != pricing.RegionUnavailable {
		t.Errorf("Opus 5.5 in the EU: %+v; want not priced, unavailable", b)
	}
	// Mistral Medium 3.5, $1.50 input, $0.15 hits, $7.50 output, no
	// write price and no batch price: 0.3e9 x $1.50 (uncached and
	// writes) + 0.7e9 x $0.15 + 5e7 x $7.50 = $450 + $105 + $375 = $930,
	// the batch share at standard; in the EU 1.1x: $1,023.
	b := bill("2026-12-06", "mistral.mistral-medium-3-5", "eu")
	notes := []pricing.Note{{Reason: pricing.WriteAtInput}, {Reason: pricing.ServiceAtStandard, Service: pricing.Batch}}
	if !near(b.PerMonth, 1023) || !slices.Equal(b.Notes, notes) {
		t.Errorf("Mistral Medium 3.5 in the EU: %+v; want $1,023 a month with notes %v", b, notes)
	}
	// The edition before knows no region and no 1-hour price of Opus
	// 5.5: the bill has no price rather than a guessed one.
	if b := bill("2026-12-04", "anthropic.claude-opus-5-5", "eu"); b.Missing != pricing.RegionUnpriced {
		t.Errorf("Opus 5.5 in the EU on 2026-12-04: %+v; want not priced", b)
	}
	if b := bill("2026-12-04", "anthropic.claude-opus-5-5", ""); b.Missing != pricing.Cache1hUnpriced {
		t.Errorf("Opus 5.5 with 1-hour writes on 2026-12-04: %+v; want not priced", b)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// Read as of a day before the import of 2026-12-06, the data is that
// day's: the snapshot's rows from the later import are left out, so that
// the site can be rebuilt as it was and old links checked against it.
func TestDataAsOfAPastDayLeavesOutLaterImports(t *testing.T) {
	t.Parallel()
	e := datasettest.Editions(t, "2026-12-04")
	for _, p := range e.Latest().Pricing.APIs.Prices {
		if p.From > "2026-12-04" && !p.Announced {
			t.Errorf("%s from %s in the data of 2026-12-04", p.Model, p.From)
		}
	}
	if _, ok := e.Held["2026-12-06"]; !ok {
		t.Error("the edition of 2026-12-06 is not held")
	}
}
