package tcoview_test

import (
	"encoding/json"
	"github.com/infercost/infercost/wasm/cluster"
	"math"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tco"
	"github.com/infercost/infercost/wasm/tcoview"
)

func load(t testing.TB) cluster.Data { return datasettest.Load(t).TCOData() }

// published is d with the defaults of editions before 2026-12-06: each
// option's throughput from the published rows, and the GPU table's
// rental price; tests of those rules read them so.
func published(d cluster.Data) cluster.Data {
	d.Defaults.Estimate = cluster.DefaultEstimate{}
	d.Defaults.RentMedianOfOffers = fact.Figure{}
	return d
}

// undrawn is d with the GPUs drawing their rated power while serving
// and nothing otherwise, as in editions before 2026-12-07: tests of how
// GPUs are sized, whose TCO is that of so many GPUs at the load typed,
// read it so.
func undrawn(d cluster.Data) cluster.Data {
	d.Defaults.GPUIdlePct, d.Defaults.GPUServingLeastPct, d.Defaults.GPUServingFullPct = fact.Figure{}, fact.Figure{}, fact.Figure{}
	return d
}

// Sized for a demand, GPUs serve it all the time at the share of their
// capacity it uses, and draw what that share takes. Option a (an A100
// 80GB SXM, 400 W, at $0.08 a kWh and PUE 1.56) types 300 tokens/s per GPU
// at a load of 1; 1,000 tokens/s (2.628e9 a month) take ⌈1,000 / 300⌉
// = 4 GPUs, each serving 1,000 / 1,200 = 5/6 of its capacity and drawing
// 0.63 + (0.85 - 0.63) x 5/6 = 0.81333 of 400 W, 325.33 W, against 340 W
// at capacity: 4 x 14.667 W x 8,760 h x 1.56 = 801.72 kWh a year less,
// $64.14 a year, $192.41 over 3 years below the TCO of 4 GPUs at
// capacity.
func TestDemandIsServedAtItsShareOfTheCapacity(t *testing.T) {
	d := load(t)
	const q = "a.pm=&a.tps=300&a.load=1"
	s := tcoview.Resolve(q+"&a.n=4", d)
	if o := s.Options[0].Option; o.GPUPowerW != 400 || o.ElectricityUSDPerKWh != 0.08 || o.PUE != 1.56 || s.Years != 3 {
		t.Fatalf("option a: %v W, $%v a kWh, PUE %v, %d years; the arithmetic above takes 400, 0.08, 1.56, 3", o.GPUPowerW, o.ElectricityUSDPerKWh, o.PUE, s.Years)
	}
	atCapacity := tcoview.Build(s).CellsByKey()["a.tco"].Value
	c := tcoview.Build(tcoview.Resolve(q+"&dem=2.628e9", d)).CellsByKey()
	if g, cost := c["a.demand_gpus"].Value, c["a.demand_tco"].Value; g != 4 || math.Abs(atCapacity-cost-192.41) > 0.01 {
		t.Errorf("%v GPUs at a TCO of %.2f; want 4 at %.2f - 192.41", g, cost, atCapacity)
	}
}

func TestDefaultsResolveWithoutErrors(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("", d)
	if len(s.Errors) > 0 || len(s.Problems) > 0 {
		t.Fatalf("errors %v, problems %v; want none", s.Errors, s.Problems)
	}
	// The edition is pinned: a copied link keeps it.
	if want := "v=1&ed=" + d.Editions.Latest(); s.Query != want {
		t.Errorf("canonical query: got %q; want %q", s.Query, want)
	}
	if got := len(s.Enabled()); got != 3 {
		t.Errorf("options compared: got %d; want 3", got)
	}
}

// The seed preset goes through the same URL path as a reader's link; the
// figures are those pinned by the engine test (wasm/tco), in EUR.
func TestSeedPresetShowsCorrectedCostPerToken(t *testing.T) {
	p := tcoview.Build(tcoview.Resolve("preset=seed-000", load(t)))
	c := p.CellsByKey()
	want := map[string]float64{
		"a.capex": 440000, "b.capex": 800000,
		"a.opex": 128875.50, "b.opex": 163517.166,
		"a.tco": 568875.50, "b.tco": 963517.166,
		"a.cost_per_mtok": 1.054908, "b.cost_per_mtok": 0.617231,
	}
	for key, v := range want {
		if got := c[key]; math.Abs(got.Value-v) > 1e-6*v || got.Unit != "EUR" {
			t.Errorf("%s: got %.6f %s; want %.6f EUR", key, got.Value, got.Unit, v)
		}
	}
	if c["c.tco"].Metric != "" {
		t.Errorf("option c is not compared in the preset but its cell has data-metric %q", c["c.tco"].Metric)
	}
	// The article's 3.16 is three times the corrected figure.
	claimed := c["a.cost_per_mtok_claimed"]
	if claimed.Value != 3.16 || !strings.Contains(claimed.Text, "3.00x") {
		t.Errorf("claimed cost per 1M tokens: got %v %q; want 3.16 shown as 3.00x", claimed.Value, claimed.Text)
	}
	if !strings.Contains(p.Explanation, "one\nyear of tokens") && !strings.Contains(p.Explanation, "one year of tokens") {
		t.Errorf("explanation: got %q; want it to say why the article's figures differ", p.Explanation)
	}
}

