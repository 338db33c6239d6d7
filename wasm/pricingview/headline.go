package pricingview

import (
	"github.com/infercost/infercost/wasm/view"
)

// headline names the cheapest API for the workload (a vendor's claim is
// not a price, so it is left out) and the API the cluster is set
// against, with their monthly costs, and above which volume self-hosting
// pays, from the page's own cells.
func headline(s Scenario, offered []offer, p view.Page) view.Headline {
	c := p.CellsByKey()
	month := func(o offer) view.Cell { return c[o.Key+".c-month"] }
	var cheapest, vs *offer
	for i, o := range offered {
		if !o.Sold || o.Claim || month(o).Metric == "" {
			continue
		}
		if cheapest == nil || month(o).Value < month(*cheapest).Value {
			cheapest = &offered[i]
		}
		if o.ID == s.Vs {
			vs = &offered[i]
		}
	}
	t := s.M
	workload := t.F("pri.head.workload", "n", t.Num(s.Workload.RequestsPerDay, 0))
	if cheapest == nil {
		return view.Headline{Text: t.F("pri.head.none", "workload", workload)}
	}
	h := view.Headline{Text: t.F("pri.head.text", "workload", workload, "cost", month(*cheapest).Text, "api", cheapest.Name),
		Figures: []view.Figure{view.FigureOf(t.F("pri.head.per_month", "api", cheapest.Name), month(*cheapest))}}
	if vs != nil && vs != cheapest {
		h.Text += t.F("pri.head.and", "cost", month(*vs).Text, "api", vs.Name)
		h.Figures = append(h.Figures, view.FigureOf(t.F("pri.head.per_month", "api", vs.Name), month(*vs)))
	}
	h.Text += "."
	if vs != nil {
		if be := c[vs.Key+".be"]; be.Value > 0 {
			h.Text += t.F("pri.head.pays", "api", vs.Name, "volume", be.Text)
			h.Figures = append(h.Figures, view.FigureOf(t.T("pri.col.be"), be))
		}
	}
	return h
}
