package memview

import (
	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/view"
)

// Page is everything the memory page shows for a scenario.
type Page struct {
	view.Page
	Scenario Scenario
	// Results are the engine's figures per option (architecture mode).
	Results [view.MaxOptions]memory.Result
}

// gib writes bytes as GiB to an estimate's 3 significant figures, in the
// language of m.
func gib(m *msg.Catalog, b float64) string { return m.Significant(b/memory.GiB, 3) + " GiB" }

// gb writes a size in GB (the seed article's rule) as gib does.
func gb(m *msg.Catalog, v float64) string { return m.Significant(v, 3) + " GB" }

// bytesText writes a per-token size in KiB or MiB, as gib does.
func bytesText(m *msg.Catalog, b float64) string {
	if b >= 1<<20 {
		return m.Significant(b/(1<<20), 3) + " MiB"
	}
	return m.Significant(b/1024, 3) + " KiB"
}

func optionTitle(s Scenario, o OptionInput) string {
	t := o.GPU.Name
	if n := o.Setup.GPUs(); n > 1 && !s.IsFlat() {
		t = strconv.Itoa(n) + " x " + t
	}
	return strings.ToUpper(o.Letter) + ": " + t
}

// Build runs the memory engine for every option and lays out the results.
func Build(s Scenario, d serving.Memory) Page {
	p := Page{Scenario: s, Page: view.Page{Query: s.Query, Inputs: s.Inputs, Problems: s.Problems, Ignored: s.Ignored}}
	var cols []view.Column
	for i, o := range s.Options {
		cols = append(cols, view.Column{Key: o.Letter, Title: optionTitle(s, o), Hidden: !o.Enabled})
		p.Groups = append(p.Groups, view.Group{Key: o.Letter, Title: optionTitle(s, o), Hidden: !o.Enabled})
		p.Results[i] = o.Setup.Compute()
	}
	p.Groups = append(p.Groups, s.Custom.Groups(s.M)...)
	cell := func(i int, metric string, v float64, unit, text string) view.Cell {
		c := view.Cell{Key: s.Options[i].Letter + "." + metric, Value: v, Unit: unit, Text: text}
		if s.Options[i].Enabled {
			c.Metric, c.Option = metric, s.Options[i].Letter
		}
		return c
	}
	row := func(label, help string, f func(i int, o OptionInput, r memory.Result) view.Cell) view.Row {
		rw := view.Row{Label: label, Help: help}
		for i, o := range s.Options {
			rw.Cells = append(rw.Cells, f(i, o, p.Results[i]))
		}
		return rw
	}
	results := view.Table{ID: "results", Title: s.M.F("mem.results", "model", s.modelName()), Corner: s.M.T("mem.per_gpu"), Columns: cols, Rows: resultRows(s, row, cell)}
	p.Tables = []view.Table{results, claimsTable(s, d, cols, cell), fitTable(s, d)}
	d.Bands.Mark(s.M, p.Tables, s.bandOf)
	s.gpusBands(d.Bands, p.Tables)
	p.Explanation = s.Explanation()
	p.Charts = []chart.Chart{memoryChart(s, p.Results), concurrencyChart(s, p.Results, d.Bands)}
	// The TCO link costs the GPUs option A needs (whatever the mode), so
	// every scenario has it.
	a := s.Options[0]
	q := "a.gpu=" + a.GPU.ID
	if a.GPU.ID == custom.ID {
		q += "&" + custom.GPUQuery(s.M, a.GPU)
	}
	if n, _, ok := gpusNeeded(s, a.Setup, a.MemoryGiB); ok {
		q += "&a.n=" + strconv.Itoa(n)
	}
	p.Links = []view.Link{{ID: "tco", Label: s.M.T("mem.tco_link"), Path: "tco/", Query: q}}
	p.Headline = headline(s, p.Page)
	return p
}

func (s Scenario) modelName() string {
	if s.IsFlat() {
		return s.M.T("mem.flat_name")
	}
	return s.Model.Name
}

type rowFunc = func(label, help string, f func(i int, o OptionInput, r memory.Result) view.Cell) view.Row
type cellFunc = func(i int, metric string, v float64, unit, text string) view.Cell

