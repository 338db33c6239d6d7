package tco

import (
	"math"
	"testing"
)

// seedA100 and seedH100 are the two 8-GPU clusters of seed
// 000_89cbc5211ae33d37.txt (tables "Anschaffungskosten", "Betriebskosten
// (3 Jahre)", "TCO-Gesamtvergleich"). The engine is linear in money, so
// the article's euro figures go in and come out as euros.
//
// Capex lines are the article's own. Its opex lines are totals, so the
// inputs behind them are solved back from the totals:
//   - electricity 48,000 / 3 y = 16,000 a year; at 0.30 EUR/kWh that is
//     16,000 / 0.30 / 8,760 h = 6.09 kW average: 8 x 400 W x 0.75 load
//     = 2.4 kW of GPUs plus 3.7 kW for the server. H100: 84,000 / 3 / 0.30
//     / 8,760 = 10.65 kW = 8 x 700 W x 0.75 = 4.2 kW plus 6.45 kW.
//   - cooling 12,000 = 48,000 x 0.25, so PUE 1.25; 18,000 / 84,000 = 0.214,
//     so PUE 1.21.
//   - maintenance 24,000 / 3 / 440,000 = 1.8 % a year; 32,000 / 3 /
//     800,000 = 1.33 %.
//   - staff 45,000 / 3 = 15,000 a year; 30,000 / 3 = 10,000.
//   - tokens 180e9 a year = 950 tok/s x 8 GPUs x 31,536,000 s x 0.75;
//     520e9 = 2,750 tok/s x 8 x 31,536,000 x 0.75.
func seedA100() Option {
	return Option{Kind: Owned, GPUs: 8, GPUsPerServer: 8, TokensPerSecondPerGPU: 950, LoadFactor: 0.75,
		GPUPriceUSD: 40000, ServerPriceUSD: 80000, NetworkPriceUSD: 40000,
		GPUPowerW: 400, ServerOverheadW: 3700, PUE: 1.25, ElectricityUSDPerKWh: 0.30,
		MaintenancePctPerYear: 1.8, StaffUSDPerYear: 15000}
}

func seedH100() Option {
	return Option{Kind: Owned, GPUs: 8, GPUsPerServer: 8, TokensPerSecondPerGPU: 2750, LoadFactor: 0.75,
		GPUPriceUSD: 80000, ServerPriceUSD: 100000, NetworkPriceUSD: 60000,
		GPUPowerW: 700, ServerOverheadW: 6450, PUE: 1.21, ElectricityUSDPerKWh: 0.30,
		MaintenancePctPerYear: 1.33, StaffUSDPerYear: 10000}
}

func near(got, want, relTol float64) bool {
	if want == 0 {
		return math.Abs(got) <= relTol
	}
	return math.Abs(got-want) <= relTol*math.Abs(want)
}

