package pricingview

import (
	"github.com/infercost/infercost/wasm/apicompare"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/view"
)

// MaxFound is how many models the search lists at most: its rows are
// that many places, like the comparison's.
const MaxFound = 20

// findSection is the key of the form's fieldset of the search.
const findSection = "pri.find"

func alnum(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }

// Find is the search of the catalog: words of the name or id, a
// provider, open weights only, the least context window and the dearest
// output price (USD per 1M tokens; 0 for any).
type Find struct {
	Words      []string
	Provider   string
	Open       bool
	MinContext int
	MaxOutput  float64
}

// readFind reads the search's fields.
func readFind(r *scenario.Resolver, d apicompare.Data, s Scenario) Find {
	var f Find
	t := r.M
	section := t.T(findSection)
	q := r.Choice(scenario.Field{Key: "q", Label: t.T("pri.find.q"), Section: section, Words: true,
		Help: t.T("pri.find.q_help")})
	if q != "" {
		f.Words = strings.Fields(q)
	}
	// The index, shared by every page, holds "Any provider" in English.
	provs := slices.Clone(indexOf(d, s.Edition).provs)
	provs[0].Label = t.T("pri.find.any_provider")
	f.Provider = r.Choice(scenario.Field{Key: "prov", Label: t.T("pri.find.prov"), Section: section, Default: "", Choices: provs})
	f.Open = r.Choice(scenario.Field{Key: "open", Label: t.T("pri.find.open"), Section: section, Default: "",
		Choices: []scenario.Choice{{Value: "", Label: t.T("pri.find.any")}, {Value: "1", Label: t.T("pri.find.open_only")}},
		Help:    t.T("pri.find.open_help")}) == "1"
	f.MinContext = r.Int(scenario.Field{Key: "ctx", Label: t.T("pri.find.ctx"), Unit: t.T("mem.unit.tokens"), Section: section,
		Min: 0, Max: 1e8, Default: "0", Help: t.T("pri.find.ctx_help")})
	f.MaxOutput = r.Number(scenario.Field{Key: "maxout", Label: t.T("pri.find.maxout"), Unit: t.F("pri.unit.per_mtok", "code", s.Currency.Code),
		Section: section, Min: 0, Max: 1e10, Money: true, Default: "0", Help: t.T("pri.find.maxout_help")}) / s.FX
	return f
}

// found is a model the search lists, with its price on the edition.
type found struct {
	model int // index in the catalog's models
	price int // index in the catalog's price rows
	out   float64
	open  bool
	rank  int // see index.rank
}

// index is what the search reads of each model of a catalog, and the
// catalog's editions: built once, as the catalog never changes, and its
// price rows once per edition. It saves a keystroke most of the search's
// time.
type index struct {
	models     *apiprices.Model // the catalog's first model: its identity
	date       string
	ids, names []string // lower case; names with the provider's
	// plain are the lower-case names alone, slugs the ids without the
	// provider's prefix of imported ids ("gpt-5" of "openai.gpt-5"):
	// what the search ranks by.
	plain, slugs []string
	open         []bool
	// twin is, for a model the price dataset lists a second time under
	// its vendor's path (see twinOf), the index of the named model, -1
	// for others.
	twin []int
	rows []int // the price row in force on date, -1 for none
	// hidden marks the twins the search leaves out on date.
	hidden []bool
	// provs are the provider filter's choices: any, then by name.
	provs []scenario.Choice
	// changes are the editions on which prices changed.
	changes []string
}

var (
	indexMu sync.Mutex
	last    *index
)

// indexOf returns the index of d's catalog on the date.
func indexOf(d apicompare.Data, date string) *index {
	indexMu.Lock()
	defer indexMu.Unlock()
	x := catalogIndex(d)
	if x.date != date || x.rows == nil {
		y := *x
		y.date, y.rows = date, d.APIs.RowsOn(date)
		y.hidden = hideTwins(d, y.twin, y.rows)
		last = &y
	}
	return last
}

// changesOf returns the editions on which d's prices changed
// (apiprices.Catalog.Changes), which every change of the page reads.
func changesOf(d apicompare.Data) []string {
	indexMu.Lock()
	defer indexMu.Unlock()
	return catalogIndex(d).changes
}