func TestHostileQueryIsReportedAndDefaultsUsed(t *testing.T) {
	d := load(t)
	q := url.Values{
		"a.n":   {"<script>alert(1)</script>"},
		"a.kwh": {"NaN"},
		"b.gp":  {"-5"},
		"b.tps": {"1e400"},
		"a.gpu": {`"><img src=x onerror=alert(1)>`},
		"k":     {"99"},
		"zzz":   {"ignored"},
		"cur":   {"XSS"},
	}
	s := tcoview.Resolve(q.Encode(), d)
	for _, key := range []string{"a.n", "a.kwh", "b.gp", "b.tps", "a.gpu", "k", "cur"} {
		if s.Errors[key] == "" {
			t.Errorf("%s: no error reported", key)
		}
		if strings.Contains(s.Errors[key], "<") {
			t.Errorf("%s: error message repeats the input: %q", key, s.Errors[key])
		}
	}
	def := tcoview.Resolve("", d)
	if s.Options[0].Option.GPUs != def.Options[0].Option.GPUs || s.Options[0].GPU.ID != def.Options[0].GPU.ID {
		t.Errorf("defaults not used for rejected values")
	}
	if s.Query != "v=1&ed="+d.Editions.Latest() {
		t.Errorf("canonical query keeps rejected values: %q", s.Query)
	}
	p := tcoview.Build(s)
	for _, c := range p.CellsByKey() {
		if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
			t.Errorf("%s: %v", c.Key, c.Value)
		}
	}
}

func TestDefaultsFollowTheChosenGPU(t *testing.T) {
	d := published(load(t))
	s := tcoview.Resolve("a.gpu=h200-sxm", d)
	if got := s.Options[0].Option.GPUPowerW; got != 700 {
		t.Errorf("H200 power default: got %v; want 700 (TDP)", got)
	}
	// H200 has no published row: 289 tok/s x 4,800 / 2,039 GB/s = 680.3.
	if got := s.Options[0].Option.TokensPerSecondPerGPU; got != 680 {
		t.Errorf("H200 throughput estimate: got %v; want 680", got)
	}
	if s.Query != "v=1&a.gpu=h200-sxm&ed="+d.Editions.Latest() {
		t.Errorf("query: got %q", s.Query)
	}
}

func TestCurrencyConversionKeepsTheFigures(t *testing.T) {
	d := load(t)
	usd := tcoview.Build(tcoview.Resolve("a.gp=20000&a.kwh=0.1", d))
	q := tcoview.Convert("a.gp=20000&a.kwh=0.1", "EUR", d)
	eur := tcoview.Build(tcoview.Resolve(q, d))
	fx := eur.Scenario.FXPerUSD
	if eur.Scenario.Currency.Code != "EUR" || !strings.Contains(q, "cur=EUR") {
		t.Fatalf("converted query %q is not in EUR", q)
	}
	got, want := eur.CellsByKey()["a.tco"].Value, usd.CellsByKey()["a.tco"].Value*fx
	if math.Abs(got-want) > 1e-6*want {
		t.Errorf("TCO after switching to EUR: got %.2f; want %.2f", got, want)
	}
}

