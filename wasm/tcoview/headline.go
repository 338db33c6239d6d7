package tcoview

import (
	"math"
	"strings"

	"github.com/infercost/infercost/wasm/tco"
	"github.com/infercost/infercost/wasm/view"
)

// headline names the option with the lowest cost per output token, how
// much less it costs than the next cheapest, and, when that is option A,
// when their cumulative costs cross (the comparison table's cell). An
// option whose price is unknown has no cost to compare: the headline
// says it is left out.
func headline(s Scenario, res [MaxOptions]tco.Result, p view.Page) view.Headline {
	h := rank(s, res, p)
	if u, n := s.unpriced(); n > 0 {
		key := "tco.head.left_out_one"
		if n > 1 {
			key = "tco.head.left_out_many"
		}
		h.Text = strings.TrimSpace(h.Text + s.M.F(key, "options", u))
	}
	return h
}

// rank is the headline of the options with a cost per token.
func rank(s Scenario, res [MaxOptions]tco.Result, p view.Page) view.Headline {
	best, next := -1, -1
	for i, o := range s.Options {
		c := res[i].USDPerMTok
		if !o.Enabled || o.NeedsPrice != "" || !(c > 0) || math.IsInf(c, 0) {
			continue
		}
		switch {
		case best < 0 || c < res[best].USDPerMTok:
			best, next = i, best
		case next < 0 || c < res[next].USDPerMTok:
			next = i
		}
	}
	years := period(s)
	if best < 0 {
		if _, n := s.unpriced(); n > 0 {
			return view.Headline{}
		}
		return view.Headline{Text: s.M.T("tco.head.none")}
	}
	name := func(i int) string {
		return strings.ToUpper(s.Options[i].Letter) + " (" + optionTitle(s.M, s.Options[i]) + ")"
	}
	cells := p.CellsByKey()
	cell := func(i int, metric string) view.Cell { return cells[s.Options[i].Letter+"."+metric] }
	cost := func(i int) string { return cell(i, "cost_per_mtok").Text }
	h := view.Headline{Text: servedModel(s) + s.M.F("tco.head.text", "years", years, "option", name(best), "cost", cost(best)),
		Figures: []view.Figure{
			view.FigureOf(s.M.F("tco.head.cost", "option", strings.ToUpper(s.Options[best].Letter)), cell(best, "cost_per_mtok")),
			view.FigureOf(s.M.F("tco.head.tco", "years", years, "option", strings.ToUpper(s.Options[best].Letter)), cell(best, "tco")),
		}}
	if next < 0 {
		h.Text += "."
		return h
	}
	less := (1 - res[best].USDPerMTok/res[next].USDPerMTok) * 100
	h.Text += s.M.F("tco.head.less", "pct", s.M.Num(less, 0), "option", name(next), "cost", cost(next))
	h.Figures = append(h.Figures, view.Figure{Label: s.M.F("tco.head.less_label", "option", strings.ToUpper(s.Options[next].Letter)), Text: s.M.Num(less, 0) + " %"})
	if be := cell(best, "breakeven_months"); next == 0 && be.Value > 0 {
		h.Text += s.M.F("tco.head.over_time", "breakeven", be.Text)
		h.Figures = append(h.Figures, view.FigureOf(s.M.T("tco.breakeven"), be))
	}
	return h
}

// servedModel names the model every option's throughput is estimated for,
// and its precision, or each option's where they differ (precisionNote
// says what that trades); "" unless every option is estimated for one
// model, as the default scenario is.
func servedModel(s Scenario) string {
	model := ""
	for _, o := range s.Enabled() {
		if o.Estimate == nil || o.Precision == "" || model != "" && o.Estimate.Setup.Model.Name != model {
			return ""
		}
		model = o.Estimate.Setup.Model.Name
	}
	if parts := precisionParts(s); len(parts) > 1 {
		return s.M.F("tco.head.serving_mixed", "model", model, "parts", strings.Join(parts, "; "))
	}
	return s.M.F("tco.head.serving", "model", model, "precision", strings.ToUpper(s.Enabled()[0].Precision))
}
