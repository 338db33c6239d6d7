package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/fact"
)

// dsProvider is a provider as the dataset has it (the fields read here).
type dsProvider struct {
	ID            string    `json:"id"`
	Name          string    `json:"name"`
	PricingURLs   []string  `json:"pricing_urls"`
	PriceComments string    `json:"price_comments"`
	Models        []dsModel `json:"models"`
}

// dsModel is a model as the dataset has it: Prices is one price, or a list
// of prices each with an optional constraint (a start date or a time of
// day), of which the last that applies wins.
type dsModel struct {
	ID            string          `json:"id"`
	Name          string          `json:"name"`
	ContextWindow int             `json:"context_window"`
	Deprecated    bool            `json:"deprecated"`
	PriceComments string          `json:"price_comments"`
	Prices        json.RawMessage `json:"prices"`
}

type dsConditional struct {
	Constraint *struct {
		Type      string `json:"type"`
		StartDate string `json:"start_date"`
		StartTime string `json:"start_time"`
		EndTime   string `json:"end_time"`
	} `json:"constraint"`
	Prices map[string]json.RawMessage `json:"prices"`
}

// dsTiered is a price that changes with the request's input tokens: the
// price of the highest tier whose start the input exceeds applies to the
// whole request, as apiprices.Tier does.
type dsTiered struct {
	Base  float64 `json:"base"`
	Tiers []struct {
		Start int     `json:"start"`
		Price float64 `json:"price"`
	} `json:"tiers"`
}

// The dataset's keys of the token prices the engine uses, per million
// tokens, in the order of rates: input, cache read, cache write (5
// minutes), output, the 1-hour cache write and hidden reasoning output.
// Other keys (audio, images, searches, requests) are left out.
var rateKeys = [6]string{"input_mtok", "cache_read_mtok", "cache_write_mtok", "output_mtok", "cache_write_1h_mtok", "output_reasoning_mtok"}

// Reasons a model of the dataset is skipped, for the import's report.
const (
	skipDeprecated = "deprecated in the dataset"
	skipNoTokens   = "no price per input and output token (embeddings, audio, images, per-request prices)"
	skipFree       = "input and output priced at zero"
	skipID         = "id collides with another model's after lower-casing"
)

// fresh is a model of the dataset as the import reads it on a day.
type fresh struct {
	Model apiprices.Model
	// Rows are the price valid on the import's day (From empty), then
	// any announced later prices (From set, Announced true).
	Rows []apiprices.PriceRow
}

// checked finds dates in sentences such as "checked against … on
// 2026-08-25" or "(checked 2026-07-17 and 2026-08-27)": the dataset ships
// no prices_checked field, only these comments.
var checked = regexp.MustCompile(`checked[^.;]*`)
var isoDate = regexp.MustCompile(`\d{4}-\d{2}-\d{2}`)

// checkedOn returns the latest date a comment says the prices were
// checked on, or "".
func checkedOn(comments ...string) string {
	var latest string
	for _, c := range comments {
		for _, s := range checked.FindAllString(c, -1) {
			for _, d := range isoDate.FindAllString(s, -1) {
				latest = max(latest, d)
			}
		}
	}
	return latest
}

// read converts the dataset's providers into catalog providers, sources
// and models on the day today, and counts the skipped models by reason.
func read(providers []dsProvider, version, today string) (apiprices.Catalog, map[string]fresh, map[string]int, error) {
	cat := apiprices.Catalog{Sources: fact.Sources{}}
	models := map[string]fresh{}
	skipped := map[string]int{}
	for _, p := range providers {
		pid := strings.ToLower(p.ID)
		if msg := fact.ID(pid); msg != "" {
			return cat, nil, nil, fmt.Errorf("provider %q: %s", p.ID, msg)
		}
		cat.Providers = append(cat.Providers, apiprices.Provider{ID: pid, Name: p.Name})
		src := "genai-" + pid
		url := "https://github.com/pydantic/genai-prices"
		if len(p.PricingURLs) > 0 {
			url = p.PricingURLs[0]
		}
		cat.Sources[src] = fact.Source{Title: "Pydantic genai-prices " + version + " (MIT): " + p.Name + " prices", URL: url}
		for _, m := range p.Models {
			f, reason, err := convert(m, pid, src, today, checkedOn(p.PriceComments))
			if err != nil {
				return cat, nil, nil, fmt.Errorf("provider %q model %q: %w", p.ID, m.ID, err)
			}
			if reason == "" {
				if _, dup := models[f.Model.ID]; dup {
					reason = skipID
				}
			}
			if reason != "" {
				skipped[reason]++
				continue
			}
			models[f.Model.ID] = f
		}
	}
	return cat, models, skipped, nil
}

// modelID is the catalog's id of a dataset model: the provider's id, a
// dot and the model's id, lower-cased, with any character an id may not
// hold (":", "/", spaces) replaced by "-".
func modelID(provider, model string) string {
	b := []byte(strings.ToLower(model))
	for i, c := range b {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			b[i] = '-'
		}
	}
	return provider + "." + strings.Trim(string(b), "-")
}

