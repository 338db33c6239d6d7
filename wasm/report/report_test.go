package report_test

import (
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/report"
	"github.com/infercost/infercost/wasm/sitedata"
)

// Every calculator's exports hold the same figures as its page: the CSV a
// row per figure with its number and unit, the JSON the same figures and
// the inputs, the Markdown the headline; all three the link and edition.
func TestEveryCalculatorExports(t *testing.T) {
	var s calc.Set
	d := datasettest.Load(t)
	s.Load(d.Editions.Latest(), d)
	for _, name := range sitedata.Calculators {
		p := s.Page(name, "")
		link := "https://example.com/" + name + "/?" + p.Query
		figures := 0
		for _, c := range p.Cells() {
			if c.Metric != "" {
				figures++
			}
		}
		out := report.CSV(msg.English, name, link, p)
		if !strings.HasPrefix(out, "# InferCost "+name+" scenario, data edition "+d.Editions.Latest()+": "+link+"\n") {
			t.Errorf("%s: CSV comment %q", name, strings.SplitN(out, "\n", 2)[0])
		}
		r := csv.NewReader(strings.NewReader(out))
		r.Comment = '#'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Hidden tables and columns (options not compared) are left out.
		if len(rows) < 2 || len(rows)-1 > figures {
			t.Errorf("%s: %d CSV rows for %d figures", name, len(rows)-1, figures)
		}
		var j struct {
			Link, Edition, Headline string
			Inputs                  []map[string]any
			Results                 []struct {
				Metric, Option, Unit string
				Value                float64
			}
		}
		if err := json.Unmarshal([]byte(report.JSON(name, link, p)), &j); err != nil {
			t.Fatalf("%s: JSON: %v", name, err)
		}
		if j.Link != link || j.Edition != d.Editions.Latest() || j.Headline != p.Headline.Text || len(j.Inputs) != len(p.Inputs) || len(j.Results) != len(rows)-1 {
			t.Errorf("%s: JSON link %q, edition %q, %d inputs, %d results", name, j.Link, j.Edition, len(j.Inputs), len(j.Results))
		}
		md := report.Markdown(msg.English, name, link, p)
		if !strings.Contains(md, "](https://example.com/"+name+"/?v=1") || !strings.Contains(md, p.Headline.Figures[0].Text) {
			t.Errorf("%s: Markdown without link or headline:\n%s", name, md)
		}
	}
}

// A link from the address bar cannot break out of the Markdown link, and
// one that is not http(s) is not linked.
func TestMarkdownLinkStaysALink(t *testing.T) {
	var s calc.Set
	d := datasettest.Load(t)
	s.Load(d.Editions.Latest(), d)
	p := s.Page("tco", "")
	md := report.Markdown(msg.English, "tco", `https://example.com/tco/?x=)<script>[a](javascript:alert(1))`, p)
	last := strings.TrimSpace(md[strings.LastIndex(strings.TrimSpace(md), "\n")+1:])
	if strings.Count(last, "](") != 1 || strings.Contains(last, "<") || strings.Contains(last, "(1)") {
		t.Errorf("link line %q", last)
	}
	if md := report.Markdown(msg.English, "tco", "javascript:alert(1)", p); strings.Contains(md, "](javascript") {
		t.Errorf("a javascript: URL became a link")
	}
}