func TestSeedComparisonReproducesArticleTotals(t *testing.T) {
	const years = 3
	tests := []struct {
		name string
		opt  Option
		// Worked by hand:
		// A100 capex 8 x 40,000 + 80,000 + 40,000 = 440,000.
		//   electricity 6.1 kW x 8,760 h x 0.30 = 16,030.80 a year;
		//   cooling x 0.25 = 4,007.70; maintenance 1.8 % x 440,000 = 7,920;
		//   staff 15,000; opex 42,958.50 a year, 128,875.50 over 3 years;
		//   TCO 568,875.50; tokens 179.7552e9 a year, 539.2656e9 in 3 years;
		//   per 1M tokens 568,875.50 / 539,265.6 = 1.054908.
		// H100 capex 8 x 80,000 + 100,000 + 60,000 = 800,000.
		//   electricity 10.65 kW x 8,760 x 0.30 = 27,988.20; cooling x 0.21 =
		//   5,877.522; maintenance 10,640; staff 10,000; opex 54,505.722 a
		//   year, 163,517.166 over 3 years; TCO 963,517.166; tokens
		//   520.344e9 a year, 1,561.032e9 in 3 years; per 1M 0.617231.
		capex, opex3y, tco, tokensPerYear, perMTok float64
	}{
		{"A100", seedA100(), 440000, 128875.50, 568875.50, 179.7552e9, 1.054908},
		{"H100", seedH100(), 800000, 163517.166, 963517.166, 520.344e9, 0.617231},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compute(tt.opt, years)
			check := func(what string, got, want float64) {
				t.Helper()
				if !near(got, want, 1e-6) {
					t.Errorf("%s: got %.6f; want %.6f", what, got, want)
				}
			}
			check("capex", r.Capex.Total(), tt.capex)
			check("opex over 3 years", r.OpexTotal(years), tt.opex3y)
			check("TCO", r.TCOUSD, tt.tco)
			check("tokens per year", r.Tokens/years, tt.tokensPerYear)
			check("cost per 1M tokens", r.USDPerMTok, tt.perMTok)
			// The article divides the 3-year TCO by one year of tokens.
			articleFigure := r.TCOUSD / (r.Tokens / years) * 1e6
			if !near(articleFigure, 3*r.USDPerMTok, 1e-9) {
				t.Errorf("3-year cost over 1-year tokens: got %.4f; want 3 x %.4f", articleFigure, tt.perMTok)
			}
		})
	}
}

func TestRentedOption(t *testing.T) {
	// 8 GPUs x 730 h x 12 x 3.99 USD = 279,619.20 a year; tokens
	// 8 x 1,000 tok/s x 3,600 x 8,760 h x 0.5 = 126.144e9 a year.
	o := Option{Kind: Rented, GPUs: 8, RentUSDPerGPUHour: 3.99, RentedHoursPerMonth: 730,
		TokensPerSecondPerGPU: 1000, LoadFactor: 0.5}
	r := Compute(o, 2)
	if !near(r.OpexPerYear.RentUSD, 279619.20, 1e-9) {
		t.Errorf("rent a year: got %.2f; want 279619.20", r.OpexPerYear.RentUSD)
	}
	if r.Capex.Total() != 0 {
		t.Errorf("capex: got %.2f; want 0", r.Capex.Total())
	}
	if !near(r.Tokens, 2*126.144e9, 1e-9) {
		t.Errorf("tokens: got %.0f; want %.0f", r.Tokens, 2*126.144e9)
	}
	// 559,238.40 / 252,288 Mtok = 2.216667
	if !near(r.USDPerMTok, 2.2166667, 1e-6) {
		t.Errorf("per 1M tokens: got %.6f; want 2.216667", r.USDPerMTok)
	}
}

func TestCostOfCapitalResidualColocationAndServers(t *testing.T) {
	// 12 GPUs at 8 per server need 2 servers.
	// capex 12 x 10,000 + 2 x 20,000 + 2 x 5,000 = 170,000.
	// annuity at 10 % over 2 years: 0.1 / (1 - 1.1^-2) = 0.576190476;
	//   capital cost a year = 170,000 x (0.576190476 - 0.5) = 12,952.38.
	// provisioned power 2 x 1,000 W + 12 x 500 W = 8 kW; colocation
	//   8 x 100 x 12 = 9,600 a year.
	// residual 20 % x 170,000 = 34,000.
	o := Option{Kind: Owned, GPUs: 12, GPUsPerServer: 8, GPUPriceUSD: 10000, ServerPriceUSD: 20000,
		NetworkPriceUSD: 5000, GPUPowerW: 500, ServerOverheadW: 1000, PUE: 1, LoadFactor: 1,
		ColocationUSDPerKWMonth: 100, CostOfCapitalPct: 10, ResidualPct: 20, TokensPerSecondPerGPU: 1}
	r := Compute(o, 2)
	if r.Servers != 2 {
		t.Errorf("servers: got %d; want 2", r.Servers)
	}
	if !near(r.OpexPerYear.CapitalCostUSD, 12952.380952, 1e-8) {
		t.Errorf("capital cost a year: got %.6f; want 12952.380952", r.OpexPerYear.CapitalCostUSD)
	}
	if !near(r.OpexPerYear.ColocationUSD, 9600, 1e-12) {
		t.Errorf("colocation a year: got %.2f; want 9600", r.OpexPerYear.ColocationUSD)
	}
	if !near(r.ResidualUSD, 34000, 1e-12) {
		t.Errorf("residual: got %.2f; want 34000", r.ResidualUSD)
	}
	// Electricity is 0 here, so cumulative at the end is
	// 170,000 + 2 x (12,952.38 + 9,600) - 34,000 = 181,104.76.
	if got := r.CumulativeUSD(2, 2); !near(got, 181104.761905, 1e-9) || !near(got, r.TCOUSD, 1e-12) {
		t.Errorf("cumulative at end: got %.6f; want 181104.761905 = TCO %.6f", got, r.TCOUSD)
	}
}