// FuzzQueryRoundTrip checks that no query panics and that the canonical
// query reads back to the same scenario: decode(encode(s)) == s.
func FuzzQueryRoundTrip(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "preset=seed-000", "a.n=16&b.kwh=0.2", "k=4&d.kind=own&cur=CNY",
		"a.gpu=b200&a.tps=%3Cscript%3E", "y=0&k=-1&fx=NaN", "preset=nope&v=99", "a.load=1e-300&b.res=100&c.hpm=744"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s := tcoview.Resolve(q, d)
		again := tcoview.Resolve(s.Query, d)
		if again.Query != s.Query {
			t.Fatalf("canonical query changed: %q -> %q", s.Query, again.Query)
		}
		if len(again.Errors) != 0 {
			t.Fatalf("canonical query %q has errors %v", s.Query, again.Errors)
		}
		if !reflect.DeepEqual(again.Options, s.Options) || again.Years != s.Years || again.FXPerUSD != s.FXPerUSD {
			t.Fatalf("scenario differs after round trip of %q", q)
		}
		p := tcoview.Build(s)
		for _, c := range p.CellsByKey() {
			if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
				t.Fatalf("%q: %s is %v", q, c.Key, c.Value)
			}
		}
		// What the browser receives must be plain finite values.
		if _, err := json.Marshal(p.Update()); err != nil {
			t.Fatalf("%q: update: %v", q, err)
		}
	})
}

// A rented option can take its price from a cloud offer in rental.yaml:
// option c rents H100 SXMs, whose first offer is AWS p5.48xlarge at $6.88.
func TestCloudOfferSetsTheRentalPrice(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("c.cloud=1", d)
	if got := s.Options[2].Option.RentUSDPerGPUHour; got != 6.88 {
		t.Errorf("rental price %v, want 6.88", got)
	}
	if s := tcoview.Resolve("c.cloud=99", d); s.Errors["c.cloud"] == "" {
		t.Error("an unknown offer is not reported")
	}
}

// An option can take its throughput from the estimator: Llama 2 7B in
// BF16 at batch 16 on option a's A100 80GB fits one GPU, and the default
// becomes the estimator's tokens/s per GPU for 512 tokens in, 256 out, to
// 4 significant digits as a reader would type it (1,003.33 shows as 1003,
// 992.63 as 992.6).
func TestThroughputFromTheEstimator(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("a.pm=llama-2-7b&a.pb=16", d)
	e := s.Options[0].Estimate
	if e == nil || e.Setup.TP != 1 {
		t.Fatalf("no estimate on one GPU: %+v", e)
	}
	want, _ := strconv.ParseFloat(scenario.Significant(e.Setup.At(16, 512, 256).TokensPerSecondGPU, 4), 64)
	if got := s.Options[0].Option.TokensPerSecondPerGPU; got != want || got <= 0 {
		t.Errorf("throughput %v, want the estimate %v", got, want)
	}
	// Llama 3.1 405B does not fit one A100 server: reported with the GPUs
	// it needs, no estimate, typed default kept. In BF16 its weights are
	// 405.9e9 x 2 B = 811.8e9 B; 8 GPUs hold 101.5e9 B each, more than
	// 0.9 x 79.18 GiB = 76.5e9 B; TP 9-15 do not split 128 heads over 8 KV
	// heads; 16 hold 50.7e9 B each beside the sampler's 1.28e9 B and 0.59e9
	// B of runtime, and 32 requests of 768 tokens at 64,512 B per token.
	big := tcoview.Resolve("a.pm=llama-3.1-405b", d)
	if msg := big.Errors["a.pm"]; !strings.Contains(msg, "does not fit: needs ≥ 16 GPUs") || big.Options[0].Estimate != nil {
		t.Errorf("405B on A100s: error %q; want it to say it does not fit: needs ≥ 16 GPUs", msg)
	}
	if got, want := big.Options[0].Option.TokensPerSecondPerGPU, 289.0; got != want {
		t.Errorf("405B on A100s: throughput %v; want the published default %v", got, want)
	}
	// In FP8 it fits one server: the A100 has no FP8 tensor cores, so from
	// edition 2026-12-07 the weights stay FP8 (vLLM's FP8 Marlin, W8A16):
	// 401.7e9 x 1 B + 4.2e9 embedding parameters (2 x 128,256 x 16,384) x
	// 2 B = 410.1e9 B, 51.3e9 B on each of 8 GPUs; computed in BF16 with a
	// BF16 KV cache, and said next to the precision field.
	fp8 := tcoview.Resolve("a.pm=llama-3.1-405b&a.pp=fp8", d)
	e8 := fp8.Options[0].Estimate
	if e8 == nil || e8.Setup.TP != 8 || e8.Setup.Weights.ID != "fp8" || e8.Setup.KV.ID != "bf16" || fp8.Errors["a.pp"] != "" {
		t.Fatalf("405B in FP8 on A100s: estimate %+v, error %q; want 8 GPUs, FP8 weights, a BF16 KV cache", e8, fp8.Errors["a.pp"])
	}
	var note string
	for _, in := range fp8.Inputs {
		if in.Key == "a.pp" {
			note = in.Note
		}
	}
	if !strings.Contains(note, "no FP8 tensor cores") {
		t.Errorf("405B in FP8 on A100s: precision note %q; want the weight-only serving said", note)
	}
}

