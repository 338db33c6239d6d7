package planview_test

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/planview"
)

// TestTheDefaultPlanRanksByHand checks the first three of the default
// plan against arithmetic done by hand. The workload: 1,000,000
// requests a day (pricing.yaml, edition 2026-12-07) of 512 prompt and
// 256 answer tokens (perf.yaml's defaults), 365.25 / 12 = 30.4375 days
// a month: 30,437,500 requests, 23,376,000,000 tokens a month.
func TestTheDefaultPlanRanksByHand(t *testing.T) {
	d := edition(t, "2026-12-07")
	p := planview.Build(planview.Resolve("ed=2026-12-07", d), d)
	if got := p.Scenario.TokensPerMonth(); got != 23_376_000_000 {
		t.Fatalf("tokens a month %v; want 23,376,000,000", got)
	}
	if len(p.Ranked) < 3 {
		t.Fatalf("%d options ranked; want at least 3", len(p.Ranked))
	}
	want := []struct {
		id      string
		monthly float64
	}{
		// OpenRouter serves Llama 3.3 70B at $0.05 input and $0.24
		// output per 1M tokens (api-genai.yaml, genai-openrouter,
		// 2026-12-01): 512 x 0.05 + 256 x 0.24 = $87.04 per million
		// requests, x 30,437,500 / 1e6 = $2,649.28 a month.
		{"openrouter.meta-llama-llama-3.3-70b-instruct", 2649.28},
		// Two MI355X at Vultr, $2.59 a GPU-hour (rental.yaml,
		// 2026-07-31), always on for 730 hours: 2 x 2.59 x 730 =
		// $3,781.40. Two: a replica of one GPU keeps between half and
		// all of the 11.57 requests a second (checked below).
		{"mi355x.1", 3781.40},
		// Novita via Hugging Face, $0.135 and $0.40 (2026-12-01): 512 x
		// 0.135 + 256 x 0.40 = $171.52 per million requests, x 30.4375
		// = $5,220.64.
		{"huggingface_novita.meta-llama-llama-3.3-70b-instruct", 5220.64},
	}
	for i, w := range want {
		o := p.Ranked[i]
		if o.ID != w.id || math.Abs(o.PerMonthUSD-w.monthly) > 0.005 {
			t.Errorf("rank %d: %s at $%.2f a month; want %s at $%.2f", i+1, o.ID, o.PerMonthUSD, w.id, w.monthly)
		}
	}
	if r := p.Ranked[1].Replica; r.TP != 1 || r.RatePerS < 1e6/86400/2 || r.RatePerS >= 1e6/86400 {
		t.Errorf("MI355X replica %+v; want one GPU keeping between 5.79 and 11.57 requests a second", r)
	}
	// Six MI300X at TensorWave, $1.50 a GPU-hour (rental.yaml,
	// 2026-05-18): 6 x 1.50 x 730 = $6,570.00, below the ranks above.
	// One GPU holds the model but keeps too few requests (its KV cache is
	// small beside the weights), one replica of four too few since
	// edition 2026-12-07's CDNA 3 efficiencies; three replicas of two
	// keep them all.
	for _, o := range p.Ranked {
		if o.ID == "mi300x.1" && (o.Replica.TP != 2 || 3*o.Replica.RatePerS < 1e6/86400 || 2*o.Replica.RatePerS >= 1e6/86400 || math.Abs(o.PerMonthUSD-6570) > 0.005) {
			t.Errorf("MI300X: replicas %+v at $%.2f a month; want three of two GPUs keeping the 11.57 requests a second, $6,570.00", o.Replica, o.PerMonthUSD)
		}
	}
	if c := p.CellsByKey()["r1.monthly"]; c.Text != "$2,649" || c.Value != 2649.28 {
		t.Errorf("first place's cost a month %q (%v); want $2,649 (2649.28)", c.Text, c.Value)
	}
}

