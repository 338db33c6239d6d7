package pricing_test

import (
	"fmt"

	"github.com/infercost/infercost/wasm/pricing"
)

// A support assistant on an API charging $3 / $15 per million input and
// output tokens, $0.30 for cached input and $3.75 to write the cache,
// with half off through its batch API; then the volume from which a
// cluster costing $20,000 a month, serving up to 5 billion tokens, is
// cheaper.
func Example() {
	api := pricing.Price{Rates: pricing.Rates{Input: 3, CacheRead: 0.30, CacheWrite: 3.75, Output: 15}, BatchDiscountPct: 50}
	w := pricing.Workload{RequestsPerDay: 10_000, InputTokens: 2_000, OutputTokens: 500,
		CachedShare: 0.5, RequestsPerCacheWrite: 10, BatchShare: 0.2}
	c := api.Cost(w)
	// Input: (1,000 uncached tokens × $3 + 1,000 cached × ($3.75 / 10 +
	// $0.30 × 9/10)) / 1M = $0.003645; output 500 × $15 / 1M = $0.0075;
	// $0.011145 a request, less 50 % on a fifth of them: $0.0100305.
	// 10,000 a day for a month of 365.25 / 12 days: $3,053.03.
	fmt.Printf("$%.7f a request, $%.2f a month, $%.4f per 1M tokens\n", c.PerRequest, c.PerMonth, c.PerMTok)
	// The cluster costs less from $20,000 / $4.0122 per 1M = 4.985
	// billion tokens a month, within its capacity.
	v, ok := pricing.Cluster{PerMonth: 20_000, TokensPerMonth: 5e9}.BreakEven(c.PerMTok)
	fmt.Printf("self-hosting is cheaper from %.3f billion tokens a month: %v (this workload: %.3f billion)\n", v/1e9, ok, w.TokensPerMonth()/1e9)
	// Output:
	// $0.0100305 a request, $3053.03 a month, $4.0122 per 1M tokens
	// self-hosting is cheaper from 4.985 billion tokens a month: true (this workload: 0.761 billion)
}