// The estimator's request must fit the model's context: with a default
// prompt of 5,000 tokens and 256 out, Llama 2 7B (4,096 positions) gives
// no estimate and says why; Llama 3.1 8B (131,072) does.
func TestEstimateWithinTheModelsContext(t *testing.T) {
	d := load(t)
	d.Perf.Defaults.PromptTokens.Value = 5000
	if s := tcoview.Resolve("a.pm=llama-2-7b", d); s.Errors["a.pm"] == "" || s.Options[0].Estimate != nil {
		t.Errorf("5,256 tokens on Llama 2 7B: error %q", s.Errors["a.pm"])
	}
	if s := tcoview.Resolve("a.pm=llama-3.1-8b", d); s.Errors["a.pm"] != "" || s.Options[0].Estimate == nil {
		t.Errorf("5,256 tokens on Llama 3.1 8B: error %q", s.Errors["a.pm"])
	}
}

// Sizing for a demand: 1e9 output tokens a month is 1e9 / (730 h x 3,600)
// = 380.5 tokens/s; option a (A100, 289 tokens/s per GPU at 0.6 load)
// needs ceil(380.5 / 173.4) = 3 GPUs.
func TestDemandSizing(t *testing.T) {
	d := published(load(t))
	c := tcoview.Build(tcoview.Resolve("dem=1e9", d)).CellsByKey()
	if got := c["a.demand_gpus"].Value; got != 3 {
		t.Errorf("GPUs for the demand %v, want 3", got)
	}
	// With an estimated throughput and a P99 target, whole replicas at the
	// highest rate that meets it.
	s := tcoview.Resolve("dem=1e9&slo=30&a.pm=llama-2-7b", d)
	p := tcoview.Build(s)
	e := s.Options[0].Estimate
	rate, err := e.Setup.MaxRate(e.Load, 30)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Ceil(380.517503805175/(rate*256)) * float64(e.Setup.TP)
	if got := p.CellsByKey()["a.demand_gpus"].Value; got != want || got < 1 {
		t.Errorf("GPUs under a 30 s P99 target %v, want %v", got, want)
	}
}

// Energy and CO2 per token, by hand, for eight GPUs of 700 W typed in
// at 1,000 tokens/s each, half the time, in one server of 1,500 W at PUE
// 1.3 (tco's TestEnergyPerTokenByHand), bought or rented alike. Each GPU
// draws the edition's 85 % of its rating serving and 17 % idle: 0.5 x
// 0.85 + 0.5 x 0.17 = 0.51 x 700 = 357 W, so 8 x 357 + 1,500 = 4,356 W,
// 5.6628 kW with the PUE, for 4,000 tokens/s (14.4M an hour): 5.6628 /
// 14.4 = 0.393250 kWh per 1M tokens. On Germany's grid, 381 g of CO2e a
// kWh in 2023 (Ember, the edition's row): 149.83 g per 1M tokens; at a
// typed 20 g (a renewable contract, say), 7.87 g. Typed draws of 0 % idle
// and 100 % serving are the rule of the editions before: 350 W a GPU,
// 5.59 kW, 0.388194 kWh and 147.90 g.
func TestEnergyAndCO2PerTokenByHand(t *testing.T) {
	d := load(t)
	const typed = "a.pm=&a.tps=1000&a.load=0.5&a.w=700&a.ow=1500&a.pue=1.3&a.n=8&a.gps=8"
	for _, c := range []struct {
		query     string
		kWh, gCO2 float64
	}{
		{typed + "&grid=de", 5.6628 / 14.4, 5.6628 / 14.4 * 381},
		{typed + "&a.kind=rent&grid=de", 5.6628 / 14.4, 5.6628 / 14.4 * 381},
		{typed + "&grid=de&gco2=20", 5.6628 / 14.4, 5.6628 / 14.4 * 20},
		{typed + "&a.wi=0&a.wf=100&grid=de", 5.59 / 14.4, 5.59 / 14.4 * 381},
	} {
		cells := tcoview.Build(tcoview.Resolve(c.query, d)).CellsByKey()
		kWh, g := cells["a.kwh_per_mtok"], cells["a.co2e_g_per_mtok"]
		if math.Abs(kWh.Value-c.kWh) > 1e-9 || math.Abs(g.Value-c.gCO2) > 1e-6 || kWh.Unit != "kWh" || g.Unit != "g" {
			t.Errorf("%s: %v %s and %v %s per 1M tokens; want %.6f kWh and %.2f g", c.query, kWh.Value, kWh.Unit, g.Value, g.Unit, c.kWh, c.gCO2)
		}
	}
	if c := tcoview.Build(tcoview.Resolve(typed+"&grid=de", d)).CellsByKey()["a.co2e_g_per_mtok"]; c.Text != "150 g" {
		t.Errorf("CO2 per 1M tokens written %q; want 150 g", c.Text)
	}
	// An edition before the draws has no fields for them, and counts the
	// rated power while serving.
	s := tcoview.Resolve(typed, datasettest.LoadEditions(t).Data["2026-12-06"].TCOData())
	for _, in := range s.Inputs {
		if in.Key == "a.wi" || in.Key == "a.wf" {
			t.Errorf("edition 2026-12-06 reads %s", in.Key)
		}
	}
	if kWh := tcoview.Build(s).CellsByKey()["a.kwh_per_mtok"]; math.Abs(kWh.Value-5.59/14.4) > 1e-9 {
		t.Errorf("edition 2026-12-06: %v kWh per 1M tokens; want %.6f", kWh.Value, 5.59/14.4)
	}
}