// edition is the pricing page's data of the published edition of date,
// which the tests worked by hand keep after newer editions are published.
func edition(t *testing.T, date string) apicompare.Data {
	t.Helper()
	d, ok := datasettest.Editions(t, dataset.Today()).Data[date]
	if !ok {
		t.Fatalf("no edition %s", date)
	}
	return d.PricingData()
}

// TestSpareReplicasByHand checks the default plan with one spare replica
// (N+1) against arithmetic done by hand, from the replicas the default
// plan found: 11.57 requests a second (1,000,000 / 86,400); a replica of
// one MI355X keeps 7.54 of them; one MI300X 0.59, two 3.92, four 10.14.
func TestSpareReplicasByHand(t *testing.T) {
	d := edition(t, "2026-12-07")
	p := planview.Build(planview.Resolve("ed=2026-12-07&spare=1", d), d)
	byID := map[string]planview.Option{}
	for _, o := range p.Ranked {
		byID[o.ID] = o
	}
	for _, w := range []struct {
		id      string
		tp, n   int
		monthly float64
	}{
		// MI355X at Vultr: ceil(11.57 / 7.54) = 2 replicas of one GPU
		// and 1 spare, 3 GPUs. 3 x $2.59 x 730 h = $5,672.10 (was 2 GPUs,
		// $3,781.40).
		{"mi355x.1", 1, 3, 5672.10},
		// MI300X at TensorWave: of one GPU, 20 + 1 = 21 GPUs; of two,
		// ceil(11.57 / 3.92) = 3 + 1 replicas, 8 GPUs; of four, 2 + 1
		// replicas, 12 GPUs. 8 x $1.50 x 730 h = $8,760.00 (was three
		// replicas of two, $6,570.00).
		{"mi300x.1", 2, 8, 8760.00},
	} {
		o, ok := byID[w.id]
		if !ok {
			t.Errorf("%s not ranked", w.id)
			continue
		}
		if n := o.Replica.GPUs(p.Scenario.RequestsPerS(), 1, 1); o.Replica.TP != w.tp || n != w.n || math.Abs(o.PerMonthUSD-w.monthly) > 0.005 {
			t.Errorf("%s: %d GPUs in replicas of %d at $%.2f a month; want %d in replicas of %d at $%.2f", w.id, n, o.Replica.TP, o.PerMonthUSD,
				w.n, w.tp, w.monthly)
		}
	}
	// The APIs keep their prices, and now rank before every GPU: OpenRouter
	// $2,649.28, Novita $5,220.64, then the closed GPT-6 Luna, then the
	// MI355X.
	for i, id := range []string{"openrouter.meta-llama-llama-3.3-70b-instruct", "huggingface_novita.meta-llama-llama-3.3-70b-instruct", "openai.gpt-6-luna", "mi355x.1"} {
		if p.Ranked[i].ID != id {
			t.Errorf("rank %d: %s; want %s", i+1, p.Ranked[i].ID, id)
		}
	}
	if c := p.CellsByKey()["r4.takes"]; c.Text != "3 × Instinct MI355X: (2 + 1 spare) × 1 GPUs" {
		t.Errorf("rank 4 takes %q; want the spare replica counted apart", c.Text)
	}
}

