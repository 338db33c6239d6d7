package tcoview

import (
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
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
// label is the key of its name in the catalogs.
var claimMetrics = []struct{ metric, label string }{
	{"capex", "tco.capex"}, {"opex", "tco.opex_period"}, {"tco", "tco.tco"},
	{"tokens_per_year", "tco.tokens_year"}, {"cost_per_mtok", "tco.cost_mtok"},
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
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems, Ignored: s.Ignored}}
	var res [MaxOptions]tco.Result
	var fed [MaxOptions]priceFeeds
	for i, o := range s.Options {
		res[i] = tco.Compute(o.Option, years)
		fed[i] = s.feeds(o)
		p.Columns = append(p.Columns, view.Column{Key: o.Letter, Title: strings.ToUpper(o.Letter) + ": " + optionTitle(s.M, o), Hidden: !o.Enabled})
		p.Groups = append(p.Groups, view.Group{Key: o.Letter, Title: strings.ToUpper(o.Letter) + ": " + optionTitle(s.M, o), Kind: string(o.Kind), Hidden: !o.Enabled})
	}
	p.Groups = append(p.Groups, s.Custom.Groups(s.M)...)
	cell := func(i int, metric string, v float64, unit, text string) Cell {
		c := Cell{Key: s.Options[i].Letter + "." + metric, Value: v, Unit: unit, Text: text}
		if s.Options[i].Enabled {
			c.Metric, c.Option = metric, s.Options[i].Letter
		}
		return c
	}
	// costCell is cell, or the cell missing when the unknown price of
	// option i or of option j (the option it is set against; i for none)
	// feeds the figure.
	costCell := func(i, j int, feeds bool, metric string, v float64, unit, text string) Cell {
		for _, k := range []int{i, j} {
			if feeds && s.Options[k].NeedsPrice != "" {
				return s.missing(cell(i, metric, -1, unit, ""), s.Options[k])
			}
		}
		return cell(i, metric, v, unit, text)
	}
	// label and help are keys of the catalogs, help "" for none.
	moneyRow := func(label, help, metric string, usd func(r tco.Result) float64) Row {
		if help != "" {
			help = s.M.T(help)
		}
		row := Row{Label: s.M.T(label), Help: help, Cells: make([]Cell, MaxOptions)}
		for i := range res {
			v := usd(res[i]) * fx
			row.Cells[i] = costCell(i, i, fed[i].figure(usd), metric, v, cur.Code, s.M.Money(v, cur))
		}
		return row
	}
	results := Table{ID: "results", Title: s.M.F("tco.results", "years", period(s)), Note: precisionNote(s), Rows: []Row{
		moneyRow("tco.capex", "tco.capex_help", "capex", func(r tco.Result) float64 { return r.Capex.Total() }),
		moneyRow("tco.opex", "tco.opex_help", "opex", func(r tco.Result) float64 { return r.OpexTotal(years) }),
		moneyRow("tco.tco", "tco.tco_help", "tco", func(r tco.Result) float64 { return r.TCOUSD }),
		func() Row {
			row := Row{Label: s.M.T("tco.tokens"), Help: s.M.T("tco.tokens_help"), Cells: make([]Cell, MaxOptions)}
			for i := range res {
				row.Cells[i] = cell(i, "tokens", res[i].Tokens, "tokens", s.M.Count(res[i].Tokens))
			}
			return row
		}(),
		moneyRow("tco.cost_mtok", "tco.cost_mtok_help", "cost_per_mtok", func(r tco.Result) float64 { return r.USDPerMTok }),
	}}
	results.Rows = append(results.Rows, s.energyRows(res, cell)...)
	perYear := func(f func(o tco.Opex) float64) func(r tco.Result) float64 {
		return func(r tco.Result) float64 { return f(r.OpexPerYear) }
	}
	breakdown := Table{ID: "breakdown", Title: s.M.T("tco.by_item"), Rows: []Row{
		moneyRow("tco.gpus", "", "capex_gpus", func(r tco.Result) float64 { return r.Capex.GPUsUSD }),
		moneyRow("tco.servers", "", "capex_servers", func(r tco.Result) float64 { return r.Capex.ServersUSD }),
		moneyRow("tco.network", "", "capex_network", func(r tco.Result) float64 { return r.Capex.NetworkUSD }),
		moneyRow("tco.electricity_year", "tco.electricity_help", "opex_electricity", perYear(func(o tco.Opex) float64 { return o.ElectricityUSD })),
		moneyRow("tco.cooling_year", "tco.cooling_help", "opex_cooling", perYear(func(o tco.Opex) float64 { return o.CoolingUSD })),
		moneyRow("tco.colocation_year", "", "opex_colocation", perYear(func(o tco.Opex) float64 { return o.ColocationUSD })),
		moneyRow("tco.maintenance_year", "", "opex_maintenance", perYear(func(o tco.Opex) float64 { return o.MaintenanceUSD })),
		moneyRow("tco.staff_year", "", "opex_staff", perYear(func(o tco.Opex) float64 { return o.StaffUSD })),
		moneyRow("tco.capital_year", "tco.capital_help", "opex_capital", perYear(func(o tco.Opex) float64 { return o.CapitalCostUSD })),
		moneyRow("tco.rent_year", "", "opex_rent", perYear(func(o tco.Opex) float64 { return o.RentUSD })),
		moneyRow("tco.residual", "tco.residual_help", "residual", func(r tco.Result) float64 { return -r.ResidualUSD }),
	}}
	p.Tables = []Table{results, breakdown, compareTable(s, res, fed, cell, costCell), claimsTable(s, res, fed, cell, costCell)}
	// A missing figure has no error band.
	cells := p.CellsByKey()
	s.Bands.Mark(s.M, p.Tables, func(key string) (band.Estimate, bool) {
		if cells[key].Order == view.Absent {
			return band.Estimate{}, false
		}
		return s.bandOf(key)
	})
	p.Problems = append(slices.Clip(p.Problems), s.priceProblems()...)
	p.Headline = headline(s, res, p.Page)
	for i := range p.Tables {
		p.Tables[i].Corner, p.Tables[i].Columns = s.M.T("tco.metric"), p.Columns
	}
	p.Explanation = s.Explanation()
	p.Charts = []chart.Chart{breakdownChart(s, res), cumulativeChart(s, res), perTokenChart(s, res, p.CellsByKey())}
	p.Links = []view.Link{memoryLink(s)}
	return p
}

