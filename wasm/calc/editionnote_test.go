package calc_test

import (
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/accuracy"
	"github.com/infercost/infercost/wasm/calc"
	"github.com/infercost/infercost/wasm/dataset"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/sitedata"
	"github.com/infercost/infercost/wasm/view"
)

// publishedDay is the last day whose editions these tests read: the
// editions published up to it never change, so neither do the notes.
const publishedDay = "2026-12-04"

// published returns the editions as published on publishedDay, with
// their error bands, as gen builds them; later ones are held.
var published = sync.OnceValues(func() (dataset.Editions, error) {
	e, _, err := accuracy.LoadEditions(content.FS, "data", publishedDay)
	return e, err
})

func publishedSet(t *testing.T) (*calc.Set, dataset.Editions) {
	t.Helper()
	e, err := published()
	if err != nil {
		t.Fatal(err)
	}
	return set(e), e
}

// An old link's note names what today's data changes among the results
// it shows, the headline first, whether or not a cell has a metric name,
// and never says "the same figures" when they differ. One link per
// calculator, with today's data of publishedDay.
func TestOldLinksNoteWhatDiffers(t *testing.T) {
	s, _ := publishedSet(t)
	for _, tc := range []struct {
		name, query string
		want        []string
	}{
		// The link of the report: the cheapest API on 2026-01-15 was
		// DeepSeek V3.2 at $0.28 in and $0.42 out per million tokens
		// (content/data/api.yaml, from 2025-09-29); 10,000 requests a day
		// of 1,000 tokens in and 300 out cost 10,000 x (1,000 x 0.28 +
		// 300 x 0.42) / 1e6 = $4.06 a day, x 365.25 / 12 = $123.58 a
		// month, shown as $124 (cents only under 100). On 2026-12-04 GPT-6 Luna at $0.10 and $0.50
		// (content/data/api-genai.yaml, from 2026-12-01) is the cheapest:
		// 10,000 x (100 + 150) / 1e6 = $2.50 a day, $76.09 a month. The
		// APIs compared by default differ from the first row on.
		{"pricing", "v=1&ed=2026-01-15", []string{
			"The answer: Per month on DeepSeek DeepSeek V3.2 (deepseek-chat) $124 → Per month on OpenAI GPT-6 Luna $76.09",
			"The answer: Per month on OpenAI GPT-4.1 $1,339 → –",
			"API 1: OpenAI GPT-4.1 → OpenAI GPT-6 Astra"}},
		// Edition 2026-12-04 refitted the estimates, and with them the
		// error bands: the memory figures stay, their bands do not
		// (testdata/figures/2026-12-01.txt and 2026-12-04.txt: a.kv_pool_gib
		// 51.42 GiB, low 34.21 and high 50.67, then 54.45: 54.45 / 51.42
		// = +6 %). The note said "the same figures".
		{"memory", "ed=2026-12-01", []string{
			"KV-cache pool, A: H100 SXM: 51.4 GiB (−33 %…−1 %) → 51.4 GiB (−33 %…+6 %)"}},
		// The estimated throughputs changed, and with them the headline
		// (testdata/figures: the preset's b.cost_per_mtok, $0.38 on
		// 2026-11-30, $0.57 with its band on 2026-12-04), which the note
		// left out.
		{"tco", "preset=llama-70b-h100-vs-b200&ed=2026-11-30", []string{
			"The answer, Cost per 1M output tokens, B: $0.38 → $0.57 (−25 %…+135 %)",
			"The answer, Less per token than A: 54 % → 49 %"}},
		// The default scenario's efficiencies changed (the inputs), and
		// with them the headline's throughput (testdata/figures:
		// results.tps.a 3,182 on 2026-11-30, 2,404 on 2026-12-04, shown to
		// an estimate's 3 significant figures).
		{"performance", "ed=2026-11-30", []string{
			"The answer, Output tokens/s per GPU at batch 32: 3,180 tokens/s → 2,400 tokens/s (−57 %…+33 %)"}},
	} {
		p := s.Page(tc.name, tc.query)
		n := p.Edition
		if n.Edition == "" || n.Latest != publishedDay {
			t.Errorf("%s?%s: note %+v; want one from the link's edition to %s", tc.name, tc.query, n, publishedDay)
			continue
		}
		for _, w := range tc.want {
			if !slices.Contains(n.Changes, w) {
				t.Errorf("%s?%s: note lists %q; want %q among them", tc.name, tc.query, n.Changes, w)
			}
		}
	}
}

// A note lists no result (and the page says "the same figures") exactly
// when the old link's page shows today's results: for every calculator's
// default, presets and probes, pinned to every older edition (for the
// pricing calculator also the days its prices changed).
func TestEditionNotesAreEmptyOnlyForTheSameFigures(t *testing.T) {
	s, e := publishedSet(t)
	today := e.Latest()
	sameCount, differ := 0, 0
	for _, name := range sitedata.Calculators {
		dates := slices.Clone(e.List.WithoutNotes())
		var days []string
		for _, d := range dates {
			days = append(days, d.Date)
		}
		if name == "pricing" {
			days = append(days, today.Pricing.APIs.Changes()...)
		}
		slices.Sort(days)
		days = slices.Compact(days)
		for _, q := range append(append([]string{""}, presetQueries(today, name)...), probes[name]...) {
			for _, day := range days {
				if day >= publishedDay {
					continue
				}
				old := s.Page(name, edition.With(q, day))
				now := s.Page(name, old.Edition.Query)
				inputs := changedInputs(old, now)
				same := maps.Equal(shows(old), shows(now))
				if same {
					sameCount++
				} else {
					differ++
				}
				switch n := old.Edition; {
				case same && len(n.Changes) != inputs:
					t.Errorf("%s?%s at %s: the figures are today's, yet the note lists %q", name, q, day, n.Changes[inputs:])
				case !same && len(n.Changes) == inputs:
					t.Errorf("%s?%s at %s: the figures differ from today's, yet the note lists none", name, q, day)
				}
			}
		}
	}
	// Both cases occur, so both are tested.
	if sameCount == 0 || differ == 0 {
		t.Errorf("%d links show today's figures, %d others; want some of each", sameCount, differ)
	}
	t.Logf("%d links show today's figures, %d others", sameCount, differ)
}

// changedInputs counts the inputs whose values differ between the pages,
// the edition left out: what a note lists before the results.
func changedInputs(old, now view.Page) int {
	values := map[string]string{}
	for _, in := range now.Inputs {
		values[in.Key] = in.Value
	}
	n := 0
	for _, in := range old.Inputs {
		if v, ok := values[in.Key]; ok && in.Key != edition.Key && v != in.Value {
			n++
		}
	}
	return n
}

// shows returns what a page shows, by place: the headline's sentence and
// key figures, and every cell with its error band and every column's
// title, by key, of the tables shown; not a hidden column, nor a column
// of buttons.
func shows(p view.Page) map[string]string {
	m := map[string]string{"headline": p.Headline.Text}
	for i, f := range p.Headline.Figures {
		m["figure "+string(rune('0'+i))] = f.Label + " " + f.Text + " " + f.Band
	}
	for _, tb := range p.Tables {
		if tb.Hidden {
			continue
		}
		for k, c := range tb.Columns {
			if c.Hidden || c.Toggle != "" {
				continue
			}
			m[tb.ID+" column "+c.Key] = c.Title
			for _, r := range tb.Rows {
				if k < len(r.Cells) && r.Cells[k].Text != "" {
					m[r.Cells[k].Key] = strings.TrimSpace(r.Cells[k].Text + " " + r.Cells[k].Band)
				}
			}
		}
	}
	return m
}