// TestPlanCO2ByHand checks the default plan's CO2 per 1M tokens by hand.
// The second place, two MI355X rented at Vultr, each a replica that
// serves r requests a second within the target (the estimator's, 1.02^102
// = 7.5373, the grid's highest that keeps it):
// the workload's 1,000,000 / 86,400 = 11.574 requests a second use u =
// 11.574 / (2 r) = 0.768 of their capacity, all week. Each GPU draws the
// edition's straight line, 1,400 W x (0.63 + (0.85 - 0.63) u) = 1,118 W;
// with one server's 3,300 W overhead (tco.yaml), 5,537 W, x PUE 1.56 x
// 730 hours = 6,305 kWh a month; over the workload's 23,376 million
// tokens a month, 0.2697 kWh per 1M tokens; at the world's 481 g a kWh
// (the default region, Ember 2023) 129.7 g, at France's 56 g 15.11 g.
// The API in first place publishes no energy: its cell says so and
// carries no figure.
func TestPlanCO2ByHand(t *testing.T) {
	// The edition's own data, which its links open on later days too.
	d := datasettest.Editions(t, datasettest.Today).Data["2026-12-07"].PricingData()
	for q, g := range map[string]float64{"ed=2026-12-07": 481, "ed=2026-12-07&grid=fr": 56} {
		p := planview.Build(planview.Resolve(q, d), d)
		c := p.CellsByKey()
		r := p.Ranked[1].Replica.RatePerS
		if math.Abs(r-math.Pow(1.02, 102)) > 1e-9 {
			t.Errorf("%s: the MI355X replica serves %.4f requests a second; the arithmetic above takes 1.02^102 = 7.5373", q, r)
		}
		u := 1e6 / 86400 / (2 * r)
		kWhPerMTok := (3300 + 2*1400*(0.63+0.22*u)) * 1.56 * 730 / 1000 / 23376
		if got := c["r2.co2"]; got.Option != "mi355x.1" || got.Metric != "co2e_g_per_mtok" || math.Abs(got.Value-kWhPerMTok*g) > 1e-9*got.Value {
			t.Errorf("%s: second place's CO2 %+v; want MI355X at Vultr with %.3f g", q, got, kWhPerMTok*g)
		}
		if api := c["r1.co2"]; api.Metric != "" || api.Text != "not published" {
			t.Errorf("%s: the API's CO2 cell %+v; want no figure, and says it is not published", q, api)
		}
	}
}

// TestNoOptionIsRankedWithoutAPrice checks, over models and volumes, that
// every ranked option has a positive, finite cost, that the unpriced GPUs
// of the data are listed as needing a price, and that the headline never
// names one of them.
func TestNoOptionIsRankedWithoutAPrice(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	for _, q := range []string{"", "rpd=10", "rpd=1e8", "model=llama-3.1-8b", "model=deepseek-v3&rpd=1e7", "slo=0.5", "closed=0&pp=fp8", "tgt=tokens", "tgt=tokens&ttft=0.1&tpot=5"} {
		p := planview.Build(planview.Resolve(q, d), d)
		unpriced := map[string]bool{}
		for _, o := range p.Unranked {
			if o.Missing == planview.NeedsPrice {
				unpriced[o.ID] = true
				if o.SelfHosted() && o.Cluster.NeedsPrice == "" {
					t.Errorf("%s: %s listed as needing a price, but its option has one", q, o.Name)
				}
			}
		}
		for _, o := range p.Ranked {
			if !(o.PerMonthUSD > 0) || math.IsInf(o.PerMonthUSD, 0) || o.Missing != "" || o.Cluster.NeedsPrice != "" {
				t.Errorf("%s: %s ranked at %v a month (missing %q, needs %q)", q, o.Name, o.PerMonthUSD, o.Missing, o.Cluster.NeedsPrice)
			}
		}
		if len(unpriced) == 0 {
			t.Errorf("%s: no option needs a price; the data has GPUs without a purchase price", q)
		}
		// The headline says "buying GPU" of a bought option.
		for _, o := range p.Unranked {
			named := strings.Contains(p.Headline.Text, "buying "+o.GPU.Name+" ") || strings.Contains(p.Headline.Text, "buying "+o.GPU.Name+",")
			if o.Missing == planview.NeedsPrice && o.Kind == planview.Owned && named {
				t.Errorf("%s: the headline names buying %s, which has no price: %s", q, o.GPU.Name, p.Headline.Text)
			}
		}
	}
}

