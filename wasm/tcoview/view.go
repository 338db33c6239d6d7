package tcoview

import (
	"github.com/infercost/infercost/wasm/custom"
	"math"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/tco"
	"github.com/infercost/infercost/wasm/view"
)

// Page is everything the TCO page shows for a scenario: the shared page
// model, with option columns a-d, and the scenario it shows.
type Page struct {
	view.Page
	Scenario Scenario
	// Columns are the options' columns, as in every table.
	Columns []view.Column
}

// Cell, Row and Table are the shared page model's.
type (
	Cell  = view.Cell
	Row   = view.Row
	Table = view.Table
)

// claimMetrics are the metrics a preset's source may claim, in table order.
var claimMetrics = []struct{ metric, label string }{
	{"capex", "Capex"}, {"opex", "Opex over the period"}, {"tco", "TCO"},
	{"tokens_per_year", "Tokens per year"}, {"cost_per_mtok", "Cost per 1M tokens"},
}

var knownClaimMetric = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range claimMetrics {
		m[c.metric] = true
	}
	return m
}()

// Build runs the engine for every option and lays out the results.
func Build(s Scenario) Page {
	years := float64(s.Years)
	cur, fx := s.Currency, s.FXPerUSD
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems}}
	var res [MaxOptions]tco.Result
	for i, o := range s.Options {
		res[i] = tco.Compute(o.Option, years)
		p.Columns = append(p.Columns, view.Column{Key: o.Letter, Title: strings.ToUpper(o.Letter) + ": " + optionTitle(o), Hidden: !o.Enabled})
		p.Groups = append(p.Groups, view.Group{Key: o.Letter, Title: strings.ToUpper(o.Letter) + ": " + optionTitle(o), Kind: string(o.Kind), Hidden: !o.Enabled})
	}
	p.Groups = append(p.Groups, s.Custom.Groups(msg.English)...)
	cell := func(i int, metric string, v float64, unit, text string) Cell {
		c := Cell{Key: s.Options[i].Letter + "." + metric, Value: v, Unit: unit, Text: text}
		if s.Options[i].Enabled {
			c.Metric, c.Option = metric, s.Options[i].Letter
		}
		return c
	}
	moneyRow := func(label, help, metric string, usd func(r tco.Result) float64) Row {
		row := Row{Label: label, Help: help, Cells: make([]Cell, MaxOptions)}
		for i := range res {
			v := usd(res[i]) * fx
			row.Cells[i] = cell(i, metric, v, cur.Code, money.Format(v, cur))
		}
		return row
	}
	results := Table{ID: "results", Title: "Results over " + money.Plural(s.Years, "year"), Note: precisionNote(s), Rows: []Row{
		moneyRow("Capex", "Bought up front: GPUs, servers, network.", "capex", func(r tco.Result) float64 { return r.Capex.Total() }),
		moneyRow("Opex", "Running cost over the whole period.", "opex", func(r tco.Result) float64 { return r.OpexTotal(years) }),
		moneyRow("TCO", "Capex + opex - residual value.", "tco", func(r tco.Result) float64 { return r.TCOUSD }),
		func() Row {
			row := Row{Label: "Tokens", Help: "Output tokens over the whole period.", Cells: make([]Cell, MaxOptions)}
			for i := range res {
				row.Cells[i] = cell(i, "tokens", res[i].Tokens, "tokens", money.Count(res[i].Tokens))
			}
			return row
		}(),
		moneyRow("Cost per 1M tokens", "TCO divided by the tokens of the same period.", "cost_per_mtok", func(r tco.Result) float64 { return r.USDPerMTok }),
	}}
	perYear := func(f func(o tco.Opex) float64) func(r tco.Result) float64 {
		return func(r tco.Result) float64 { return f(r.OpexPerYear) }
	}
	breakdown := Table{ID: "breakdown", Title: "Cost by item", Rows: []Row{
		moneyRow("GPUs", "", "capex_gpus", func(r tco.Result) float64 { return r.Capex.GPUsUSD }),
		moneyRow("Servers", "", "capex_servers", func(r tco.Result) float64 { return r.Capex.ServersUSD }),
		moneyRow("Network", "", "capex_network", func(r tco.Result) float64 { return r.Capex.NetworkUSD }),
		moneyRow("Electricity per year", "IT energy at the average load.", "opex_electricity", perYear(func(o tco.Opex) float64 { return o.ElectricityUSD })),
		moneyRow("Cooling per year", "Facility overhead: IT energy x (PUE - 1).", "opex_cooling", perYear(func(o tco.Opex) float64 { return o.CoolingUSD })),
		moneyRow("Colocation per year", "", "opex_colocation", perYear(func(o tco.Opex) float64 { return o.ColocationUSD })),
		moneyRow("Maintenance per year", "", "opex_maintenance", perYear(func(o tco.Opex) float64 { return o.MaintenanceUSD })),
		moneyRow("Staff per year", "", "opex_staff", perYear(func(o tco.Opex) float64 { return o.StaffUSD })),
		moneyRow("Cost of capital per year", "Interest part of the annuity that repays the capex.", "opex_capital", perYear(func(o tco.Opex) float64 { return o.CapitalCostUSD })),
		moneyRow("Rent per year", "", "opex_rent", perYear(func(o tco.Opex) float64 { return o.RentUSD })),
		moneyRow("Residual value", "Credited at the end.", "residual", func(r tco.Result) float64 { return -r.ResidualUSD }),
	}}
	p.Tables = []Table{results, breakdown, compareTable(s, res, cell), claimsTable(s, res, cell)}
	p.Headline = headline(s, res, p.Page)
	for i := range p.Tables {
		p.Tables[i].Corner, p.Tables[i].Columns = "Metric", p.Columns
	}
	p.Explanation = s.Explanation()
	p.Charts = []chart.Chart{breakdownChart(s, res), cumulativeChart(s, res), perTokenChart(s, res)}
	p.Links = []view.Link{memoryLink(s)}
	return p
}