// Spare replicas (N+k) add to what the demand needs, whatever sizes it:
// option a's 3 GPUs of TestDemandSizing (a typed throughput, replicas
// of one GPU) become 3 + 2 = 5 with two spare; under the 30 s P99 target,
// the estimate's replicas of TP GPUs become ceil(380.5 / (rate x 256)) + 2
// of them; for 1,000 users, (1,000 / users a replica, rounded up) + 2.
// The TCO for the demand is that of those GPUs, and the text says how
// many are spare.
func TestSpareReplicasAddToTheDemand(t *testing.T) {
	d := undrawn(published(load(t)))
	c := tcoview.Build(tcoview.Resolve("dem=1e9&spare=2", d)).CellsByKey()
	if got := c["a.demand_gpus"]; got.Value != 5 || got.Text != "5 including 2 spare" {
		t.Errorf("typed throughput, 2 spare: %v GPUs %q; want 5, 2 of them spare", got.Value, got.Text)
	}
	s := tcoview.Resolve("dem=1e9&slo=30&a.pm=llama-2-7b&spare=2", d)
	e := s.Options[0].Estimate
	rate, err := e.Setup.MaxRate(e.Load, 30)
	if err != nil {
		t.Fatal(err)
	}
	tp := float64(e.Setup.TP)
	want := (math.Ceil(380.517503805175/(rate*256)) + 2) * tp
	c = tcoview.Build(s).CellsByKey()
	if got := c["a.demand_gpus"].Value; got != want || got < 3 {
		t.Errorf("30 s P99 target, 2 spare: %v GPUs; want %v", got, want)
	}
	sized := s.Options[0].Option
	sized.GPUs = int(want)
	if got, cost := c["a.demand_tco"].Value, tco.Compute(sized, 3).TCOUSD; math.Abs(got-cost) > 0.01 {
		t.Errorf("30 s P99 target, 2 spare: TCO %v; want %v, that of %v GPUs", got, cost, want)
	}
	u := tcoview.Resolve("mode=closed&users=1000&slo=30&a.pm=llama-2-7b&spare=1", d)
	n, err := u.Options[0].Estimate.Setup.MaxUsers(u.Options[0].Estimate.Load, 30)
	if err != nil || n < 1 {
		t.Fatalf("%d users a replica (%v)", n, err)
	}
	if got, want := tcoview.Build(u).CellsByKey()["a.demand_gpus"].Value, float64(((1000+n-1)/n+1)*u.Options[0].Estimate.Setup.TP); got != want {
		t.Errorf("1,000 users, 1 spare: %v GPUs; want %v", got, want)
	}
}

