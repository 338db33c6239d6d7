package sitebuild

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
	"github.com/infercost/infercost/wasm/msg"
)

// sourceTables are the tables of where the data comes from, keyed by
// block name, in every language of msgs (see inLangs): the sources of
// each catalog ("data-sources") and the changelog of the data editions
// ("data-changelog").
func sourceTables(contentFS fs.FS, eds dataset.Editions, cal calibration.Table, base string, msgs map[string]*msg.Catalog) map[string]func() string {
	s := sourcePage{fsys: contentFS, eds: eds, cal: cal, base: base}
	return inLangs(msgs, map[string]func(m *msg.Catalog) string{"data-sources": s.sources, "data-changelog": s.changelog})
}

// timeHTML writes a YYYY-MM-DD date as a time element, which the
// stylesheet keeps on one line, in the catalog's language; id, when set,
// is its anchor.
func timeHTML(m *msg.Catalog, iso, id string) string {
	attr := ""
	if id != "" {
		attr = ` id="` + id + `"`
	}
	return `<time` + attr + ` datetime="` + iso + `">` + m.Date(iso) + `</time>`
}

// changelogPath is the changelog's page in English (its German one is
// under de/); editionAnchor is the fragment of an edition's row on it,
// which the feeds' entries of the edition link to.
const changelogPath = "articles/data-sources-changelog/"

func editionAnchor(date string) string { return "edition-" + date }

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
func (s sourcePage) sources(m *msg.Catalog) string {
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
	meta := site.Meta{Base: s.base, Lang: m.Lang}
	table := m.T("doc.src.table")
	var rows [][]string
	for _, c := range []struct {
		name string
		rows any
		n    int
		href string
		link string
	}{
		{m.T("doc.src.gpus"), d.GPUs.GPUs, len(d.GPUs.GPUs), meta.URL(meta.Local("#the-gpus")), table},
		{m.T("doc.src.models"), d.Models.Models, len(d.Models.Models), meta.URL(meta.Local("methodology/memory/#models")), table},
		{m.T("doc.src.curated"), curated, len(curated), meta.URL(meta.Local("methodology/pricing/")), table},
		{m.F("doc.src.dataset", "version", version, "licence", licence), imported, len(imported), home, m.T("doc.src.home")},
		{m.T("doc.src.rental"), d.Rental.Offers, len(d.Rental.Offers), meta.URL(meta.Local("methodology/pricing/#rental")), table},
		{m.T("doc.src.cal"), s.cal.Rows, len(s.cal.Rows), meta.URL(meta.Local("methodology/performance/#accuracy")), table},
	} {
		f := cited(c.rows)
		where := "–"
		if c.href != "" {
			where = `<a href="` + html.EscapeString(c.href) + `">` + html.EscapeString(c.link) + `</a>`
		}
		rows = append(rows, []string{html.EscapeString(c.name), m.Num(float64(c.n), 0), m.Num(float64(len(f.sources)), 0), timeHTML(m, f.oldest, ""), timeHTML(m, f.newest, ""), where})
	}
	return htmlTable(heads(m, "doc.src.catalog", "doc.src.rows", "doc.src.cited", "doc.src.oldest", "doc.src.newest", "doc.src.where"), rows)
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
// date (with its anchor), note, and what it added and changed in each
// data file.
func (s sourcePage) changelog(m *msg.Catalog) string {
	notes := map[string]string{}
	for _, e := range s.eds.List {
		if e.Data {
			notes[e.Date] = e.NoteIn(m.Lang)
		}
	}
	dates := s.eds.DataDates()
	var rows [][]string
	for i := len(dates) - 1; i >= 0; i-- {
		date := dates[i]
		what := html.EscapeString(m.T("doc.src.first"))
		if i > 0 {
			var items []string
			for _, c := range s.eds.Changes[date] {
				items = append(items, "<li>"+changeHTML(c, m)+"</li>")
			}
			what = "<ul>" + strings.Join(items, "") + "</ul>"
		}
		rows = append(rows, []string{timeHTML(m, date, editionAnchor(date)), html.EscapeString(notes[date]), what})
	}
	return htmlTable(heads(m, "doc.src.edition", "doc.src.note", "doc.src.what"), rows)
}

// changeHTML writes what an edition changed in one data file: the file,
// the entries added and changed with their ids, and the new sources.
func changeHTML(c dataset.Change, m *msg.Catalog) string {
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
		p := m.F("doc.src.added", "n", m.Num(float64(c.Added), 0))
		if len(c.AddedIDs) > 0 {
			p += " (" + codes(c.AddedIDs) + ")"
		}
		parts = append(parts, p)
	}
	if len(c.Changed) > 0 {
		parts = append(parts, m.F("doc.src.changed", "n", m.Num(float64(len(c.Changed)), 0))+" ("+codes(c.Changed)+")")
	}
	if c.Sources > 0 {
		parts = append(parts, m.F("doc.src.new_sources", "n", m.Num(float64(c.Sources), 0)))
	}
	return "<code>" + html.EscapeString(c.File) + "</code>: " + strings.Join(parts, "; ")
}
