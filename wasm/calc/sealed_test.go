package calc_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

var update = flag.Bool("update", false, "rewrite testdata/figures for the data editions")

// Every data edition's figures are sealed in testdata/figures/DATE.txt:
// the value of every table cell of each calculator's default scenario,
// presets and probes, pinned to the edition (the headline and the cells'
// text are there for a reader of the file; wording may change). A later edition cannot move them
// (TestOldLinksKeepTheirFigures), and neither can a change to the
// engines: one that would must keep the old behaviour for old editions,
// switched on by a field of the edition that introduces it. A figure
// added since (a new row of a table) leaves the sealed ones as they are.
// -update rewrites the files; only today's edition, still open, may
// change.
func TestEditionsKeepTheirFigures(t *testing.T) {
	// The editions as gen builds them, with their error bands.
	e, _, err := accuracy.LoadEditions(content.FS, "data", datasettest.Today)
	if err != nil {
		t.Fatal(err)
	}
	s := set(e)
	for _, date := range e.DataDates() {
		file := filepath.Join("testdata", "figures", date+".txt")
		if *update {
			var b strings.Builder
			for _, name := range sitedata.Calculators {
				for _, q := range append(append([]string{""}, presetQueries(e.Data[date], name)...), probes[name]...) {
					link := name + "?" + edition.With(q, date)
					b.WriteString(figures(link, s.Page(name, edition.With(q, date))))
				}
			}
			if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("edition %s has no sealed figures: %v (run go test ./wasm/calc -run TestEditionsKeepTheirFigures -update)", date, err)
		}
		// Each sealed link is one block: its line, then its figures.
		for _, block := range strings.SplitAfter(string(want), "\n\n") {
			if block == "" {
				continue
			}
			link, _, _ := strings.Cut(block, "\n")
			name, query, _ := strings.Cut(link, "?")
			// A figure added since (a new row) is no change to the sealed
			// ones: every sealed figure must still be there, with its value.
			if got := figures(link, s.Page(name, query)); !kept(values(block), values(got)) {
				t.Errorf("edition %s, %s: figures changed:\n%s", date, link, diffLines(values(block), values(got)))
			}
		}
	}
}

// probes are links beyond the presets whose figures are sealed too:
// mixtures of experts, MLA, FP8 and tensor parallelism, which the presets
// of the first edition leave out.
var probes = map[string][]string{
	"performance": {"model=mixtral-8x7b&gpu=h100-sxm&tp=2", "model=deepseek-v3&gpu=h200-sxm&tp=8&prec=fp8&kv=fp8&rate=1",
		"model=qwen3-30b-a3b&gpu=a100-80gb-sxm&b=128&in=2048&out=512"},
	"tco":    {"a.pm=mixtral-8x7b&b.pm=llama-3.1-70b&b.pp=fp8"},
	"memory": {"model=mixtral-8x22b&w=fp8&kv=fp8&a.tp=4"},
	// Load curves: bought GPUs for the busiest hour, rented ones hour by
	// hour (editions before them ignore the keys).
	"plan": {"curve=office", "curve=azure-coding&spare=1&cold=10&minr=0&step=2"},
}

// figures writes a page's headline and cells as a block of lines.
func figures(link string, p view.Page) string {
	var b strings.Builder
	b.WriteString(link + "\n")
	for _, f := range p.Headline.Figures {
		b.WriteString("\theadline\t" + f.Label + "\t" + f.Text + "\n")
	}
	for _, c := range p.Cells() {
		b.WriteString("\t" + c.Key + "\t" + c.Text + "\t" + strconv.FormatFloat(c.Value, 'g', 6, 64) + "\n")
		// An estimated figure's error band is sealed as two figures of
		// their own, so that an edition's bands stay as they were.
		if c.Band != "" {
			b.WriteString("\t" + c.Key + ".low\t" + c.Band + "\t" + strconv.FormatFloat(c.Low, 'g', 6, 64) + "\n")
			b.WriteString("\t" + c.Key + ".high\t" + c.Band + "\t" + strconv.FormatFloat(c.High, 'g', 6, 64) + "\n")
		}
	}
	return b.String() + "\n"
}

// values keeps the figures of a block, each cell's key and value: its
// wording may improve (the headline's sentences are made of the cells'
// text), its numbers may not.
func values(block string) string {
	var b strings.Builder
	for _, l := range strings.Split(block, "\n") {
		f := strings.Split(l, "\t")
		if len(f) == 4 && f[1] != "headline" {
			b.WriteString(f[1] + "\t" + f[3] + "\n")
		}
	}
	return b.String()
}

// kept reports whether every line of want is in got.
func kept(want, got string) bool {
	have := map[string]bool{}
	for _, l := range strings.Split(got, "\n") {
		have[l] = true
	}
	for _, l := range strings.Split(want, "\n") {
		if !have[l] {
			return false
		}
	}
	return true
}

// diffLines lists the lines of want missing from got and those of got
// missing from want.
func diffLines(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var out []string
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			out = append(out, "- "+l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}
