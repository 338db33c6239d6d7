package pricingview

import (
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// Page is everything the pricing page shows for a scenario.
type Page struct {
	view.Page
	Scenario Scenario
}

// offer is one row of the comparison: an API model, the reader's price,
// or an empty place.
type offer struct {
	Key      string // the row's place: its cells' key prefix
	ID, Name string
	Claim    bool
	// Weights is the model catalog's id of the open weights the API
	// serves, if any.
	Weights string
	Sold    bool // in the scenario's edition
	Price   pricing.Price
	Note    string
	// Stale marks a price checked long before the edition, and Why
	// says so.
	Stale, Why string
}

// offers returns the comparison's rows: MaxAPIs places filled with the
// scenario's APIs, then the reader's price.
func offers(s Scenario, d Data) []offer {
	var out []offer
	for i := range MaxAPIs {
		o := offer{Key: place(i)}
		if i < len(s.APIs) {
			m, _ := d.modelByID(s.APIs[i])
			o.ID, o.Name, o.Claim, o.Weights = m.ID, d.APIs.Provider(m.Provider).Name+" "+m.Name, m.Claim, m.Weights
			if row, p, ok := s.Price(d, m.ID); ok {
				o.Sold, o.Price = true, p
				o.Note = "Price in force since " + row.From + "; source: " + d.APIs.Sources[row.Source].Title + ", checked on " + row.AsOf
				if row.Unconfirmed {
					o.Note += "; unconfirmed †"
				}
				o.Stale, o.Why = stale(row, s.Edition)
			}
			if o.Weights != "" {
				o.Note += "; open weights: the memory calculator sizes hosting the same model yourself"
			}
			if o.Claim {
				o.Name += " (vendor's claim)"
			}
		}
		out = append(out, o)
	}
	return append(out, offer{Key: CustomID, ID: CustomID, Name: "Your price", Sold: s.HasCustom(), Price: s.Custom})
}

// Build prices the workload on every API and lays out the page.
func Build(s Scenario, d Data) Page {
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems}}
	p.Groups = append([]view.Group{{Key: clusterPrefix, Title: "Self-hosted cluster", Kind: string(s.Cluster.Kind)}}, s.Uses.Groups(s.M)...)
	cur, fx := s.Currency, s.FX
	amount := func(usd float64) string { return money.Precise(usd*fx, cur) }
	cluster := s.ClusterCost()
	volume := s.Workload.TokensPerMonth()
	// Each column's cell: its value, unit, text and order for a priced
	// offer. A column with a metric makes its cells documented results.
	type column struct {
		view.Column
		metric string
		cell   func(o offer, c pricing.Cost) view.Cell
	}
	figure := func(v float64, unit, text string) view.Cell { return view.Cell{Value: v, Unit: unit, Text: text} }
	// never is a break-even or payback that never comes: above every
	// figure when sorted.
	never := func(unit, text string) view.Cell {
		return view.Cell{Value: -1, Unit: unit, Text: text, Order: view.Infinite}
	}
	// Amounts keep micro-units: enough for prices per request, and free of
	// float noise such as 69.99999999999997.
	amountCell := func(usd float64) view.Cell { return figure(round(usd*fx, 6), cur.Code, amount(usd)) }
	budget := func(cost, budgetUSD float64) view.Cell {
		pct, st := pricing.Check(cost, budgetUSD)
		return figure(round(pct, 2), "%", budgetText(pct, st))
	}
	cols := []column{
		{view.Column{Key: "p-in", Title: "Input per 1M"}, "", func(o offer, _ pricing.Cost) view.Cell {
			c := amountCell(o.Price.Input)
			c.Text += o.Stale
			return c
		}},
		{view.Column{Key: "p-read", Title: "Cached input per 1M"}, "", func(o offer, _ pricing.Cost) view.Cell {
			return figure(o.Price.CacheRead*fx, cur.Code, cacheText(o.Price, amount))
		}},
		{view.Column{Key: "p-out", Title: "Output per 1M"}, "", func(o offer, _ pricing.Cost) view.Cell {
			c := amountCell(o.Price.Output)
			c.Text += o.Stale
			return c
		}},
		{view.Column{Key: "c-req", Title: "Per request"}, "cost_per_request", func(_ offer, c pricing.Cost) view.Cell { return amountCell(c.PerRequest) }},
		{view.Column{Key: "c-day", Title: "Per day"}, "daily_cost", func(_ offer, c pricing.Cost) view.Cell { return amountCell(c.PerDay) }},
		{view.Column{Key: "c-month", Title: "Per month"}, "monthly_cost", func(_ offer, c pricing.Cost) view.Cell { return amountCell(c.PerMonth) }},
		{view.Column{Key: "b-day", Title: "Daily budget"}, "daily_budget_pct", func(_ offer, c pricing.Cost) view.Cell {
			return budget(c.PerDay, s.DailyBudgetUSD)
		}},
		{view.Column{Key: "b-month", Title: "Monthly budget"}, "monthly_budget_pct", func(_ offer, c pricing.Cost) view.Cell {
			return budget(c.PerMonth, s.MonthlyBudgetUSD)
		}},
		{view.Column{Key: "be", Title: "Self-hosting pays above"}, "breakeven_mtok_per_month", func(_ offer, c pricing.Cost) view.Cell {
			if be, ok := cluster.BreakEven(c.PerMTok); ok {
				return figure(round(be/1e6, 3), "Mtok/month", money.Count(be)+" tokens/month")
			}
			return never("Mtok/month", "never: cheaper than the cluster at full load")
		}},
		{view.Column{Key: "pb", Title: "Payback of the capex"}, "payback_months", func(_ offer, c pricing.Cost) view.Cell {
			if cluster.Capex == 0 {
				return figure(0, "months", "no capex (rented)")
			}
			if pb, ok := cluster.PaybackMonths(c.PerMonth, volume); ok {
				return figure(round(pb, 2), "months", money.Group(pb, 1)+" months")
			}
			return never("months", "never at this volume")
		}},
	}
	// The API's name is a cell, not the row's label: the rows are
	// places that the scenario's APIs fill.
	t := view.Table{ID: "compare", Title: "Cost of the workload on each API at the prices in force on " + s.Edition, Corner: "#", Sortable: true, Named: true,
		Columns: []view.Column{{Key: "api", Title: "API"}}}
	for _, c := range cols {
		t.Columns = append(t.Columns, c.Column)
	}
	offered := offers(s, d)
	p.Links = []view.Link{weightsLink(offered)}
	for i, o := range offered {
		note := o.Note
		if !o.Sold {
			note = "Not sold on " + s.Edition + "."
			if o.ID == CustomID {
				note = "Enter your price to add this row."
			} else if o.ID == "" {
				note = ""
			}
		}
		row := view.Row{Label: strconv.Itoa(i + 1), Cells: []view.Cell{{Key: o.Key + ".api", Value: float64(i), Text: o.Name, Note: note}}}
		cost := o.Price.Cost(s.Workload)
		for _, c := range cols {
			// Unpriced rows say why, and stay last however the table is
			// sorted; empty places show nothing.
			cell := view.Cell{Text: "–", Note: note, Order: view.Absent}
			if o.ID == "" {
				cell.Text = ""
			}
			if o.Sold {
				cell = c.cell(o, cost)
				if c.metric != "" {
					cell.Metric, cell.Option = c.metric, o.ID
				} else {
					cell.Unit = ""
				}
				if c.Key == "p-in" || c.Key == "p-out" {
					cell.Note = o.Why
				}
			}
			cell.Key = o.Key + "." + c.Key
			row.Cells = append(row.Cells, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	p.Tables = []view.Table{t, claimsTable(s, offered), clusterTable(s, cluster, volume)}
	p.Explanation = s.Explanation()
	p.Charts = []chart.Chart{monthlyChart(s, offered), breakEvenChart(s, d, offered, cluster), historyChart(s, d, offered)}
	p.Headline = headline(s, offered, p.Page)
	// After the headline, which reads the results, not the search's 160 cells.
	p.Tables = append(p.Tables, findTable(s, d))
	return p
}

func cacheText(p pricing.Price, f func(float64) string) string {
	if p.CacheRead == 0 {
		return "no discount"
	}
	t := f(p.CacheRead)
	if p.CacheWrite > 0 {
		t += " (write " + f(p.CacheWrite) + ")"
	}
	return t
}

func budgetText(pct float64, st pricing.Status) string {
	switch st {
	case pricing.NoBudget:
		return "no budget"
	case pricing.Warn:
		return money.Group(pct, 1) + " %: nearly used up"
	case pricing.Alarm:
		// Words, not a sign: Debian's fonts draw U+26D4 as an empty box.
		return money.Group(pct, 1) + " %: over budget"
	}
	return money.Group(pct, 1) + " %"
}

// claimsTable sets a preset source's monthly costs beside the engine's:
// a column for each offer, shown only for those the source has a figure
// for, so that the table has no rows of dashes. Both amounts are written
// alike, to the cent.
func claimsTable(s Scenario, offered []offer) view.Table {
	t := view.Table{ID: "claims", Title: "The source's figures beside InferCost's", Corner: "Per month",
		Hidden: s.Preset == nil || len(s.Preset.Claims) == 0}
	src := view.Row{Label: "Source says"}
	ours := view.Row{Label: "InferCost"}
	ratio := view.Row{Label: "Source / InferCost"}
	amount := func(usd float64) (float64, string) { return round(usd*s.FX, 6), money.Precise(usd*s.FX, s.Currency) }
	for _, o := range offered {
		col := view.Column{Key: "cl-" + o.Key, Title: o.Name, Hidden: true}
		const why = "The source gives no monthly cost for this API."
		cs := [3]view.Cell{{Key: o.Key + ".cl-src", Text: "–", Note: why}, {Key: o.Key + ".cl-ours", Text: "–", Note: why}, {Key: o.Key + ".cl-ratio", Text: "–", Note: why}}
		for _, c := range claims(s) {
			if c.Option != o.ID || c.Metric != claimMetric || !o.Sold {
				continue
			}
			col.Hidden = false
			cost := o.Price.Cost(s.Workload).PerMonth
			cs[0] = view.Cell{Key: cs[0].Key, Metric: "monthly_cost_claimed", Option: o.ID, Unit: s.Currency.Code}
			cs[0].Value, cs[0].Text = amount(c.Value)
			cs[1].Value, cs[1].Text = amount(cost)
			if cost > 0 {
				cs[2].Value, cs[2].Text = c.Value/cost, money.Group(c.Value/cost, 2)+"x"
			}
		}
		t.Columns = append(t.Columns, col)
		src.Cells, ours.Cells, ratio.Cells = append(src.Cells, cs[0]), append(ours.Cells, cs[1]), append(ratio.Cells, cs[2])
	}
	t.Rows = []view.Row{src, ours, ratio}
	return t
}

// claims are the applied preset's claims.
func claims(s Scenario) []scenario.Claim {
	if s.Preset == nil {
		return nil
	}
	return s.Preset.Claims
}

// clusterTable shows what the self-hosted cluster costs and serves.
func clusterTable(s Scenario, c pricing.Cluster, volume float64) view.Table {
	cur, fx := s.Currency, s.FX
	cell := func(key string, v float64, text string) view.Cell {
		return view.Cell{Key: "h." + key, Value: v, Text: text}
	}
	rows := []view.Row{
		{Label: "Cost per month", Help: "TCO over the period / months.", Cells: []view.Cell{cell("month", c.PerMonth*fx, money.Format(c.PerMonth*fx, cur))}},
		{Label: "Capacity", Help: "Tokens a month at the cluster's throughput and load, in the workload's input/output mix.",
			Cells: []view.Cell{cell("capacity", c.TokensPerMonth, money.Count(c.TokensPerMonth)+" tokens")}},
		{Label: "Your workload", Help: "Input and output tokens a month.", Cells: []view.Cell{cell("volume", volume, money.Count(volume)+" tokens")}},
		{Label: "Clusters for your workload", Cells: []view.Cell{cell("clusters", c.Clusters(volume), money.Group(c.Clusters(volume), 0))}},
		{Label: "Cost of your workload", Cells: []view.Cell{cell("cost", c.CostAt(volume)*fx, money.Format(c.CostAt(volume)*fx, cur))}},
	}
	return view.Table{ID: "cluster", Title: "The self-hosted cluster", Corner: "", Columns: []view.Column{{Key: "h-val", Title: optionText(s)}}, Rows: rows}
}

func optionText(s Scenario) string {
	kind := "owned"
	if s.Cluster.Kind == "rent" {
		kind = "rented"
	}
	return strconv.Itoa(s.Cluster.Option.GPUs) + " x " + s.Cluster.GPU.Name + ", " + kind
}

func monthlyChart(s Scenario, offered []offer) chart.Chart {
	c := chart.Chart{ID: "chart-monthly", Title: "Monthly cost of the workload", Desc: "Per API, at the prices of the edition.",
		Kind: chart.Bars, Unit: s.Currency.Code}
	sr := chart.Series{ID: "monthly", Name: "Per month"}
	for _, o := range offered {
		if !o.Sold {
			continue
		}
		c.Categories = append(c.Categories, o.Name)
		sr.Values = append(sr.Values, round(o.Price.Cost(s.Workload).PerMonth*s.FX, 2))
	}
	c.Series = []chart.Series{sr}
	return c
}

// volumes are the chart's monthly token volumes, a point per doubling.
func volumes() []float64 {
	var v []float64
	for x := 1e6; x <= 1e13; x *= 2 {
		v = append(v, x)
	}
	return v
}

func breakEvenChart(s Scenario, d Data, offered []offer, cluster pricing.Cluster) chart.Chart {
	c := chart.Chart{ID: "chart-breakeven", Title: "Monthly cost against volume",
		Desc: "The chosen API and the self-hosted cluster (a step for each added cluster); the line marks where the cluster becomes cheaper.",
		Kind: chart.Lines, XName: "tokens/month", XMin: 1e6, XMax: 1e13, XLog: true, Unit: s.Currency.Code, YLog: true}
	api := chart.Series{ID: "api", Points: [][2]float64{}}
	// The API set against the cluster need not be among the compared.
	vs := offer{ID: s.Vs}
	if i := slices.IndexFunc(offered, func(o offer) bool { return o.ID == s.Vs }); i >= 0 {
		vs = offered[i]
	} else if m, ok := d.modelByID(s.Vs); ok {
		vs.Name = d.APIs.Provider(m.Provider).Name + " " + m.Name
		_, vs.Price, vs.Sold = s.Price(d, m.ID)
	}
	for _, o := range []offer{vs} {
		api.Name = o.Name
		if !o.Sold {
			api.Hidden = true
			break
		}
		per := o.Price.Cost(s.Workload).PerMTok
		for _, v := range volumes() {
			api.Points = append(api.Points, [2]float64{v, round(v/1e6*per*s.FX, 2)})
		}
		if be, ok := cluster.BreakEven(per); ok {
			api.Marks = []chart.Mark{{Name: "break-even", X: round(be, 0)}}
		}
	}
	own := chart.Series{ID: "cluster", Name: "Self-hosted: " + optionText(s), Points: [][2]float64{}}
	for _, v := range volumes() {
		own.Points = append(own.Points, [2]float64{v, round(cluster.CostAt(v)*s.FX, 2)})
	}
	c.Series = []chart.Series{api, own}
	return c
}

// historyChart plots each compared model's output price over time, up
// to the scenario's edition: an old link shows the history it was made
// with. Its series are the comparison's places; an empty one is hidden.
func historyChart(s Scenario, d Data, offered []offer) chart.Chart {
	c := chart.Chart{ID: "chart-history", Title: "Output price history", Desc: "Per 1M output tokens, as each price took effect.",
		Kind: chart.Lines, XTime: true, Step: true, Unit: s.Currency.Code}
	end := ms(s.Edition)
	for _, o := range offered[:MaxAPIs] {
		sr := chart.Series{ID: o.Key, Name: o.Name, Points: [][2]float64{}, Hidden: o.ID == ""}
		for _, r := range d.APIs.History(o.ID) {
			if r.From > s.Edition {
				break
			}
			sr.Points = append(sr.Points, [2]float64{ms(r.From), round(r.Output/s.unitsPerUSD(d, r.Currency)*s.FX, 4)})
		}
		if n := len(sr.Points); n > 0 && sr.Points[n-1][0] < end {
			sr.Points = append(sr.Points, [2]float64{end, sr.Points[n-1][1]})
		}
		c.Series = append(c.Series, sr)
	}
	return c
}

// ms is a validated YYYY-MM-DD date's Unix time in milliseconds. It reads
// the digits itself: time.Parse would add 35 KB to the browser module.
func ms(date string) float64 {
	y, _ := strconv.Atoi(date[0:4])
	m, _ := strconv.Atoi(date[5:7])
	d, _ := strconv.Atoi(date[8:10])
	return float64(time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).UnixMilli())
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

// weightsLink opens the memory calculator with the open weights of the
// first compared API that serves some; hidden when none does, so that
// the link keeps its place in the toolbar.
func weightsLink(offered []offer) view.Link {
	for _, o := range offered {
		if o.Weights != "" && o.Sold {
			return view.Link{ID: "weights", Label: "Host " + o.Name + "'s open weights yourself", Path: "memory/", Query: "model=" + o.Weights}
		}
	}
	return view.Link{ID: "weights", Label: "Host an API's open weights yourself", Path: "memory/", Hidden: true}
}