// Sizing for users in flight: whole replicas of the most users one
// replica serves within the P99 target (perf.MaxUsers of the estimator's
// request with the page's think time), 1,000 users over that many per
// replica, rounded up, times the replica's GPUs. Users who pause between
// replies keep fewer requests in flight, so a replica serves more of them.
func TestDemandSizingForUsers(t *testing.T) {
	d := published(load(t))
	per := map[float64]int{}
	for _, think := range []float64{0, 20} {
		q := "mode=closed&users=1000&slo=30&a.pm=llama-2-7b&think=" + strconv.FormatFloat(think, 'g', -1, 64)
		s := tcoview.Resolve(q, d)
		e := s.Options[0].Estimate
		l := e.Load
		l.ThinkSeconds = think
		n, err := e.Setup.MaxUsers(l, 30)
		if err != nil || n < 1 {
			t.Fatalf("think %g s: %d users per replica (%v)", think, n, err)
		}
		per[think] = n
		want := float64((1000 + n - 1) / n * e.Setup.TP)
		if got := tcoview.Build(s).CellsByKey()["a.demand_gpus"].Value; got != want {
			t.Errorf("think %g s: %v GPUs for 1,000 users; want %v (%d users a replica)", think, got, want, n)
		}
		if !strings.Contains(s.Query, "mode=closed") || !strings.Contains(s.Query, "users=1000") || strings.Contains(s.Query, "dem=") {
			t.Errorf("think %g s: query %q; want the mode and users, without the hidden demand", think, s.Query)
		}
	}
	if per[20] <= per[0] {
		t.Errorf("a replica serves %d users who think 20 s, %d who do not; want more", per[20], per[0])
	}
	// Users cannot be sized from a typed throughput or without a target.
	for q, want := range map[string]string{"mode=closed&users=1000&slo=30": "choose a model", "mode=closed&users=1000&a.pm=llama-2-7b": "P99 latency target"} {
		c := tcoview.Build(tcoview.Resolve(q, d)).CellsByKey()["a.demand_gpus"]
		if c.Value != 0 || !strings.Contains(c.Text, want) {
			t.Errorf("%s: %v %q; want 0 and a reason naming %q", q, c.Value, c.Text, want)
		}
	}
}

// Sizing for a batch job: 1e9 output tokens a month is 380.5 tokens/s
// (TestDemandSizing), served by whole replicas at the output tokens per
// second of the estimator's run sent all at once; no latency target.
func TestDemandSizingForABatchJob(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("mode=offline&dem=1e9&slo=0.001&a.pm=llama-2-7b", d)
	e := s.Options[0].Estimate
	l := e.Load
	l.Mode = perf.Offline
	st := e.Setup.Simulate(l)
	want := math.Ceil(380.517503805175/st.OutputTokS) * float64(e.Setup.TP)
	if got := tcoview.Build(s).CellsByKey()["a.demand_gpus"].Value; got != want || got < 1 {
		t.Errorf("GPUs for a batch job %v, want %v (%g tokens/s a replica)", got, want, st.OutputTokS)
	}
	if strings.Contains(s.Query, "slo=") {
		t.Errorf("query %q keeps the latency target a batch job has not", s.Query)
	}
}

// A break-even reads the right way round. In the default scenario of
// editions before 2026-12-06, option
// A (8 x A100, owned) costs $150,000 up front and $99,620.26 / 3 =
// $33,206.75 a year; C (8 x H100 rented at $6.155 per GPU-hour, 730 hours
// a month) nothing up front and 8 x 6.155 x 730 x 12 = $431,342.40 a year.
// C starts cheaper and becomes dearer when 150,000 = (431,342.40 -
// 33,206.75) t: t = 0.3768 years = 4.5 months. B (8 x H100, owned) costs
// $140,000 more up front and $8,574 more a year: dearer throughout.
func TestBreakEvenSaysWhichWay(t *testing.T) {
	d := published(load(t))
	c := tcoview.Build(tcoview.Resolve("", d)).CellsByKey()
	for key, want := range map[string]string{
		"b.breakeven_months": "dearer than A throughout 3 years",
		"c.breakeven_months": "becomes dearer than A after 4.5 months",
	} {
		if c[key].Text != want {
			t.Errorf("%s: %q; want %q", key, c[key].Text, want)
		}
	}
	// A rented A with an owned C: C starts dearer and becomes cheaper.
	c = tcoview.Build(tcoview.Resolve("a.kind=rent&a.gpu=h100-sxm&c.kind=own&c.gpu=a100-80gb-sxm", d)).CellsByKey()
	if got := c["c.breakeven_months"].Text; got != "becomes cheaper than A after 4.5 months" {
		t.Errorf("owned C against rented A: %q; want it to become cheaper after 4.5 months", got)
	}
}