// energyRows are the energy an option's output tokens take, and, where
// the edition has grid regions, the CO2 that energy emits at the
// scenario's carbon intensity: figures of neither price nor kind, as
// the servers draw alike bought or rented.
func (s Scenario) energyRows(res [MaxOptions]tco.Result, cell cellFunc) []Row {
	energy := Row{Label: s.M.T("tco.energy_mtok"), Help: s.M.T("tco.energy_mtok_help"), Cells: make([]Cell, MaxOptions)}
	co2 := Row{Label: s.M.T("tco.co2_mtok"), Help: s.M.T("tco.co2_mtok_help"), Cells: make([]Cell, MaxOptions)}
	for i := range res {
		kWh := res[i].KWhPerMTok
		energy.Cells[i] = cell(i, "kwh_per_mtok", kWh, "kWh", s.M.Significant(kWh, 3)+" kWh")
		g := kWh * s.GCO2ePerKWh
		co2.Cells[i] = cell(i, "co2e_g_per_mtok", g, "g", s.M.Significant(g, 3)+" g")
	}
	if !s.Grid {
		return []Row{energy}
	}
	return []Row{energy, co2}
}

// precisionNote warns when the options' throughputs are at different
// precisions, e.g. the published FP16 figure of an A100 against the FP8
// figure of an H100: the comparison is then of precisions as much as of
// GPUs. Throughputs typed in are the reader's own and not judged.
func precisionNote(s Scenario) string {
	parts := precisionParts(s)
	if len(parts) < 2 {
		return ""
	}
	return s.M.F("tco.precision_note", "parts", strings.Join(parts, "; "), "field", s.M.T("tco.in.pm"))
}

// precisionParts names the options at each precision, in the order
// first met ("A in BF16", "B, C in FP8"); options whose throughput is
// typed in are left out.
func precisionParts(s Scenario) []string {
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
	parts := make([]string, len(order))
	for i, p := range order {
		parts[i] = s.M.F("tco.in_precision", "options", strings.Join(byPrecision[p], ", "), "precision", serving.PrecisionLabel(p))
	}
	return parts
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
				for k, v := range scenario.ParseQuery(custom.GPUQuery(s.M, o.GPU)) {
					q[k] = v
				}
			}
		}
	}
	q.Set("k", strconv.Itoa(n))
	return view.Link{ID: "memory", Label: s.M.T("tco.memory_link"), Path: "memory/", Query: q.Encode()}
}

