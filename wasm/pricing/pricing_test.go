package pricing

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// GPT-4.1 (OpenAI pricing page): $2 input, $0.50 cached, $8 output, batch -50 %.
var gpt41 = Price{Rates: Rates{Input: 2, CacheRead: 0.5, Output: 8}, BatchDiscountPct: 50}

// Claude Sonnet 4.5 (Anthropic pricing docs): $3 / $15, cache read $0.30,
// write $3.75; above 200K input tokens $6 / $22.50, read $0.60, write $7.50.
var sonnet45 = Price{Rates: Rates{Input: 3, CacheRead: 0.3, CacheWrite: 3.75, Output: 15}, BatchDiscountPct: 50,
	Tiers: []Tier{{AboveInputTokens: 200000, Rates: Rates{Input: 6, CacheRead: 0.6, CacheWrite: 7.5, Output: 22.5}}}}

func TestCostPerRequest(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Price
		w    Workload
		want float64
	}{
		// 2,000 input tokens, half cached, the prefix rewritten every 10
		// requests (OpenAI charges writes as input):
		//   1,000 x $2 + 1,000 x ($2 / 10 + $0.50 x 0.9) = 2,650
		//   + 500 output x $8 = 4,000 -> 6,650 / 1e6 = $0.00665,
		// and 20 % through the batch API at -50 %: x (1 - 0.2 x 0.5) = $0.005985.
		{"GPT-4.1 with cache and batch", gpt41, Workload{InputTokens: 2000, OutputTokens: 500, CachedShare: 0.5,
			RequestsPerCacheWrite: 10, BatchShare: 0.2}, 0.005985},
		// No caching: 2,000 x $2 + 500 x $8 = $0.008.
		{"GPT-4.1 plain", gpt41, Workload{InputTokens: 2000, OutputTokens: 500}, 0.008},
		// 250,000 input tokens is above Sonnet's 200K tier, so every token
		// is priced at the tier: 50,000 x $6 + 200,000 cached x ($7.50 / 5
		// + $0.60 x 0.8) + 1,000 x $22.50 = 300,000 + 396,000 + 22,500
		// = $0.7185.
		{"Sonnet 4.5 long context", sonnet45, Workload{InputTokens: 250000, OutputTokens: 1000, CachedShare: 0.8,
			RequestsPerCacheWrite: 5}, 0.7185},
		// At 200,000 input tokens the base rates apply: 200,000 x $3 + 1,000 x $15.
		{"Sonnet 4.5 at the tier edge", sonnet45, Workload{InputTokens: 200000, OutputTokens: 1000}, 0.615},
	} {
		if got := c.p.CostPerRequest(c.w); !near(got, c.want) {
			t.Errorf("%s: $%v, want $%v", c.name, got, c.want)
		}
	}
}

func TestCostPerDayAndMonth(t *testing.T) {
	w := Workload{RequestsPerDay: 1000, InputTokens: 2000, OutputTokens: 500}
	c := gpt41.Cost(w)
	// $0.008 x 1,000 = $8 a day; x 365.25 / 12 = $243.50 a month;
	// per 1M tokens $0.008 / 2,500 x 1e6 = $3.20.
	if !near(c.PerDay, 8) || !near(c.PerMonth, 243.5) || !near(c.PerMTok, 3.2) {
		t.Errorf("got %+v", c)
	}
}

// Seed article 000's ROI example: 500 million tokens a month at $2.50 per
// 1,000 tokens ($2,500 per million) is $1,250,000; at $0.14 per million it
// is $70, not the article's $70,000.
func TestSeedROI(t *testing.T) {
	w := Workload{RequestsPerDay: 500e6 / DaysPerMonth / 1000, InputTokens: 500, OutputTokens: 500}
	for _, c := range []struct {
		perMTok, want float64
	}{{2500, 1250000}, {0.14, 70}} {
		p := Price{Rates: Rates{Input: c.perMTok, Output: c.perMTok}}
		if got := p.Cost(w).PerMonth; !near(got, c.want) {
			t.Errorf("$%v per 1M tokens: $%v a month, want $%v", c.perMTok, got, c.want)
		}
	}
}

func TestBudgetThresholds(t *testing.T) {
	for _, c := range []struct {
		cost float64
		want Status
	}{{89.9, OK}, {90, Warn}, {100, Warn}, {100.1, Alarm}, {0, OK}} {
		pct, got := Check(c.cost, 100)
		if got != c.want || !near(pct, c.cost) {
			t.Errorf("%v of 100: %v%% status %v, want %v", c.cost, pct, got, c.want)
		}
	}
	if _, s := Check(5, 0); s != NoBudget {
		t.Errorf("no budget: status %v", s)
	}
}

func TestBreakEvenAndPayback(t *testing.T) {
	c := Cluster{PerMonth: 10000, OpexPerMonth: 5000, Capex: 300000, TokensPerMonth: 1e10}
	// $10,000 / $2 per 1M = 5e9 tokens a month, within the capacity.
	if v, ok := c.BreakEven(2); !ok || !near(v, 5e9) {
		t.Errorf("break-even at $2: %v %v, want 5e9", v, ok)
	}
	// At $0.50 per 1M it would take 2e10 tokens, twice the capacity: a
	// second cluster costs the same per token, so never.
	if _, ok := c.BreakEven(0.5); ok {
		t.Error("break-even beyond capacity reported")
	}
	// $300,000 capex / ($20,000 API - $5,000 opex) = 20 months.
	if m, ok := c.PaybackMonths(20000, 1e9); !ok || !near(m, 20) {
		t.Errorf("payback: %v %v, want 20", m, ok)
	}
	// 2.5e10 tokens need 3 clusters: 3 x $300,000 / ($100,000 - 3 x $5,000).
	if m, ok := c.PaybackMonths(100000, 2.5e10); !ok || !near(m, 900000.0/85000) {
		t.Errorf("payback with 3 clusters: %v", m)
	}
	if _, ok := c.PaybackMonths(4000, 1e9); ok {
		t.Error("payback reported though the API costs less than the opex")
	}
}
