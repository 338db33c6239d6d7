package perfview_test

import (
	"encoding/json"
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/band"
	"github.com/infercost/infercost/wasm/chart"
	"github.com/infercost/infercost/wasm/custom"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/money"
	"github.com/infercost/infercost/wasm/msg"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

func load(t testing.TB) serving.Perf { return datasettest.Load(t).PerfData() }

// The roofline against every published throughput in the data: median
// absolute error at most 25 % (issue 4). The methodology page's table is
// generated from the same function.
func TestCalibrationAgainstPublishedThroughput(t *testing.T) {
	rs := load(t).Calibrate()
	med := serving.MedianAbsError(rs)
	for _, r := range rs {
		t.Logf("%-12s %-14s TP %d %-4s batch %4d %4d/%-4d est %8.1f err %+6.1f %%", r.Row.Model, r.Row.GPU, r.Row.TP, r.Row.Precision,
			r.Row.Batch, r.Row.Input, r.Row.Output, r.Estimate, 100*r.Err)
	}
	if math.IsNaN(med) || med > 0.25 {
		t.Errorf("median absolute error %.1f %%, want at most 25 %%", 100*med)
	}
	t.Logf("median absolute error on tokens/s: %.1f %%", 100*med)
}

func TestDefaultPageHasTheMetrics(t *testing.T) {
	p := perfview.Build(perfview.Resolve("", load(t)))
	c := p.CellsByKey()
	for _, m := range []string{"ttft_ms", "tpot_ms", "tokens_per_s_gpu", "p99_latency_ms", "max_rps_at_slo"} {
		if cl := c["a."+m]; cl.Metric != m || cl.Value <= 0 || math.IsInf(cl.Value, 0) {
			t.Errorf("%s: %+v", m, cl)
		}
	}
	// The simulated P99 at the default rate is at least the unloaded latency.
	if c["a.p99_latency_ms"].Value < p.Scenario.Setup.At(1, 512, 256).E2E*1000*0.99 {
		t.Errorf("P99 %v ms below the unloaded latency", c["a.p99_latency_ms"].Value)
	}
}

func TestBadInput(t *testing.T) {
	d := load(t)
	s := perfview.Resolve("tp=3&prec=fp8&gpu=a100-80gb-sxm&in=0&rate=-1&mfu=2", d)
	bad := map[string]bool{}
	for _, in := range s.Inputs {
		bad[in.Key] = in.Error != ""
	}
	for _, key := range []string{"tp", "in", "rate", "mfu"} {
		if !bad[key] {
			t.Errorf("%s: no error", key)
		}
	}
	// FP8 on the A100, which has no FP8 tensor cores, is served
	// weight-only and said so; editions before edition 2026-12-07 refuse
	// it and serve BF16.
	if bad["prec"] || s.Setup.Weights.ID != "fp8" || !strings.Contains(inputNote(s, "prec"), "no FP8 tensor cores") {
		t.Errorf("FP8 on the A100: error %v, weights %q, note %q; want FP8 weights, weight-only, said so", bad["prec"], s.Setup.Weights.ID, inputNote(s, "prec"))
	}
	old := perfview.Resolve("prec=fp8&gpu=a100-80gb-sxm", datasettest.Editions(t, datasettest.Today).Data["2026-12-06"].PerfData())
	if old.Setup.Weights.ID != "bf16" || inputError(old, "prec") == "" {
		t.Errorf("edition 2026-12-06, FP8 on the A100: weights %q, error %q; want BF16 and the refusal", old.Setup.Weights.ID, inputError(old, "prec"))
	}
}

// inputNote and inputError are the note and the error of the field key.
func inputNote(s perfview.Scenario, key string) string {
	for _, in := range s.Inputs {
		if in.Key == key {
			return in.Note
		}
	}
	return ""
}

func inputError(s perfview.Scenario, key string) string {
	for _, in := range s.Inputs {
		if in.Key == key {
			return in.Error
		}
	}
	return ""
}

// A setup whose weights do not fit shows "does not fit: needs ≥ N GPUs"
// in every cell instead of throughput and latency figures, and its charts
// are empty. Llama 3.1 405B in BF16 on H100 SXM (79.18 GiB visible, vLLM's
// 1,024 sequences and 8,192 tokens for large GPUs), a request of 512 + 256
// tokens:
//
//	budget       79.18 GiB x 0.9                                   = 76,516,989,862 B
//	weights      405.9e9 x 2 B / TP
//	activations  sampler 1,024 x 128,256 x 38.9 B (> the forward)  =  5,108,898,202 B
//	runtime      0.13 + 0.42 GiB (NCCL, TP > 1)                    =    590,558,003 B
//	TP 1, 2, 4, 8: 811.8e9 / 8 = 101,475,000,000 B of weights alone exceed the budget
//	TP 16: pool 76,516,989,862 - 50,737,500,000 - 5,108,898,202 - 590,558,003 = 20,080,033,657 B,
//	       a request 768 x (2 x 1 head x 128 x 2 B x 126 layers) = 49,545,216 B: fits
//
// (TP 9-15 do not split 128 heads over 8 KV heads.) So ≥ 16 GPUs. On one
// L4 (24 GB, 256 sequences) only TP 64 leaves room: ≥ 64.
func TestSetupThatDoesNotFitSaysSo(t *testing.T) {
	d := load(t)
	for _, c := range []struct{ query, want string }{
		{"model=llama-3.1-405b", "does not fit: needs ≥ 16 GPUs"},
		{"model=llama-3.1-405b&tp=8", "does not fit: needs ≥ 16 GPUs"},
		{"model=llama-3.1-405b&gpu=l4", "does not fit: needs ≥ 64 GPUs"},
	} {
		p := perfview.Build(perfview.Resolve(c.query, d))
		for _, cl := range p.Cells() {
			if cl.Text != c.want || cl.Metric != "" {
				t.Errorf("%s: cell %s shows %q (metric %q); want %q and no metric", c.query, cl.Key, cl.Text, cl.Metric, c.want)
			}
		}
		if len(p.Problems) != 1 || !strings.Contains(p.Problems[0], strings.TrimPrefix(c.want, "does not fit: ")) {
			t.Errorf("%s: problems %q; want one that says it %s", c.query, p.Problems, c.want)
		}
		for _, ch := range p.Charts {
			for _, s := range ch.Series {
				if !s.Hidden {
					t.Errorf("%s: %s shows series %s", c.query, ch.ID, s.ID)
				}
			}
		}
	}
	// With 16 GPUs it fits, and shows figures.
	if p := perfview.Build(perfview.Resolve("model=llama-3.1-405b&tp=16", d)); p.CellsByKey()["a.tokens_per_s_gpu"].Value <= 0 || len(p.Problems) != 0 {
		t.Errorf("405B on 16 x H100: throughput %+v, problems %q; want a figure and no problem", p.CellsByKey()["a.tokens_per_s_gpu"], p.Problems)
	}
}

// A batch whose KV cache exceeds the capacity says so and shows the
// largest batch that fits. Llama 3.1 8B in BF16 on one H100 SXM:
//
//	weights      8.03e9 x 2 B                      = 16,060,000,000 B
//	activations  sampler, as for 405B above        =  5,108,898,202 B
//	runtime      0.13 GiB                          =    139,586,437 B
//	pool         76,516,989,862 - the above        = 55,208,505,223 B
//	a request    768 x (2 x 8 heads x 128 x 2 B x 32 layers = 131,072 B) = 100,663,296 B
//	largest batch floor(55,208,505,223 / 100,663,296) = 548
func TestBatchBeyondTheKVCacheSaysSo(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		query    string
		over     bool
		wantText string
	}{
		{"b=548", false, "548 requests"},
		{"b=549", true, "548 requests: a batch of 549 does not fit, the rest would be queued or preempted"},
		{"b=1024", true, "548 requests: a batch of 1,024 does not fit, the rest would be queued or preempted"},
	} {
		p := perfview.Build(perfview.Resolve(c.query, d))
		cell := p.CellsByKey()["a.max_batch"]
		if cell.Value != 548 || cell.Text != c.wantText {
			t.Errorf("%s: largest batch %v %q; want 548 %q", c.query, cell.Value, cell.Text, c.wantText)
		}
		said := slices.ContainsFunc(p.Problems, func(m string) bool { return strings.Contains(m, "queue or preempt") })
		if said != c.over {
			t.Errorf("%s: problems %q; want a note on queueing: %v", c.query, p.Problems, c.over)
		}
	}
	marks := perfview.Build(perfview.Resolve("", d)).Charts[0].Series[0].Marks
	if !slices.Contains(marks, chart.Mark{Name: "KV cache full", X: 548}) {
		t.Errorf("batch chart marks %v; want the KV cache full at 548", marks)
	}
}