func optionTitle(m *msg.Catalog, o cluster.Option) string {
	kind := m.T("tco.owned")
	if o.Kind == tco.Rented {
		kind = m.T("tco.rented")
	}
	return strconv.Itoa(o.Option.GPUs) + " x " + o.GPU.Name + ", " + kind
}

// compareTable sets every option against option a: when its cumulative
// cost crosses a's, and how many of its GPUs match a's throughput.
func compareTable(s Scenario, res [MaxOptions]tco.Result, fed [MaxOptions]priceFeeds, cell cellFunc, costCell costCellFunc) Table {
	years := float64(s.Years)
	base := res[0]
	be := Row{Label: s.M.T("tco.breakeven"), Help: s.M.T("tco.breakeven_help"), Cells: make([]Cell, MaxOptions)}
	gpus := Row{Label: s.M.T("tco.gpus_a"), Help: s.M.T("tco.gpus_a_help"), Cells: make([]Cell, MaxOptions)}
	cost := Row{Label: s.M.T("tco.tco_a"), Help: s.M.T("tco.cluster_help"), Cells: make([]Cell, MaxOptions)}
	for i, o := range s.Options {
		if i == 0 {
			be.Cells[i] = cell(i, "breakeven_months", 0, "months", s.M.T("tco.baseline"))
		} else if s.Options[0].NeedsPrice != "" || o.NeedsPrice != "" {
			be.Cells[i] = costCell(i, 0, true, "breakeven_months", -1, "months", "")
		} else if t, ok := tco.BreakEven(base, res[i], years); ok {
			be.Cells[i] = cell(i, "breakeven_months", t*12, "months", s.M.F(comparative(base.Capex.Total()-res[i].Capex.Total(), "tco.becomes_dearer", "tco.becomes_cheaper"),
				"months", s.M.Num(t*12, 1)))
		} else {
			text := s.M.T("tco.same")
			if d := res[i].CumulativeUSD(years/2, years) - base.CumulativeUSD(years/2, years); d != 0 {
				text = s.M.F(comparative(d, "tco.dearer_throughout", "tco.cheaper_throughout"), "years", period(s))
			}
			be.Cells[i] = cell(i, "breakeven_months", -1, "months", text)
		}
		n := tco.GPUsForThroughput(o.Option, base.TokensPerSecond)
		gpus.Cells[i] = cell(i, "equal_throughput_gpus", float64(n), "GPUs", strconv.Itoa(n))
		v := s.tcoOf(o, n)
		cost.Cells[i] = costCell(i, i, n > 0, "equal_throughput_tco", v, s.Currency.Code, s.M.Money(v, s.Currency))
	}
	demG := Row{Label: s.M.T("tco.demand_gpus"), Help: s.M.T("tco.demand_gpus_help"), Cells: make([]Cell, MaxOptions)}
	demC := Row{Label: s.M.T("tco.demand_tco"), Help: s.M.T("tco.cluster_help"), Cells: make([]Cell, MaxOptions)}
	for i, o := range s.Options {
		z, text := demandGPUs(s, o)
		n := z.gpus(1)
		demG.Cells[i] = cell(i, "demand_gpus", float64(n), "GPUs", text)
		demC.Cells[i] = cell(i, "demand_tco", -1, s.Currency.Code, "–")
		demC.Cells[i].Note = s.M.F("tco.not_sized", "reason", text)
		if n > 0 {
			v := s.demandTCO(o, z, 1)
			demC.Cells[i] = costCell(i, i, true, "demand_tco", v, s.Currency.Code, s.M.Money(v, s.Currency))
		}
		if s.DemandAtBounds && o.Estimate != nil {
			// Both always computable: the sizing at a bound is arithmetic.
			k := throughputKind(o.Estimate)
			demG.Cells[i], _ = s.Bands.AtBounds(s.M, demG.Cells[i], k, "band.note_demand_gpus", func(scale float64) (float64, bool) {
				return float64(z.gpus(scale)), true
			})
			demG.Cells[i] = band.InCounts(s.M, demG.Cells[i])
			if demC.Cells[i].Order != view.Absent {
				demC.Cells[i], _ = s.Bands.AtBounds(s.M, demC.Cells[i], k, "band.note_demand_tco", func(scale float64) (float64, bool) {
					return s.demandTCO(o, z, scale), true
				})
			}
		}
	}
	return Table{ID: "compare", Title: s.M.T("tco.compare"), Rows: []Row{be, gpus, cost, demG, demC}}
}

