package main

import (
	"html"
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/apiprices"
	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/money"
)

// sourceTables are the tables of where the data comes from, keyed by
// block name, in English and, with the suffix "-de", in German: the
// sources of each catalog ("data-sources") and the changelog of the data
// editions ("data-changelog").
func sourceTables(contentFS fs.FS, eds dataset.Editions, cal calibration.Table, base string) map[string]func() string {
	s := sourcePage{fsys: contentFS, eds: eds, cal: cal, base: base}
	out := map[string]func() string{}
	for _, l := range []sourceLang{sourceEN, sourceDE} {
		out["data-sources"+l.suffix] = func() string { return s.sources(l) }
		out["data-changelog"+l.suffix] = func() string { return s.changelog(l) }
	}
	return out
}

// sourceLang is the wording and number format of the tables in one
// language.
type sourceLang struct {
	// lang is the language's tag, whose pages the tables link.
	lang                 string
	suffix               string
	sourcesHead, logHead []string
	gpus, models, rental string
	curated, cal         string
	// dataset names the imported price dataset by version and licence.
	dataset                func(version, licence string) string
	table, home, first     string
	added, changed, srcNew string
	// thousands groups the digits of whole numbers; date writes a
	// YYYY-MM-DD date.
	thousands string
	date      func(string) string
}

var sourceEN = sourceLang{
	lang:        "en",
	sourcesHead: []string{"Catalog", "Rows", "Sources cited", "Oldest as of", "Newest as of", "Where"},
	logHead:     []string{"Edition", "Note", "What it adds and changes"},
	gpus:        "GPUs (datasheet figures)", models: "Model architectures", rental: "Cloud GPU rental offers",
	curated: "API prices, kept by hand", dataset: func(v, l string) string {
		return "API prices from @pydantic/genai-prices " + v + " (licence " + l + ")"
	},
	cal:   "Published serving measurements (calibration)",
	table: "the table", home: "the dataset", first: "The first edition: every data file as it is.",
	added: "added", changed: "changed", srcNew: "new sources",
	thousands: ",",
	date:      func(s string) string { return s },
}

var sourceDE = sourceLang{
	lang:        "de",
	suffix:      "-de",
	sourcesHead: []string{"Katalog", "Zeilen", "Zitierte Quellen", "Ältester Stand", "Neuester Stand", "Wo"},
	logHead:     []string{"Ausgabe", "Anmerkung (englisch)", "Was sie hinzufügt und ändert"},
	gpus:        "GPUs (Datenblattwerte)", models: "Modellarchitekturen", rental: "GPU-Mietangebote in der Cloud",
	curated: "API-Preise, von Hand gepflegt", dataset: func(v, l string) string { return "API-Preise aus @pydantic/genai-prices " + v + " (Lizenz " + l + ")" },
	cal:   "Veröffentlichte Messungen von Inferenzservern (Kalibrierung)",
	table: "die Tabelle", home: "der Datensatz", first: "Die erste Ausgabe: alle Datendateien, wie sie sind.",
	added: "neu", changed: "geändert", srcNew: "neue Quellen",
	// German groups thousands with a dot and writes dates day first.
	thousands: ".",
	date:      func(s string) string { return s[8:10] + "." + s[5:7] + "." + s[:4] },
}

// num writes a whole number.
func (l sourceLang) num(n int) string {
	return strings.ReplaceAll(money.Group(float64(n), 0), ",", l.thousands)
}

// timeHTML writes a YYYY-MM-DD date as a time element, which the
// stylesheet keeps on one line.
func (l sourceLang) timeHTML(iso string) string {
	return `<time datetime="` + iso + `">` + l.date(iso) + `</time>`
}

// sourcePage renders the tables from the editions and the calibration table.
type sourcePage struct {
	fsys fs.FS
	eds  dataset.Editions
	cal  calibration.Table
	base string
}

// genaiHeader is the line of the imported price snapshot that names the
// dataset's version, licence and home, as gen/importprices writes it.
var genaiHeader = regexp.MustCompile(`(?m)^# Dataset: @pydantic/genai-prices (\S+), licence (\S+), (\S+)$`)

// fromDataset reports whether a price row is the imported dataset's: its
// sources are the importer's, named "genai-" and the provider.
func fromDataset(p apiprices.PriceRow) bool { return strings.HasPrefix(p.Source, "genai-") }