// The results say when the options' throughputs are not like for like.
// By default, in editions before 2026-12-06, A's is TensorRT-LLM's
// published FP16 figure for the A100 and B's and C's the FP8 figure for
// the H100.
func TestDifferentPrecisionsAreNoted(t *testing.T) {
	d := published(load(t))
	for _, c := range []struct{ query, want string }{
		{"", "(A in BF16 / FP16; B, C in FP8)"},
		{"b.tps=500", "(A in BF16 / FP16; C in FP8)"},
		{"k=2&a.pm=llama-3.1-8b&b.pm=llama-3.1-8b", ""},
		{"k=2&a.pm=llama-3.1-8b&b.pm=llama-3.1-8b&b.pp=fp8", "(A in BF16 / FP16; B in FP8)"},
		{"preset=seed-000", ""}, // typed in: the reader's own figures
	} {
		note := tcoview.Build(tcoview.Resolve(c.query, d)).Tables[0].Note
		if (c.want == "") != (note == "") || !strings.Contains(note, c.want) {
			t.Errorf("%q: note %q; want one with %q", c.query, note, c.want)
		}
	}
}

// An option on a custom GPU typed as the B200's datasheet, estimating a
// custom model typed as Mixtral 8x7B's config (MoE), costs exactly what
// the B200 estimating Mixtral 8x7B costs, owned (its power from the
// custom GPU's) and rented, the prices typed in; demand and a latency
// target size it alike. A custom GPU names no architecture, so it takes
// the shared efficiencies: the B200 is compared with the efficiencies by
// architecture aside (the B200 has its own from edition 2026-12-03), on
// option a's figures (the other options' GPUs keep theirs).
func TestCustomModelAndGPUGiveTheCatalogsFigures(t *testing.T) {
	d := load(t)
	m, _ := d.Perf.Memory.Models.Find("mixtral-8x7b")
	g, _ := d.GPUs.Find("b200")
	shared := d
	shared.Perf.Defaults.EfficiencyBy = nil
	values := func(d cluster.Data, q string) map[string]float64 {
		s := tcoview.Resolve(q, d)
		if len(s.Errors) > 0 {
			t.Fatalf("%q: errors %v", q, s.Errors)
		}
		out := map[string]float64{}
		for k, c := range tcoview.Build(s).CellsByKey() {
			if strings.HasPrefix(k, "a.") {
				out[k] = c.Value
			}
		}
		return out
	}
	for _, rest := range []string{"&a.gp=40000&a.pp=fp8&b.kind=rent&b.hr=5&b.pm=mixtral-8x7b", "&a.hr=6&a.kind=rent&dem=1e10&slo=30"} {
		want := values(shared, "a.gpu=b200&a.pm=mixtral-8x7b"+rest)
		got := values(d, "a.gpu=custom&"+custom.GPUQuery(msg.English, g)+"&a.pm=custom&"+custom.ModelQuery(m)+rest)
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d figures of option a", rest, len(want))
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s: %s = %v; want %v", rest, k, got[k], v)
				}
			}
		}
	}
	s := tcoview.Resolve("a.gpu=custom&g.tdp=555&m.p=5", d)
	if s.Options[0].Option.GPUPowerW != 555 || strings.Contains(s.Query, "m.p") || !strings.Contains(s.Query, "g.tdp=555") {
		t.Errorf("power %v W, link %q; want 555 W from g.tdp, the GPU's fields kept, the unused model's dropped", s.Options[0].Option.GPUPowerW, s.Query)
	}
}

// The estimator of an option takes its engine from a.pe: the engine stays
// in the link and its batch limits size the option's load.
func TestEstimatorEngine(t *testing.T) {
	d := load(t)
	s := tcoview.Resolve("a.pm=llama-3.1-8b&a.pe=tgi", d)
	e := s.Options[0].Estimate
	if e == nil || e.Load.MaxSeqs != 128 || !strings.Contains(s.Query, "a.pe=tgi") {
		t.Fatalf("estimate %v, query %q", e, s.Query)
	}
	if v := tcoview.Resolve("a.pm=llama-3.1-8b", d).Options[0].Estimate; v == nil || v.Load.MaxSeqs == 128 {
		t.Errorf("without a.pe the estimate is vLLM's: %v", v)
	}
}