// TestGermanPlanHasNoEnglish builds the default plan in German.
func TestGermanPlanHasNoEnglish(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	de := msgtest.German(t)
	p := planview.Build(planview.ResolveIn(de, "", d), d)
	if p.Headline.Text == planview.Build(planview.ResolveIn(msg.English, "", d), d).Headline.Text {
		t.Fatalf("German headline is the English one: %s", p.Headline.Text)
	}
	for _, w := range []string{" the ", " costs ", " a month", "Bought", "Rented"} {
		if strings.Contains(p.Headline.Text, w) {
			t.Errorf("German headline has %q: %s", w, p.Headline.Text)
		}
	}
}

// TestATokenTargetSizesForTheFirstTokenAndEachAfter: with MLPerf's
// server targets (2 s to the first token, 200 ms a token, edition
// 2026-12-07) the headline says so, the end-to-end field is hidden, and a
// tighter per-token target never takes fewer GPUs of an option.
func TestATokenTargetSizesForTheFirstTokenAndEachAfter(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	loose := planview.Build(planview.Resolve("tgt=tokens", d), d)
	if !strings.Contains(loose.Headline.Text, "the first token within 2 s and 200 ms per token after it at P99") {
		t.Errorf("headline %q; want the token targets", loose.Headline.Text)
	}
	for _, in := range loose.Inputs {
		if in.Key == "slo" && !in.Hidden || (in.Key == "ttft" || in.Key == "tpot") && in.Hidden {
			t.Errorf("input %s hidden %v with a token target", in.Key, in.Hidden)
		}
	}
	tight := planview.Build(planview.Resolve("tgt=tokens&tpot=40", d), d)
	gpus := func(o planview.Option) int {
		return o.Replica.GPUs(loose.Scenario.RequestsPerS(), 1, 0)
	}
	was := map[string]int{}
	for _, o := range loose.Ranked {
		was[o.ID] = gpus(o)
	}
	for _, o := range tight.Ranked {
		if n, ok := was[o.ID]; ok && o.SelfHosted() && gpus(o) < n {
			t.Errorf("%s takes %d GPUs at 40 ms a token, fewer than %d at 200 ms", o.Name, gpus(o), n)
		}
	}
}

// TestTokensAMonthAreRequestsADay: a billion tokens a month of 2,000
// prompt and 500 answer tokens are 1e9 / 30.4375 / 2,500 = 13,141.6
// requests a day, as the preset that gives them so has (13,142).
func TestTokensAMonthAreRequestsADay(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	s := planview.Resolve("per=tokens&tpm=1e9&p=2000&o=500", d)
	if want := 1e9 / 30.4375 / 2500; math.Abs(s.RequestsPerDay-want) > 1e-6 {
		t.Errorf("requests a day %v; want %v", s.RequestsPerDay, want)
	}
	if s.TokensPerMonth() != 1e9 {
		t.Errorf("tokens a month %v; want 1e9", s.TokensPerMonth())
	}
	for _, in := range s.Inputs {
		if in.Key == "rpd" && !in.Hidden || in.Key == "tpm" && in.Hidden {
			t.Errorf("%s hidden %v with the volume in tokens a month", in.Key, in.Hidden)
		}
	}
}

