package pricingview_test

import (
	"encoding/csv"
	"encoding/json"
	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/report"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/pricingview"
	"github.com/infercost/infercost/wasm/view"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

func load(t testing.TB) apicompare.Data { return datasettest.Load(t).PricingData() }

// cells maps option.metric, and key for cells without a metric, to cells.
// cells maps every cell by its key, by option and metric, and, for the
// cells of a place of the comparison, by the option's id and the column
// ("gpt-4.1.c-req" for "api3.c-req" when GPT-4.1 fills place 3).
func cells(p pricingview.Page) map[string]view.Cell {
	m := p.CellsByKey()
	option := map[string]string{}
	for _, c := range p.Cells() {
		if c.Metric != "" {
			m[c.Option+"."+c.Metric] = c
			place, _, _ := strings.Cut(c.Key, ".")
			option[place] = c.Option
		}
	}
	for _, c := range p.Cells() {
		place, col, _ := strings.Cut(c.Key, ".")
		if id, ok := option[place]; ok {
			m[id+"."+col] = c
		}
	}
	return m
}

func build(t testing.TB, d apicompare.Data, q string) pricingview.Page {
	return pricingview.Build(pricingview.Resolve(q, d), d)
}

// Seed 000's ROI example: 500,000 requests of 1,000 tokens a month are
// its 500 million tokens; at $2.50 per 1,000 tokens they cost
// 500e6 / 1e3 x $2.50 = $1,250,000; at the reseller's claimed ¥1 per
// million and 7.14 yuan to the dollar, 500 x $1 / 7.14 = $70.03, not the
// article's $70,000 (70,000 / 70.028 = 999.6, the factor of 1,000). The
// claims table shows only the two offers the article prices, both to
// the cent.
func TestSeedROIPreset(t *testing.T) {
	d := load(t)
	p := build(t, d, "preset=seed-000-roi")
	c := cells(p)
	if got := c["custom.monthly_cost"].Value; math.Abs(got-1250000) > 1e-6 {
		t.Errorf("custom price: %v a month, want 1,250,000", got)
	}
	if got := c["holysheep-flat.monthly_cost"].Value; math.Abs(got-500/7.14) > 1e-6 {
		t.Errorf("reseller: %v a month, want 70.03", got)
	}
	if got := c["holysheep-flat.cl-ratio"].Text; got != "999.60x" {
		t.Errorf("claim ratio %q, want 999.60x", got)
	}
	claims := p.Tables[1]
	var shown []string
	for i, col := range claims.Columns {
		if !col.Hidden {
			shown = append(shown, col.Title+": "+claims.Rows[0].Cells[i].Text+" / "+claims.Rows[1].Cells[i].Text)
		}
	}
	if want := []string{"HolySheep AI flat price (vendor's claim): $70,000 / $70.03", "Your price: $1,250,000 / $1,250,000"}; !reflect.DeepEqual(shown, want) {
		t.Errorf("claims table shows %q; want %q", shown, want)
	}
	if !strings.Contains(p.Explanation, "factor of 1,000") {
		t.Errorf("explanation does not point out the error: %q", p.Explanation)
	}
}

// GPT-4.1 at the default workload: 10,000 requests a day of 1,000 input
// and 300 output tokens: 1,000 x $2 + 300 x $8 = $0.0044 a request, $44 a
// day, $44 x 365.25 / 12 = $1,339.25 a month; 88 % of the $50 daily budget
// (no warning), 133.9 % of the $1,000 monthly budget (alarm).
func TestDefaultWorkloadOnGPT41(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, "apis=gpt-4.1"))
	for key, want := range map[string]float64{
		"gpt-4.1.cost_per_request": 0.0044, "gpt-4.1.daily_cost": 44, "gpt-4.1.monthly_cost": 1339.25,
		"gpt-4.1.daily_budget_pct": 88, "gpt-4.1.monthly_budget_pct": 133.93,
	} {
		if got := c[key].Value; math.Abs(got-want) > 1e-6*math.Max(1, want) {
			t.Errorf("%s = %v, want %v", key, got, want)
		}
	}
	if !strings.Contains(c["gpt-4.1.monthly_budget_pct"].Text, "over budget") || strings.Contains(c["gpt-4.1.daily_budget_pct"].Text, "nearly used up") {
		t.Errorf("budget texts: %q / %q", c["gpt-4.1.daily_budget_pct"].Text, c["gpt-4.1.monthly_budget_pct"].Text)
	}
}

