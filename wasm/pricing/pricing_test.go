package pricing

import (
	"math"
	"slices"
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
		if got := c.p.Bill(c.w).PerRequest; !near(got, c.want) {
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

// The issue's bill: 1 billion input tokens a month, 70 % of them cache
// hits written to the 1-hour cache, 40 % of the requests through the
// batch API, processed in one region. 100,000 requests a month of 10,000
// input and 500 output tokens; a cached prefix of 80 % of the input,
// rewritten every 8 requests, makes 7/8 x 80 % = 70 % hits, 10 % writes
// and 20 % uncached input.
var issueBill = Workload{RequestsPerDay: 100_000 / DaysPerMonth, InputTokens: 10_000, OutputTokens: 500,
	CachedShare: 0.8, RequestsPerCacheWrite: 8, CacheTTL: TTL1h, BatchShare: 0.4}

// Claude Opus 4.6 (Anthropic's pricing page, platform.claude.com/docs/en/
// about-claude/pricing, read 2026-12-06): $5 input, $10 1-hour cache
// writes ($6.25 for 5 minutes), $0.50 cache hits, $25 output, batch
// -50 %; inference_geo "us" costs 1.1x every token price (Anthropic's
// data residency page; "US: ... A 1.1x pricing multiplier applies",
// docs.aws.amazon.com/claude-platform/latest/userguide/data-residency),
// and the Claude API offers no other region than "global" and "us".
var opus46 = Price{Rates: Rates{Input: 5, CacheRead: 0.5, CacheWrite: 6.25, CacheWrite1h: 10, Output: 25}, BatchDiscountPct: 50,
	Regions: []RegionPrice{{Region: "us", UpliftPct: 10}, {Region: "eu", Unavailable: true}}}

func TestTheIssuesBill(t *testing.T) {
	// A month: uncached 0.2e9 x $5 = $1,000; 1-hour writes 0.1e9 x $10 =
	// $1,000; hits 0.7e9 x $0.50 = $350; output 5e7 x $25 = $1,250:
	// $3,600, $0.036 a request. Batch on 40 % at -50 %: x 0.8 = $2,880.
	w := issueBill
	if b := opus46.Bill(w); !b.Priced() || !near(b.PerRequest, 0.0288) || !near(b.PerMonth, 2880) || len(b.Notes) != 0 {
		t.Errorf("global: %+v; want $2,880 a month, no notes", b)
	}
	// In the US, 1.1x: $3,168.
	w.Region = "us"
	if b := opus46.Bill(w); !near(b.PerMonth, 3168) {
		t.Errorf("US: $%v a month; want $3,168", b.PerMonth)
	}
	// In the EU the Claude API does not serve: marked, not priced.
	w.Region = "eu"
	if b := opus46.Bill(w); b.Priced() || b.Missing != RegionUnavailable || b.PerMonth != 0 {
		t.Errorf("EU: %+v; want not priced, region unavailable", b)
	}
	// A region the data says nothing of has no price either.
	w.Region = "jp"
	if b := opus46.Bill(w); b.Missing != RegionUnpriced {
		t.Errorf("Japan: %+v; want not priced, no regional price", b)
	}
	// With 5-minute writes at $6.25: writes 0.1e9 x $6.25 = $625, so
	// $3,225 x 0.8 = $2,580.
	w.Region, w.CacheTTL = "", TTL5m
	if b := opus46.Bill(w); !near(b.PerMonth, 2580) {
		t.Errorf("5-minute writes: $%v a month; want $2,580", b.PerMonth)
	}
}

// Mistral's regional inference (docs.mistral.ai/studio/regional-inference,
// read 2026-12-06) costs 1.1x list price for every token in the EU. At
// $0.40 input and $2 output (Mistral Medium 3, genai-prices 0.1.8) without
// cache or batch prices, the issue's bill charges the cached input at the
// input price and the batch share at standard, and says so:
// (1e9 x $0.40 + 5e7 x $2) / 1e6 = $500, x 1.1 = $550.
func TestARegionalUpliftAndWhatHasNoPrice(t *testing.T) {
	medium := Price{Rates: Rates{Input: 0.4, Output: 2}, Regions: []RegionPrice{{Region: "eu", UpliftPct: 10}}}
	w := issueBill
	w.Region, w.CacheTTL = "eu", TTL5m
	b := medium.Bill(w)
	want := []Note{{Reason: CacheAtInput}, {Reason: ServiceAtStandard, Service: Batch}}
	if !b.Priced() || !near(b.PerMonth, 550) || !slices.Equal(b.Notes, want) {
		t.Errorf("got %+v; want $550 a month with notes %v", b, want)
	}
	// A 1-hour cache costs nothing more where the provider charges no
	// writes at all.
	w.CacheTTL = TTL1h
	if b := medium.Bill(w); !near(b.PerMonth, 550) {
		t.Errorf("1-hour TTL without cache prices: %+v", b)
	}
	// Where the provider prices 5-minute writes but not 1-hour ones, the
	// 1-hour bill has no price: it is not guessed.
	if b := sonnet45.Bill(issueBill); b.Missing != Cache1hUnpriced {
		t.Errorf("Sonnet 4.5 without a 1-hour price: %+v; want not priced", b)
	}
}

// GPT-4.1's priority processing (openai.com/api-priority-processing, read
// 2026-12-06): $3.50 input, $0.875 cached, $14 output, long context
// excluded. OpenAI sells no flex processing for GPT-4.1, and charges
// cache writes as input.
func TestServiceTiers(t *testing.T) {
	p := gpt41
	p.Services = []ServiceRates{{Service: Priority, Rates: Rates{Input: 3.5, CacheRead: 0.875, Output: 14}}}
	w := Workload{InputTokens: 2000, OutputTokens: 500, CachedShare: 0.5, RequestsPerCacheWrite: 10,
		BatchShare: 0.2, FlexShare: 0.3, PriorityShare: 0.1}
	// Standard: 1,000 x $2 + 1,000 x ($2/10 + $0.50 x 0.9) + 500 x $8 =
	// 2,000 + 650 + 4,000 = $0.00665. Priority: 1,000 x $3.50 + 1,000 x
	// ($3.50/10 + $0.875 x 0.9) + 500 x $14 = 3,500 + 1,137.5 + 7,000 =
	// $0.0116375. Batch 20 % at -50 %, flex 30 % at standard, priority
	// 10 %: 0.00665 x (1 - 0.1 - 0.1) + 0.1 x 0.0116375 = 0.00532 +
	// 0.00116375 = $0.00648375.
	b := p.Bill(w)
	want := []Note{{Reason: WriteAtInput}, {Reason: ServiceAtStandard, Service: Flex}}
	if !near(b.PerRequest, 0.00648375) || !slices.Equal(b.Notes, want) {
		t.Errorf("got %+v; want $0.00648375 with notes %v", b, want)
	}
	// Shares of more than all the requests are no workload.
	if b := p.Bill(Workload{InputTokens: 1, BatchShare: 0.6, FlexShare: 0.5}); b.Missing != SharesOverOne {
		t.Errorf("shares over one: %+v; want not priced", b)
	}
	// Above a long-context tier the priority price does not apply: the
	// share is priced at standard, and the bill says so.
	p.Tiers = []Tier{{AboveInputTokens: 1000, Rates: p.Rates}}
	if b := p.Bill(w); !near(b.PerRequest, 0.00665*0.9) || !slices.Contains(b.Notes, Note{Reason: ServiceAtStandard, Service: Priority}) {
		t.Errorf("long context: %+v; want $%v, priority at standard", b, 0.00665*0.9)
	}
}

// Perplexity's Sonar Deep Research (genai-prices 0.1.8): $2 input, $8
// output, $3 reasoning. 1,000 input and 2,000 output tokens of which
// 75 % reasoning: 1,000 x $2 + 500 x $8 + 1,500 x $3 = 2,000 + 4,000 +
// 4,500 = $0.0105. GPT-4.1 prices reasoning as output: 1,000 x $2 +
// 2,000 x $8 = $0.018, with a note.
func TestReasoningTokens(t *testing.T) {
	deep := Price{Rates: Rates{Input: 2, Output: 8, Reasoning: 3}}
	w := Workload{InputTokens: 1000, OutputTokens: 2000, ReasoningShare: 0.75}
	if b := deep.Bill(w); !near(b.PerRequest, 0.0105) || len(b.Notes) != 0 {
		t.Errorf("Sonar Deep Research: %+v; want $0.0105", b)
	}
	if b := gpt41.Bill(w); !near(b.PerRequest, 0.018) || !slices.Equal(b.Notes, []Note{{Reason: ReasoningAtOutput}}) {
		t.Errorf("GPT-4.1: %+v; want $0.018, reasoning at output", b)
	}
}

// A workload that uses none of the new inputs is priced as before them,
// to the bit: editions' sealed figures rest on it.
func TestDefaultsKeepTheFormulaBeforeTiers(t *testing.T) {
	w := Workload{InputTokens: 2345, OutputTokens: 678, CachedShare: 0.37, RequestsPerCacheWrite: 7, BatchShare: 0.23}
	for _, p := range []Price{gpt41, sonnet45, {Rates: Rates{Input: 0.3, Output: 0.7}}} {
		r, _ := p.ratesFor(w.InputTokens)
		write, read := r.CacheWrite, r.CacheRead
		if write == 0 {
			write = r.Input
		}
		if read == 0 {
			read = r.Input
		}
		cached := w.InputTokens * w.CachedShare
		in := (w.InputTokens-cached)*r.Input + cached*(write/7+read*(1-1.0/7))
		before := (in + w.OutputTokens*r.Output) / 1e6 * (1 - w.BatchShare*p.BatchDiscountPct/100)
		if got := p.Bill(w).PerRequest; got != before {
			t.Errorf("%+v: %v, before %v", p.Rates, got, before)
		}
	}
}