func TestBreakEvenOfSeedClusters(t *testing.T) {
	// The H100 cluster costs more up front and more to run, so the curves
	// never cross; against a rented cluster the owned A100 cluster breaks
	// even when 440,000 + 42,958.50 t = 279,619.20 t, t = 1.8563 years.
	a, h := Compute(seedA100(), 3), Compute(seedH100(), 3)
	if _, ok := BreakEven(a, h, 3); ok {
		t.Error("A100 and H100 clusters: got a break-even; want none")
	}
	rent := Compute(Option{Kind: Rented, GPUs: 8, RentUSDPerGPUHour: 3.99, RentedHoursPerMonth: 730}, 3)
	got, ok := BreakEven(rent, a, 3)
	if !ok || !near(got, 440000/(279619.20-42958.50), 1e-9) {
		t.Errorf("rent vs own A100: got %.4f, %v; want 1.8592, true", got, ok)
	}
}

func TestGPUsForThroughput(t *testing.T) {
	// The A100 cluster serves 8 x 950 = 7,600 tok/s; H100 GPUs at 2,750
	// tok/s need ceil(2.7636) = 3 of them.
	if got := GPUsForThroughput(seedH100(), 7600); got != 3 {
		t.Errorf("got %d; want 3", got)
	}
	if got := GPUsForThroughput(seedH100(), 5500); got != 2 {
		t.Errorf("exact multiple: got %d; want 2", got)
	}
}

func TestCostRisesWithElectricityPrice(t *testing.T) {
	prev := -1.0
	for p := 0.0; p <= 1.0; p += 0.05 {
		o := seedA100()
		o.ElectricityUSDPerKWh = p
		r := Compute(o, 3)
		if r.TCOUSD <= prev {
			t.Fatalf("at %.2f per kWh: TCO %.2f did not rise above %.2f", p, r.TCOUSD, prev)
		}
		prev = r.TCOUSD
	}
}

func TestCostPerTokenFallsWithUtilisation(t *testing.T) {
	rented := Option{Kind: Rented, GPUs: 4, RentUSDPerGPUHour: 2, RentedHoursPerMonth: 730, TokensPerSecondPerGPU: 500}
	for name, base := range map[string]Option{"owned": seedH100(), "rented": rented} {
		prev := math.Inf(1)
		for load := 0.05; load <= 1.0001; load += 0.05 {
			o := base
			o.LoadFactor = load
			r := Compute(o, 3)
			if r.USDPerMTok >= prev {
				t.Fatalf("%s at load %.2f: cost per 1M tokens %.4f did not fall below %.4f", name, load, r.USDPerMTok, prev)
			}
			prev = r.USDPerMTok
		}
	}
}

