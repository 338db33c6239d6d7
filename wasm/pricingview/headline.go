package pricingview

import (
	"github.com/infercost/infercost/wasm/money"
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
	workload := money.Group(s.Workload.RequestsPerDay, 0) + " requests a day"
	if cheapest == nil {
		return view.Headline{Text: "No API in this edition prices the workload of " + workload + "."}
	}
	h := view.Headline{Text: "The workload of " + workload + " costs " + month(*cheapest).Text + " a month on " + cheapest.Name + ", the cheapest API",
		Figures: []view.Figure{{Label: "Per month on " + cheapest.Name, Text: month(*cheapest).Text}}}
	if vs != nil && vs != cheapest {
		h.Text += ", and " + month(*vs).Text + " on " + vs.Name
		h.Figures = append(h.Figures, view.Figure{Label: "Per month on " + vs.Name, Text: month(*vs).Text})
	}
	h.Text += "."
	if vs != nil {
		if be := c[vs.Key+".be"]; be.Value > 0 {
			h.Text += " Self-hosting pays against " + vs.Name + " above " + be.Text + "."
			h.Figures = append(h.Figures, view.Figure{Label: "Self-hosting pays above", Text: be.Text})
		}
	}
	return h
}
