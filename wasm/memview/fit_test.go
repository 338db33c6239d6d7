package memview_test

import (
	"math"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/msg/msgtest"
	"github.com/infercost/infercost/wasm/serving"
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
// DeepSeek-V3.1's weights fit no single GPU, neither in FP8 as published
// (669.1e9 parameters x 1 B + 1.853e9 embedding parameters x 2 B =
// 626.6 GiB), the default from edition 2026-12-07, nor in BF16 (671e9 x
// 2 B = 1,250 GiB) before it, so every row read "627 GiB / does not fit /
// 0" before its answer in the last column. Llama 3.1 8B's pool and sequences differ by GPU and
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
			"The same on every GPU: Sequences at 4,096 tokens 0; KV-cache pool does not fit; Weights per GPU 627 GiB."},
		{"model=deepseek-v3.1", "de", []string{"fit-need"},
			"Auf jeder GPU gleich: Sequenzen bei 4.096 Tokens 0; KV-Cache-Pool passt nicht; Gewichte je GPU 627 GiB."},
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

// From edition 2026-12-07 a model starts in the format its checkpoint is
// published in: DeepSeek-V3.1 in FP8 (626.6 GiB, as above), gpt-oss-120b
// with its experts in MXFP4 and the rest in BF16 (64.3451e9 B =
// 59.93 GiB, as wasm/memory's TestWeights works out), Llama 3.1 8B in
// BF16; editions before start every model in BF16 (1,250 GiB and 117e9 x
// 2 B = 217.9 GiB).
func TestModelsStartInTheirCheckpointsFormat(t *testing.T) {
	now := load(t)
	before := datasettest.Editions(t, datasettest.Today).Data["2026-12-06"].MemoryData()
	for _, tc := range []struct {
		model      string
		d          serving.Memory
		format     string
		weightsGiB float64
	}{
		{"deepseek-v3.1", now, "fp8", 626.6},
		{"gpt-oss-120b", now, memory.MXFP4Experts, 59.93},
		{"llama-3.1-8b", now, "bf16", 14.96},
		{"deepseek-v3.1", before, "bf16", 1249.8},
		{"gpt-oss-120b", before, "bf16", 217.9},
	} {
		w := memview.Resolve("model="+tc.model, tc.d).Options[0].Setup.Weights
		if w.ID != tc.format {
			t.Errorf("%s: weights %q; want %q", tc.model, w.ID, tc.format)
		}
		s := memview.Resolve("model="+tc.model, tc.d).Options[0].Setup
		s.TP = 1
		if got := s.WeightBytes() / memory.GiB; math.Abs(got-tc.weightsGiB) > 0.05 {
			t.Errorf("%s in %s: %.2f GiB; want %.2f", tc.model, tc.format, got, tc.weightsGiB)
		}
	}
}
