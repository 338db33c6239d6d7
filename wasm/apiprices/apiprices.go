// Package apiprices is the catalog of hosted LLM APIs: providers, models
// and their prices per million tokens as a history, each price valid from a
// date. An edition is a date: the prices valid on it.
package apiprices

import (
	"errors"
	"fmt"
	"slices"
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
	Context  int    `yaml:"context" json:"context"` // context window in tokens
	// Claim marks prices that only the vendor states (a reseller's).
	Claim bool   `yaml:"claim,omitempty" json:"claim,omitempty"`
	Note  string `yaml:"note,omitempty" json:"note,omitempty"`
}

// Rates are prices per million tokens in a row's currency.
type Rates struct {
	Input      float64 `yaml:"input" json:"input"`
	CacheRead  float64 `yaml:"cache_read,omitempty" json:"cache_read,omitempty"`
	CacheWrite float64 `yaml:"cache_write,omitempty" json:"cache_write,omitempty"`
	Output     float64 `yaml:"output" json:"output"`
}

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
	Currency         string  `yaml:"currency" json:"currency"`
	Source           string  `yaml:"source" json:"source"`
	AsOf             string  `yaml:"as_of" json:"as_of"`
	Unconfirmed      bool    `yaml:"unconfirmed,omitempty" json:"unconfirmed,omitempty"`
	// Announced marks a price that starts after the day the data was
	// written, as its vendor announced it. Only such a row may start
	// after the day of the build, and its start is no default edition.
	Announced bool   `yaml:"announced,omitempty" json:"announced,omitempty"`
	Note      string `yaml:"note,omitempty" json:"note,omitempty"`
}

// USD returns the row as an engine price in US dollars, with unitsPerUSD
// units of the row's currency to the dollar.
func (p PriceRow) USD(unitsPerUSD float64) pricing.Price {
	conv := func(r Rates) pricing.Rates {
		return pricing.Rates{Input: r.Input / unitsPerUSD, CacheRead: r.CacheRead / unitsPerUSD,
			CacheWrite: r.CacheWrite / unitsPerUSD, Output: r.Output / unitsPerUSD}
	}
	out := pricing.Price{Rates: conv(p.Rates), BatchDiscountPct: p.BatchDiscountPct}
	for _, t := range p.Tiers {
		out.Tiers = append(out.Tiers, pricing.Tier{AboveInputTokens: t.AboveInputTokens, Rates: conv(t.Rates)})
	}
	return out
}

// Catalog is the contents of the API data file.
type Catalog struct {
	Sources   fact.Sources `yaml:"sources" json:"sources"`
	Providers []Provider   `yaml:"providers" json:"providers"`
	Models    []Model      `yaml:"models" json:"models"`
	Prices    []PriceRow   `yaml:"prices" json:"prices"`
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
	for _, p := range c.Prices {
		if p.Model != model || p.From > date || (p.Until != "" && date >= p.Until) {
			continue
		}
		if !found || p.From > best.From {
			best, found = p, true
		}
	}
	return best, found
}

// History returns the model's rows, oldest first.
func (c Catalog) History(model string) []PriceRow {
	var rows []PriceRow
	for _, p := range c.Prices {
		if p.Model == model {
			rows = append(rows, p)
		}
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
		if msg := fact.InRange(float64(m.Context), 1, MaxContext); msg != "" {
			errs = append(errs, fact.Errorf(entry, "context", "%s", msg))
		}
		models[m.ID] = true
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
			}{{"input", r.Input}, {"cache_read", r.CacheRead}, {"cache_write", r.CacheWrite}, {"output", r.Output}} {
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
	}
	for _, m := range c.Models {
		rows := c.History(m.ID)
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
