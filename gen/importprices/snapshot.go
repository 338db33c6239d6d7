package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/money"
)

// change is a price that an import found different from the snapshot's.
type change struct {
	Model, Old, New string
}

// report is what an import changed, for its summary.
type report struct {
	OldVersion, Version string
	Models, Providers   int
	Changes             []change
	Added, Removed      []string
	Skipped             map[string]int
}

// update returns the snapshot old brought up to the dataset read on the
// day today (cat and models, see read), and what changed. History is
// never rewritten: a price that differs from the one in force becomes a
// new row from today; a model the dataset no longer has ends today
// (until); an unchanged price keeps its row, whose as_of moves to today
// when the dataset's version is new (the dataset still lists it).
func update(old apiprices.Catalog, oldVersion string, cat apiprices.Catalog, models map[string]fresh, version, today string) (apiprices.Catalog, report) {
	rep := report{OldVersion: oldVersion, Version: version, Models: len(models)}
	out := apiprices.Catalog{Sources: cat.Sources, Prices: slices.Clone(old.Prices)}
	known := map[string]apiprices.Model{}
	for _, m := range old.Models {
		known[m.ID] = m
	}
	providers := map[string]bool{}
	for _, id := range sortedKeys(models) {
		f := models[id]
		providers[f.Model.Provider] = true
		if _, ok := known[id]; !ok {
			rep.Added = append(rep.Added, id)
		}
		known[id] = f.Model
		now := f.Rows[0]
		now.From = today
		if now.AsOf == "" {
			now.AsOf = today
		}
		cur, ok := out.PriceOn(id, today)
		switch {
		case !ok:
			if len(out.History(id)) > 0 {
				rep.Changes = append(rep.Changes, change{id, "not sold", rates(now)})
			}
			out.Prices = append(out.Prices, now)
		case !cur.SamePrice(now):
			rep.Changes = append(rep.Changes, change{id, rates(cur), rates(now)})
			out.Prices = append(out.Prices, now)
		case version != oldVersion:
			i := slices.IndexFunc(out.Prices, func(p apiprices.PriceRow) bool { return p.Model == id && p.From == cur.From })
			out.Prices[i].AsOf = now.AsOf
		}
		// Announced prices lie after today: no edition has shown them,
		// so a changed announcement replaces the one before.
		for _, a := range f.Rows[1:] {
			if a.AsOf == "" {
				a.AsOf = today
			}
			i := slices.IndexFunc(out.Prices, func(p apiprices.PriceRow) bool { return p.Model == id && p.From == a.From })
			switch {
			case i < 0:
				out.Prices = append(out.Prices, a)
			case !out.Prices[i].SamePrice(a):
				rep.Changes = append(rep.Changes, change{id + " from " + a.From, rates(out.Prices[i]), rates(a)})
				out.Prices[i] = a
			}
		}
	}
	rep.Providers = len(providers)
	for _, m := range old.Models {
		if _, ok := models[m.ID]; ok {
			continue
		}
		if cur, ok := out.PriceOn(m.ID, today); ok && cur.Until == "" {
			i := slices.IndexFunc(out.Prices, func(p apiprices.PriceRow) bool { return p.Model == m.ID && p.From == cur.From })
			out.Prices[i].Until = today
			rep.Removed = append(rep.Removed, m.ID)
		}
		// A provider keeps its entry while its models keep their rows.
		if !providers[m.Provider] {
			providers[m.Provider] = true
			if !slices.ContainsFunc(cat.Providers, func(p apiprices.Provider) bool { return p.ID == m.Provider }) {
				cat.Providers = append(cat.Providers, old.Provider(m.Provider))
				out.Sources["genai-"+m.Provider] = old.Sources["genai-"+m.Provider]
			}
		}
	}
	// Providers and sources that no model uses are left out.
	for _, p := range cat.Providers {
		if providers[p.ID] {
			out.Providers = append(out.Providers, p)
		} else {
			delete(out.Sources, "genai-"+p.ID)
		}
	}
	for _, id := range sortedKeys(known) {
		out.Models = append(out.Models, known[id])
	}
	slices.SortStableFunc(out.Prices, func(a, b apiprices.PriceRow) int {
		return strings.Compare(a.Model+" "+a.From, b.Model+" "+b.From)
	})
	return out, rep
}

