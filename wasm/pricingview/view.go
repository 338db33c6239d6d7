package pricingview

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/infercost/infercost/wasm/apicompare"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/cluster"
	"github.com/infercost/infercost/wasm/msg"
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
	// Bill is the workload's cost at Price, or why it has none.
	Bill pricing.Bill
	Note string
	// Stale marks a price checked long before the edition, and Why
	// says so.
	Stale, Why string
}

// offers returns the comparison's rows: apicompare.MaxAPIs places filled with the
// scenario's APIs, then the reader's price.
func offers(s Scenario, d apicompare.Data) []offer {
	var out []offer
	models := make([]apiprices.Model, len(s.APIs))
	for i, id := range s.APIs {
		models[i], _ = d.ModelByID(id)
	}
	if d.Defaults.ClaimsApart.Value == 1 {
		models = claimsLast(models)
	}
	for i := range apicompare.MaxAPIs {
		o := offer{Key: place(i)}
		if i < len(models) {
			m := models[i]
			o.ID, o.Name, o.Claim, o.Weights = m.ID, d.Label(m), m.Claim, m.Weights
			if row, p, ok := s.Price(d, m.ID); ok {
				o.Sold, o.Price, o.Bill = true, p, p.Bill(s.Workload)
				o.Note = s.M.F("pri.price_note", "from", s.M.Date(d.APIs.Since(row)), "source", d.APIs.Sources[row.Source].Title, "date", s.M.Date(row.AsOf))
				if row.Unconfirmed {
					o.Note += s.M.T("fact.unconfirmed")
				}
				o.Stale, o.Why = stale(s.M, row, s.Edition)
			}
			if o.Weights != "" {
				o.Note += s.M.T("pri.open_note")
			}
			if o.Claim {
				o.Name += s.M.T("pri.claim")
			}
		}
		out = append(out, o)
	}
	// The reader's own price is theirs wherever the workload runs.
	w := s.Workload
	w.Region = pricing.Global
	return append(out, offer{Key: CustomID, ID: CustomID, Name: s.M.T("pri.your_price"), Sold: s.HasCustom(), Price: s.Custom, Bill: s.Custom.Bill(w)})
}

// compared reports whether the offer is a row of the comparison: a
// compared API, sold or not, or the reader's price once entered. The
// other places are hidden, on screen and in print.
func (o offer) compared() bool {
	if o.ID == CustomID {
		return o.Sold
	}
	return o.ID != ""
}

// removeCell is the button that takes the offer's API out of the
// comparison: the apis= list without it, as the search's button makes it
// (toggle), named for the model. None for the reader's price (its own
// fields clear it), an empty place, or the last API, whose removal would
// bring back the default list rather than empty the comparison.
func removeCell(s Scenario, o offer) view.Cell {
	var c view.Cell
	if o.ID != "" && o.ID != CustomID && len(s.APIs) > 1 {
		c = toggle(s, o.ID)
		c.Text, c.Note = s.M.T("pri.remove"), s.M.F("pri.remove_named", "api", o.Name)
	}
	c.Key, c.Order = o.Key+".rm", view.Absent
	return c
}

// claimsLast returns the models with the vendors' claims after the list
// prices, each group in its order: the places list the claims apart.
func claimsLast(models []apiprices.Model) []apiprices.Model {
	out := make([]apiprices.Model, 0, len(models))
	for _, claims := range []bool{false, true} {
		for _, m := range models {
			if m.Claim == claims {
				out = append(out, m)
			}
		}
	}
	return out
}