// An old edition reproduces old prices and stays in the link; a model not
// yet sold shows no figures.
func TestEditions(t *testing.T) {
	d := load(t)
	old := build(t, d, "ed=2024-05-13&apis=gpt-4o,gpt-4.1")
	c := cells(old)
	// GPT-4o at launch: 1,000 x $5 + 300 x $15 = $0.0095 a request.
	if got := c["gpt-4o.cost_per_request"].Value; math.Abs(got-0.0095) > 1e-12 {
		t.Errorf("GPT-4o in May 2024: %v a request, want 0.0095", got)
	}
	if got := c["api2.c-req"]; got.Text != "–" || got.Metric != "" {
		t.Errorf("GPT-4.1 was not sold in May 2024 but shows %+v", got)
	}
	if !strings.Contains(old.Query, "ed=2024-05-13") {
		t.Errorf("the old edition is not kept in the link: %q", old.Query)
	}
	now := cells(build(t, d, "apis=gpt-4o"))
	// Today: 1,000 x $2.50 + 300 x $10 = $0.0055.
	if got := now["gpt-4o.cost_per_request"].Value; math.Abs(got-0.0055) > 1e-12 {
		t.Errorf("GPT-4o today: %v a request, want 0.0055", got)
	}
}

// The heading and the rows say what each of their dates means: the
// heading the day whose prices apply (the edition), a row the day its
// price took effect and the day its source was checked.
func TestDatesSayWhatTheyAre(t *testing.T) {
	d := load(t)
	p := build(t, d, "apis=gpt-4.1")
	if want := "Cost of the workload on each API at the prices in force on " + d.Editions.Latest(); p.Tables[0].Title != want {
		t.Errorf("heading %q; want %q", p.Tables[0].Title, want)
	}
	// The API's name and its note are the row's first cell.
	help := map[string]string{}
	for _, r := range p.Tables[0].Rows {
		help[r.Cells[0].Text] = r.Cells[0].Note
	}
	if got, want := help["OpenAI GPT-4.1"], "Price in force since 2025-04-14; source: OpenAI API pricing, checked on 2026-11-30"; got != want {
		t.Errorf("GPT-4.1's row says %q; want %q", got, want)
	}
}

func TestBadInput(t *testing.T) {
	d := load(t)
	s := pricingview.Resolve("rpd=-5&cache=1.5&vs=gpt-9&ed=1999-01-01&in=abc&bm=1e99", d)
	errs := map[string]bool{}
	for _, in := range s.Inputs {
		errs[in.Key] = in.Error != ""
	}
	for _, key := range []string{"rpd", "cache", "vs", "ed", "in", "bm"} {
		if !errs[key] {
			t.Errorf("%s: no error", key)
		}
	}
	if s.Query != "v=1&ed="+d.Editions.Latest() || s.Edition != d.Editions.Latest() {
		t.Errorf("defaults not used: %q, edition %s", s.Query, s.Edition)
	}
}