// precisionNote warns when the options' throughputs are at different
// precisions, e.g. the published FP16 figure of an A100 against the FP8
// figure of an H100: the comparison is then of precisions as much as of
// GPUs. Throughputs typed in are the reader's own and not judged.
func precisionNote(s Scenario) string {
	byPrecision := map[string][]string{}
	var order []string
	for _, o := range s.Enabled() {
		if o.Precision == "" {
			continue
		}
		if byPrecision[o.Precision] == nil {
			order = append(order, o.Precision)
		}
		byPrecision[o.Precision] = append(byPrecision[o.Precision], strings.ToUpper(o.Letter))
	}
	if len(order) < 2 {
		return ""
	}
	var parts []string
	for _, p := range order {
		parts = append(parts, strings.Join(byPrecision[p], ", ")+" in "+perfview.PrecisionLabel(p))
	}
	return "Not like for like: the throughputs are at different precisions (" + strings.Join(parts, "; ") +
		"), and a lower precision serves more tokens on the same GPU. For a fair comparison, estimate every option for one model and precision (\"Throughput from\"), or type in figures measured alike."
}

// memoryLink opens the memory calculator with the options' GPUs.
func memoryLink(s Scenario) view.Link {
	q := scenario.Values{}
	n := 0
	for _, o := range s.Options {
		if o.Enabled {
			q.Set(o.Letter+".gpu", o.GPU.ID)
			n++
			if o.Custom.GPU {
				for k, v := range scenario.ParseQuery(custom.GPUQuery(o.GPU)) {
					q[k] = v
				}
			}
		}
	}
	q.Set("k", strconv.Itoa(n))
	return view.Link{ID: "memory", Label: "Will a model fit on these GPUs?", Path: "memory/", Query: q.Encode()}
}

func optionTitle(o OptionInput) string {
	kind := "owned"
	if o.Kind == tco.Rented {
		kind = "rented"
	}
	return strconv.Itoa(o.Option.GPUs) + " x " + o.GPU.Name + ", " + kind
}

