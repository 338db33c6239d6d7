package memview_test

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/view"
)

// shownColumns lists the keys of a table's shown columns, in order.
func shownColumns(t view.Table) []string {
	var keys []string
	for _, c := range t.Columns {
		if !c.Hidden {
			keys = append(keys, c.Key)
		}
	}
	return keys
}

// The "Which GPUs fit" table answers first: its first column is how many
// GPUs the sequences need. A column that reads the same on every GPU
// is said once, in the table's note, not repeated on every row:
// DeepSeek-V3.1's weights (1,250 GiB per GPU in BF16) fit no single GPU,
// so every row read "1,250 GiB / does not fit / 0" before its answer in
// the last column. Llama 3.1 8B's pool and sequences differ by GPU and
// stay; its weights (15 GiB) are the same on each.
func TestFitTableAnswersFirstAndSaysWhatIsCommonOnce(t *testing.T) {
	d := load(t)
	de := msgtest.German(t)
	for _, tc := range []struct {
		query, lang string
		shown       []string
		note        string
	}{
		{"model=deepseek-v3.1", "en", []string{"fit-need"},
			"The same on every GPU: Sequences at 4,096 tokens 0; KV-cache pool does not fit; Weights per GPU 1,250 GiB."},
		{"model=deepseek-v3.1", "de", []string{"fit-need"},
			"Auf jeder GPU gleich: Sequenzen bei 4.096 Tokens 0; KV-Cache-Pool passt nicht; Gewichte je GPU 1.250 GiB."},
		{"", "en", []string{"fit-need", "fit-seqs", "fit-pool"}, "The same on every GPU: Weights per GPU 15 GiB."},
	} {
		s := memview.Resolve(tc.query, d)
		if tc.lang == "de" {
			s = memview.ResolveIn(de, tc.query, d)
		}
		ft := memview.Build(s, d).Tables[2]
		if ft.ID != "fit" {
			t.Fatalf("table 3 is %q; want the fit table", ft.ID)
		}
		if ft.Columns[0].Key != "fit-need" {
			t.Errorf("%s %q: first column %q; want the answer, fit-need", tc.lang, tc.query, ft.Columns[0].Key)
		}
		if got := strings.Join(shownColumns(ft), " "); got != strings.Join(tc.shown, " ") {
			t.Errorf("%s %q: shown columns %q; want %q", tc.lang, tc.query, got, tc.shown)
		}
		if ft.Note != tc.note {
			t.Errorf("%s %q: note %q; want %q", tc.lang, tc.query, ft.Note, tc.note)
		}
		for i, c := range ft.Columns {
			if c.Hidden {
				continue
			}
			// A shown column other than the answer differs between GPUs.
			seen := map[string]bool{}
			for _, r := range ft.Rows {
				seen[r.Cells[i].Text] = true
			}
			if i > 0 && len(seen) < 2 {
				t.Errorf("%s %q: column %s shows %q on every row", tc.lang, tc.query, c.Key, ft.Rows[0].Cells[i].Text)
			}
		}
	}
}
