package tcoview

import (
	"math"
	"strings"

	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/tco"
	"github.com/infercost/infercost/wasm/view"
)

// headline names the option with the lowest cost per output token, how
// much less it costs than the next cheapest, and, when that is option A,
// when their cumulative costs cross (the comparison table's cell).
func headline(s Scenario, res [MaxOptions]tco.Result, p view.Page) view.Headline {
	best, next := -1, -1
	for i, o := range s.Options {
		c := res[i].USDPerMTok
		if !o.Enabled || !(c > 0) || math.IsInf(c, 0) {
			continue
		}
		switch {
		case best < 0 || c < res[best].USDPerMTok:
			best, next = i, best
		case next < 0 || c < res[next].USDPerMTok:
			next = i
		}
	}
	years := money.Plural(s.Years, "year")
	if best < 0 {
		return view.Headline{Text: "No option produces tokens: give one a throughput to compare the cost per token."}
	}
	name := func(i int) string {
		return strings.ToUpper(s.Options[i].Letter) + " (" + optionTitle(s.Options[i]) + ")"
	}
	cost := func(i int) string { return money.Format(res[i].USDPerMTok*s.FXPerUSD, s.Currency) }
	h := view.Headline{Text: "Over " + years + ", " + name(best) + " costs " + cost(best) + " per million output tokens",
		Figures: []view.Figure{
			{Label: "Cost per 1M output tokens, " + strings.ToUpper(s.Options[best].Letter), Text: cost(best)},
			{Label: "TCO over " + years + ", " + strings.ToUpper(s.Options[best].Letter), Text: money.Format(res[best].TCOUSD*s.FXPerUSD, s.Currency)},
		}}
	if next < 0 {
		h.Text += "."
		return h
	}
	less := (1 - res[best].USDPerMTok/res[next].USDPerMTok) * 100
	h.Text += ", " + money.Group(less, 0) + " % less than " + name(next) + " at " + cost(next) + "."
	h.Figures = append(h.Figures, view.Figure{Label: "Less per token than " + strings.ToUpper(s.Options[next].Letter), Text: money.Group(less, 0) + " %"})
	if be := p.CellsByKey()[s.Options[best].Letter+".breakeven_months"]; next == 0 && be.Value > 0 {
		h.Text += " Over time it " + be.Text + "."
		h.Figures = append(h.Figures, view.Figure{Label: "Break-even with A", Text: be.Text})
	}
	return h
}