// compareTable sets every option against option a: when its cumulative
// cost crosses a's, and how many of its GPUs match a's throughput.
func compareTable(s Scenario, res [MaxOptions]tco.Result, cell func(int, string, float64, string, string) Cell) Table {
	years := float64(s.Years)
	base := res[0]
	be := Row{Label: "Break-even with A", Help: "When this option's cumulative cost crosses A's, and which way.", Cells: make([]Cell, MaxOptions)}
	gpus := Row{Label: "GPUs for A's throughput", Help: "GPUs of this option that serve A's tokens/s.", Cells: make([]Cell, MaxOptions)}
	cost := Row{Label: "TCO at A's throughput", Help: "TCO of a cluster of that size.", Cells: make([]Cell, MaxOptions)}
	for i, o := range s.Options {
		if i == 0 {
			be.Cells[i] = cell(i, "breakeven_months", 0, "months", "baseline")
		} else if t, ok := tco.BreakEven(base, res[i], years); ok {
			be.Cells[i] = cell(i, "breakeven_months", t*12, "months", "becomes "+comparative(base.Capex.Total()-res[i].Capex.Total())+
				" than A after "+money.Group(t*12, 1)+" months")
		} else {
			text := "costs the same as A"
			if d := res[i].CumulativeUSD(years/2, years) - base.CumulativeUSD(years/2, years); d != 0 {
				text = comparative(d) + " than A throughout " + money.Plural(s.Years, "year")
			}
			be.Cells[i] = cell(i, "breakeven_months", -1, "months", text)
		}
		n := tco.GPUsForThroughput(o.Option, base.TokensPerSecond)
		gpus.Cells[i] = cell(i, "equal_throughput_gpus", float64(n), "GPUs", strconv.Itoa(n))
		sized := o.Option
		sized.GPUs = n
		v := tco.Compute(sized, years).TCOUSD * s.FXPerUSD
		cost.Cells[i] = cell(i, "equal_throughput_tco", v, s.Currency.Code, money.Format(v, s.Currency))
	}
	demG := Row{Label: "GPUs for the demand", Help: "Serving the demand field's tokens (and its P99 target, for estimated throughput).", Cells: make([]Cell, MaxOptions)}
	demC := Row{Label: "TCO for the demand", Help: "TCO of a cluster of that size.", Cells: make([]Cell, MaxOptions)}
	for i, o := range s.Options {
		n, text := demandGPUs(s, o)
		demG.Cells[i] = cell(i, "demand_gpus", float64(n), "GPUs", text)
		demC.Cells[i] = cell(i, "demand_tco", -1, s.Currency.Code, "–")
		demC.Cells[i].Note = "No cluster is sized: " + text + "."
		if n > 0 {
			sized := o.Option
			sized.GPUs = n
			v := tco.Compute(sized, years).TCOUSD * s.FXPerUSD
			demC.Cells[i] = cell(i, "demand_tco", v, s.Currency.Code, money.Format(v, s.Currency))
		}
	}
	return Table{ID: "compare", Title: "Compared with option A", Rows: []Row{be, gpus, cost, demG, demC}}
}

// comparative says how an option compares with A when its cost less A's
// is diff. The cumulative costs swap order at a break-even: an option
// whose capex is the smaller becomes the dearer there.
func comparative(diff float64) string {
	if diff > 0 {
		return "dearer"
	}
	return "cheaper"
}