// TestACustomModelIsPlannedOnGPUs: Llama 3.1 8B's architecture typed in
// as the custom model gives the GPU options the catalog's model gives,
// and no API (its weights are unknown); a custom model of 4,096 experts,
// a hostile link, stays bounded with finite figures.
func TestACustomModelIsPlannedOnGPUs(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	m8b, _ := d.TCO.Perf.Memory.Models.Find("llama-3.1-8b")
	cat := planview.Build(planview.Resolve("model=llama-3.1-8b&closed=0", d), d)
	own := planview.Build(planview.Resolve("model=custom&closed=0&"+custom.ModelQuery(m8b), d), d)
	if own.Scenario.Custom == nil {
		t.Fatalf("not read as the custom model: %v", own.Problems)
	}
	gpus := map[string]float64{}
	for _, o := range cat.Ranked {
		if o.SelfHosted() {
			gpus[o.ID] = o.PerMonthUSD
		}
	}
	for _, o := range own.Ranked {
		if !o.SelfHosted() {
			t.Errorf("the custom model is served by the API %s", o.Name)
		} else if gpus[o.ID] != o.PerMonthUSD {
			t.Errorf("%s: $%.2f a month for the custom model; $%.2f for the catalog's", o.Name, o.PerMonthUSD, gpus[o.ID])
		}
	}
	if len(own.Ranked) != len(gpus) {
		t.Errorf("%d options ranked for the custom model; %d self-hosted for the catalog's", len(own.Ranked), len(gpus))
	}
	mix, _ := d.TCO.Perf.Memory.Models.Find("mixtral-8x7b")
	q := strings.Replace(custom.ModelQuery(mix), "m.e=8&", "m.e=4096&", 1)
	hostile := planview.Build(planview.Resolve("model=custom&rpd=1e9&slo=0.01&"+q, d), d)
	for _, c := range hostile.Cells() {
		if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
			t.Errorf("4,096 experts: %s = %v", c.Key, c.Value)
		}
	}
}

// TestABuilderKeepsEachEditionsData builds one link with an older
// edition's data, then with today's, as a page of an old edition does
// (calc.Set.Page): the second is today's figures, not the remembered
// options of the first.
func TestABuilderKeepsEachEditionsData(t *testing.T) {
	e := datasettest.LoadEditions(t)
	old, today := e.Data["2026-12-04"].PricingData(), e.Data["2026-12-07"].PricingData()
	var b planview.Builder
	b.Build(planview.Resolve("", old), old)
	got := b.Build(planview.Resolve("", today), today)
	want := planview.Build(planview.Resolve("", today), today)
	if got.Headline.Text != want.Headline.Text {
		t.Errorf("after the old edition's data the headline is\n%s\nwant\n%s", got.Headline.Text, want.Headline.Text)
	}
}

// TestTheHostileLinksStayBounded builds the plan's links of
// gen/sitetest/hostile-urls.txt and others at the limits natively: every
// figure finite, whatever the volume, the lengths, the target or the
// model (the largest of the catalog, a custom one of 4,096 experts).
func TestTheHostileLinksStayBounded(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	for _, q := range []string{"rpd=1e9&p=1000000&o=1000000", "model=kimi-k2&rpd=1e9&slo=0.01", "rpd=1e300", "rpd=0", "per=tokens&tpm=1e12", "per=tokens&tpm=1e16&p=1000000&o=1000000", "tgt=tokens&ttft=0.001&tpot=0.1&rpd=1e9",
		"model=custom&m.e=4096&m.ept=8&m.mi=2048&rpd=1e9&slo=0.01"} {
		p := planview.Build(planview.Resolve(q, d), d)
		for _, c := range p.Cells() {
			if math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
				t.Errorf("%s: %s = %v", q, c.Key, c.Value)
			}
		}
	}
}