// convert reads one model: its price valid today and any announced
// later one, or why it is skipped.
func convert(m dsModel, provider, source, today, providerChecked string) (fresh, string, error) {
	if m.Deprecated {
		return fresh{}, skipDeprecated, nil
	}
	var list []dsConditional
	if len(m.Prices) > 0 && m.Prices[0] == '[' {
		if err := json.Unmarshal(m.Prices, &list); err != nil {
			return fresh{}, "", err
		}
	} else {
		var one map[string]json.RawMessage
		if err := json.Unmarshal(m.Prices, &one); err != nil {
			return fresh{}, "", err
		}
		list = []dsConditional{{Prices: one}}
	}
	// The price in force today is the last entry without a constraint or
	// with a start date not after today; a time-of-day window is named
	// in the note, its price left out.
	current := -1
	var windows []string
	var later []int
	for i, c := range list {
		switch {
		case c.Constraint == nil:
			current = i
		case c.Constraint.Type == "start_date" && c.Constraint.StartDate <= today:
			current = i
		case c.Constraint.Type == "start_date":
			later = append(later, i)
		case c.Constraint.Type == "time_of_date":
			windows = append(windows, strings.TrimSuffix(c.Constraint.StartTime, ":00Z")+"–"+strings.TrimSuffix(c.Constraint.EndTime, ":00Z")+" UTC")
		}
	}
	if current < 0 {
		return fresh{}, skipNoTokens, nil
	}
	row, ok, err := priceRow(list[current].Prices)
	if err != nil || !ok {
		return fresh{}, skipNoTokens, err
	}
	if row.Input+row.Output == 0 {
		return fresh{}, skipFree, nil
	}
	id := modelID(provider, m.ID)
	name := m.Name
	if fact.PlainText(name) != "" {
		name = m.ID
	}
	if fact.PlainText(name) != "" {
		name = id
	}
	f := fresh{Model: apiprices.Model{ID: id, Provider: provider, Name: name, Context: m.ContextWindow, DatasetID: provider + "/" + m.ID, Weights: weightsOf(m.ID)}}
	row.Model, row.Currency, row.Source = id, "USD", source
	row.AsOf = max(checkedOn(m.PriceComments), providerChecked)
	if len(windows) > 0 {
		row.Note = "the dataset prices " + strings.Join(windows, " and ") + " differently; this is the price outside those hours"
		row.NoteDE = "der Datensatz bepreist " + strings.Join(windows, " und ") + " anders; dies ist der Preis außerhalb dieser Zeiten"
	}
	f.Rows = append(f.Rows, row)
	for _, i := range later {
		r, ok, err := priceRow(list[i].Prices)
		if err != nil {
			return fresh{}, "", err
		}
		if ok && r.Input+r.Output > 0 {
			r.Model, r.Currency, r.Source, r.AsOf = id, "USD", source, row.AsOf
			r.From, r.Announced = list[i].Constraint.StartDate, true
			f.Rows = append(f.Rows, r)
		}
	}
	return f, "", nil
}

// priceRow reads the token prices of a dataset price into a row's
// rates and long-context tiers; ok is false without an input or output
// price.
func priceRow(prices map[string]json.RawMessage) (apiprices.PriceRow, bool, error) {
	if prices["input_mtok"] == nil || prices["output_mtok"] == nil {
		return apiprices.PriceRow{}, false, nil
	}
	var base [6]float64
	tiered := map[int]*[6]float64{}
	var tiers [6]dsTiered
	for k, key := range rateKeys {
		raw := prices[key]
		if raw == nil {
			continue
		}
		if raw[0] != '{' {
			if err := json.Unmarshal(raw, &base[k]); err != nil {
				return apiprices.PriceRow{}, false, fmt.Errorf("%s: %w", key, err)
			}
			continue
		}
		if err := json.Unmarshal(raw, &tiers[k]); err != nil {
			return apiprices.PriceRow{}, false, fmt.Errorf("%s: %w", key, err)
		}
		base[k] = tiers[k].Base
		for _, t := range tiers[k].Tiers {
			tiered[t.Start] = &[6]float64{}
		}
	}
	rates := func(r [6]float64) apiprices.Rates {
		return apiprices.Rates{Input: r[0], CacheRead: r[1], CacheWrite: r[2], Output: r[3], CacheWrite1h: r[4], Reasoning: r[5]}
	}
	row := apiprices.PriceRow{Rates: rates(base)}
	starts := make([]int, 0, len(tiered))
	for s := range tiered {
		starts = append(starts, s)
	}
	sort.Ints(starts)
	// A tier holds every price at its threshold: a price without tiers,
	// or whose tiers start higher, stays at the rate below.
	for _, s := range starts {
		r := base
		for k := range rateKeys {
			for _, t := range tiers[k].Tiers {
				if t.Start <= s {
					r[k] = t.Price
				}
			}
		}
		row.Tiers = append(row.Tiers, apiprices.Tier{AboveInputTokens: s, Rates: rates(r)})
	}
	return row, true, nil
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