// catalogIndex returns the index of d's catalog, built if the last one is
// another catalog's; the caller holds indexMu.
func catalogIndex(d apicompare.Data) *index {
	ms := d.APIs.Models
	var first *apiprices.Model
	if len(ms) > 0 {
		first = &ms[0]
	}
	if last != nil && last.models == first {
		return last
	}
	x := &index{models: first, ids: make([]string, len(ms)), names: make([]string, len(ms)), plain: make([]string, len(ms)),
		slugs: make([]string, len(ms)), open: make([]bool, len(ms)), twin: make([]int, len(ms)), changes: d.APIs.Changes()}
	for i, m := range ms {
		x.ids[i], x.names[i] = scenario.Lower(m.ID), scenario.Lower(d.APIs.Provider(m.Provider).Name+" "+m.Name)
		x.plain[i], x.slugs[i] = scenario.Lower(m.Name), strings.TrimPrefix(x.ids[i], m.Provider+".")
		x.open[i] = apicompare.IsOpen(d.OpenWeights, x.ids[i], x.names[i])
		x.twin[i] = -1
		// A few hundred models have a path for a name: a scan each,
		// once per catalog, costs less of the module than a map.
		if id := twinOf(m); id != "" {
			x.twin[i] = slices.IndexFunc(ms, func(n apiprices.Model) bool { return n.ID == id })
		}
	}
	x.provs = []scenario.Choice{{Value: "", Label: msg.English.T("pri.find.any_provider")}}
	for _, p := range d.APIs.Providers {
		x.provs = append(x.provs, scenario.Choice{Value: p.ID, Label: p.Name})
	}
	// By insertion: a generic sort would add 7 KB to the module.
	for i := 2; i < len(x.provs); i++ {
		for j := i; j > 1 && scenario.Lower(x.provs[j].Label) < scenario.Lower(x.provs[j-1].Label); j-- {
			x.provs[j], x.provs[j-1] = x.provs[j-1], x.provs[j]
		}
	}
	last = x
	return x
}

// twinOf returns the id of the model that m may repeat: the price
// dataset lists some models of a provider twice, named ("LFM 7B",
// openrouter.lfm-7b) and, without a name, by their vendor's path, which
// the importer (gen/importprices) then takes as the name
// ("liquid/lfm-7b", openrouter.liquid-lfm-7b). Such a model repeats the
// one whose id the importer would make of the path's last part; "" for
// a model named otherwise.
func twinOf(m apiprices.Model) string {
	i := strings.LastIndexByte(m.Name, '/')
	if i < 0 || strings.ContainsRune(m.Name, ' ') {
		return ""
	}
	b := []byte(scenario.Lower(m.Name[i+1:]))
	for j, c := range b {
		if !alnum(c) && c != '.' && c != '_' && c != '-' {
			b[j] = '-'
		}
	}
	return m.Provider + "." + strings.Trim(string(b), "-")
}

// hideTwins returns which models the search leaves out, with rows the
// price rows in force: of a model and its twins sold, all but the one
// whose price is the newest (the later start, then the later check; of
// equals the named model).
func hideTwins(d apicompare.Data, twin, rows []int) []bool {
	hidden := make([]bool, len(twin))
	newer := func(a, b int) bool {
		p, q := &d.APIs.Prices[rows[a]], &d.APIs.Prices[rows[b]]
		return p.From > q.From || p.From == q.From && p.AsOf > q.AsOf
	}
	// kept is, by the named model, the one of its group kept: the
	// named if sold, then any twin with a newer price.
	kept := make([]int, len(twin))
	for i := range kept {
		kept[i] = -1
		if rows[i] >= 0 {
			kept[i] = i
		}
	}
	for i, n := range twin {
		if n >= 0 && rows[i] >= 0 && (kept[n] < 0 || newer(i, kept[n])) {
			kept[n] = i
		}
	}
	for i, n := range twin {
		if n >= 0 && kept[n] >= 0 {
			hidden[i], hidden[n] = i != kept[n], n != kept[n]
		}
	}
	return hidden
}

// rank is how well a model, by its index in x, matches the query q
// (the search's words, lower case): 0 its id or name is q, 1 its name
// or id starts with q, 2 its name holds q, 3 the words occur elsewhere
// (its provider, or apart). An empty query ranks every model alike.
func (x *index) rank(i int, q string) int {
	name, slug := x.plain[i], x.slugs[i]
	switch {
	case q == "" || name == q || slug == q || x.ids[i] == q || x.names[i] == q:
		return 0
	case strings.HasPrefix(name, q) || strings.HasPrefix(slug, q):
		return 1
	case strings.Contains(name, q):
		return 2
	}
	return 3
}

// search returns the first MaxFound of the catalog's models sold on the
// edition that match f (from the edition with twins_once, one of a model
// and its twins: see hideTwins), and how many match. Name matches come
// first (see rank), then the cheapest output (then by name). It keeps
// only those places, not a sorted list of every match: most searches
// match hundreds of models.
func search(s Scenario, d apicompare.Data, f Find) ([]found, int) {
	x := indexOf(d, s.Edition)
	q := strings.Join(f.Words, " ")
	// From the edition with claims_apart, a vendor's claim ranks after
	// every list price: it is not one.
	apart := d.Defaults.ClaimsApart.Value == 1
	once := d.Defaults.TwinsOnce.Value == 1
	less := func(a, b found) bool {
		ma, mb := &d.APIs.Models[a.model], &d.APIs.Models[b.model]
		if apart && ma.Claim != mb.Claim {
			return mb.Claim
		}
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.out < b.out || a.out == b.out && ma.Name < mb.Name
	}
	top := make([]found, 0, MaxFound)
	n := 0
	for i := range d.APIs.Models {
		m, pi := &d.APIs.Models[i], x.rows[i]
		if pi < 0 || once && x.hidden[i] || f.Provider != "" && m.Provider != f.Provider || m.Context < f.MinContext || f.Open && !x.open[i] {
			continue
		}
		row := &d.APIs.Prices[pi]
		usd := row.Output
		if row.Currency != "USD" { // most rows are in US dollars
			usd /= d.UnitsPerUSD(row.Currency, s.CNYPerUSD)
		}
		if f.MaxOutput > 0 && usd > f.MaxOutput || !allIn(f.Words, x.ids[i], x.names[i]) {
			continue
		}
		n++
		fd := found{model: i, price: pi, out: usd, open: x.open[i], rank: x.rank(i, q)}
		if len(top) == MaxFound {
			if !less(fd, top[MaxFound-1]) {
				continue
			}
			top = top[:MaxFound-1]
		}
		// Into its place (slices.Insert would add to the module).
		top = append(top, fd)
		for j := len(top) - 1; j > 0 && less(fd, top[j-1]); j-- {
			top[j], top[j-1] = top[j-1], fd
		}
	}
	return top, n
}

