package memview

import (
	"strings"

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
			seqs := cells[o.Letter+".max_sequences"]
			parts = append(parts, name+" "+seqs.Text)
			h.Figures = append(h.Figures, view.FigureOf(s.M.F("mem.head.seqs", "gpu", o.GPU.Name), seqs))
			continue
		}
		gpus := cells[o.Letter+".gpus_needed"]
		parts = append(parts, name+" "+gpus.Text)
		h.Figures = append(h.Figures, view.FigureOf(s.M.F("mem.head.gpus", "option", name), gpus))
	}
	if s.IsFlat() {
		h.Text = s.M.F("mem.head.flat", "context", s.M.Num(float64(s.Context), 0), "parts", strings.Join(parts, "; "))
		return h
	}
	h.Text = s.M.F("mem.head.text", "n", s.M.Num(float64(s.Concurrency), 0), "context", s.M.Num(float64(s.Context), 0),
		"model", s.modelName(), "parts", strings.Join(parts, "; "))
	return h
}