// A request longer than the model's context (max_position_embeddings) is
// reported next to the longer of its two fields, whose default is used:
// Llama 2 7B reads 4,096 positions, so 1 + 1,048,575 tokens are rejected
// at the output (the default 256 is used) and 5,000 + 256 at the prompt
// (512).
func TestRequestBeyondTheContextIsReported(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		query, key  string
		prompt, out int
	}{
		{"model=llama-2-7b&gpu=a100-80gb-sxm&tp=8&in=1&out=1048575", "out", 1, 256},
		{"model=llama-2-7b&in=5000", "in", 512, 256},
		{"model=llama-2-7b&in=4000&out=4000", "out", 512, 256}, // 4,000 + 256 still too long: both
		{"model=llama-2-7b&in=3840&out=256", "", 3840, 256},
		{"model=llama-3.1-8b&in=100000&out=31072", "", 100000, 31072},
	} {
		s := perfview.Resolve(c.query, d)
		errs := map[string]string{}
		for _, in := range s.Inputs {
			if in.Error != "" {
				errs[in.Key] = in.Error
			}
		}
		if (c.key == "") != (len(errs) == 0) || (c.key != "" && errs[c.key] == "") || s.Prompt != c.prompt || s.Output != c.out {
			t.Errorf("%s: errors %v, %d in / %d out; want an error at %q, %d / %d", c.query, errs, s.Prompt, s.Output, c.key, c.prompt, c.out)
		}
	}
}