// From the edition that sets defaults.demand_gpus_at_bounds, the GPUs for
// the demand carry the GPUs needed at either end of the throughput's
// band, and the demand's TCO the TCO of those GPUs. Worked by hand: 1,000
// tokens/s is 2.628e9 tokens a month (730 h x 3,600 s = 2,628,000 s);
// option a estimates Llama 2 7B but takes 300 tokens/s per GPU typed in,
// at a load of 1, so it needs ⌈1,000 / 300⌉ = 4 GPUs (3.33). cluster.Throughput
// errors from P10 −20 % to P90 +25 % put measured throughputs between
// 300 / 1.25 = 240 and 300 / 0.8 = 375 tokens/s (band.Range): ⌈1,000 /
// 375⌉ = 3 (2.67) to ⌈1,000 / 240⌉ = 5 (4.17) GPUs. Editions without the
// field keep the count scaled as the throughput's reciprocal: 4 x 0.8 =
// 3.2 to 4 x 1.25 = 5, rounded up 4 to 5, and the TCO scaled alike.
func TestDemandGPUsBandIsTheGPUsAtTheThroughputsBounds(t *testing.T) {
	d := undrawn(published(load(t)))
	d.Perf.Memory.Bands = band.Table{Bands: []band.Band{{Metric: band.Throughput, Workload: band.All, N: 5, P10: -0.20, P90: 0.25}}}
	const q = "a.pm=llama-2-7b&a.tps=300&a.load=1"
	tcoAt := func(n int) float64 {
		return tcoview.Build(tcoview.Resolve(q+"&a.n="+strconv.Itoa(n), d)).CellsByKey()["a.tco"].Value
	}
	near := func(got, want float64) bool { return math.Abs(got/want-1) < 5e-4 } // bounds keep 4 significant digits
	for _, tc := range []struct {
		name            string
		rule            fact.Figure
		low, high       float64
		tcoLow, tcoHigh float64
	}{
		{"at the bounds", fact.Figure{Value: 1, Source: "assumption", AsOf: "2026-12-02"}, 3, 5, tcoAt(3), tcoAt(5)},
		{"scaled, as editions before", fact.Figure{}, 4, 5, tcoAt(4) * 0.8, tcoAt(4) * 1.25},
	} {
		d.Defaults.DemandGPUsAtBounds = tc.rule
		c := tcoview.Build(tcoview.Resolve(q+"&dem=2.628e9", d)).CellsByKey()
		g, cost := c["a.demand_gpus"], c["a.demand_tco"]
		if g.Value != 4 || g.Low != tc.low || g.High != tc.high {
			t.Errorf("%s: %v GPUs from %v to %v; want 4 from %v to %v", tc.name, g.Value, g.Low, g.High, tc.low, tc.high)
		}
		if cost.Value != tcoAt(4) || !near(cost.Low, tc.tcoLow) || !near(cost.High, tc.tcoHigh) {
			t.Errorf("%s: TCO %v from %v to %v; want %v from %v to %v", tc.name, cost.Value, cost.Low, cost.High, tcoAt(4), tc.tcoLow, tc.tcoHigh)
		}
		// Either way the band reads in GPUs, not in shares of them.
		if want := strconv.Itoa(int(tc.low)) + "…" + strconv.Itoa(int(tc.high)); g.Band != want {
			t.Errorf("%s: band %q; want %s", tc.name, g.Band, want)
		}
		if tc.rule.Value == 1 && !strings.Contains(g.BandNote, "throughput is as far off") {
			t.Errorf("%s: note %q; want the note of GPUs at the throughput's bounds", tc.name, g.BandNote)
		}
	}
}

// Sizing sizes for requests of the lengths the link says: with lens=chat
// the replicas are those of the highest rate whose simulated P99 of
// chat-like requests (perf.Chat about the estimator's means) meets the
// target, as /performance/ simulates them; without lens=, every request
// at the means, as before the field.
func TestDemandSizingForVariedLengths(t *testing.T) {
	d := load(t)
	fixed := tcoview.Resolve("dem=1e9&slo=30&a.pm=llama-2-7b", d)
	chat := tcoview.Resolve("dem=1e9&slo=30&a.pm=llama-2-7b&lens=chat", d)
	if fixed.Lengths != perf.Fixed || chat.Lengths != perf.Chat || !strings.Contains(chat.Query, "lens=chat") {
		t.Fatalf("lengths %v and %v, link %q; want fixed, then chat in the link", fixed.Lengths, chat.Lengths, chat.Query)
	}
	e := chat.Options[0].Estimate
	l := e.Load
	l.Lengths = perf.Chat
	rate, err := e.Setup.MaxRate(l, 30)
	if err != nil {
		t.Fatal(err)
	}
	fixedRate, _ := e.Setup.MaxRate(e.Load, 30)
	if rate == fixedRate {
		t.Errorf("the highest rate within the target is %g req/s for chat-like and fixed lengths alike", rate)
	}
	want := math.Ceil(380.517503805175/(rate*256)) * float64(e.Setup.TP)
	if got := tcoview.Build(chat).CellsByKey()["a.demand_gpus"].Value; got != want || got < 1 {
		t.Errorf("GPUs for chat-like requests under a 30 s P99 target %v, want %v", got, want)
	}
}
