package pricingview

import (
	"github.com/infercost/infercost/wasm/pricing"
	"github.com/infercost/infercost/wasm/view"
)

// headline names the cheapest API for the workload (a vendor's claim is
// not a price, so it is left out) and the API the cluster is set
// against, with their monthly costs, and above which volume self-hosting
// pays, from the page's own cells.
func headline(s Scenario, offered []offer, p view.Page) view.Headline {
	c := p.CellsByKey()
	month := func(o offer) view.Cell { return c[o.Key+".c-month"] }
	cheapest := cheapestOffer(offered, func(o offer) (float64, bool) { return month(o).Value, month(o).Metric != "" })
	var vs *offer
	for i, o := range offered {
		if o.ID == s.Vs && o.Sold && !o.Claim && month(o).Metric != "" {
			vs = &offered[i]
		}
	}
	t := s.M
	workload := t.F("pri.head.workload", "n", t.Num(s.Workload.RequestsPerDay, 0))
	if cheapest == nil {
		if w := s.Workload.Region; w != "" && w != pricing.Global {
			return view.Headline{Text: t.F("pri.head.none_region", "workload", workload, "region", regionName(t, w))}
		}
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
		switch be := c[vs.Key+".be"]; {
		case be.Value > 0:
			h.Text += t.F("pri.head.pays", "api", vs.Name, "volume", be.Text, "option", clusterServing(s))
			h.Figures = append(h.Figures, view.FigureOf(t.T("pri.col.be"), be))
		case be.Order == view.Infinite:
			// The question the break-even chart asks has an answer too.
			h.Text += t.F("pri.head.never", "api", vs.Name, "option", clusterServing(s))
		}
	}
	return h
}

// cheapestOffer returns the priced offer that costs least a month, by
// cost, the first of equals; nil when none is priced. A vendor's claim is
// not a list price, so it is never the cheapest.
func cheapestOffer(offered []offer, cost func(offer) (float64, bool)) *offer {
	var best *offer
	least := 0.0
	for i, o := range offered {
		v, ok := cost(o)
		if !o.Sold || o.Claim || !ok {
			continue
		}
		if best == nil || v < least {
			best, least = &offered[i], v
		}
	}
	return best
}

// clusterServing names the self-hosted cluster with the model whose
// throughput it is sized by, when estimated: what a title asking about
// self-hosting a model is answered with.
func clusterServing(s Scenario) string {
	if e := s.Cluster.Estimate; e != nil {
		return s.M.F("pri.head.serving", "model", e.Setup.Model.Name, "cluster", optionText(s))
	}
	return optionText(s)
}