// A change of the rate reruns only the simulation at that rate: the
// latency chart's runs and the search for the highest rate read the
// replica, the lengths and the target, never the rate. The result is the
// page a fresh build gives.
func TestARateChangeRerunsOnlyTheRunAtThatRate(t *testing.T) {
	d := load(t)
	var b perfview.Builder
	for _, c := range []struct {
		query string
		runs  int // parts computed in all
	}{
		{"", 3},                   // the run at the rate, the chart's runs, the search
		{"rate=3", 4},             // the run at the new rate
		{"rate=3&b=64", 4},        // the batch is the roofline's: no simulation
		{"rate=3&b=64&slo=10", 5}, // the search
		{"rate=3&b=64&slo=10&in=1000", 8},
		{"rate=2&b=64&slo=10&in=1000", 9},
	} {
		s := perfview.Resolve(c.query, d)
		got := b.Build(s)
		if b.Runs() != c.runs {
			t.Errorf("%q: %d parts computed in all; want %d", c.query, b.Runs(), c.runs)
		}
		if want := perfview.Build(s); !reflect.DeepEqual(got.Page, want.Page) || got.MaxRate != want.MaxRate || got.Load != want.Load {
			t.Errorf("%q: the remembered page differs from a fresh one", c.query)
		}
	}
}