// resultRows are the results per option. Labels name no scenario value,
// since the page keeps them while the figures change; in flat mode each
// row shows the rule's own figure, in GB as the article counts.
func resultRows(s Scenario, row rowFunc, cell cellFunc) []view.Row {
	ctx, conc, f := s.Context, s.Concurrency, s.Flat
	// gibCell shows bytes per GPU, or in flat mode the rule's GB.
	gibCell := func(metric string, v func(r memory.Result) float64, flat func(gpuGB float64) float64) func(int, OptionInput, memory.Result) view.Cell {
		return func(i int, o OptionInput, r memory.Result) view.Cell {
			if s.IsFlat() {
				v := flat(o.MemoryGiB)
				return cell(i, metric, round(v*1e9/memory.GiB, 4), "GiB", gb(s.M, v))
			}
			b := v(r)
			return cell(i, metric, round(b/memory.GiB, 4), "GiB", gib(s.M, b))
		}
	}
	count := func(i int, metric string, n int, unit string) view.Cell {
		return cell(i, metric, float64(n), unit, s.M.Num(float64(n), 0))
	}
	return []view.Row{
		row(s.M.T("mem.row.weights"), s.M.T("mem.row.weights_help"), gibCell("weights_gib",
			func(r memory.Result) float64 { return r.Weights }, func(float64) float64 { return f.WeightsGB })),
		row(s.M.T("mem.row.activations"), s.M.T("mem.row.activations_help"), gibCell("activation_gib",
			func(r memory.Result) float64 { return r.Activations }, func(float64) float64 { return 0 })),
		row(s.M.T("mem.row.runtime"), s.M.T("mem.row.runtime_help"), gibCell("runtime_gib",
			func(r memory.Result) float64 { return r.Runtime }, func(float64) float64 { return f.ReserveGB })),
		row(s.M.T("mem.row.kv_pool"), s.M.T("mem.row.kv_pool_help"), func(i int, o OptionInput, r memory.Result) view.Cell {
			c := gibCell("kv_pool_gib", func(r memory.Result) float64 { return r.KVPool }, f.PoolGB)(i, o, r)
			if !s.IsFlat() {
				c.Text, c.Note = poolText(s.M, r.KVPool)
				if r.KVPool > 0 {
					c.Note = s.accounting(o, r)
				}
			}
			return c
		}),
		row(s.M.T("mem.row.kv_token"), s.M.T("mem.row.kv_token_help"), func(i int, _ OptionInput, r memory.Result) view.Cell {
			if s.IsFlat() {
				return cell(i, "kv_bytes_per_token", f.KVPerTokenGB*1e9, "bytes", gb(s.M, f.KVPerTokenGB))
			}
			return cell(i, "kv_bytes_per_token", r.KVBytesPerToken, "bytes", bytesText(s.M, r.KVBytesPerToken))
		}),
		row(s.M.T("mem.row.kv_capacity"), s.M.T("mem.row.kv_capacity_help"), func(i int, o OptionInput, r memory.Result) view.Cell {
			if s.IsFlat() {
				return count(i, "kv_capacity_tokens", f.CapacityTokens(o.MemoryGiB), "tokens")
			}
			return count(i, "kv_capacity_tokens", r.CapacityTokens, "tokens")
		}),
		row(s.M.T("mem.row.sequences"), s.M.T("mem.row.sequences_help"),
			func(i int, o OptionInput, r memory.Result) view.Cell {
				if s.IsFlat() {
					return count(i, "max_sequences", f.MaxSequences(o.MemoryGiB, ctx), "sequences")
				}
				return count(i, "max_sequences", o.Setup.MaxSequences(r, ctx), "sequences")
			}),
		row(s.M.T("mem.row.longest"), s.M.T("mem.row.longest_help"), func(i int, o OptionInput, r memory.Result) view.Cell {
			if s.IsFlat() {
				return count(i, "max_context", f.MaxContext(o.MemoryGiB, conc), "tokens")
			}
			return count(i, "max_context", o.Setup.MaxContext(r, conc), "tokens")
		}),
		row(s.M.T("mem.row.gpus"), s.M.T("mem.row.gpus_help"),
			func(i int, o OptionInput, r memory.Result) view.Cell {
				n, text, ok := gpusNeeded(s, o.Setup, o.MemoryGiB)
				if !ok {
					return cell(i, "gpus_needed", -1, "GPUs", text)
				}
				return cell(i, "gpus_needed", float64(n), "GPUs", text)
			}),
		row(s.M.T("mem.row.fits"), s.M.T("mem.row.fits_help"), func(i int, o OptionInput, r memory.Result) view.Cell {
			c := cell(i, "fits", 0, "bool", "")
			if s.IsFlat() {
				ok, short := f.Fits(o.MemoryGiB, ctx)
				c.Value, c.Text = 1, s.M.T("mem.yes")
				if !ok {
					c.Value, c.Text = 0, s.M.F("mem.short_gb", "gb", s.M.Significant(short, 3))
				}
				return c
			}
			return fitCell(s, o, r, c)
		}),
	}
}