// tcoOf returns the TCO of option o with n GPUs, in the display currency.
func (s Scenario) tcoOf(o cluster.Option, n int) float64 {
	return o.Sized(n, float64(s.Years)).TCOUSD * s.FXPerUSD
}

// demandTCO returns the TCO of option o sized for the demand by z, each
// replica serving scale times its estimate, in the display currency:
// its GPUs, spare ones too, share the demand all the time, and draw what
// serving that share of their capacity takes (cluster.Option.Running).
func (s Scenario) demandTCO(o cluster.Option, z sizing, scale float64) float64 {
	n := z.gpus(scale)
	return o.Running(n, 1, z.used(scale), float64(s.Years)).TCOUSD * s.FXPerUSD
}

// comparative returns the key dearer or cheaper: how an option compares
// with A when its cost less A's is diff. The cumulative costs swap order
// at a break-even: an option whose capex is the smaller becomes the
// dearer there.
func comparative(diff float64, dearer, cheaper string) string {
	if diff > 0 {
		return dearer
	}
	return cheaper
}

// period writes the scenario's period: "3 years", "3 Jahre".
func period(s Scenario) string {
	return s.M.F(plural(s.Years, "tco.year", "tco.years"), "n", strconv.Itoa(s.Years))
}

// plural returns key one for n = 1, else key many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// sizing is an option sized for the demand: need (output tokens per
// second, or users in flight) served by whole replicas of tp GPUs that
// each serve per, and spare replicas beside them. A replica's capacity
// is per, or, where the option's average load leaves some of it unused
// (a throughput typed in), its whole throughput. Its zero value sizes
// nothing.
type sizing struct {
	need, per, capacity float64
	tp, spare           int
}

// used is the share of the capacity of the replicas z.gpus(scale), spare
// ones too, that the demand uses, each replica serving scale times its
// estimate.
func (z sizing) used(scale float64) float64 {
	capacity := z.capacity
	if capacity == 0 {
		capacity = z.per
	}
	return z.need / (float64(z.gpus(scale)/z.tp) * capacity * scale)
}

// gpus returns the GPUs of the whole replicas that serve the demand when
// each serves scale times per (1 for the estimate; at a bound of the
// throughput's band, what a replica serves, tokens/s or users, is taken
// to be as far off as its throughput), and of the spare ones; 0 for the
// zero sizing.
func (z sizing) gpus(scale float64) int {
	if z.tp == 0 {
		return 0
	}
	return (int(math.Ceil(z.need/(z.per*scale))) + z.spare) * z.tp
}

// withSpare adds to text, how the page writes a sizing, the spare
// replicas it counts.
func (s Scenario) withSpare(text string) string {
	if s.Spare == 0 {
		return text
	}
	return text + s.M.F("tco.spare_note", "n", strconv.Itoa(s.Spare))
}