// A scenario beyond the work budget shows why instead of figures, and a
// preset that is such a scenario fails the data's validation by name. Runs
// of perf.MaxEvents requests need more than that many events each (the data
// simulates 400).
func TestTooLargeIsShownAndFailsPresets(t *testing.T) {
	d := load(t)
	if budget := money.Group(perf.MaxEvents, 0); !strings.Contains(perfview.TooLarge(msg.English), budget) {
		t.Errorf("the message %q does not name the budget, %s events", perfview.TooLarge(msg.English), budget)
	}
	d.Defaults.Requests.Value = perf.MaxEvents
	p := perfview.Build(perfview.Resolve("", d))
	if !slices.Contains(p.Problems, perfview.TooLarge(msg.English)) {
		t.Errorf("problems %q; want %q", p.Problems, perfview.TooLarge(msg.English))
	}
	c := p.CellsByKey()
	for _, m := range []string{"p99_ttft_ms", "p50_latency_ms", "p99_latency_ms", "max_rps_at_slo"} {
		if c["a."+m].Text != "–" {
			t.Errorf("%s: %q; want –", m, c["a."+m].Text)
		}
	}
	if c["a.tokens_per_s_gpu"].Value <= 0 {
		t.Error("the roofline's figures are gone too")
	}
	for _, s := range p.Charts[1].Series {
		if len(s.Points) != 0 || !s.Hidden {
			t.Errorf("rate chart %s: %d points, hidden %v; want empty", s.ID, len(s.Points), s.Hidden)
		}
	}
	err := perfview.CheckPresets(d)
	for _, name := range []string{"trtllm-70b-h100", "seed-000-70b"} {
		if err == nil || !strings.Contains(err.Error(), `"`+name+`"`) || !strings.Contains(err.Error(), "too large") {
			t.Errorf("validation %v; want preset %s too large", err, name)
		}
	}
}

func FuzzQueryRoundTrip(f *testing.F) {
	d := load(f)
	for _, seed := range []string{"", "model=deepseek-v3&gpu=mi300x&tp=8&prec=fp8", "b=4096&in=1&out=1", "rate=100000&slo=0.001", "gpu=t4&prec=fp8",
		"model=custom&gpu=custom&m.e=8&m.ept=2&g.fp8=0&prec=fp8", "model=custom&m.kvr=512&m.rope=64&m.hd=32&gpu=custom&g.mem=1"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		s := perfview.Resolve(q, d)
		again := perfview.Resolve(s.Query, d)
		if again.Query != s.Query || !reflect.DeepEqual(again.Setup, s.Setup) {
			t.Fatalf("round trip of %q: %q -> %q", q, s.Query, again.Query)
		}
		if _, err := json.Marshal(perfview.Build(s).Update()); err != nil {
			t.Fatalf("%q: %v", q, err)
		}
	})
}

// Every line a chart's description promises lies within its x axis.
func TestChartMarksAreOnTheAxis(t *testing.T) {
	d := load(t)
	for _, q := range []string{"", "preset=trtllm-70b-h100", "preset=seed-000-70b", "slo=600", "slo=0.5", "m=llama-3.1-8b&g=h100-sxm"} {
		for _, c := range perfview.Build(perfview.Resolve(q, d)).Charts {
			for _, s := range c.Series {
				for _, m := range s.Marks {
					if m.X < c.XMin || m.X > c.XMax {
						t.Errorf("%s: %s: mark %q at %v outside the axis [%v, %v]", q, c.ID, m.Name, m.X, c.XMin, c.XMax)
					}
				}
			}
		}
	}
}

