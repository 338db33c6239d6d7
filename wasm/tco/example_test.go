package tco_test

import (
	"fmt"

	"github.com/infercost/infercost/wasm/tco"
)

// Eight GPUs bought and run for three years against the same eight rented
// around the clock, each serving 1,000 output tokens/s half of the time.
func Example() {
	owned := tco.Option{Kind: tco.Owned, GPUs: 8, TokensPerSecondPerGPU: 1000, LoadFactor: 0.5,
		GPUsPerServer: 8, GPUPriceUSD: 25_000, ServerPriceUSD: 30_000, NetworkPriceUSD: 5_000,
		GPUPowerW: 700, ServerOverheadW: 1_500, PUE: 1.3, ElectricityUSDPerKWh: 0.10, MaintenancePctPerYear: 5}
	rented := tco.Option{Kind: tco.Rented, GPUs: 8, TokensPerSecondPerGPU: 1000, LoadFactor: 0.5,
		RentUSDPerGPUHour: 2, RentedHoursPerMonth: 730}
	a, b := tco.Compute(owned, 3), tco.Compute(rented, 3)
	// Owned: capex 8 × 25,000 + 30,000 + 5,000 = 235,000; power 1,500 W +
	// 8 × 700 W × 0.5 = 4,300 W, 37,668 kWh a year: 3,766.80 electricity
	// and 1,130.04 cooling (PUE 1.3), 11,750 maintenance (5 % of capex):
	// 16,646.84 a year. Tokens 8,000/s × 3,600 × 8,760 h × 0.5 × 3 years
	// = 378.432 billion.
	fmt.Printf("owned: TCO $%.2f, $%.4f per 1M tokens\n", a.TCOUSD, a.USDPerMTok)
	// Rented: 8 × 8,760 h × $2 = 140,160 a year.
	fmt.Printf("rented: TCO $%.2f, $%.4f per 1M tokens\n", b.TCOUSD, b.USDPerMTok)
	// Capex 235,000 is repaid by opex 123,513.16 a year less.
	t, ok := tco.BreakEven(a, b, 3)
	fmt.Printf("buying pays off after %.2f years: %v\n", t, ok)
	// Output:
	// owned: TCO $284940.52, $0.7530 per 1M tokens
	// rented: TCO $420480.00, $1.1111 per 1M tokens
	// buying pays off after 1.90 years: true
}