// Build prices the workload on every API and lays out the page.
func Build(s Scenario, d apicompare.Data) Page {
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems, Ignored: s.Ignored}}
	p.Groups = append([]view.Group{{Key: clusterPrefix, Title: s.M.T("pri.cluster_group"), Kind: string(s.Cluster.Kind)}}, s.Uses.Groups(s.M)...)
	cur, fx := s.Currency, s.FX
	t := s.M
	amount := func(usd float64) string { return t.Precise(usd*fx, cur) }
	hosted := s.ClusterCost()
	volume := s.Workload.TokensPerMonth()
	// An unpriced cluster (cluster.Option.NeedsPrice) has no cost,
	// so no break-even or payback either.
	unpriced := func(c view.Cell) view.Cell { return c }
	if h := s.Cluster; h.NeedsPrice != "" {
		why := t.F("pri.h.needs_price", "field", cluster.PriceLabel(t, h), "key", h.NeedsPrice)
		p.Problems = append(slices.Clip(p.Problems), why)
		unpriced = func(c view.Cell) view.Cell { return cluster.NeedsPrice(t, c, why) }
	}
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
		return figure(round(pct, 2), "%", budgetText(t, pct, st))
	}
	cols := []column{
		{view.Column{Key: "p-in", Title: t.T("pri.col.in")}, "", func(o offer, _ pricing.Cost) view.Cell {
			c := amountCell(o.Price.Input)
			c.Text += o.Stale
			return c
		}},
		{view.Column{Key: "p-read", Title: t.T("pri.col.read")}, "", func(o offer, _ pricing.Cost) view.Cell {
			return figure(o.Price.CacheRead*fx, cur.Code, cacheText(t, o.Price, amount))
		}},
		{view.Column{Key: "p-out", Title: t.T("pri.col.out")}, "", func(o offer, _ pricing.Cost) view.Cell {
			c := amountCell(o.Price.Output)
			c.Text += o.Stale
			return c
		}},
		{view.Column{Key: "c-req", Title: t.T("pri.col.req")}, "cost_per_request", func(_ offer, c pricing.Cost) view.Cell { return amountCell(c.PerRequest) }},
		{view.Column{Key: "c-day", Title: t.T("pri.col.day")}, "daily_cost", func(_ offer, c pricing.Cost) view.Cell { return amountCell(c.PerDay) }},
		{view.Column{Key: "c-month", Title: t.T("pri.col.month")}, "monthly_cost", func(_ offer, c pricing.Cost) view.Cell { return amountCell(c.PerMonth) }},
		{view.Column{Key: "b-day", Title: t.T("pri.in.bd")}, "daily_budget_pct", func(_ offer, c pricing.Cost) view.Cell {
			return budget(c.PerDay, s.DailyBudgetUSD)
		}},
		{view.Column{Key: "b-month", Title: t.T("pri.in.bm")}, "monthly_budget_pct", func(_ offer, c pricing.Cost) view.Cell {
			return budget(c.PerMonth, s.MonthlyBudgetUSD)
		}},
		{view.Column{Key: "be", Title: t.T("pri.col.be")}, "breakeven_mtok_per_month", func(_ offer, c pricing.Cost) view.Cell {
			if s.Cluster.NeedsPrice != "" {
				return unpriced(view.Cell{Unit: "Mtok/month"})
			}
			if be, ok := hosted.BreakEven(c.PerMTok); ok {
				return figure(round(be/1e6, 3), "Mtok/month", t.F("pri.tokens_month", "n", t.Count(be)))
			}
			return never("Mtok/month", t.T("pri.be.never"))
		}},
		{view.Column{Key: "pb", Title: t.T("pri.col.pb")}, "payback_months", func(_ offer, c pricing.Cost) view.Cell {
			if hosted.Capex == 0 {
				return figure(0, "months", t.T("pri.pb.rented"))
			}
			if s.Cluster.NeedsPrice != "" {
				return unpriced(view.Cell{Unit: "months"})
			}
			if pb, ok := hosted.PaybackMonths(c.PerMonth, volume); ok {
				return figure(round(pb, 2), "months", paybackText(t, pb, s.Years))
			}
			return never("months", t.T("pri.pb.never"))
		}},
	}
	// The API's name is a cell, not the row's label: the rows are
	// places that the scenario's APIs fill.
	tab := view.Table{ID: "compare", Title: t.F("pri.compare", "date", t.Date(s.Edition)), Corner: "#", Sortable: true, Named: true,
		Columns: []view.Column{{Key: "api", Title: "API"}}}
	for _, c := range cols {
		tab.Columns = append(tab.Columns, c.Column)
	}
	tab.Columns = append(tab.Columns, view.Column{Key: "rm", Title: t.T("pri.remove"), Toggle: keyAPIs})
	// The limit, before the claims' caveat: what the search may still add.
	tab.Note = t.F("pri.compared", "n", strconv.Itoa(len(s.APIs)), "max", strconv.Itoa(apicompare.MaxAPIs))
	offered := offers(s, d)
	p.Links = []view.Link{weightsLink(t, offered)}
	claims := false
	for i, o := range offered {
		note := o.Note
		if !o.Sold && o.compared() {
			note = t.F("pri.not_sold", "date", t.Date(s.Edition))
		}
		name := view.Cell{Key: o.Key + ".api", Value: float64(i), Text: o.Name, Note: note}
		if o.Claim && d.Defaults.ClaimsApart.Value == 1 {
			// However the table is sorted, a claim stays after the list prices.
			name.Order = view.Apart
			claims = true
		}
		row := view.Row{Label: strconv.Itoa(i + 1), Cells: []view.Cell{name}, Hidden: !o.compared()}
		billed := billNote(s, o)
		for _, c := range cols {
			// Unpriced rows say why, and stay last however the table is
			// sorted; hidden places show nothing.
			cell := view.Cell{Text: "–", Note: note, Order: view.Absent}
			if !o.compared() {
				cell.Text = ""
			}
			switch {
			case o.Sold && c.metric != "" && !o.Bill.Priced():
				// Listed, but the workload has no price here: its costs
				// feed no total or ranking, and the monthly cost says
				// what is missing (the others a dash, so that the
				// table keeps its width).
				text, why := unbilled(s, o)
				cell.Note = why
				if c.Key == "c-month" {
					cell.Text = text
				}
			case o.Sold:
				cell = c.cell(o, o.Bill.Cost)
				if c.Key == "c-month" {
					cell.Note = billed
				}
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
		row.Cells = append(row.Cells, removeCell(s, o))
		tab.Rows = append(tab.Rows, row)
	}
	if claims {
		tab.Note += " " + t.T("pri.claims_apart")
	}
	p.Tables = []view.Table{tab, claimsTable(s, offered), clusterTable(s, hosted, volume, unpriced)}
	s.Bands.Mark(t, p.Tables, s.bandOf)
	p.Explanation = s.Explanation()
	p.Charts = []chart.Chart{monthlyChart(s, offered), breakEvenChart(s, d, offered, hosted), historyChart(s, d, offered)}
	p.Headline = headline(s, offered, p.Page)
	// After the headline, which reads the results, not the search's 160 cells.
	p.Tables = append(p.Tables, findTable(s, d))
	return p
}

// unbilled is the text and note of a cost an offer has no price for:
// what is missing, in the words of a missing price.
func unbilled(s Scenario, o offer) (text, note string) {
	t, region := s.M, regionName(s.M, s.Workload.Region)
	switch o.Bill.Missing {
	case pricing.RegionUnavailable:
		return t.F("pri.bill.unavailable", "region", region), t.F("pri.bill.unavailable_note", "api", o.Name, "region", region)
	case pricing.RegionUnpriced:
		return t.F("pri.bill.region_unpriced", "region", region), t.F("pri.bill.region_unpriced_note", "api", o.Name, "region", region)
	case pricing.Cache1hUnpriced:
		return t.T("pri.bill.cache1h"), t.F("pri.bill.cache1h_note", "api", o.Name)
	}
	return t.T("tco.needs_price"), t.T("pri.err.shares")
}

// billNote says how an offer's bill was priced where the workload asks
// for more than its list prices: a region's uplift, and each way it was
// priced otherwise than asked (pricing.Note).
func billNote(s Scenario, o offer) string {
	t := s.M
	var notes []string
	if pct, why := o.Price.InRegion(s.Workload.Region); why == "" && pct != 0 {
		notes = append(notes, t.F("pri.bill.uplift", "pct", t.Num(pct, 0), "region", regionName(t, s.Workload.Region)))
	}
	for _, n := range o.Bill.Notes {
		switch n.Reason {
		case pricing.CacheAtInput:
			notes = append(notes, t.T("pri.bill.cache_at_input"))
		case pricing.WriteAtInput:
			notes = append(notes, t.T("pri.bill.write_at_input"))
		case pricing.ServiceAtStandard:
			notes = append(notes, t.F("pri.bill.service_at_standard", "tier", tierName(t, n.Service)))
		case pricing.ReasoningAtOutput:
			notes = append(notes, t.T("pri.bill.reasoning_at_output"))
		}
	}
	return strings.Join(notes, " ")
}

// tierName names a service tier in a sentence ("the batch tier").
func tierName(t *msg.Catalog, s pricing.Service) string {
	switch s {
	case pricing.Batch:
		return t.T("pri.tier.batch")
	case pricing.Flex:
		return t.T("pri.tier.flex")
	}
	return t.T("pri.tier.priority")
}

func cacheText(m *msg.Catalog, p pricing.Price, f func(float64) string) string {
	if p.CacheRead == 0 {
		return m.T("pri.no_discount")
	}
	t := f(p.CacheRead)
	if p.CacheWrite > 0 {
		t += m.F("pri.write", "price", f(p.CacheWrite))
	}
	return t
}

func budgetText(m *msg.Catalog, pct float64, st pricing.Status) string {
	switch st {
	case pricing.NoBudget:
		return m.T("pri.no_budget")
	case pricing.Warn:
		return m.F("pri.budget_warn", "pct", m.Num(pct, 1))
	case pricing.Alarm:
		// Words, not a sign: Debian's fonts draw U+26D4 as an empty box.
		return m.F("pri.budget_over", "pct", m.Num(pct, 1))
	}
	return m.Num(pct, 1) + " %"
}

// claimsTable sets a preset source's monthly costs beside the engine's:
// a column for each offer, shown only for those the source has a figure
// for, so that the table has no rows of dashes. Both amounts are written
// alike, to the cent.
func claimsTable(s Scenario, offered []offer) view.Table {
	t := view.Table{ID: "claims", Title: s.M.T("mem.claims"), Corner: s.M.T("pri.col.month"),
		Hidden: s.Preset == nil || len(s.Preset.Claims) == 0}
	src := view.Row{Label: s.M.T("pri.source_says")}
	ours := view.Row{Label: "InferCost"}
	ratio := view.Row{Label: s.M.T("pri.ratio")}
	amount := func(usd float64) (float64, string) { return round(usd*s.FX, 6), s.M.Precise(usd*s.FX, s.Currency) }
	for _, o := range offered {
		col := view.Column{Key: "cl-" + o.Key, Title: o.Name, Hidden: true}
		why := s.M.T("pri.no_claim")
		cs := [3]view.Cell{{Key: o.Key + ".cl-src", Text: "–", Note: why}, {Key: o.Key + ".cl-ours", Text: "–", Note: why}, {Key: o.Key + ".cl-ratio", Text: "–", Note: why}}
		for _, c := range claims(s) {
			if c.Option != o.ID || c.Metric != claimMetric || !o.Sold || !o.Bill.Priced() {
				continue
			}
			col.Hidden = false
			cost := o.Bill.PerMonth
			cs[0] = view.Cell{Key: cs[0].Key, Metric: "monthly_cost_claimed", Option: o.ID, Unit: s.Currency.Code}
			cs[0].Value, cs[0].Text = amount(c.Value)
			cs[1].Value, cs[1].Text = amount(cost)
			if cost > 0 {
				cs[2].Value, cs[2].Text = c.Value/cost, s.M.Num(c.Value/cost, 2)+"x"
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

// clusterTable shows what the self-hosted cluster costs and serves;
// unpriced is its cost cells when its price is unknown.
func clusterTable(s Scenario, c pricing.Cluster, volume float64, unpriced func(view.Cell) view.Cell) view.Table {
	cur, fx, t := s.Currency, s.FX, s.M
	cell := func(key string, v float64, text string) view.Cell {
		return view.Cell{Key: "h." + key, Value: v, Text: text}
	}
	rows := []view.Row{
		{Label: t.T("pri.h.month"), Help: t.T("pri.h.month_help"), Cells: []view.Cell{unpriced(cell("month", c.PerMonth*fx, t.Money(c.PerMonth*fx, cur)))}},
		{Label: t.T("pri.h.capacity"), Help: t.T("pri.h.capacity_help"),
			Cells: []view.Cell{unit(cell("capacity", c.TokensPerMonth, t.F("pri.tokens", "n", t.Count(c.TokensPerMonth))), "tokens/month")}},
		{Label: t.T("pri.h.volume"), Help: t.T("pri.h.volume_help"), Cells: []view.Cell{cell("volume", volume, t.F("pri.tokens", "n", t.Count(volume)))}},
		{Label: t.T("pri.h.clusters"), Cells: []view.Cell{cell("clusters", c.Clusters(volume), t.Num(c.Clusters(volume), 0))}},
		{Label: t.T("pri.h.cost"), Cells: []view.Cell{unpriced(cell("cost", c.CostAt(volume)*fx, t.Money(c.CostAt(volume)*fx, cur)))}},
	}
	return view.Table{ID: "cluster", Title: t.T("pri.h.title"), Corner: "", Columns: []view.Column{{Key: "h-val", Title: optionText(s)}}, Rows: rows}
}

func optionText(s Scenario) string {
	kind := s.M.T("tco.owned")
	if s.Cluster.Kind == "rent" {
		kind = s.M.T("tco.rented")
	}
	return strconv.Itoa(s.Cluster.Option.GPUs) + " x " + s.Cluster.GPU.Name + ", " + kind
}

func monthlyChart(s Scenario, offered []offer) chart.Chart {
	c := chart.Chart{ID: "chart-monthly", Title: s.M.T("pri.chart.monthly"), Desc: s.M.T("pri.chart.monthly_desc"),
		Kind: chart.Bars, Unit: s.Currency.Code}
	sr := chart.Series{ID: "monthly", Name: s.M.T("pri.col.month")}
	for _, o := range offered {
		if !o.Sold || !o.Bill.Priced() {
			continue
		}
		c.Categories = append(c.Categories, o.Name)
		sr.Values = append(sr.Values, round(o.Bill.PerMonth*s.FX, 2))
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

func breakEvenChart(s Scenario, d apicompare.Data, offered []offer, hosted pricing.Cluster) chart.Chart {
	c := chart.Chart{ID: "chart-breakeven", Title: s.M.T("pri.chart.be"),
		Desc: s.M.T("pri.chart.be_desc") + " " + s.M.T("pri.chart.band_desc"),
		Kind: chart.Lines, XName: s.M.T("pri.unit.tokens_month"), XMin: 1e6, XMax: 1e13, XLog: true, Unit: s.Currency.Code, YLog: true}
	api := chart.Series{ID: "api", Points: [][2]float64{}}
	// The API set against the cluster need not be among the compared.
	vs := offer{ID: s.Vs}
	if i := slices.IndexFunc(offered, func(o offer) bool { return o.ID == s.Vs }); i >= 0 {
		vs = offered[i]
	} else if m, ok := d.ModelByID(s.Vs); ok {
		vs.Name = d.Label(m)
		_, vs.Price, vs.Sold = s.Price(d, m.ID)
		vs.Bill = vs.Price.Bill(s.Workload)
	}
	for _, o := range []offer{vs} {
		api.Name = o.Name
		if !o.Sold || !o.Bill.Priced() {
			api.Hidden = true
			break
		}
		per := o.Bill.PerMTok
		for _, v := range volumes() {
			api.Points = append(api.Points, [2]float64{v, round(v/1e6*per*s.FX, 2)})
		}
		if be, ok := hosted.BreakEven(per); ok {
			api.Marks = []chart.Mark{{Name: s.M.T("tco.breakeven_mark"), X: round(be, 0)}}
		}
	}
	own := chart.Series{ID: "cluster", Name: s.M.F("pri.self_hosted", "option", optionText(s)), Points: [][2]float64{}}
	var ranges [][3]float64
	// An unpriced cluster has no cost line, and no break-even on the API's.
	if own.Hidden = s.Cluster.NeedsPrice != ""; own.Hidden {
		api.Marks = nil
	} else {
		for _, v := range volumes() {
			own.Points = append(own.Points, [2]float64{v, round(hosted.CostAt(v)*s.FX, 2)})
		}
		ranges = s.costRanges(hosted)
	}
	c.Series = []chart.Series{api, own}
	shade := chart.Bands(own, s.M.F("band.series", "series", own.Name), ranges)
	c.Series = append(c.Series, shade[:]...)
	return c
}

// costRanges is the clusters' monthly cost at each of the chart's
// volumes with an estimated capacity at either end of its band (the
// capacity cell's, band.Range): the fewest clusters where runs measured
// the most capacity, the most where they measured the least. None when
// the throughput is given rather than estimated.
func (s Scenario) costRanges(hosted pricing.Cluster) [][3]float64 {
	k, ok := s.bandOf("h.capacity")
	if !ok {
		return nil
	}
	b, ok := s.Bands.For(k.Kind)
	if !ok {
		return nil
	}
	tight, roomy := hosted, hosted
	tight.TokensPerMonth, roomy.TokensPerMonth = b.Range(hosted.TokensPerMonth)
	var ranges [][3]float64
	for _, v := range volumes() {
		ranges = append(ranges, [3]float64{v, round(roomy.CostAt(v)*s.FX, 2), round(tight.CostAt(v)*s.FX, 2)})
	}
	return ranges
}

// historyChart plots each compared model's output price over time, up
// to the scenario's edition: an old link shows the history it was made
// with. Its series are the comparison's places; an empty one is hidden.
// Its time axis spans the prices' period, from the first compared
// price's date to the edition, and at least a day, so that it never
// collapses to a point.
func historyChart(s Scenario, d apicompare.Data, offered []offer) chart.Chart {
	end := ms(s.Edition)
	c := chart.Chart{ID: "chart-history", Title: s.M.T("pri.chart.history"), Desc: s.M.T("pri.chart.history_desc"),
		Kind: chart.Lines, XTime: true, Step: true, Unit: s.Currency.Code, XMin: end - chart.Day, XMax: end}
	for _, o := range offered[:apicompare.MaxAPIs] {
		sr := chart.Series{ID: o.Key, Name: o.Name, Points: [][2]float64{}, Hidden: o.ID == ""}
		for _, r := range d.APIs.History(o.ID) {
			if r.From > s.Edition {
				break
			}
			sr.Points = append(sr.Points, [2]float64{ms(r.From), round(r.Output/d.UnitsPerUSD(r.Currency, s.CNYPerUSD)*s.FX, 4)})
		}
		if n := len(sr.Points); n > 0 && sr.Points[n-1][0] < end {
			sr.Points = append(sr.Points, [2]float64{end, sr.Points[n-1][1]})
		}
		if len(sr.Points) > 0 {
			c.XMin = min(c.XMin, sr.Points[0][0])
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
func weightsLink(t *msg.Catalog, offered []offer) view.Link {
	for _, o := range offered {
		if o.Weights != "" && o.Sold {
			return view.Link{ID: "weights", Label: t.F("pri.host", "api", o.Name), Path: "memory/", Query: "model=" + o.Weights}
		}
	}
	return view.Link{ID: "weights", Label: t.T("pri.host_any"), Path: "memory/", Hidden: true}
}

// unit returns c with its unit: a figure that may carry a band.
func unit(c view.Cell, u string) view.Cell {
	c.Unit = u
	return c
}

// bandOf is the kind of an estimated cell, by its key, when the cluster's
// throughput is estimated: its monthly capacity, as far off as the
// estimated throughput. The break-even volume is the cluster's monthly
// cost over the API's price, whatever the throughput; the estimate only
// decides whether it lies within the capacity, so its cells say so
// instead of carrying a band.
func (s Scenario) bandOf(key string) (band.Estimate, bool) {
	e := s.Cluster.Estimate
	if e == nil {
		return band.Estimate{}, false
	}
	switch {
	case key == "h.capacity":
		return band.Estimate{Kind: e.Kind(band.Throughput, float64(e.Load.Prompt), float64(e.Load.Output))}, true
	case strings.HasSuffix(key, ".be") && s.Cluster.NeedsPrice == "":
		return band.Estimate{None: "band.breakeven"}, true
	}
	return band.Estimate{}, false
}

// paybackText writes a payback in months and says when it comes after
// the period over which the cluster's capex is spread: within that
// period the cluster has not paid for itself.
func paybackText(t *msg.Catalog, months float64, years int) string {
	n := t.Num(months, 1)
	if months <= float64(12*years) {
		return t.F("pri.months", "n", n)
	}
	key := "pri.pb.beyond"
	if years == 1 {
		key = "pri.pb.beyond_one"
	}
	return t.F(key, "n", n, "years", strconv.Itoa(years))
}