// FP4 reads the weights in NVIDIA's NVFP4 on NVIDIA GPUs and in MXFP4 on
// AMD's, and multiplies at the GPU's FP4 tensor rate. Llama 3.1 70B on one
// B300 (7,750 GB/s, NVIDIA's 62 TB/s for 8 GPUs, edition 2026-12-02; FP4
// 14,000 TFLOPS dense, edition 2026-12-01), NVFP4 weights
// 42,733,185,312 B (worked in memview's TestFP4WeightFormats), one sequence
// at an empty context, the Blackwell FP4 efficiencies (memory 0.7,
// compute 0.4; edition 2026-12-02) and a fixed cost of 2.3 ms a step
// (edition 2026-12-02, whose figures are sealed; the test reads that
// edition, so a later refit does not move it):
//
//	bandwidth-bound  42,733,185,312 B / (7,750e9 B/s x 0.7)  = 7.877 ms
//	                 + 2.3 ms                                 = 10.177 ms per token
//	compute          2 x 70.6e9 FLOP / (14,000e12 x 0.4)     = 0.025 ms, far below
//
// An H100 has no FP4 tensor cores: the field says so, naming the GPU, and
// the estimate falls back to BF16 as it does for FP8 on an A100.
func TestFP4Precision(t *testing.T) {
	e := datasettest.Editions(t, datasettest.Today)
	d := e.Data["2026-12-02"].PerfData()
	s := perfview.Resolve("model=llama-3.1-70b&gpu=b300&prec=fp4", d)
	if s.Setup.Weights.ID != "nvfp4" || s.Setup.Hardware.TFLOPS != 14000 {
		t.Fatalf("B300 in FP4: weights %q at %v TFLOPS, want nvfp4 at 14,000", s.Setup.Weights.ID, s.Setup.Hardware.TFLOPS)
	}
	if got, computeBound := s.Setup.Decode(1, 0); computeBound || math.Abs(got*1000-10.177) > 0.001 {
		t.Errorf("decode step %.4f ms (compute-bound %v), want 10.177 ms bandwidth-bound", got*1000, computeBound)
	}
	if a := perfview.Resolve("model=llama-3.1-70b&gpu=mi355x&prec=fp4", d); a.Setup.Weights.ID != "mxfp4" || a.Setup.Hardware.TFLOPS != 10100 {
		t.Errorf("MI355X in FP4: weights %q at %v TFLOPS, want mxfp4 at 10,100", a.Setup.Weights.ID, a.Setup.Hardware.TFLOPS)
	}
	// The H100 has no FP4 tensor cores: this edition refuses FP4 and
	// falls back to BF16; from edition 2026-12-07 NVFP4 weights are
	// computed at its BF16 rate, 989.4 TFLOPS (weight-only), said next to
	// the field.
	o := perfview.Resolve("model=llama-3.1-70b&gpu=h100-sxm&prec=fp4", d)
	if msg := inputError(o, "prec"); !strings.Contains(msg, "H100") || !strings.Contains(msg, "FP4") || o.Setup.Weights.ID != "bf16" {
		t.Errorf("H100 in FP4: message %q, weights %q; want the GPU named and a BF16 fallback", msg, o.Setup.Weights.ID)
	}
	h := perfview.Resolve("model=llama-3.1-70b&gpu=h100-sxm&prec=fp4", load(t))
	if msg := inputNote(h, "prec"); !strings.Contains(msg, "H100") || !strings.Contains(msg, "FP4") || h.Setup.Weights.ID != "nvfp4" ||
		h.Setup.Hardware.TFLOPS != o.Setup.Hardware.TFLOPS || inputError(h, "prec") != "" {
		t.Errorf("edition 2026-12-07, H100 in FP4: note %q, weights %q at %v TFLOPS; want the GPU named, NVFP4 weights at the BF16 rate",
			msg, h.Setup.Weights.ID, h.Setup.Hardware.TFLOPS)
	}
}