// The exports carry every figure as a number with its unit, the link and
// the edition: GPT-4.1 costs 1,000 x $2 + 300 x $8 = $0.0044 a request
// and $1,339.25 a month (the default workload's figures above).
func TestExport(t *testing.T) {
	d := load(t)
	p := build(t, d, "apis=gpt-4o,gpt-4.1,holysheep-flat")
	out := report.CSV(msg.English, "pricing", "https://example.com/pricing/?"+p.Query, p.Page)
	if !strings.HasPrefix(out, "# InferCost pricing scenario, data edition "+d.Editions.Latest()+": https://example.com/pricing/?v=1") {
		t.Errorf("CSV comment line: %q", strings.SplitN(out, "\n", 2)[0])
	}
	r := csv.NewReader(strings.NewReader(out))
	r.Comment = '#'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "table,row,column,metric,option,value,unit,text,low,high,band" {
		t.Fatalf("CSV head %q", rows[0])
	}
	got := map[string]string{}
	for _, r := range rows[1:] {
		got[r[4]+"."+r[3]] = r[5] + " " + r[6]
	}
	if got["gpt-4.1.monthly_cost"] != "1339.25 USD" || got["gpt-4.1.cost_per_request"] != "0.0044 USD" {
		t.Errorf("GPT-4.1: %q, %q", got["gpt-4.1.monthly_cost"], got["gpt-4.1.cost_per_request"])
	}
	// "never" is no figure: no -1 in the value column.
	if got["holysheep-flat.breakeven_mtok_per_month"] != " Mtok/month" {
		t.Errorf("a break-even that never comes: %q", got["holysheep-flat.breakeven_mtok_per_month"])
	}
	md := report.Markdown(msg.English, "pricing", "https://example.com/pricing/?"+p.Query, p.Page)
	if !strings.Contains(md, "| OpenAI GPT-4.1 | $2.00 |") || !strings.Contains(md, "](https://example.com/pricing/?v=1") {
		t.Errorf("Markdown:\n%s", md)
	}
}

func TestCurrencySwitchKeepsFigures(t *testing.T) {
	d := load(t)
	q := pricingview.Convert("bd=100", "EUR", d)
	eur := pricingview.Build(pricingview.Resolve(q, d), d)
	usd := build(t, d, "bd=100")
	fx := eur.Scenario.FX
	if got, want := cells(eur)["gpt-4.1.monthly_cost"].Value, cells(usd)["gpt-4.1.monthly_cost"].Value*fx; math.Abs(got-want) > 1e-9*want {
		t.Errorf("monthly cost in EUR %v, want %v", got, want)
	}
	if got, want := cells(eur)["gpt-4.1.daily_budget_pct"].Value, cells(usd)["gpt-4.1.daily_budget_pct"].Value; math.Abs(got-want) > 0.01 {
		t.Errorf("budget share changed with the currency: %v vs %v", got, want)
	}
}