// accounting says how the engine arrived at an option's KV pool, with
// its figures, for every engine but vLLM (whose rows above add up to it).
func (s Scenario) accounting(o OptionInput, r memory.Result) string {
	rt := o.Setup.Runtime
	key := poolNotes[s.Engine.ID]
	if key == "" {
		return ""
	}
	m := s.M
	return m.F(key, "engine", s.Engine.Name, "f", m.Num(rt.Utilization, 3), "w", m.Num(rt.Wiggle, 2),
		"mem", gib(m, o.Setup.GPUMemory), "weights", gib(m, r.Weights), "act", gib(m, r.Activations), "runtime", gib(m, r.Runtime),
		"headroom", gib(m, r.Headroom))
}

// poolText writes a KV-cache pool, or "does not fit" when the weights,
// activations and runtime leave none, with a note that says by how much.
func poolText(m *msg.Catalog, pool float64) (text, note string) {
	if pool > 0 {
		return gib(m, pool), ""
	}
	return m.T("mem.no_fit"), m.F("mem.no_fit_note", "gib", gib(m, -pool))
}

func poolCell(m *msg.Catalog, key string, pool float64) view.Cell {
	c := view.Cell{Key: key, Value: pool}
	c.Text, c.Note = poolText(m, pool)
	return c
}

// gpusNeeded returns the GPUs that hold the scenario's concurrent
// sequences with setup a (or, in flat mode, by the rule on GPUs of gpuGB),
// and how the page writes them; ok is false when no count up to
// memory.MaxGPUs does.
func gpusNeeded(s Scenario, a memory.Setup, gpuGB float64) (int, string, bool) {
	return gpusNeededAt(s, a, gpuGB, 1)
}

// gpusNeededAt is gpusNeeded with each GPU's KV pool scale times the
// estimate (memory.GPUsNeededAt).
func gpusNeededAt(s Scenario, a memory.Setup, gpuGB, scale float64) (int, string, bool) {
	none := s.M.F("mem.more_than", "n", strconv.Itoa(memory.MaxGPUs))
	if s.IsFlat() {
		n, ok := s.Flat.GPUsNeededAt(gpuGB, s.Context, s.Concurrency, scale)
		if !ok {
			if fits, _ := s.Flat.Fits(gpuGB, s.Context); !fits {
				none = s.M.T("mem.none_fits")
			}
			return 0, none, false
		}
		return n, strconv.Itoa(n), true
	}
	n, tp, pp, ok := memory.GPUsNeededAt(a, s.Context, s.Concurrency, scale)
	if !ok {
		return 0, none, false
	}
	return n, parallelText(n, tp, pp), true
}

func parallelText(n, tp, pp int) string {
	t := strconv.Itoa(n)
	if n > 1 {
		t += " (TP " + strconv.Itoa(tp)
		if pp > 1 {
			t += ", PP " + strconv.Itoa(pp)
		}
		t += ")"
	}
	return t
}

// fitCell says whether the option fits and, if not, by how much and what
// would make it fit.
func fitCell(s Scenario, o OptionInput, r memory.Result, c view.Cell) view.Cell {
	ok, short := o.Setup.Fits(r, s.Context)
	if ok {
		c.Value, c.Text = 1, s.M.T("mem.yes")
		return c
	}
	c.Value = 0
	var ways []string
	if n, tp, pp, found := memory.GPUsNeeded(o.Setup, s.Context, 1); found {
		ways = append(ways, s.M.F("mem.way.gpus", "n", parallelText(n, tp, pp)))
	}
	for _, f := range memory.WeightFormats {
		if f.Bytes >= o.Setup.Weights.Bytes {
			continue
		}
		t := o.Setup
		t.Weights = f
		if fits, _ := t.Fits(t.Compute(), s.Context); fits {
			ways = append(ways, s.M.F("mem.way.weights", "format", serving.FormatLabel(s.M, f)))
			break
		}
	}
	if o.Setup.KV.Bytes > 1 {
		t := o.Setup
		t.KV = memory.KVFormats[1]
		if fits, _ := t.Fits(t.Compute(), s.Context); fits {
			ways = append(ways, s.M.T("mem.way.fp8"))
		}
	}
	c.Text = s.M.F("mem.short", "gib", gib(s.M, short))
	if len(ways) > 0 {
		c.Text += s.M.F("mem.fits_with", "ways", strings.Join(ways, s.M.T("mem.or")))
	}
	return c
}