// A custom model and GPU typed field by field as catalog rows give exactly
// the catalog rows' figures at the same efficiencies: Llama 3.1 8B on the
// H100 SXM, the MoE Mixtral 8x7B on two B200s in FP4, and DeepSeek-V3
// (MLA) on eight. A custom GPU names no architecture, so it takes the
// shared efficiencies, which both links set.
func TestCustomModelAndGPUGiveTheCatalogsFigures(t *testing.T) {
	d := load(t)
	shared := "&mfu=" + strconv.FormatFloat(d.Defaults.ComputeEfficiency.Value, 'g', -1, 64) +
		"&mbu=" + strconv.FormatFloat(d.Defaults.MemoryEfficiency.Value, 'g', -1, 64)
	for _, tc := range []struct{ model, gpu, rest string }{
		{"llama-3.1-8b", "h100-sxm", ""},
		{"mixtral-8x7b", "b200", "&prec=fp4&kv=fp8&tp=2&b=64"},
		{"deepseek-v3", "b200", "&prec=fp8&kv=fp8&tp=8&in=2000&out=500"},
	} {
		m, _ := d.Memory.Models.Find(tc.model)
		g, _ := d.Memory.GPUs.Find(tc.gpu)
		cells := func(q string) map[string]float64 {
			p := perfview.Build(perfview.Resolve(q, d))
			out := map[string]float64{}
			for k, c := range p.CellsByKey() {
				out[k] = c.Value
			}
			if len(p.Problems) != 0 || len(out) == 0 {
				t.Fatalf("%q: problems %v, %d cells", q, p.Problems, len(out))
			}
			return out
		}
		want := cells("model=" + tc.model + "&gpu=" + tc.gpu + tc.rest + shared)
		got := cells("model=custom&" + custom.ModelQuery(m) + "&gpu=custom&" + custom.GPUQuery(msg.English, g) + tc.rest + shared)
		if !reflect.DeepEqual(got, want) {
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s on %s: %s = %v; want %v", tc.model, tc.gpu, k, got[k], v)
				}
			}
		}
	}
}

// A scenario that no request rate serves within its P99 target says so,
// instead of "up to 0.00 requests/s": TensorRT-LLM's Llama 2 70B row, 2,048
// tokens in and 2,048 out on 2 x H100, takes longer than the 20 s target
// for one request alone at the fitted step model.
func TestNoRateMeetsTheTargetSaysSo(t *testing.T) {
	d := load(t)
	p := perfview.Build(perfview.Resolve("preset=trtllm-70b-h100", d))
	h, cell := p.Headline.Text, p.CellsByKey()["a.max_rps_at_slo"]
	if cell.Value != 0 || !strings.Contains(h, "no rate meets the 20.00 s P99 target") || strings.Contains(h, "up to 0") ||
		!strings.HasPrefix(cell.Text, "none") {
		t.Errorf("headline %q, highest rate %v %q; want no rate named, and none", h, cell.Value, cell.Text)
	}
	for _, f := range p.Headline.Figures {
		if strings.Contains(f.Text, "0.00 requests/s") {
			t.Errorf("key figure %q reads %q", f.Label, f.Text)
		}
	}
}

// engine= sets the simulation's batch limits and KV cache from the
// engine's profile (TGI: max_concurrent_requests 128, a warm-up prefill
// of 4,096 tokens; TensorRT-LLM: max_batch_size 2,048, max_num_tokens
// 8,192); without it, vLLM's on an H100 (1,024 and 8,192) as before.
func TestEngineSetsTheSchedulerLimits(t *testing.T) {
	d := load(t)
	for _, tt := range []struct {
		query          string
		seqs, tokens   int
		engine         string
		moreKVThanVLLM bool
	}{{"", 1024, 8192, "vllm", false}, {"engine=tgi", 128, 4096, "tgi", false}, {"engine=trtllm", 2048, 8192, "trtllm", true}} {
		s := perfview.Resolve(tt.query, d)
		if s.Engine.ID != tt.engine || s.Traffic.MaxSeqs != tt.seqs || s.Traffic.MaxBatched != tt.tokens {
			t.Errorf("%q: engine %q, %d sequences, %d tokens; want %q, %d, %d", tt.query, s.Engine.ID, s.Traffic.MaxSeqs,
				s.Traffic.MaxBatched, tt.engine, tt.seqs, tt.tokens)
		}
		if tt.engine != "vllm" && !strings.Contains(s.Query, "engine="+tt.engine) {
			t.Errorf("%q: the link lost its engine: %q", tt.query, s.Query)
		}
	}
	// TensorRT-LLM's 0.9 of what is left after the weights and the
	// activations leaves more KV cache than vLLM's 0.9 of everything.
	if v, trt := perfview.Resolve("", d).Traffic.KVCapacity, perfview.Resolve("engine=trtllm", d).Traffic.KVCapacity; trt <= v {
		t.Errorf("KV capacity: vLLM %d, TensorRT-LLM %d", v, trt)
	}
}