// demandGPUs sizes an option for the scenario's demand, in whole replicas
// of its estimate where it has one: in the open loop with a latency
// target at the highest request rate whose simulated P99 meets it
// (perf.MaxRate), for users in flight at the most users whose P99 meets
// it (perf.MaxUsers), and for a batch job at the output tokens per second
// of a run sent all at once; otherwise GPUs at the option's throughput
// and load. It returns the sizing, so that its band can size again at
// the throughput's bounds without another simulation, and how the page
// writes it; the zero sizing with a reason when it cannot. An option
// runs at most 11 simulations of the estimator's default request; four
// options searching at once are the page's worst case
// (BenchmarkWorstCase).
func demandGPUs(s Scenario, o cluster.Option) (sizing, string) {
	e := o.Estimate
	var load perf.Load
	if e != nil {
		load = e.Load
		load.Lengths = s.Lengths
	}
	// The engine's searches fail only by exceeding their work budget
	// (perf.ErrTooLarge), which the catalogs word.
	tooLarge := func() (sizing, string) { return sizing{}, s.M.T("tco.too_large") }
	if s.Sizing == perf.Closed {
		switch {
		case s.Users <= 0:
			return sizing{}, s.M.T("tco.no_users")
		case e == nil:
			return sizing{}, s.M.T("tco.users_need_estimate")
		case s.SLO <= 0:
			return sizing{}, s.M.T("tco.users_need_slo")
		}
		l := load
		l.ThinkSeconds = s.ThinkS
		per, err := e.Setup.MaxUsers(l, s.SLO)
		if err != nil {
			return tooLarge()
		}
		if per == 0 {
			return sizing{}, s.M.T("tco.p99_unmet")
		}
		z := sizing{need: float64(s.Users), per: float64(per), tp: e.Setup.TP, spare: s.Spare}
		n := z.gpus(1)
		key := "tco.replicas_users"
		if per >= l.Requests {
			key = "tco.replicas_users_more"
		}
		return z, s.withSpare(s.M.F(key, "n", strconv.Itoa(n), "replicas", s.M.Num(float64(n/z.tp), 0), "users", s.M.Num(float64(per), 0)))
	}
	if s.DemandPerMonth <= 0 {
		return sizing{}, s.M.T("tco.no_demand")
	}
	perSecond := s.DemandPerMonth / (tco.HoursPerYear / 12 * 3600)
	replicasAt := func(tokS float64) (sizing, int, float64) {
		z := sizing{need: perSecond, per: tokS, tp: e.Setup.TP, spare: s.Spare}
		n := z.gpus(1)
		return z, n, float64(n / z.tp)
	}
	switch {
	case e != nil && s.Sizing == perf.Offline:
		l := load
		l.Mode = perf.Offline
		st := e.Setup.Simulate(l)
		if st.TooLarge {
			return tooLarge()
		}
		z, n, replicas := replicasAt(st.OutputTokS)
		return z, s.withSpare(s.M.F("tco.replicas_offline", "n", strconv.Itoa(n), "replicas", s.M.Num(replicas, 0), "tps", s.M.Num(st.OutputTokS, 0)))
	case e != nil && s.SLO > 0:
		rate, err := e.Setup.MaxRate(load, s.SLO)
		if err != nil {
			return tooLarge()
		}
		if rate <= 0 {
			return sizing{}, s.M.T("tco.p99_unmet")
		}
		z, n, replicas := replicasAt(rate * float64(e.Load.Output))
		return z, s.withSpare(s.M.F("tco.replicas", "n", strconv.Itoa(n), "replicas", s.M.Num(replicas, 0), "rate", s.M.Num(rate, 2)))
	}
	z := sizing{need: perSecond, per: o.Option.TokensPerSecondPerGPU * o.Option.LoadFactor, capacity: o.Option.TokensPerSecondPerGPU, tp: 1, spare: s.Spare}
	return z, s.withSpare(strconv.Itoa(z.gpus(1)))
}

// claimsTable sets the preset source's figures beside the engine's.
func claimsTable(s Scenario, res [MaxOptions]tco.Result, fed [MaxOptions]priceFeeds, cell cellFunc, costCell costCellFunc) Table {
	years := float64(s.Years)
	t := Table{ID: "claims", Title: s.M.T("mem.claims"), Hidden: s.Preset == nil || len(s.Preset.Claims) == 0}
	for _, m := range claimMetrics {
		claimed := Row{Label: s.M.F("tco.source_says", "metric", s.M.T(m.label)), Cells: make([]Cell, MaxOptions)}
		ours := Row{Label: s.M.T(m.label) + ": InferCost", Cells: make([]Cell, MaxOptions)}
		for i := range s.Options {
			fmtv := func(v float64) string { return s.M.Money(v, s.Currency) }
			of := func(r tco.Result) float64 {
				switch m.metric {
				case "capex":
					return r.Capex.Total()
				case "opex":
					return r.OpexTotal(years)
				case "tco":
					return r.TCOUSD
				case "tokens_per_year":
					return r.Tokens / years
				}
				return r.USDPerMTok
			}
			engine := of(res[i])
			if m.metric != "tokens_per_year" {
				engine *= s.FXPerUSD
			}
			unit := s.Currency.Code
			if m.metric == "tokens_per_year" {
				fmtv = s.M.Count
				unit = "tokens"
			}
			ours.Cells[i] = Cell{Key: s.Options[i].Letter + "." + m.metric + "_engine", Value: engine, Unit: unit, Text: fmtv(engine)}
			if c := costCell(i, i, fed[i].figure(of), m.metric, 0, unit, ""); c.Order == view.Absent {
				ours.Cells[i] = Cell{Key: ours.Cells[i].Key, Value: c.Value, Unit: unit, Text: c.Text, Note: c.Note, Order: c.Order}
				engine = 0
			}
			claimed.Cells[i] = Cell{Key: s.Options[i].Letter + "." + m.metric + "_claimed", Text: "–", Note: s.M.T("tco.no_claim")}
			if t.Hidden {
				continue
			}
			for _, c := range s.Preset.Claims {
				if c.Option == s.Options[i].Letter && c.Metric == m.metric {
					text := fmtv(c.Value)
					if engine != 0 {
						text += " (" + s.M.Num(c.Value/engine, 2) + "x)"
					}
					claimed.Cells[i] = cell(i, m.metric+"_claimed", c.Value, unit, text)
				}
			}
		}
		t.Rows = append(t.Rows, claimed, ours)
	}
	return t
}

