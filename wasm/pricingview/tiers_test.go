package pricingview_test

import (
	"math"
	"strings"
	"testing"
)

// Service tiers read from LiteLLM's cost map (model_prices_and_context_window.json
// at commit 19a1f629eb6fafde70968ef4815463eb08143aac, per-token prices x 1e6),
// on the standard prices of genai-prices 0.1.8 (edition 2026-12-06). Each
// bill takes 40 % of its requests through one tier, the rest at standard;
// a month of 1,000,000 requests costs a million times a request.
//
// Flex, GPT-5: $1.25 input, $10 output; flex $0.625, $5. 1,000 input and
// 300 output tokens: standard (1,000 x 1.25 + 300 x 10) / 1e6 = $0.00425,
// flex (1,000 x 0.625 + 300 x 5) / 1e6 = $0.002125; 0.6 x 0.00425 +
// 0.4 x 0.002125 = 0.00255 + 0.00085 = $0.0034; a month: $3,400.
//
// Priority, o3, half the input cached, a prefix written once per 10
// requests (OpenAI prices no write: written at the input price): $2
// input, $0.50 cached, $8 output; priority $3.50, $0.875, $14. Standard
// 500 x 2 + 500 x (2 / 10 + 0.5 x 0.9) + 300 x 8 = 1,000 + 325 + 2,400
// = 3,725, i.e. $0.003725; priority 500 x 3.5 + 500 x (3.5 / 10 + 0.875
// x 0.9) + 300 x 14 = 1,750 + 568.75 + 4,200 = 6,518.75, i.e.
// $0.00651875; 0.6 x 0.003725 + 0.4 x 0.00651875 = 0.002235 + 0.0026075
// = $0.0048425; a month: $4,842.50.
//
// Batch, GPT-5 pro: $15 input, $120 output; batch $7.50, $60. Standard
// (15,000 + 36,000) / 1e6 = $0.051, batch (7,500 + 18,000) / 1e6 =
// $0.0255; 0.6 x 0.051 + 0.4 x 0.0255 = 0.0306 + 0.0102 = $0.0408; a
// month: $40,800.
func TestTierPricesFromLiteLLM(t *testing.T) {
	d := load(t)
	for _, tc := range []struct {
		name, api, query, tier string
		want                   float64
	}{
		{"flex", "openai.gpt-5", "in=1000&out=300&cache=0&flex=0.4", "flex", 3400},
		{"priority", "openai.o3", "in=1000&out=300&cache=0.5&reuse=10&prio=0.4", "priority", 4842.50},
		{"batch", "openai.gpt-5-pro", "in=1000&out=300&cache=0&batch=0.4", "batch", 40800},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cells(build(t, d, "per=month&rpd=1000000&apis="+tc.api+"&"+tc.query))
			if got := c[tc.api+".c-month"].Value; math.Abs(got-tc.want) > 0.005 {
				t.Errorf("%s with 40 %% %s: $%v a month; want $%v", tc.api, tc.tier, got, tc.want)
			}
			if got := c[tc.api+".c-month"].Note; strings.Contains(got, "No price for the "+tc.tier+" tier") {
				t.Errorf("%s: note %q; the %s tier has a price", tc.api, got, tc.tier)
			}
		})
	}
}