func FuzzQueryRoundTrip(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "preset=seed-000-roi", "ed=2024-05-13&cur=EUR", "h.kind=rent&h.n=64&vs=custom&cp.in=1",
		"rpd=0&in=0&out=0", "cache=1&reuse=1&batch=1", "in=300000&vs=claude-sonnet-4.5"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s := pricingview.Resolve(q, d)
		again := pricingview.Resolve(s.Query, d)
		if again.Query != s.Query || !reflect.DeepEqual(again.Workload, s.Workload) || again.Edition != s.Edition {
			t.Fatalf("round trip of %q: %q -> %q", q, s.Query, again.Query)
		}
		p := pricingview.Build(s, d)
		if _, err := json.Marshal(p.Update()); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// Requests counted per month: 304,375 a month are the default 10,000 a
// day (x 365.25 / 12), so every cost is the default's, and the field
// says its unit.
func TestRequestsPerMonthAreRequestsPerDayTimesTheMonth(t *testing.T) {
	d := load(t)
	byDay, byMonth := cells(build(t, d, "")), build(t, d, "per=month&rpd=304375")
	for key, c := range cells(byMonth) {
		if c.Metric != "" && math.Abs(c.Value-byDay[key].Value) > 1e-9*math.Abs(c.Value) {
			t.Errorf("%s: %v per month; %v per day", key, c.Value, byDay[key].Value)
		}
	}
	for _, in := range byMonth.Inputs {
		if in.Key == "rpd" && in.Unit != "per month" {
			t.Errorf("requests field unit %q; want per month", in.Unit)
		}
	}
}

// An API that serves open weights says so in its tooltip, and the page
// links to the memory calculator with that model; a comparison of closed
// models keeps the link hidden.
// Claude Haiku 4.5's row of 2026-12-06 adds 1-hour cache writes and
// regions to the list prices of 2025-10-15 ($1 in, $5 out; api.yaml):
// the price is still the one in force since 2025-10-15, checked on the
// new row's day.
func TestARowThatAddsOnlyTiersKeepsThePricesDay(t *testing.T) {
	d := load(t)
	help := map[string]string{}
	for _, r := range build(t, d, "apis=claude-haiku-4.5&edition=2026-12-06").Tables[0].Rows {
		help[r.Cells[0].Text] = r.Cells[0].Note
	}
	if got, want := help["Anthropic Claude Haiku 4.5"], "Price in force since 2025-10-15; source: Anthropic: Claude pricing, checked on 2026-12-06"; !strings.HasPrefix(got, want) {
		t.Errorf("Haiku 4.5's row says %q; want it to start %q", got, want)
	}
}

func TestOpenWeightsLink(t *testing.T) {
	d := load(t)
	link := func(p pricingview.Page) view.Link {
		for _, l := range p.Links {
			if l.ID == "weights" {
				return l
			}
		}
		t.Fatal("no weights link")
		return view.Link{}
	}
	p := build(t, d, "apis=gpt-4.1,groq.llama-3.3-70b-versatile")
	if l := link(p); l.Hidden || l.Path != "memory/" || l.Query != "model=llama-3.3-70b" {
		t.Errorf("link %+v; want memory/?model=llama-3.3-70b", l)
	}
	if note := cells(p)["groq.llama-3.3-70b-versatile.api"].Note; !strings.Contains(note, "open weights") {
		t.Errorf("Groq's tooltip %q does not name its open weights", note)
	}
	if note := cells(p)["gpt-4.1.api"].Note; strings.Contains(note, "open weights") {
		t.Errorf("GPT-4.1's tooltip %q claims open weights", note)
	}
	if l := link(build(t, d, "apis=gpt-4.1")); !l.Hidden {
		t.Errorf("link %+v shown for closed models", l)
	}
}

// The self-hosted cluster takes the custom model and GPU as a TCO option
// does: Llama 3.1 70B and the B200 typed field by field give the
// catalog's figures (with the efficiencies of the B200's architecture
// aside: a custom GPU names none, so it takes the shared ones), and the
// custom fields leave the link when the cluster does not use them.
func TestClusterTakesACustomModelAndGPU(t *testing.T) {
	d := load(t)
	m, _ := d.TCO.Perf.Memory.Models.Find("llama-3.1-70b")
	g, _ := d.TCO.GPUs.Find("b200")
	shared := d
	shared.TCO.Perf.Defaults.EfficiencyBy = nil
	values := func(d apicompare.Data, q string) map[string]float64 {
		s := pricingview.Resolve(q, d)
		for _, in := range s.Inputs {
			if in.Error != "" {
				t.Fatalf("%q: %s: %s", q, in.Key, in.Error)
			}
		}
		out := map[string]float64{}
		for k, c := range pricingview.Build(s, d).CellsByKey() {
			out[k] = c.Value
		}
		return out
	}
	const rest = "&h.gp=40000&h.pp=fp8&vs=gpt-4.1"
	want := values(shared, "h.gpu=b200&h.pm=llama-3.1-70b"+rest)
	got := values(d, "h.gpu=custom&"+custom.GPUQuery(msg.English, g)+"&h.pm=custom&"+custom.ModelQuery(m)+rest)
	if len(want) == 0 || !reflect.DeepEqual(got, want) {
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %v; want %v", k, got[k], v)
			}
		}
	}
	if s := pricingview.Resolve("h.gpu=custom&g.tdp=555&m.p=5", d); strings.Contains(s.Query, "m.p") || !strings.Contains(s.Query, "g.tdp=555") {
		t.Errorf("link %q: want the GPU's fields kept, the unused model's dropped", s.Query)
	}
}

