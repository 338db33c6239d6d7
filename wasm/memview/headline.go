package memview

import (
	"strings"

	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/view"
)

// headline says how many GPUs each option needs for the concurrent
// sequences at the context length (in the source's flat mode, how many
// sequences one GPU holds), from the page's own cells.
func headline(s Scenario, p view.Page) view.Headline {
	cells := p.CellsByKey()
	var h view.Headline
	var parts []string
	for _, o := range s.Options {
		if !o.Enabled {
			continue
		}
		name := strings.ToUpper(o.Letter) + " (" + o.GPU.Name + ")"
		if s.IsFlat() {
			seqs := cells[o.Letter+".max_sequences"].Text
			parts = append(parts, name+" "+seqs)
			h.Figures = append(h.Figures, view.Figure{Label: "Sequences on one " + o.GPU.Name, Text: seqs})
			continue
		}
		gpus := cells[o.Letter+".gpus_needed"].Text
		parts = append(parts, name+" "+gpus)
		h.Figures = append(h.Figures, view.Figure{Label: "GPUs needed, " + name, Text: gpus})
	}
	if s.IsFlat() {
		h.Text = "By the source's rule of thumb, one GPU holds this many sequences of " + money.Group(float64(s.Context), 0) + " tokens: " +
			strings.Join(parts, "; ") + "."
		return h
	}
	h.Text = "To hold " + money.Group(float64(s.Concurrency), 0) + " sequences of " + money.Group(float64(s.Context), 0) + " tokens of " +
		s.modelName() + ", the GPUs needed are: " + strings.Join(parts, "; ") + "."
	return h
}