// demandGPUs sizes an option for the scenario's demand: with an estimated
// throughput and a latency target, whole replicas at the highest request
// rate whose simulated P99 meets the target; otherwise GPUs at the
// option's throughput and load. 0 with a reason when it cannot. The
// search runs at most 11 simulations of the estimator's default request
// (perf.MaxRate); four options searching at once are the page's worst
// case, ~4 ms natively (BenchmarkWorstCase).
func demandGPUs(s Scenario, o OptionInput) (int, string) {
	if s.DemandPerMonth <= 0 {
		return 0, "no demand set"
	}
	perSecond := s.DemandPerMonth / (tco.HoursPerYear / 12 * 3600)
	if e := o.Estimate; e != nil && s.SLO > 0 {
		rate, err := e.Setup.MaxRate(e.Load, s.SLO)
		if err != nil {
			return 0, "too large to simulate in the browser: " + err.Error()
		}
		if rate <= 0 {
			return 0, "the P99 target cannot be met"
		}
		replicas := math.Ceil(perSecond / (rate * float64(e.Load.Output)))
		n := int(replicas) * e.Setup.TP
		return n, strconv.Itoa(n) + " (" + money.Group(replicas, 0) + " replicas at " + money.Group(rate, 2) + " requests/s)"
	}
	perGPU := o.Option.TokensPerSecondPerGPU * o.Option.LoadFactor
	n := int(math.Ceil(perSecond / perGPU))
	return n, strconv.Itoa(n)
}

// claimsTable sets the preset source's figures beside the engine's.
func claimsTable(s Scenario, res [MaxOptions]tco.Result, cell func(int, string, float64, string, string) Cell) Table {
	years := float64(s.Years)
	t := Table{ID: "claims", Title: "The source's figures beside InferCost's", Hidden: s.Preset == nil || len(s.Preset.Claims) == 0}
	for _, m := range claimMetrics {
		claimed := Row{Label: m.label + ": source says", Cells: make([]Cell, MaxOptions)}
		ours := Row{Label: m.label + ": InferCost", Cells: make([]Cell, MaxOptions)}
		for i := range s.Options {
			var engine float64
			fmtv := func(v float64) string { return money.Format(v, s.Currency) }
			switch m.metric {
			case "capex":
				engine = res[i].Capex.Total()
			case "opex":
				engine = res[i].OpexTotal(years)
			case "tco":
				engine = res[i].TCOUSD
			case "tokens_per_year":
				engine = res[i].Tokens / years
				fmtv = money.Count
			case "cost_per_mtok":
				engine = res[i].USDPerMTok
			}
			if m.metric != "tokens_per_year" {
				engine *= s.FXPerUSD
			}
			unit := s.Currency.Code
			if m.metric == "tokens_per_year" {
				unit = "tokens"
			}
			ours.Cells[i] = Cell{Key: s.Options[i].Letter + "." + m.metric + "_engine", Value: engine, Unit: unit, Text: fmtv(engine)}
			claimed.Cells[i] = Cell{Key: s.Options[i].Letter + "." + m.metric + "_claimed", Text: "–", Note: "The source gives no figure for this option."}
			if t.Hidden {
				continue
			}
			for _, c := range s.Preset.Claims {
				if c.Option == s.Options[i].Letter && c.Metric == m.metric {
					text := fmtv(c.Value)
					if engine != 0 {
						text += " (" + money.Group(c.Value/engine, 2) + "x)"
					}
					claimed.Cells[i] = cell(i, m.metric+"_claimed", c.Value, unit, text)
				}
			}
		}
		t.Rows = append(t.Rows, claimed, ours)
	}
	return t
}

// optionNames returns the enabled options' indexes and labels.
func optionNames(s Scenario) ([]int, []string) {
	var idx []int
	var names []string
	for i, o := range s.Options {
		if o.Enabled {
			idx = append(idx, i)
			names = append(names, o.Letter+": "+optionTitle(o))
		}
	}
	return idx, names
}

