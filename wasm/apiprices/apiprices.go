// Package apiprices is the catalog of hosted LLM APIs: providers, models
// and their prices per million tokens as a history, each price valid from a
// date. An edition is a date: the prices valid on it.
package apiprices

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/pricing"
)

// Provider is a company selling API access.
type Provider struct {
	ID   string `yaml:"id" json:"id"`
	Name string `yaml:"name" json:"name"`
	Note string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Model is a model as an API sells it.
type Model struct {
	ID       string `yaml:"id" json:"id"`
	Provider string `yaml:"provider" json:"provider"`
	Name     string `yaml:"name" json:"name"`
	// Context is the context window in tokens, 0 where the source does
	// not state it.
	Context int `yaml:"context,omitempty" json:"context,omitempty"`
	// Claim marks prices that only the vendor states (a reseller's).
	Claim bool   `yaml:"claim,omitempty" json:"claim,omitempty"`
	Note  string `yaml:"note,omitempty" json:"note,omitempty"`
	// DatasetID is the model's id in the imported price dataset,
	// "provider/model": on a model of the hand-kept catalog, the
	// dataset's rows for it continue its history (see Merge).
	DatasetID string `yaml:"dataset_id,omitempty" json:"-"`
	// Weights is the id of the open-weights model of the model catalog
	// (models.yaml) that the API serves, so that self-hosting the same
	// model can be compared with buying it; empty for closed models.
	Weights string `yaml:"weights,omitempty" json:"weights,omitempty"`
}

// Rates are prices per million tokens in a row's currency. CacheWrite is
// the price of a write to the provider's default (5-minute) cache,
// CacheWrite1h to its 1-hour cache; Reasoning the price of hidden
// reasoning tokens where the provider prices them apart from output.
type Rates struct {
	Input        float64 `yaml:"input" json:"input"`
	CacheRead    float64 `yaml:"cache_read,omitempty" json:"cache_read,omitempty"`
	CacheWrite   float64 `yaml:"cache_write,omitempty" json:"cache_write,omitempty"`
	CacheWrite1h float64 `yaml:"cache_write_1h,omitempty" json:"cache_write_1h,omitempty"`
	Output       float64 `yaml:"output" json:"output"`
	Reasoning    float64 `yaml:"reasoning,omitempty" json:"reasoning,omitempty"`
}

// Service is a service tier's prices for a model (batch, flex or
// priority: pricing.Services), from its own source.
type Service struct {
	Service string `yaml:"service" json:"service"`
	Rates   `yaml:",inline" json:",inline"`
	Source  string `yaml:"source" json:"source"`
	AsOf    string `yaml:"as_of" json:"as_of"`
}

// Region is what processing a model's requests in a region costs: an
// uplift in percent on every token price, or unavailable where the
// provider does not serve the model there; from its own source.
type Region struct {
	Region      string  `yaml:"region" json:"region"`
	UpliftPct   float64 `yaml:"uplift_pct,omitempty" json:"uplift_pct,omitempty"`
	Unavailable bool    `yaml:"unavailable,omitempty" json:"unavailable,omitempty"`
	Source      string  `yaml:"source" json:"source"`
	AsOf        string  `yaml:"as_of" json:"as_of"`
}

// MaxUpliftPct bounds a regional uplift: the published ones are 10 to
// 25 %.
const MaxUpliftPct = 100

// Tier is a long-context price for requests above AboveInputTokens.
type Tier struct {
	AboveInputTokens int `yaml:"above_input_tokens" json:"above_input_tokens"`
	Rates            `yaml:",inline" json:",inline"`
	Unconfirmed      bool `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
}

// PriceRow is a model's price from a date (inclusive) until the model's
// next row, or Until (exclusive) when set.
type PriceRow struct {
	Model            string `yaml:"model" json:"model"`
	From             string `yaml:"from" json:"from"`
	Until            string `yaml:"until,omitempty" json:"until,omitempty"`
	Rates            `yaml:",inline" json:",inline"`
	BatchDiscountPct float64 `yaml:"batch_discount_pct,omitempty" json:"batch_discount_pct,omitempty"`
	Tiers            []Tier  `yaml:"tiers,omitempty" json:"tiers,omitempty"`
	// Services are the model's service tiers priced apart (a batch
	// discount is BatchDiscountPct); a tier absent has no price.
	Services []Service `yaml:"services,omitempty" json:"services,omitempty"`
	// Regions are the regions where the model's processing has a
	// published price, or is not offered; a region absent has no price.
	Regions     []Region `yaml:"regions,omitempty" json:"regions,omitempty"`
	Currency    string   `yaml:"currency" json:"currency"`
	Source      string   `yaml:"source" json:"source"`
	AsOf        string   `yaml:"as_of" json:"as_of"`
	Unconfirmed bool     `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
	// Announced marks a price that starts after the day the data was
	// written, as its vendor announced it. Only such a row may start
	// after the day of the build, and its start is no default edition.
	Announced bool `yaml:"announced,omitempty" json:"announced,omitempty"`
	// Note says what the row is, in English, and NoteDE in German, which
	// German pages show (the methodology's price table).
	Note   string `yaml:"note,omitempty" json:"note,omitempty"`
	NoteDE string `yaml:"note_de,omitempty" json:"note_de,omitempty"`
}

// USD returns the row as an engine price in US dollars, with unitsPerUSD
// units of the row's currency to the dollar.
func (p PriceRow) USD(unitsPerUSD float64) pricing.Price {
	conv := func(r Rates) pricing.Rates {
		return pricing.Rates{Input: r.Input / unitsPerUSD, CacheRead: r.CacheRead / unitsPerUSD,
			CacheWrite: r.CacheWrite / unitsPerUSD, Output: r.Output / unitsPerUSD,
			CacheWrite1h: r.CacheWrite1h / unitsPerUSD, Reasoning: r.Reasoning / unitsPerUSD}
	}
	out := pricing.Price{Rates: conv(p.Rates), BatchDiscountPct: p.BatchDiscountPct}
	for _, t := range p.Tiers {
		out.Tiers = append(out.Tiers, pricing.Tier{AboveInputTokens: t.AboveInputTokens, Rates: conv(t.Rates)})
	}
	for _, s := range p.Services {
		out.Services = append(out.Services, pricing.ServiceRates{Service: pricing.Service(s.Service), Rates: conv(s.Rates)})
	}
	for _, r := range p.Regions {
		out.Regions = append(out.Regions, pricing.RegionPrice{Region: r.Region, UpliftPct: r.UpliftPct, Unavailable: r.Unavailable})
	}
	return out
}

// Catalog is the contents of the API data file.
type Catalog struct {
	Sources   fact.Sources `yaml:"sources" json:"sources"`
	Providers []Provider   `yaml:"providers" json:"providers"`
	Models    []Model      `yaml:"models" json:"models"`
	Prices    []PriceRow   `yaml:"prices" json:"prices"`
	// Shortlist is what the pricing page compares by default: slots,
	// each a list of models, newest first, of which the first sold on
	// the scenario's date fills the slot (see Shortlisted).
	Shortlist [][]string `yaml:"shortlist,omitempty" json:"shortlist,omitempty"`
}

// Provider returns the provider with the given id.
func (c Catalog) Provider(id string) Provider {
	for _, p := range c.Providers {
		if p.ID == id {
			return p
		}
	}
	return Provider{ID: id, Name: id}
}

// Editions returns the dates on which prices changed, oldest first: the
// editions a scenario can pin.
func (c Catalog) Editions() []string {
	var eds []string
	for _, p := range c.Prices {
		eds = append(eds, p.From)
		if p.Until != "" {
			eds = append(eds, p.Until)
		}
	}
	slices.Sort(eds)
	return slices.Compact(eds)
}

// Changes returns the editions on which published prices changed, oldest
// first: Editions without the days that only start announced prices.
func (c Catalog) Changes() []string {
	announced := map[string]bool{}
	for _, p := range c.Prices {
		if p.Announced {
			announced[p.From] = true
		}
	}
	for _, p := range c.Prices {
		if !p.Announced {
			delete(announced, p.From)
		}
	}
	var out []string
	for _, e := range c.Editions() {
		if !announced[e] {
			out = append(out, e)
		}
	}
	return out
}

// PriceOn returns the model's price valid on the date (YYYY-MM-DD), if
// the model was sold then. Dates compare as strings.
func (c Catalog) PriceOn(model, date string) (PriceRow, bool) {
	var best PriceRow
	found := false
	for _, i := range c.rowsOf(model) {
		p := c.Prices[i]
		if p.From > date || (p.Until != "" && date >= p.Until) {
			continue
		}
		if !found || p.From > best.From {
			best, found = p, true
		}
	}
	return best, found
}

// modelRows holds, for one Prices slice, the places of each model's rows
// in it, in order. The pricing page looks up a dozen models' prices on
// every change; scanning the imported catalog's thousands of rows for
// each took a third of the page's computation. Only the rows' Model is
// indexed: their dates and prices are read where they are, so a row
// edited in place (as the price import does) is read as it is now.
type modelRows struct {
	first *PriceRow // the slice's identity, with its length
	n     int
	rows  map[string][]int32
}

// lastRows is the index of the Prices slice read last: the page reads one
// edition's catalog at a time.
var lastRows atomic.Pointer[modelRows]

// rowsOf returns the places in c.Prices of the model's rows, in order.
func (c Catalog) rowsOf(model string) []int32 {
	if len(c.Prices) == 0 {
		return nil
	}
	x := lastRows.Load()
	if x == nil || x.first != &c.Prices[0] || x.n != len(c.Prices) {
		x = &modelRows{first: &c.Prices[0], n: len(c.Prices), rows: map[string][]int32{}}
		for i, p := range c.Prices {
			x.rows[p.Model] = append(x.rows[p.Model], int32(i))
		}
		lastRows.Store(x)
	}
	return x.rows[model]
}

// RowsOn returns, for each of Models, the index in Prices of its price
// valid on the date, or -1: PriceOn for every model in one pass.
func (c Catalog) RowsOn(date string) []int {
	byID := make(map[string]int, len(c.Models))
	out := make([]int, len(c.Models))
	for i, m := range c.Models {
		byID[m.ID], out[i] = i, -1
	}
	for i, p := range c.Prices {
		m, ok := byID[p.Model]
		if !ok || p.From > date || (p.Until != "" && date >= p.Until) {
			continue
		}
		if j := out[m]; j < 0 || p.From > c.Prices[j].From {
			out[m] = i
		}
	}
	return out
}

// Regions returns the regions that the prices valid on the date price or
// refuse, sorted: what a region input offers besides global. Only the
// few models with a row naming a region are looked up (PriceOn), not
// every model's price on the date: the pricing page asks on every change.
func (c Catalog) Regions(date string) []string {
	var out []string
	var seen []string // models looked up
	for _, p := range c.Prices {
		if len(p.Regions) == 0 || p.From > date || slices.Contains(seen, p.Model) {
			continue
		}
		seen = append(seen, p.Model)
		row, _ := c.PriceOn(p.Model, date)
		for _, r := range row.Regions {
			if !slices.Contains(out, r.Region) {
				out = append(out, r.Region)
			}
		}
	}
	slices.Sort(out)
	return out
}

// History returns the model's rows, oldest first.
func (c Catalog) History(model string) []PriceRow {
	idx := c.rowsOf(model)
	rows := make([]PriceRow, len(idx))
	for i, j := range idx {
		rows[i] = c.Prices[j]
	}
	slices.SortFunc(rows, func(a, b PriceRow) int {
		if a.From < b.From {
			return -1
		}
		if a.From > b.From {
			return 1
		}
		return 0
	})
	return rows
}

// MaxUnitsPerMTok bounds every API price, in a row's currency per
// million tokens: the dearest published prices are a few hundred dollars
// (a few thousand yuan).
const MaxUnitsPerMTok = 10000

// MaxContext bounds a model's context window and a tier's threshold, in
// tokens.
const MaxContext = 1e8

// Validate checks every row: ids, plain-text names, known providers,
// models, sources and currencies; dates, none after today (YYYY-MM-DD,
// the day of the build) unless announced; prices within
// [0, MaxUnitsPerMTok], long-context tiers included; and that no two
// periods of a model overlap.
func (c Catalog) Validate(currencies []string, today string) error {
	errs := c.Sources.Validate()
	providers, models := map[string]bool{}, map[string]bool{}
	for i, p := range c.Providers {
		entry := fmt.Sprintf("providers[%d] %q", i, p.ID)
		if msg := fact.ID(p.ID); msg != "" {
			errs = append(errs, fact.Errorf(entry, "id", "%s", msg))
		} else if providers[p.ID] {
			errs = append(errs, fact.Errorf(entry, "id", "duplicate id"))
		}
		if msg := fact.PlainText(p.Name); msg != "" {
			errs = append(errs, fact.Errorf(entry, "name", "%s", msg))
		}
		providers[p.ID] = true
	}
	for i, m := range c.Models {
		entry := fmt.Sprintf("models[%d] %q", i, m.ID)
		if !providers[m.Provider] {
			errs = append(errs, fact.Errorf(entry, "provider", "unknown provider %q", m.Provider))
		}
		if msg := fact.ID(m.ID); msg != "" {
			errs = append(errs, fact.Errorf(entry, "id", "%s", msg))
		} else if models[m.ID] {
			errs = append(errs, fact.Errorf(entry, "id", "duplicate id"))
		}
		if msg := fact.PlainText(m.Name); msg != "" {
			errs = append(errs, fact.Errorf(entry, "name", "%s", msg))
		}
		if msg := fact.InRange(float64(m.Context), 0, MaxContext); msg != "" {
			errs = append(errs, fact.Errorf(entry, "context", "%s", msg))
		}
		models[m.ID] = true
	}
	for i, slot := range c.Shortlist {
		for _, id := range slot {
			if !models[id] {
				errs = append(errs, fact.Errorf(fmt.Sprintf("shortlist[%d]", i), "", "unknown model %q", id))
			}
		}
	}
	date := func(s string) bool { _, err := time.Parse(time.DateOnly, s); return err == nil }
	for i, p := range c.Prices {
		entry := fmt.Sprintf("prices[%d] %q from %s", i, p.Model, p.From)
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		if !models[p.Model] {
			bad("model", "unknown model %q", p.Model)
		}
		if _, ok := c.Sources[p.Source]; !ok {
			bad("source", "unknown or missing source %q", p.Source)
		}
		if !date(p.From) {
			bad("from", "want a date YYYY-MM-DD, got %q", p.From)
		} else if p.From > today && !p.Announced {
			bad("from", "%s is after the build date; mark an announced price announced: true", p.From)
		}
		if p.Until != "" && (!date(p.Until) || p.Until <= p.From) {
			bad("until", "want a date after from, got %q", p.Until)
		}
		if !date(p.AsOf) {
			bad("as_of", "want a date YYYY-MM-DD, got %q", p.AsOf)
		}
		if !slices.Contains(currencies, p.Currency) {
			bad("currency", "unknown currency %q", p.Currency)
		}
		rates := func(prefix string, r Rates) {
			for _, f := range []struct {
				name string
				v    float64
			}{{"input", r.Input}, {"cache_read", r.CacheRead}, {"cache_write", r.CacheWrite}, {"cache_write_1h", r.CacheWrite1h},
				{"output", r.Output}, {"reasoning", r.Reasoning}} {
				if msg := fact.InRange(f.v, 0, MaxUnitsPerMTok); msg != "" {
					bad(prefix+f.name, "%s", msg)
				}
			}
			if !(r.Input+r.Output > 0) {
				bad(prefix+"input", "input or output must be positive")
			}
		}
		rates("", p.Rates)
		above := 0
		for j, t := range p.Tiers {
			prefix := fmt.Sprintf("tiers[%d].", j)
			rates(prefix, t.Rates)
			if msg := fact.InRange(float64(t.AboveInputTokens), 1, MaxContext); msg != "" {
				bad(prefix+"above_input_tokens", "%s", msg)
			} else if t.AboveInputTokens <= above {
				bad(prefix+"above_input_tokens", "tiers must rise: %d follows %d", t.AboveInputTokens, above)
			}
			above = t.AboveInputTokens
		}
		if msg := fact.InRange(p.BatchDiscountPct, 0, 99.999); msg != "" {
			bad("batch_discount_pct", "%g is outside [0, 100)", p.BatchDiscountPct)
		}
		sourced := func(prefix, source, asOf string) {
			if _, ok := c.Sources[source]; !ok {
				bad(prefix+"source", "unknown or missing source %q", source)
			}
			if !date(asOf) {
				bad(prefix+"as_of", "want a date YYYY-MM-DD, got %q", asOf)
			}
		}
		seen := map[string]bool{}
		for j, s := range p.Services {
			prefix := fmt.Sprintf("services[%d].", j)
			switch {
			case !slices.Contains(pricing.Services, pricing.Service(s.Service)):
				bad(prefix+"service", "want one of batch, flex, priority, got %q", s.Service)
			case seen[s.Service]:
				bad(prefix+"service", "%s is priced twice", s.Service)
			case s.Service == string(pricing.Batch) && p.BatchDiscountPct > 0:
				bad(prefix+"service", "batch is priced both here and by batch_discount_pct")
			}
			seen[s.Service] = true
			rates(prefix, s.Rates)
			sourced(prefix, s.Source, s.AsOf)
		}
		for j, r := range p.Regions {
			prefix := fmt.Sprintf("regions[%d].", j)
			switch msg := fact.ID(r.Region); {
			case msg != "":
				bad(prefix+"region", "%s", msg)
			case r.Region == pricing.Global:
				bad(prefix+"region", "global is the list price itself, not a region")
			case seen["region "+r.Region]:
				bad(prefix+"region", "%s is priced twice", r.Region)
			}
			seen["region "+r.Region] = true
			if msg := fact.InRange(r.UpliftPct, 0, MaxUpliftPct); msg != "" {
				bad(prefix+"uplift_pct", "%s", msg)
			} else if r.Unavailable && r.UpliftPct != 0 {
				bad(prefix+"uplift_pct", "an unavailable region has no uplift")
			}
			sourced(prefix, r.Source, r.AsOf)
		}
	}
	// Rows by model, once: the dataset has over a thousand models.
	byModel := map[string][]PriceRow{}
	for _, p := range c.Prices {
		byModel[p.Model] = append(byModel[p.Model], p)
	}
	for _, m := range c.Models {
		rows := byModel[m.ID]
		slices.SortFunc(rows, func(a, b PriceRow) int { return strings.Compare(a.From, b.From) })
		for i := 1; i < len(rows); i++ {
			prev, cur := rows[i-1], rows[i]
			if cur.From == prev.From || (prev.Until != "" && prev.Until > cur.From) {
				errs = append(errs, fact.Errorf(fmt.Sprintf("prices %q from %s", m.ID, cur.From), "from",
					"overlaps the period from %s", prev.From))
			}
		}
	}
	return errors.Join(errs...)
}

// Since returns the day from which row's list prices have been charged
// without a break: row.From, or the From of the first of the rows before
// it that charged the same list prices (sameList), each in force on the
// day before the next one started. A row that only adds prices a
// standard request does not pay (1-hour cache writes, reasoning, service
// tiers, regions) starts no new price, so the page does not date it from
// that row. Dates compare as text (YYYY-MM-DD), without package time,
// whose parsing and formatting would add 30 KB gzip to the browser
// module.
func (c Catalog) Since(row PriceRow) string {
	since := row.From
	for {
		// The row in force the day before since: the latest to start
		// before it that had not ended by then (Until is the first day
		// without the row).
		var before PriceRow
		found := false
		for _, i := range c.rowsOf(row.Model) {
			p := c.Prices[i]
			if p.From < since && (p.Until == "" || p.Until >= since) && (!found || p.From > before.From) {
				before, found = p, true
			}
		}
		if !found || !before.sameList(row) {
			return since
		}
		since = before.From
	}
}

// sameList reports whether two rows have the same list prices: what a
// standard request pays (input, cache reads and 5-minute writes, output,
// long-context tiers), in the same currency.
func (p PriceRow) sameList(q PriceRow) bool {
	list := func(r Rates) [4]float64 { return [4]float64{r.Input, r.CacheRead, r.CacheWrite, r.Output} }
	if list(p.Rates) != list(q.Rates) || p.Currency != q.Currency || len(p.Tiers) != len(q.Tiers) {
		return false
	}
	for i := range p.Tiers {
		if p.Tiers[i].AboveInputTokens != q.Tiers[i].AboveInputTokens || list(p.Tiers[i].Rates) != list(q.Tiers[i].Rates) {
			return false
		}
	}
	return true
}

// SamePrice reports whether two rows charge the same: rates, tiers and
// currency.
func (p PriceRow) SamePrice(q PriceRow) bool {
	if p.Rates != q.Rates || p.Currency != q.Currency || len(p.Tiers) != len(q.Tiers) {
		return false
	}
	for i := range p.Tiers {
		if p.Tiers[i].AboveInputTokens != q.Tiers[i].AboveInputTokens || p.Tiers[i].Rates != q.Tiers[i].Rates {
			return false
		}
	}
	return true
}

// Merge returns the hand-kept catalog c with the imported dataset ds
// layered under it. A model of c with a DatasetID takes the dataset's
// model of that id; c may also hold rows for a dataset's model by its
// id, without a model of its own (to give it service tiers and regions,
// say). Either way the hand-kept rows win over their span, from the
// first to the last, on their own dates too; the dataset's rows before
// it stand, and those after it continue the model's history, but for
// a dataset row that charges what the row in force already charges,
// which is left out, so that a curated row (with its batch discount,
// say) stays in force until the price changes. Other models of the
// dataset are added as they are; c's sources and providers win over
// the dataset's of the same id. An error names a DatasetID that the
// dataset lacks.
func Merge(c, ds Catalog) (Catalog, error) {
	out := Catalog{Sources: fact.Sources{}, Shortlist: c.Shortlist}
	for k, s := range ds.Sources {
		out.Sources[k] = s
	}
	for k, s := range c.Sources {
		out.Sources[k] = s
	}
	out.Providers = slices.Clone(c.Providers)
	for _, p := range ds.Providers {
		if !slices.ContainsFunc(out.Providers, func(q Provider) bool { return q.ID == p.ID }) {
			out.Providers = append(out.Providers, p)
		}
	}
	// hand maps a dataset model's id to the hand-kept model that takes it.
	hand := map[string]string{}
	var errs []error
	for i, m := range c.Models {
		if m.DatasetID == "" {
			continue
		}
		j := slices.IndexFunc(ds.Models, func(d Model) bool { return d.DatasetID == m.DatasetID })
		if j < 0 {
			errs = append(errs, fact.Errorf(fmt.Sprintf("models[%d] %q", i, m.ID), "dataset_id", "no model %q in the imported dataset", m.DatasetID))
			continue
		}
		hand[ds.Models[j].ID] = m.ID
	}
	// The ids are joined: the merged models need no DatasetID.
	for _, m := range c.Models {
		m.DatasetID = ""
		out.Models = append(out.Models, m)
	}
	for _, m := range ds.Models {
		if _, ok := hand[m.ID]; !ok {
			m.DatasetID = ""
			out.Models = append(out.Models, m)
		}
	}
	out.Prices = slices.Clone(c.Prices)
	first, last := map[string]string{}, map[string]string{}
	for _, p := range c.Prices {
		if f, ok := first[p.Model]; !ok || p.From < f {
			first[p.Model] = p.From
		}
		last[p.Model] = max(last[p.Model], p.From)
	}
	for _, p := range ds.Prices {
		if id, ok := hand[p.Model]; ok {
			p.Model = id
		}
		f, curated := first[p.Model]
		if !curated || p.From < f {
			out.Prices = append(out.Prices, p)
			continue
		}
		if p.From <= last[p.Model] {
			continue
		}
		id := p.Model
		if cur, ok := out.PriceOn(id, p.From); ok && cur.SamePrice(p) && cur.Until == p.Until {
			continue
		}
		out.Prices = append(out.Prices, p)
	}
	return out, errors.Join(errs...)
}

// Shortlisted returns the models the pricing page shows by default on
// the date: for each slot of the shortlist, the first of its models
// sold then.
func (c Catalog) Shortlisted(date string) []string {
	var ids []string
	for _, slot := range c.Shortlist {
		if id, ok := c.SoldOf(slot, date); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// SoldOf returns the first of the models sold on the date: a shortlist
// slot's model then.
func (c Catalog) SoldOf(models []string, date string) (string, bool) {
	for _, id := range models {
		if _, ok := c.PriceOn(id, date); ok {
			return id, true
		}
	}
	return "", false
}