// Energy per token is the facility's draw over the tokens, bought or
// rented alike (Example's cluster): 1,500 W for the server and 8 x 700 W
// x 0.5 load = 4,300 W of IT power, x PUE 1.3 = 5,590 W, 48,968.4 kWh a
// year and 146,905.2 kWh over 3 years; 8 x 1,000 tokens/s x 0.5 =
// 4,000 tokens/s, 14.4 million an hour: 5.59 kWh / 14.4 = 0.388194 kWh
// per 1M tokens. Rented half the hours, the energy halves with the
// tokens, and a token takes as much.
func TestEnergyPerTokenByHand(t *testing.T) {
	o := Option{Kind: Owned, GPUs: 8, TokensPerSecondPerGPU: 1000, LoadFactor: 0.5, GPUsPerServer: 8, GPUPowerW: 700,
		ServerOverheadW: 1500, PUE: 1.3}
	r := o
	r.Kind, r.RentedHoursPerMonth = Rented, 730
	half := r
	half.RentedHoursPerMonth = 365
	for _, c := range []struct {
		name       string
		o          Option
		kWh, perMT float64
	}{{"owned", o, 146905.2, 5.59 / 14.4}, {"rented", r, 146905.2, 5.59 / 14.4}, {"rented half the hours", half, 73452.6, 5.59 / 14.4}} {
		got := Compute(c.o, 3)
		if !near(got.EnergyKWh, c.kWh, 1e-12) || !near(got.KWhPerMTok, c.perMT, 1e-12) {
			t.Errorf("%s: %v kWh, %v kWh per 1M tokens; want %v and %v", c.name, got.EnergyKWh, got.KWhPerMTok, c.kWh, c.perMT)
		}
	}
	if got := Compute(Option{Kind: Rented, GPUs: 8, GPUsPerServer: 8, GPUPowerW: 700, PUE: 1.3, RentedHoursPerMonth: 730}, 3); got.KWhPerMTok != 0 {
		t.Errorf("no tokens: %v kWh per 1M tokens; want 0, none to divide by", got.KWhPerMTok)
	}
}

// What GPUs draw as shares of their rating (Draw): eight of 700 W in one
// server of 1,500 W at PUE 1.3, drawing 17 % idle and from 63 % to 85 %
// serving. Serving half the time at capacity, each draws 0.5 x 0.85 +
// 0.5 x 0.17 = 0.51 x 700 = 357 W: 8 x 357 + 1,500 = 4,356 W. Serving all
// the time at 40 % of capacity (Slack 0.6), each draws 0.63 + 0.22 x 0.4
// = 0.718 x 700 = 502.6 W: 5,520.8 W, for 0.4 x 8,000 = 3,200 tokens/s.
// Idle all the time (a load of 0, as while a replica starts), 0.17 x 700 =
// 119 W: 2,452 W for no tokens. The zero Draw is the rule before: 700 W
// x 0.5, 4,300 W.
func TestDrawByHand(t *testing.T) {
	draw := Draw{Idle: 0.17, Least: 0.63, Full: 0.85}
	o := Option{Kind: Owned, GPUs: 8, TokensPerSecondPerGPU: 1000, LoadFactor: 0.5, GPUsPerServer: 8, GPUPowerW: 700,
		ServerOverheadW: 1500, PUE: 1.3, Draw: draw}
	steady := o
	steady.LoadFactor, steady.Slack = 1, 0.6
	idle := o
	idle.LoadFactor = 0
	before := o
	before.Draw = Draw{}
	const hours = HoursPerYear * 3
	for _, c := range []struct {
		name          string
		o             Option
		watts, tokens float64
	}{
		{"half the time at capacity", o, 4356, 4000},
		{"all the time at 40 %", steady, 5520.8, 3200},
		{"idle", idle, 2452, 0},
		{"the rule before", before, 4300, 4000},
	} {
		got := Compute(c.o, 3)
		if !near(got.AveragePowerW, c.watts, 1e-12) || !near(got.EnergyKWh, c.watts/1000*1.3*hours, 1e-12) ||
			!near(got.Tokens, c.tokens*3600*hours, 1e-12) {
			t.Errorf("%s: %v W, %v kWh, %v tokens; want %v W and %v tokens/s", c.name, got.AveragePowerW, got.EnergyKWh, got.Tokens, c.watts, c.tokens)
		}
		if got.ProvisionedPowerW != 7100 {
			t.Errorf("%s: provisioned %v W; want the rating, 8 x 700 + 1,500 = 7,100 W", c.name, got.ProvisionedPowerW)
		}
	}
}