// sources is the table of the latest edition's catalogs: rows, distinct
// sources cited, the range of their as_of dates, and where to read them.
func (s sourcePage) sources(l sourceLang) string {
	d := s.eds.Latest()
	version, licence, home := "?", "?", ""
	if b, err := fs.ReadFile(s.fsys, "data/"+dataset.GenAIFile); err == nil {
		if m := genaiHeader.FindSubmatch(b); m != nil {
			version, licence, home = string(m[1]), string(m[2]), string(m[3])
		}
	}
	var curated, imported []apiprices.PriceRow
	for _, p := range d.Pricing.APIs.Prices {
		if fromDataset(p) {
			imported = append(imported, p)
		} else {
			curated = append(curated, p)
		}
	}
	meta := site.Meta{Base: s.base, Lang: l.lang}
	var rows [][]string
	for _, c := range []struct {
		name string
		rows any
		n    int
		href string
		link string
	}{
		{l.gpus, d.TCO.GPUs.GPUs, len(d.TCO.GPUs.GPUs), meta.URL(meta.Local("#the-gpus")), l.table},
		{l.models, d.Memory.Models.Models, len(d.Memory.Models.Models), meta.URL(meta.Local("methodology/memory/#models")), l.table},
		{l.curated, curated, len(curated), meta.URL(meta.Local("methodology/pricing/")), l.table},
		{l.dataset(version, licence), imported, len(imported), home, l.home},
		{l.rental, d.TCO.Rental.Offers, len(d.TCO.Rental.Offers), meta.URL(meta.Local("methodology/pricing/#rental")), l.table},
		{l.cal, s.cal.Rows, len(s.cal.Rows), meta.URL(meta.Local("methodology/performance/#accuracy")), l.table},
	} {
		f := cited(c.rows)
		where := "–"
		if c.href != "" {
			where = `<a href="` + html.EscapeString(c.href) + `">` + html.EscapeString(c.link) + `</a>`
		}
		rows = append(rows, []string{html.EscapeString(c.name), l.num(c.n), l.num(len(f.sources)), l.timeHTML(f.oldest), l.timeHTML(f.newest), where})
	}
	return htmlTable(l.sourcesHead, rows)
}

// citations are the sources and as_of dates found in a catalog's rows.
type citations struct {
	sources        []string
	oldest, newest string
}

// cited returns the distinct sources and the oldest and newest as_of
// date of every figure in v, found by their YAML field names ("source",
// "as_of") at any depth, so that every catalog is read the same way.
func cited(v any) citations {
	var c citations
	var walk func(r reflect.Value)
	walk = func(r reflect.Value) {
		switch r.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !r.IsNil() {
				walk(r.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := range r.Len() {
				walk(r.Index(i))
			}
		case reflect.Struct:
			for i := range r.NumField() {
				f := r.Type().Field(i)
				if !f.IsExported() {
					continue
				}
				name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
				v := r.Field(i)
				switch {
				case name == "as_of" && v.Kind() == reflect.String && v.String() != "":
					if c.oldest == "" || v.String() < c.oldest {
						c.oldest = v.String()
					}
					c.newest = max(c.newest, v.String())
				case name == "source" && v.Kind() == reflect.String && v.String() != "":
					if !slices.Contains(c.sources, v.String()) {
						c.sources = append(c.sources, v.String())
					}
				default:
					walk(v)
				}
			}
		}
	}
	walk(reflect.ValueOf(v))
	return c
}

// changelog is the table of the data editions, newest first: each one's
// date, note, and what it added and changed in each data file.
func (s sourcePage) changelog(l sourceLang) string {
	notes := map[string]string{}
	for _, e := range s.eds.List {
		if e.Data {
			notes[e.Date] = e.Note
		}
	}
	dates := s.eds.DataDates()
	var rows [][]string
	for i := len(dates) - 1; i >= 0; i-- {
		date := dates[i]
		what := html.EscapeString(l.first)
		if i > 0 {
			var items []string
			for _, c := range s.eds.Changes[date] {
				items = append(items, "<li>"+changeHTML(c, l)+"</li>")
			}
			what = "<ul>" + strings.Join(items, "") + "</ul>"
		}
		rows = append(rows, []string{l.timeHTML(date), html.EscapeString(notes[date]), what})
	}
	return htmlTable(l.logHead, rows)
}

// changeHTML writes what an edition changed in one data file: the file,
// the entries added and changed with their ids, and the new sources.
func changeHTML(c dataset.Change, l sourceLang) string {
	codes := func(ids []string) string {
		var b strings.Builder
		for i, id := range ids {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("<code>" + html.EscapeString(id) + "</code>")
		}
		return b.String()
	}
	var parts []string
	if c.Added > 0 {
		p := l.num(c.Added) + " " + l.added
		if len(c.AddedIDs) > 0 {
			p += " (" + codes(c.AddedIDs) + ")"
		}
		parts = append(parts, p)
	}
	if len(c.Changed) > 0 {
		parts = append(parts, l.num(len(c.Changed))+" "+l.changed+" ("+codes(c.Changed)+")")
	}
	if c.Sources > 0 {
		parts = append(parts, l.num(c.Sources)+" "+l.srcNew)
	}
	return "<code>" + html.EscapeString(c.File) + "</code>: " + strings.Join(parts, "; ")
}