// TestOfficeHoursPlanByHand works the default plan through the office
// curve by hand. Off hours at the default 38 %: 40 weekday hours at 1 and
// 128 at 0.38 sum to 88.64, so office hours run at 168 / 88.64 = 1.8953
// times the mean, 11.574 x 1.8953 = 21.94 requests/s, and the others at
// 0.38 x that, 8.34. The MI355X at Vultr keeps 7.54 a replica of one
// GPU (1.02^102): 3 replicas in office hours, 2 otherwise. Rented: 40 h x
// 3 + 128 h x 2 = 376 GPU-hours a week, and one replica started each
// weekday morning, 5 x 5 min = 0.417 h: 376.417 x $2.59 x 730 / 168 =
// $4,236.26 a month, 2.24 replicas on average. Bought, it holds 3 all
// week.
func TestOfficeHoursPlanByHand(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	p := planview.Build(planview.Resolve("ed=2026-12-07&curve=office", d), d)
	cells := p.CellsByKey()
	if c := cells["peak_requests_s"]; math.Abs(c.Value-1e6/86400*168/88.64) > 1e-3 {
		t.Errorf("busiest hour %v requests/s; want 21.936", c.Value)
	}
	found := 0
	for i, o := range p.Ranked {
		place := "r" + strconv.Itoa(i+1) + "."
		switch o.ID {
		case "mi355x.1":
			found++
			if want := 376.4166667 * 2.59 * 730 / 168; math.Abs(o.PerMonthUSD-want) > 0.01 {
				t.Errorf("MI355X at Vultr: $%.2f a month; want $%.2f", o.PerMonthUSD, want)
			}
			if c := cells[place+"takes"]; c.Text != "up to 3 × Instinct MI355X: 2–3 × 1 GPUs by the hour, 2.2 on average" {
				t.Errorf("MI355X at Vultr takes %q", c.Text)
			}
		case "mi355x":
			found++
			if c := cells[place+"takes"]; c.Text != "3 × Instinct MI355X: 3 × 1 GPUs" {
				t.Errorf("MI355X bought takes %q; want the busiest hour's 3 GPUs", c.Text)
			}
		}
	}
	if found != 2 {
		t.Errorf("%d of the MI355X's options ranked; want bought and rented at Vultr", found)
	}
	// The charts by the hour, the MI355X at Vultr the best rented option:
	// Monday 08:00 two GPUs, 09:00 three, one of them started that hour:
	// 3 x $2.59 + 5 / 60 h x $2.59 = $7.99, 10:00 3 x $2.59 = $7.77.
	// Steps: a point where the value changes, from Monday 00:00.
	var gpus, cost [][2]float64
	for _, c := range p.Charts {
		for _, sr := range c.Series {
			if sr.ID == "rent" && c.ID == "chart-gpus" {
				gpus = sr.Points[:3]
			} else if sr.ID == "rent" && c.ID == "chart-hourly" {
				cost = sr.Points[:4]
			}
		}
	}
	if !slices.Equal(gpus, [][2]float64{{0, 2}, {9, 3}, {17, 2}}) || !slices.Equal(cost, [][2]float64{{0, 5.18}, {9, 7.99}, {10, 7.77}, {17, 5.18}}) {
		t.Errorf("Monday: rented GPUs %v at $%v an hour; want 2 from 00:00, 3 from 09:00, 2 from 17:00 at $5.18, $7.99, $7.77 from 10:00, $5.18", gpus, cost)
	}
}

// TestSpotOffersNeedTheShareReclaimed: no provider publishes how much
// of the time spot capacity is reclaimed, so a spot offer is listed as
// needing it, never priced as if it were never reclaimed; typed, it is
// ranked with the replicas that keep the target.
func TestSpotOffersNeedTheShareReclaimed(t *testing.T) {
	d := datasettest.Load(t).PricingData()
	isSpot := func(o planview.Option) bool { return o.Offer != nil && o.Offer.Term == gpu.Spot }
	p := planview.Build(planview.Resolve("ed=2026-12-07", d), d)
	if slices.ContainsFunc(p.Ranked, isSpot) {
		t.Error("a spot offer is ranked without the share reclaimed")
	}
	if c := p.CellsByKey()["u.needs_spot"]; !strings.Contains(c.Text, "Spot VM") {
		t.Errorf("the unranked spot offers read %q", c.Text)
	}
	p = planview.Build(planview.Resolve("ed=2026-12-07&spot=5", d), d)
	i := slices.IndexFunc(p.Ranked, isSpot)
	if i < 0 {
		t.Fatal("no spot offer ranked at 5 % reclaimed")
	}
	if why := p.Ranked[i].Name; !strings.Contains(why, "Spot VM") {
		t.Errorf("the spot offer is named %q", why)
	}
}