// The break-even chart shades the self-hosted cost with the cluster's
// estimated capacity at either end of the throughput's band: with
// errors (estimate / measured − 1) from −33 % to +25 %, throughputs were
// measured from 1 / 1.25 = 0.8 to 1 / 0.6667 = 1.5 times the estimate,
// so a cluster of capacity C serves
// from 0.8 C to 1.5 C, so a volume v costs ceil(v / 1.5 C) clusters at
// least and ceil(v / 0.8 C) at most, each at the cluster's monthly cost.
// At v = 2 C: 2 clusters estimated, 2 (1.33) at least, 3 (2.5) at most.
// A cluster whose throughput is given, not estimated, has no band.
func TestBreakEvenChartShadesTheClustersCostWithTheCapacitysBand(t *testing.T) {
	d := load(t)
	d.TCO.Perf.Memory.Bands = band.Table{Bands: []band.Band{{Metric: band.Throughput, Workload: band.All, N: 6, P10: -1 / 3.0, P90: 0.25}}}
	s := pricingview.Resolve("h.pm=llama-3.1-70b", d)
	if s.Cluster.Estimate == nil {
		t.Fatal("the cluster's throughput is not estimated")
	}
	c := s.ClusterCost()
	own, shade := breakEvenSeries(t, pricingview.Build(s, d))
	if shade.Hidden || len(shade.Ranges) != len(own.Points) {
		t.Fatalf("band %+v for a line of %d points", shade, len(own.Points))
	}
	for i, pt := range own.Points {
		v := pt[0]
		low := math.Max(1, math.Ceil(v/(1.5*c.TokensPerMonth))) * c.PerMonth
		high := math.Max(1, math.Ceil(v/(0.8*c.TokensPerMonth))) * c.PerMonth
		if r := shade.Ranges[i]; r[0] != v || math.Abs(r[1]-low) > 0.01 || math.Abs(r[2]-high) > 0.01 || r[1] > pt[1] || pt[1] > r[2] {
			t.Errorf("at %g tokens: %v, cost %v; want %g to %g", v, r, pt[1], low, high)
		}
	}
	// Hand-worked at twice the capacity (the chart's volumes double, so
	// the same counts hold at the first volume from 2 C to 2.4 C).
	v := 2 * c.TokensPerMonth
	if n := math.Ceil(v / (1.5 * c.TokensPerMonth)); n != 2 {
		t.Errorf("at 2 C, %v clusters at least; want 2", n)
	}
	if n := math.Ceil(v / (0.8 * c.TokensPerMonth)); n != 3 {
		t.Errorf("at 2 C, %v clusters at most; want 3", n)
	}
	// A throughput the reader types in is no estimate (from edition
	// 2026-12-06, whose default cluster is estimated), so it has no band.
	if _, none := breakEvenSeries(t, build(t, d, "h.tps=2500")); !none.Hidden || len(none.Ranges) != 0 {
		t.Errorf("a given throughput's cost has a band: %+v", none)
	}
}

// breakEvenSeries returns the break-even chart's self-hosted line and
// its band.
func breakEvenSeries(t *testing.T, p pricingview.Page) (own, shade chart.Series) {
	t.Helper()
	series := viewtest.ChartSeries(p.Charts, "chart-breakeven")
	if series["cluster"].ID == "" {
		t.Fatal("no self-hosted line in the break-even chart")
	}
	return series["cluster"], series["cluster-band"]
}