// claimsTable sets a preset source's batch sizes beside the rule of thumb
// and beside a real 7B model's architecture on the same GPUs.
func claimsTable(s Scenario, d serving.Memory, cols []view.Column, cell cellFunc) view.Table {
	t := view.Table{ID: "claims", Title: s.M.T("mem.claims"), Corner: s.M.T("mem.per_gpu"), Columns: cols,
		Hidden: s.Preset == nil || len(s.Preset.Claims) == 0}
	claimed := view.Row{Label: s.M.T("mem.claims.claimed")}
	flat := view.Row{Label: s.M.T("mem.claims.flat")}
	arch := view.Row{Label: s.M.T("mem.claims.arch")}
	llama, _ := d.Models.Find("llama-2-7b")
	int8, _ := memory.FindFormat(memory.WeightFormats, "int8")
	for i, o := range s.Options {
		l := o.Letter
		claimed.Cells = append(claimed.Cells, view.Cell{Key: l + ".max_sequences_claimed", Text: "–", Note: s.M.T("mem.claims.none")})
		if !t.Hidden {
			for _, c := range s.Preset.Claims {
				if c.Option == l && c.Metric == "max_sequences" {
					claimed.Cells[i] = cell(i, "max_sequences_claimed", c.Value, "sequences", s.M.Num(c.Value, 0))
				}
			}
		}
		gb := o.GPU.MemoryGB.Value
		if s.IsFlat() {
			gb = o.MemoryGiB // the article's GPU sizes, as entered
		}
		n := s.Flat.MaxSequences(gb, s.Context)
		flat.Cells = append(flat.Cells, view.Cell{Key: l + ".max_sequences_flat", Value: float64(n), Unit: "sequences", Text: strconv.Itoa(n)})
		a := d.OnGPU(llama, int8, memory.KVFormats[0], o.GPU, 1)
		m := a.MaxSequences(a.Compute(), s.Context)
		arch.Cells = append(arch.Cells, view.Cell{Key: l + ".max_sequences_arch", Value: float64(m), Unit: "sequences", Text: strconv.Itoa(m)})
	}
	t.Rows = []view.Row{claimed, flat, arch}
	return t
}

// fitTable runs the scenario's model on one GPU of every kind. Its
// answer, the GPUs the sequences need, comes first; a column that reads
// the same on every GPU (the weights, or "does not fit" when none holds
// the model) is said once in the note instead (sayCommonOnce).
func fitTable(s Scenario, d serving.Memory) view.Table {
	t := view.Table{ID: "fit", Title: s.M.F("mem.fit", "model", s.modelName()), Corner: "GPU"}
	t.Columns = []view.Column{
		{Key: "fit-need", Title: s.M.F(plural(s.Concurrency, "mem.fit.need_one", "mem.fit.need"), "n", strconv.Itoa(s.Concurrency))},
		{Key: "fit-seqs", Title: s.M.F("mem.fit.seqs", "n", s.M.Num(float64(s.Context), 0))},
		{Key: "fit-pool", Title: s.M.T("mem.row.kv_pool")}, {Key: "fit-w", Title: s.M.T("mem.fit.weights")}}
	a := s.Options[0].Setup
	for _, g := range d.GPUs.GPUs {
		key := func(m string) string { return "fit." + g.ID + "." + m }
		rw := view.Row{Label: g.Vendor + " " + g.Name}
		if s.IsFlat() {
			mem := g.MemoryGB.Value
			n := s.Flat.MaxSequences(mem, s.Context)
			need, needText, _ := gpusNeeded(s, a, mem)
			pool := s.Flat.PoolGB(mem)
			rw.Cells = []view.Cell{{Key: key("need"), Value: float64(need), Text: needText},
				{Key: key("seqs"), Value: float64(n), Text: strconv.Itoa(n)}, {Key: key("pool"), Value: pool, Text: gb(s.M, pool)},
				{Key: key("w"), Value: s.Flat.WeightsGB, Text: gb(s.M, s.Flat.WeightsGB)}}
			t.Rows = append(t.Rows, rw)
			continue
		}
		util := a.Runtime.Utilization
		a = d.OnGPU(a.Model, a.Weights, a.KV, g, 1)
		a.Runtime.Utilization = util
		r := a.Compute()
		n := a.MaxSequences(r, s.Context)
		need, needText, _ := gpusNeeded(s, a, 0)
		rw.Cells = []view.Cell{
			{Key: key("need"), Value: float64(need), Text: needText},
			{Key: key("seqs"), Value: float64(n), Text: s.M.Num(float64(n), 0)},
			poolCell(s.M, key("pool"), r.KVPool),
			{Key: key("w"), Value: r.Weights, Text: gib(s.M, r.Weights)},
		}
		t.Rows = append(t.Rows, rw)
	}
	sayCommonOnce(s.M, &t)
	return t
}