// allIn reports whether every word occurs in id or name.
func allIn(words []string, id, name string) bool {
	for _, w := range words {
		if !strings.Contains(name, w) && !strings.Contains(id, w) {
			return false
		}
	}
	return true
}

// findTable lists the search's first MaxFound models, each with a button
// that adds it to the comparison or removes it.
func findTable(s Scenario, d apicompare.Data) view.Table {
	all, n := search(s, d, s.Find)
	m := s.M
	title := "pri.found"
	if len(s.Find.Words) > 0 {
		title = "pri.found_q" // ranked by name (see rank)
	}
	t := view.Table{ID: "find", Title: m.F(title, "n", m.Count(float64(n)), "date", m.Date(s.Edition)),
		Corner: "#", Named: true, Columns: []view.Column{{Key: "f-name", Title: m.T("mem.in.model")}, {Key: "f-prov", Title: m.T("pri.find.prov")},
			{Key: "f-in", Title: m.T("pri.col.in")}, {Key: "f-out", Title: m.T("pri.col.out")}, {Key: "f-asof", Title: m.T("pri.f.asof")},
			{Key: "f-ctx", Title: m.T("pri.f.ctx")}, {Key: "f-open", Title: m.T("pri.f.open")}, {Key: "f-act", Title: m.T("pri.f.act"), Toggle: keyAPIs}}}
	if more := n - len(all); more > 0 {
		t.Note = m.F("pri.f.more", "n", m.Count(float64(more)))
	} else if n == 0 {
		t.Note = m.T("pri.f.none")
	}
	amount := func(usd float64) view.Cell {
		return view.Cell{Value: round(usd*s.FX, 6), Text: s.M.Precise(usd*s.FX, s.Currency)}
	}
	t.Rows = make([]view.Row, 0, MaxFound)
	for i := range MaxFound {
		key := "find" + strconv.Itoa(i+1) + "."
		var cells []view.Cell
		if i >= len(all) {
			cells = make([]view.Cell, len(t.Columns))
		} else {
			fd := all[i]
			m, row := d.APIs.Models[fd.model], d.APIs.Prices[fd.price]
			p := row.USD(d.UnitsPerUSD(row.Currency, s.CNYPerUSD))
			cells = []view.Cell{{Text: m.Name, Note: s.M.F("pri.f.id", "id", m.ID)}, {Text: d.APIs.Provider(m.Provider).Name}, amount(p.Input), amount(p.Output),
				{Text: s.M.Date(row.AsOf)}, {Value: float64(m.Context), Text: s.M.T("pri.f.not_stated")}, {Text: s.M.T("pri.f.no")}, toggle(s, m.ID)}
			if m.Context > 0 {
				cells[5].Text = s.M.F("pri.tokens", "n", s.M.Count(float64(m.Context)))
			}
			if m.Claim && d.Defaults.ClaimsApart.Value == 1 {
				cells[0].Text += s.M.T("pri.claim")
			}
			if fd.open {
				cells[6].Value, cells[6].Text = 1, s.M.T("pri.f.yes")
			}
		}
		for j := range cells {
			cells[j].Key = key + t.Columns[j].Key
		}
		t.Rows = append(t.Rows, view.Row{Label: strconv.Itoa(i + 1), Cells: cells, Hidden: i >= len(all)})
	}
	return t
}

// toggle is the cell of a model's button: its text, and as its Option
// the compared list (apis=) after the click; Value 1 when the model is
// compared. A full comparison's button is disabled (no Option).
func toggle(s Scenario, id string) view.Cell {
	if i := slices.Index(s.APIs, id); i >= 0 {
		rest := slices.Delete(slices.Clone(s.APIs), i, i+1)
		return view.Cell{Value: 1, Text: s.M.T("pri.f.remove"), Option: strings.Join(rest, ",")}
	}
	if len(s.APIs) >= apicompare.MaxAPIs {
		return view.Cell{Text: s.M.F("pri.f.full", "n", strconv.Itoa(apicompare.MaxAPIs))}
	}
	return view.Cell{Text: s.M.T("pri.f.add"), Option: strings.Join(append(slices.Clone(s.APIs), id), ",")}
}