// optionNames returns the indexes and labels of the enabled options
// whose costs are known: the charts of costs leave the others out.
func optionNames(s Scenario) ([]int, []string) {
	var idx []int
	var names []string
	for i, o := range s.Options {
		if o.Enabled && o.NeedsPrice == "" {
			idx = append(idx, i)
			names = append(names, o.Letter+": "+optionTitle(s.M, o))
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
		{"gpus", s.M.T("tco.gpus"), func(r tco.Result) float64 { return r.Capex.GPUsUSD }},
		{"servers", s.M.T("tco.servers"), func(r tco.Result) float64 { return r.Capex.ServersUSD }},
		{"network", s.M.T("tco.network"), func(r tco.Result) float64 { return r.Capex.NetworkUSD }},
		{"electricity", s.M.T("tco.electricity"), func(r tco.Result) float64 { return r.OpexPerYear.ElectricityUSD * years }},
		{"cooling", s.M.T("tco.cooling"), func(r tco.Result) float64 { return r.OpexPerYear.CoolingUSD * years }},
		{"colocation", s.M.T("tco.colocation"), func(r tco.Result) float64 { return r.OpexPerYear.ColocationUSD * years }},
		{"maintenance", s.M.T("tco.maintenance"), func(r tco.Result) float64 { return r.OpexPerYear.MaintenanceUSD * years }},
		{"staff", s.M.T("tco.staff"), func(r tco.Result) float64 { return r.OpexPerYear.StaffUSD * years }},
		{"capital", s.M.T("tco.capital"), func(r tco.Result) float64 { return r.OpexPerYear.CapitalCostUSD * years }},
		{"rent", s.M.T("tco.rent"), func(r tco.Result) float64 { return r.OpexPerYear.RentUSD * years }},
		{"residual", s.M.T("tco.residual"), func(r tco.Result) float64 { return -r.ResidualUSD }},
	}
	idx, names := optionNames(s)
	c := chart.Chart{ID: "chart-breakdown", Title: s.M.F("tco.chart.breakdown", "years", period(s)),
		Desc: s.M.T("tco.chart.breakdown_desc"),
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
	c := chart.Chart{ID: "chart-cumulative", Title: s.M.T("tco.chart.cumulative"),
		Desc: s.M.T("tco.chart.cumulative_desc"),
		Kind: chart.Lines, XName: s.M.T("tco.months"), XMax: years * 12, Unit: s.Currency.Code}
	for i, opt := range s.Options {
		sr := chart.Series{ID: opt.Letter, Name: opt.Letter + ": " + optionTitle(s.M, opt), Points: [][2]float64{}, Hidden: !opt.Enabled || opt.NeedsPrice != ""}
		if !sr.Hidden {
			for m := 0; m <= s.Years*12; m++ {
				t := float64(m) / 12
				sr.Points = append(sr.Points, [2]float64{float64(m), round2(res[i].CumulativeUSD(math.Min(t, years-1e-9), years) * s.FXPerUSD)})
			}
			if res[i].ResidualUSD != 0 {
				sr.Points = append(sr.Points, [2]float64{years * 12, round2(res[i].CumulativeUSD(years, years) * s.FXPerUSD)})
			}
			if t, ok := tco.BreakEven(res[0], res[i], years); ok && i > 0 && s.Options[0].NeedsPrice == "" {
				sr.Marks = []chart.Mark{{Name: s.M.T("tco.breakeven_mark") + " " + opt.Letter + "/a", X: round2(t * 12)}}
			}
		}
		c.Series = append(c.Series, sr)
	}
	return c
}

// perTokenChart shows each option's cost per million tokens, shaded over
// the error band of its cell (cells, by key) where the cost comes from
// an estimated throughput.
func perTokenChart(s Scenario, res [MaxOptions]tco.Result, cells map[string]view.Cell) chart.Chart {
	idx, names := optionNames(s)
	sr := chart.Series{ID: "cost_per_mtok", Name: s.M.T("tco.cost_mtok")}
	var ranges [][3]float64
	for j, i := range idx {
		sr.Values = append(sr.Values, round4(res[i].USDPerMTok*s.FXPerUSD))
		sr.Colors = append(sr.Colors, chart.Color(i))
		if c := cells[s.Options[i].Letter+".cost_per_mtok"]; c.Band != "" {
			ranges = append(ranges, [3]float64{float64(j), c.Low, c.High})
		}
	}
	bands := chart.Bands(sr, s.M.F("band.series", "series", sr.Name), ranges)
	return chart.Chart{ID: "chart-per-token", Title: s.M.T("tco.cost_mtok"), Desc: s.M.T("tco.cost_mtok_help") + " " + s.M.T("tco.chart.band_desc"),
		Kind: chart.Bars, Categories: names, Unit: s.Currency.Code, Series: []chart.Series{sr, bands[0], bands[1]}}
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

// Convert returns the query with the display currency changed to code:
// every amount given explicitly is converted at the scenario's rates, and
// the exchange rate returns to its default for the new currency.
func Convert(rawQuery, code string, d cluster.Data) string {
	s := Resolve(rawQuery, d)
	to := money.Lookup(code)
	q := scenario.ConvertMoney(s.Inputs, s.PresetName(), to.Code, s.FXPerUSD, d.FXDefault(to.Code).Value)
	return Resolve(q.Encode(), d).Query
}

// bandOf is the kind of a cell of an option whose throughput is
// estimated, by its key: the tokens it serves, as far off as the
// estimated throughput (offline throughput of the estimator's default
// request), and what they cost per token, which falls as the throughput
// rises (the band inverted). The GPUs and cost a demand needs take the
// band inverted too in editions before Defaults.DemandGPUsAtBounds; from
// it, compareTable gives them the GPUs at the throughput's bounds. The
// cells that set an option's throughput against another's, when any is
// estimated, have no band: the calibration table has no measured ratio
// to judge them by. An option whose throughput is typed in or published
// has no other estimated cell.
func (s Scenario) bandOf(key string) (band.Estimate, bool) {
	letter, metric, _ := strings.Cut(key, ".")
	var e *cluster.Estimate
	estimated := false
	for _, o := range s.Options {
		if o.Letter == letter {
			e = o.Estimate
		}
		estimated = estimated || o.Estimate != nil
	}
	if estimated && (metric == "equal_throughput_gpus" || metric == "equal_throughput_tco") {
		return band.Estimate{None: "band.ratio"}, true
	}
	if e == nil {
		return band.Estimate{}, false
	}
	k := throughputKind(e)
	switch {
	case metric == "tokens" || metric == "tokens_per_year_engine":
		return band.Estimate{Kind: k}, true
	case metric == "cost_per_mtok" || metric == "cost_per_mtok_engine" || metric == "kwh_per_mtok" || metric == "co2e_g_per_mtok" ||
		metric == "demand_tco" && !s.DemandAtBounds:
		return band.Estimate{Kind: k, Inverse: true}, true
	case metric == "demand_gpus" && !s.DemandAtBounds:
		return band.Estimate{Kind: k, Inverse: true, Whole: true}, true
	}
	return band.Estimate{}, false
}

// throughputKind is the kind of an estimated throughput: the estimator's
// default request on the option's model.
func throughputKind(e *cluster.Estimate) band.Kind {
	return e.Kind(band.Throughput, float64(e.Load.Prompt), float64(e.Load.Output))
}