// The rate chart shades the median end-to-end latency with the
// end-to-end band and the median time to first token with the TTFT band,
// each point's range as a cell's: with latencies estimated 20 % too low
// to 10 % too high (E2E) and 50 % too low to as measured (TTFT), a
// latency l stood for l / 1.1 to l / 0.8, and a first token t for t to
// t / 0.5.
func TestRateChartShadesTheMedianLatencies(t *testing.T) {
	d := load(t)
	d.Memory.Bands = band.Table{Bands: []band.Band{
		{Metric: band.E2E, Workload: band.All, N: 5, P10: -0.2, P90: 0.1},
		{Metric: band.TTFT, Workload: band.All, N: 5, P10: -0.5, P90: 0},
	}}
	series := viewtest.ChartSeries(perfview.Build(perfview.Resolve("", d)).Charts, "chart-rate")
	for id, scale := range map[string][2]float64{"p50": {1 / 1.1, 1 / 0.8}, "ttft50": {1, 2}} {
		line, shade := series[id], series[id+"-band"]
		if len(line.Points) == 0 || shade.Hidden || len(shade.Ranges) != len(line.Points) {
			t.Fatalf("%s: %d points, band %+v", id, len(line.Points), shade)
		}
		for i, pt := range line.Points {
			r := shade.Ranges[i]
			if r[0] != pt[0] || math.Abs(r[1]-pt[1]*scale[0]) > 1e-4 || math.Abs(r[2]-pt[1]*scale[1]) > 1e-4 {
				t.Errorf("%s at %v req/s: range %v; want %v to %v", id, pt[0], r, pt[1]*scale[0], pt[1]*scale[1])
			}
		}
	}
}

// Each latency has a cell of its own for its mean, median, P90 and P99
// (the statistics published runs report: InferenceX's are means), each
// the simulation's figure in ms, the percentiles in order.
func TestLatencyStatisticsHaveCellsOfTheirOwn(t *testing.T) {
	p := perfview.Build(perfview.Resolve("", load(t)))
	c := p.CellsByKey()
	for _, l := range []struct {
		name string
		sim  perf.Latency
	}{{"ttft", p.Load.TimeToFirst}, {"tpot", p.Load.PerToken}, {"latency", p.Load.EndToEnd}} {
		prev := 0.0
		for _, stat := range []struct {
			key string
			sec float64
		}{{"mean", l.sim.Mean}, {"p50", l.sim.P50}, {"p90", l.sim.P90}, {"p99", l.sim.P99}} {
			key := stat.key + "_" + l.name + "_ms"
			if l.name == "latency" {
				key = stat.key + "_latency_ms"
			}
			cl, ok := c["a."+key]
			if !ok || cl.Metric != key || math.Abs(cl.Value-stat.sec*1000) > 0.001 || !(cl.Value > 0) {
				t.Errorf("%s: %+v; want the simulation's %.3f ms", key, cl, stat.sec*1000)
			}
			if stat.key != "mean" {
				if cl.Value < prev {
					t.Errorf("%s %.3f ms below the percentile before it, %.3f", key, cl.Value, prev)
				}
				prev = cl.Value
			}
		}
	}
}