// A German page's exports are in German where a reader reads them (the
// line naming the scenario, with the date as 01.12.2026, and the page's
// labels and texts) and the same as English's where a script reads them:
// the CSV's header, metrics, options, values and units.
func TestGermanExportsKeepWhatScriptsRead(t *testing.T) {
	d := datasettest.Load(t)
	german := msgtest.German(t)
	en, de := calc.Set{}, calc.Set{Msgs: german}
	en.Load(d.Editions.Latest(), d)
	de.Load(d.Editions.Latest(), d)
	const link = "https://example.com/de/tco/"
	// German pages start in euros at a German electricity price, on
	// Germany's grid: one scenario in both languages names the English
	// page's dollars, US price and the world's grid.
	const q = "cur=USD&a.kwh=0.08&b.kwh=0.08&grid=world"
	pe, pd := en.Page("tco", q), de.Page("tco", q)
	date := d.Editions.Latest()
	germanDate := date[8:] + "." + date[5:7] + "." + date[:4]
	want := "# InferCost-Szenario „TCO“, Datenstand " + germanDate + ": " + link + "\n"
	got := report.CSV(german, "tco", link, pd)
	if !strings.HasPrefix(got, want) {
		t.Errorf("German CSV starts %q; want %q", strings.SplitN(got, "\n", 2)[0], want)
	}
	read := func(s string) [][]string {
		r := csv.NewReader(strings.NewReader(s))
		r.Comment = '#'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	er, dr := read(report.CSV(msg.English, "tco", link, pe)), read(got)
	if len(er) != len(dr) {
		t.Fatalf("%d English rows, %d German", len(er), len(dr))
	}
	if want := "Tabelle,Zeile,Spalte,Kennzahl,Option,Wert,Einheit,Text,von,bis,Band"; strings.Join(dr[0], ",") != want {
		t.Errorf("German CSV header %q; want %q", strings.Join(dr[0], ","), want)
	}
	if want := "table,row,column,metric,option,value,unit,text,low,high,band"; strings.Join(er[0], ",") != want {
		t.Errorf("English CSV header %q; want %q", strings.Join(er[0], ","), want)
	}
	for i := 1; i < len(er); i++ {
		// metric, option, value, unit
		for _, c := range []int{3, 4, 5, 6} {
			if er[i][c] != dr[i][c] {
				t.Errorf("row %d column %s: English %q, German %q", i, er[0][c], er[i][c], dr[i][c])
			}
		}
	}
	if md := report.Markdown(german, "tco", link, pd); !strings.Contains(md, "[InferCost-Szenario „TCO“, Datenstand "+germanDate+"]("+link+")") {
		t.Errorf("German Markdown ends %q", md[max(0, len(md)-200):])
	}
}

// An estimated figure's error band goes with it into every export: CSV
// and JSON columns low and high beside its value, with the band's source,
// and Markdown "value (low–high)" (parentheses escaped); a figure without a band leaves them
// empty (null in JSON) and says why.
func TestExportsCarryTheBands(t *testing.T) {
	e, _, err := accuracy.LoadEditions(content.FS, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	var s calc.Set
	for date, d := range e.Data {
		s.Load(date, d)
	}
	// Short requests, whose KV cache leaves decode compute-bound from a
	// critical batch: a figure no benchmark reports, so without a band.
	p := s.Page("performance", "in=128&out=64")
	if cb := p.CellsByKey()["a.critical_batch"]; !(cb.Value > 0) {
		t.Fatalf("the critical batch is %q; want a figure", cb.Text)
	}
	c := p.CellsByKey()["a.tokens_per_s_gpu"]
	if c.Band == "" {
		t.Fatalf("a.tokens_per_s_gpu has no band: %+v", c)
	}
	rows, err := func() ([][]string, error) {
		r := csv.NewReader(strings.NewReader(report.CSV(msg.English, "performance", "https://example.com/", p)))
		r.Comment = '#'
		return r.ReadAll()
	}()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows[0][8:], ","); got != "low,high,band" {
		t.Errorf("CSV header ends %q; want low,high,band", got)
	}
	found := false
	for _, r := range rows[1:] {
		switch r[3] {
		case "tokens_per_s_gpu":
			found = true
			if r[8] != strconv.FormatFloat(c.Low, 'f', -1, 64) || r[9] != strconv.FormatFloat(c.High, 'f', -1, 64) || r[10] != c.BandNote {
				t.Errorf("CSV row %q; want low %g, high %g and the band's source", r, c.Low, c.High)
			}
		case "critical_batch":
			if r[8] != "" || r[9] != "" || !strings.HasPrefix(r[10], "No band") {
				t.Errorf("CSV row %q; want no bounds and why", r)
			}
		}
	}
	if !found {
		t.Error("no CSV row for tokens_per_s_gpu")
	}
	var j struct {
		Results []struct {
			Metric    string
			Low, High *float64
			Band      string
		}
	}
	if err := json.Unmarshal([]byte(report.JSON("performance", "https://example.com/", p)), &j); err != nil {
		t.Fatal(err)
	}
	for _, r := range j.Results {
		if r.Metric == "tokens_per_s_gpu" && (r.Low == nil || *r.Low != c.Low || *r.High != c.High || r.Band != c.BandNote) {
			t.Errorf("JSON %+v; want low %g, high %g", r, c.Low, c.High)
		}
		if r.Metric == "critical_batch" && (r.Low != nil || r.High != nil) {
			t.Errorf("JSON critical_batch has a band")
		}
	}
	if md, want := report.Markdown(msg.English, "performance", "https://example.com/", p), c.Text+` \(`+money.Group(c.Low, -1)+"–"+money.Group(c.High, -1)+`\)`; !strings.Contains(md, want) {
		t.Errorf("Markdown lacks %q", want)
	}
}