// sayCommonOnce hides each column after the first (the answer, always
// shown) whose text is the same on every row of t, and names it with
// that text in t's note: repeated on every row it hid the answer.
func sayCommonOnce(m *msg.Catalog, t *view.Table) {
	if len(t.Rows) < 2 {
		return
	}
	var same []string
	for i := 1; i < len(t.Columns); i++ {
		text := t.Rows[0].Cells[i].Text
		if !slices.ContainsFunc(t.Rows, func(r view.Row) bool { return r.Cells[i].Text != text }) {
			t.Columns[i].Hidden = true
			same = append(same, m.F("mem.fit.same_one", "column", t.Columns[i].Title, "text", text))
		}
	}
	if len(same) > 0 {
		t.Note = m.F("mem.fit.same", "list", strings.Join(same, "; "))
	}
}

func memoryChart(s Scenario, res [view.MaxOptions]memory.Result) chart.Chart {
	c := chart.Chart{ID: "chart-memory", Title: s.M.T("mem.chart.memory"), Desc: s.M.T("mem.chart.memory_desc"),
		Kind: chart.Stacked, Unit: "GiB"}
	f := s.Flat
	// Each part in bytes, from the engine's result or, in flat mode, from
	// the rule's GB on a GPU of gpuGB; the rule has no activations and no
	// headroom.
	items := []struct {
		id, name string
		v        func(r memory.Result) float64
		flat     func(gpuGB float64) float64
	}{
		{"weights", s.M.T("mem.series.weights"), func(r memory.Result) float64 { return r.Weights }, func(float64) float64 { return f.WeightsGB * 1e9 }},
		{"activations", s.M.T("mem.series.activations"), func(r memory.Result) float64 { return r.Activations }, nil},
		{"runtime", s.M.T("mem.series.runtime"), func(r memory.Result) float64 { return r.Runtime }, func(float64) float64 { return f.ReserveGB * 1e9 }},
		{"kv", s.M.T("mem.series.kv"), func(r memory.Result) float64 { return math.Max(r.KVPool, 0) },
			func(gb float64) float64 { return math.Max(f.PoolGB(gb), 0) * 1e9 }},
		{"headroom", s.M.T("mem.series.headroom"), func(r memory.Result) float64 { return r.Headroom }, nil},
	}
	var idx []int
	for i, o := range s.Options {
		if o.Enabled {
			idx = append(idx, i)
			c.Categories = append(c.Categories, optionTitle(s, o))
		}
	}
	for _, it := range items {
		sr := chart.Series{ID: it.id, Name: it.name, Values: make([]float64, len(idx)), Hidden: s.IsFlat() && it.flat == nil}
		for j, i := range idx {
			switch {
			case !s.IsFlat():
				sr.Values[j] = round(it.v(res[i])/memory.GiB, 2)
			case it.flat != nil:
				sr.Values[j] = round(it.flat(s.Options[i].MemoryGiB)/memory.GiB, 2)
			}
		}
		c.Series = append(c.Series, sr)
	}
	return c
}