func breakdownChart(s Scenario, res [MaxOptions]tco.Result) chart.Chart {
	years := float64(s.Years)
	items := []struct {
		id, name string
		usd      func(r tco.Result) float64
	}{
		{"gpus", "GPUs", func(r tco.Result) float64 { return r.Capex.GPUsUSD }},
		{"servers", "Servers", func(r tco.Result) float64 { return r.Capex.ServersUSD }},
		{"network", "Network", func(r tco.Result) float64 { return r.Capex.NetworkUSD }},
		{"electricity", "Electricity", func(r tco.Result) float64 { return r.OpexPerYear.ElectricityUSD * years }},
		{"cooling", "Cooling", func(r tco.Result) float64 { return r.OpexPerYear.CoolingUSD * years }},
		{"colocation", "Colocation", func(r tco.Result) float64 { return r.OpexPerYear.ColocationUSD * years }},
		{"maintenance", "Maintenance", func(r tco.Result) float64 { return r.OpexPerYear.MaintenanceUSD * years }},
		{"staff", "Staff", func(r tco.Result) float64 { return r.OpexPerYear.StaffUSD * years }},
		{"capital", "Cost of capital", func(r tco.Result) float64 { return r.OpexPerYear.CapitalCostUSD * years }},
		{"rent", "Rent", func(r tco.Result) float64 { return r.OpexPerYear.RentUSD * years }},
		{"residual", "Residual value", func(r tco.Result) float64 { return -r.ResidualUSD }},
	}
	idx, names := optionNames(s)
	c := chart.Chart{ID: "chart-breakdown", Title: "Cost by item over " + money.Plural(s.Years, "year"),
		Desc: "Stacked bars: capex items and opex items over the whole period, per option.",
		Kind: chart.Stacked, Categories: names, Unit: s.Currency.Code}
	for _, it := range items {
		sr := chart.Series{ID: it.id, Name: it.name, Values: make([]float64, len(idx)), Hidden: true}
		for j, i := range idx {
			sr.Values[j] = round2(it.usd(res[i]) * s.FXPerUSD)
			sr.Hidden = sr.Hidden && sr.Values[j] == 0
		}
		c.Series = append(c.Series, sr)
	}
	return c
}

func cumulativeChart(s Scenario, res [MaxOptions]tco.Result) chart.Chart {
	years := float64(s.Years)
	c := chart.Chart{ID: "chart-cumulative", Title: "Cumulative cost",
		Desc: "Money spent by month; vertical lines mark break-even with option A.",
		Kind: chart.Lines, XName: "months", XMax: years * 12, Unit: s.Currency.Code}
	for i, opt := range s.Options {
		sr := chart.Series{ID: opt.Letter, Name: opt.Letter + ": " + optionTitle(opt), Points: [][2]float64{}, Hidden: !opt.Enabled}
		if opt.Enabled {
			for m := 0; m <= s.Years*12; m++ {
				t := float64(m) / 12
				sr.Points = append(sr.Points, [2]float64{float64(m), round2(res[i].CumulativeUSD(math.Min(t, years-1e-9), years) * s.FXPerUSD)})
			}
			if res[i].ResidualUSD != 0 {
				sr.Points = append(sr.Points, [2]float64{years * 12, round2(res[i].CumulativeUSD(years, years) * s.FXPerUSD)})
			}
			if t, ok := tco.BreakEven(res[0], res[i], years); ok && i > 0 {
				sr.Marks = []chart.Mark{{Name: "break-even " + opt.Letter + "/a", X: round2(t * 12)}}
			}
		}
		c.Series = append(c.Series, sr)
	}
	return c
}

func perTokenChart(s Scenario, res [MaxOptions]tco.Result) chart.Chart {
	idx, names := optionNames(s)
	sr := chart.Series{ID: "cost_per_mtok", Name: "Cost per 1M tokens"}
	for _, i := range idx {
		sr.Values = append(sr.Values, round4(res[i].USDPerMTok*s.FXPerUSD))
		sr.Colors = append(sr.Colors, chart.Color(i))
	}
	return chart.Chart{ID: "chart-per-token", Title: "Cost per 1M tokens", Desc: "TCO divided by the tokens of the same period.",
		Kind: chart.Bars, Categories: names, Unit: s.Currency.Code, Series: []chart.Series{sr}}
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// Convert returns the query with the display currency changed to code:
// every amount given explicitly is converted at the scenario's rates, and
// the exchange rate returns to its default for the new currency.
func Convert(rawQuery, code string, d Data) string {
	s := Resolve(rawQuery, d)
	to := money.Lookup(code)
	q := scenario.ConvertMoney(s.Inputs, s.PresetName(), to.Code, s.FXPerUSD, d.FXDefault(to.Code).Value)
	return Resolve(q.Encode(), d).Query
}