// rates writes a row's input and output prices for the summary, and
// its 1-hour cache write and reasoning prices where it has them.
func rates(p apiprices.PriceRow) string {
	cur := money.Lookup(p.Currency)
	s := money.Precise(p.Input, cur) + " / " + money.Precise(p.Output, cur)
	if p.CacheWrite1h > 0 {
		s += " (1-hour cache write " + money.Precise(p.CacheWrite1h, cur) + ")"
	}
	if p.Reasoning > 0 {
		s += " (reasoning " + money.Precise(p.Reasoning, cur) + ")"
	}
	if len(p.Tiers) > 0 {
		s += " (long-context tiers)"
	}
	return s
}

// Summary writes the report as Markdown, for the pull request's body.
func (r report) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "## API prices: @pydantic/genai-prices %s → %s\n\n", r.OldVersion, r.Version)
	fmt.Fprintf(&b, "%d priced models from %d providers imported; %d new, %d no longer in the dataset, %d price changes.\n\n",
		r.Models, r.Providers, len(r.Added), len(r.Removed), len(r.Changes))
	if len(r.Changes) > 0 {
		b.WriteString("| Model | Old (input / output per 1M tokens) | New |\n|---|---|---|\n")
		for _, c := range r.Changes {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", c.Model, c.Old, c.New)
		}
		b.WriteString("\n")
	}
	for _, l := range []struct {
		title string
		ids   []string
	}{{"New models", r.Added}, {"No longer in the dataset (their last price ends today)", r.Removed}} {
		// A first import adds every model: the list is cut short.
		const most = 50
		switch n := len(l.ids); {
		case n > most:
			fmt.Fprintf(&b, "%s: %s and %d more.\n\n", l.title, strings.Join(l.ids[:most], ", "), n-most)
		case n > 0:
			fmt.Fprintf(&b, "%s: %s.\n\n", l.title, strings.Join(l.ids, ", "))
		}
	}
	b.WriteString(r.skippedText())
	return b.String()
}

// skippedText lists the skipped models by reason.
func (r report) skippedText() string {
	if len(r.Skipped) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Skipped models of the dataset:\n\n")
	for _, reason := range sortedKeys(r.Skipped) {
		fmt.Fprintf(&b, "- %d: %s\n", r.Skipped[reason], reason)
	}
	return b.String()
}

// versionLine is the snapshot's header line that names the dataset's
// version; the next import reads it back.
var versionLine = regexp.MustCompile(`(?m)^# Dataset: @pydantic/genai-prices ([^\s,]+)`)

// oldVersion returns the dataset version a snapshot was made from, or
// "none".
func oldVersion(snapshot []byte) string {
	if m := versionLine.FindSubmatch(snapshot); m != nil {
		return string(m[1])
	}
	return "none"
}

// encode writes the snapshot: a header, then one line per source,
// provider, model and price row, so that a price change is a one-line
// diff.
func encode(c apiprices.Catalog, version, license string) ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `# Generated by "make prices" (go run ./gen/importprices): do not edit.
# Dataset: @pydantic/genai-prices %s, licence %s, https://github.com/pydantic/genai-prices
# API prices from the dataset as history, in the form of api.yaml: a price
# that changes becomes a new row from the day of the import; no row is
# edited but for its as_of (the day the dataset last listed it) and the
# until of a model the dataset dropped. Curated rows in api.yaml win (see
# the pricing methodology).
`, version, license)
	line := func(v any) error {
		s, err := yaml.MarshalWithOptions(v, yaml.Flow(true))
		if err != nil {
			return err
		}
		b.WriteString(strings.TrimSpace(string(s)) + "\n")
		return nil
	}
	b.WriteString("sources:\n")
	for _, k := range sortedKeys(c.Sources) {
		b.WriteString("  " + k + ": ")
		if err := line(c.Sources[k]); err != nil {
			return nil, err
		}
	}
	for _, part := range []struct {
		name string
		rows func(func(any) error) error
	}{
		{"providers", func(f func(any) error) error { return each(c.Providers, f) }},
		{"models", func(f func(any) error) error { return each(c.Models, f) }},
		{"prices", func(f func(any) error) error { return each(c.Prices, f) }},
	} {
		b.WriteString("\n" + part.name + ":\n")
		if err := part.rows(func(v any) error { b.WriteString("  - "); return line(v) }); err != nil {
			return nil, err
		}
	}
	return []byte(b.String()), nil
}

func each[T any](list []T, f func(any) error) error {
	for _, v := range list {
		if err := f(v); err != nil {
			return err
		}
	}
	return nil
}