// concurrencyChart plots the sequences that fit against the context
// length, doubling from 512 tokens to the model's limit, each line
// shaded with the KV capacity's band, as the table's sequences are.
func concurrencyChart(s Scenario, res [view.MaxOptions]memory.Result, bands band.Table) chart.Chart {
	maxCtx := 1 << 17
	if !s.IsFlat() && s.Model.MaxContext > 0 {
		maxCtx = max(s.Model.MaxContext, 1024)
	}
	c := chart.Chart{ID: "chart-concurrency", Title: s.M.T("mem.chart.concurrency"),
		Desc: s.M.T("mem.chart.concurrency_desc") + " " + s.M.T("mem.chart.band_desc"), Kind: chart.Lines,
		XName: s.M.T("mem.unit.tokens"), XMin: 512, XMax: float64(maxCtx), XLog: true, Unit: s.M.T("mem.unit.sequences")}
	for i, o := range s.Options {
		sr := chart.Series{ID: o.Letter, Name: optionTitle(s, o), Points: [][2]float64{}, Hidden: !o.Enabled}
		if o.Enabled {
			for ctx := 512; ctx <= maxCtx; ctx *= 2 {
				n := 0
				if s.IsFlat() {
					n = s.Flat.MaxSequences(o.MemoryGiB, ctx)
				} else {
					n = o.Setup.MaxSequences(res[i], ctx)
				}
				sr.Points = append(sr.Points, [2]float64{float64(ctx), float64(n)})
			}
		}
		c.Series = append(c.Series, sr)
	}
	// After the lines, which keep their options' colours (a band takes
	// its line's); one name for all, so that the legend lists them once.
	// Each option's band is its GPU's (an AMD GPU may have its own).
	for _, sr := range c.Series[:len(s.Options)] {
		k, _ := s.bandOf(sr.ID + ".max_sequences")
		shade := bands.Series(s.M.T("band.series_all"), sr, k.Kind)
		c.Series = append(c.Series, shade[:]...)
	}
	return c
}

func round(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

// plural returns key one for n = 1, else key many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// bandOf is the kind of an estimated cell of the results, by its key:
// the KV cache and what it holds, as far off as the KV capacity at
// start-up has been (the capacity has no workload but the model's kind),
// and the GPUs that hold the scenario's sequences, fewer as the capacity
// per GPU is larger (the band inverted, in whole GPUs).
func (s Scenario) bandOf(key string) (band.Estimate, bool) {
	letter, metric, _ := strings.Cut(key, ".")
	k := band.Kind{Metric: band.KVCapacity, MoE: !s.IsFlat() && s.Model.Experts > 0}
	if i := slices.IndexFunc(s.Options[:], func(o OptionInput) bool { return o.Letter == letter }); i >= 0 {
		k.Platform = band.PlatformOf(s.Options[i].GPU.Vendor)
	}
	switch metric {
	case "kv_pool_gib", "kv_capacity_tokens", "max_sequences", "max_context", "max_sequences_arch":
		return band.Estimate{Kind: k}, true
	}
	return band.Estimate{}, false
}

// gpusBands gives each option's GPUs needed its band (tables, after the
// others are marked): the GPUs needed with the KV capacity per GPU at
// either end of the range measured capacities put it in
// (band.Table.AtBounds of the capacity's kind). Scaling the count as the
// capacity's reciprocal would not do: the count is whole, and one GPU for
// a model that takes a third of it would read as one to two.
func (s Scenario) gpusBands(bands band.Table, tables []view.Table) {
	options := map[string]OptionInput{}
	for _, o := range s.Options {
		options[o.Letter] = o
	}
	for ti := range tables {
		for ri := range tables[ti].Rows {
			cells := tables[ti].Rows[ri].Cells
			for ci, c := range cells {
				letter, metric, _ := strings.Cut(c.Key, ".")
				if metric != "gpus_needed" {
					continue
				}
				o := options[letter]
				k, _ := s.bandOf(letter + ".kv_capacity_tokens")
				var ok bool
				cells[ci], ok = bands.AtBounds(s.M, c, k.Kind, "band.note_gpus", func(scale float64) (float64, bool) {
					n, _, found := gpusNeededAt(s, o.Setup, o.MemoryGiB, scale)
					return float64(n), found
				})
				if !ok {
					cells[ci].BandNote = s.M.F("mem.band.beyond", "n", strconv.Itoa(memory.MaxGPUs))
				}
				cells[ci] = band.InCounts(s.M, cells[ci])
			}
		}
	}
}
