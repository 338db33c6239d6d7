package accuracy

import (
	"fmt"
	"github.com/infercost/infercost/wasm/serving"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/perf"
)

// SGLang prefills first, in the page's simulation and the check alike,
// only in an edition whose prefill_first is 1; vLLM, TensorRT-LLM and TGI
// never.
func TestPrefillFirstFollowsTheEditionFlag(t *testing.T) {
	d := datasettest.Load(t).PerfData()
	m, _ := d.Memory.Models.Find("llama-3.1-8b")
	g, _ := d.Memory.GPUs.Find("h100-sxm")
	s, _ := serving.Setup(m, g, 1, "bf16", "bf16", d.Efficiency())
	for _, flag := range []float64{0, 1} {
		d.Defaults.PrefillFirst.Value = flag
		for _, id := range []string{"vllm", "sglang", "trtllm", "tgi"} {
			e, ok := d.Memory.Engine(id)
			if !ok {
				t.Fatalf("no engine profile %q", id)
			}
			want := flag == 1 && id == "sglang"
			if got := d.LoadOn(e, s, g, 512, 128).PrefillFirst; got != want || d.SchedulesPrefillFirst(id) != want {
				t.Errorf("prefill_first %g, %s: the load prefills first %v; want %v", flag, id, got, want)
			}
		}
	}
}

// A row's dataset names how its lengths vary.
func TestLengthsOfADataset(t *testing.T) {
	for ds, want := range map[string]perf.Lengths{"fixed": perf.Fixed, "": perf.Fixed, "random": perf.Uniform, "sharegpt": perf.Chat, "sonnet": perf.Fixed, calibration.Random08: perf.Near} {
		if got := Lengths(ds); got != want {
			t.Errorf("%q: %d; want %d", ds, got, want)
		}
	}
	if len(calibration.Datasets) != 5 {
		t.Errorf("datasets %v: Lengths knows fixed, random, random-0.8, sharegpt and sonnet", calibration.Datasets)
	}
}

// The check simulates an SGLang row of random lengths at their means in
// an edition without the flags, and otherwise with each flag's effect:
// the four estimates differ. (At a rate: in a closed loop of fixed
// lengths, the clients' requests arrive together and the scheduling
// changes nothing.)
func TestTheFlagsChangeTheCheckOnlyWhenSet(t *testing.T) {
	tab, est := calibrated(t)
	var row calibration.Row
	for _, r := range tab.Rows {
		if r.Engine == "sglang" && r.Dataset == "random" && r.Load == calibration.Rate && est.Estimate(r).Unexpressed == "" {
			row = r
			break
		}
	}
	if row.ID == "" {
		t.Fatal("no SGLang row of random lengths at a rate that the estimator expresses")
	}
	seen := map[float64]string{}
	for _, f := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		est.Perf.Defaults.VariedLengths.Value, est.Perf.Defaults.PrefillFirst.Value = f[0], f[1]
		e := est.Estimate(row)
		if e.Unexpressed != "" {
			t.Fatalf("%s: %s", row.ID, e.Unexpressed)
		}
		if prev, ok := seen[e.TTFT.Mean]; ok {
			t.Errorf("%s: flags %v give the mean TTFT of flags %s", row.ID, f, prev)
		}
		seen[e.TTFT.Mean] = fmt.Sprint(f)
	}
}

// InferenceX's runs draw lengths from 0.8 to 1 times those set and count
// every request: each of varied_lengths and latency_every_request changes
// the mean TTFT of such a run, and the two together a third time.
func TestTheFlagsChangeAnInferenceXRun(t *testing.T) {
	_, snaps, est := withSnapshots(t)
	var row calibration.Row
	for _, s := range snaps {
		for _, r := range s.Rows {
			if row.ID == "" && r.Dataset == calibration.Random08 && r.Load == calibration.Concurrency && r.Concurrency >= 8 && est.Estimate(r).Unexpressed == "" {
				row = r
			}
		}
	}
	if row.ID == "" {
		t.Fatal("no imported InferenceX run the estimator expresses")
	}
	seen := map[float64]string{}
	for _, f := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		est.Perf.Defaults.VariedLengths.Value, est.Perf.Defaults.LatencyEveryRequest.Value = f[0], f[1]
		e := est.Estimate(row)
		if prev, ok := seen[e.TTFT.Mean]; ok {
			t.Errorf("%s: flags %v give the mean TTFT of flags %s", row.ID, f, prev)
		}
		seen[e.TTFT.Mean] = fmt.Sprint(f)
	}
}

// The flags are checked as the edition's others: 0 or 1 from a known
// source, dated.
func TestTheFlagsAreValidated(t *testing.T) {
	d := datasettest.Load(t).PerfData()
	d.Defaults.VariedLengths = fact.Figure{Value: 2, Source: "nowhere", AsOf: "soon"}
	d.Defaults.PrefillFirst = fact.Figure{Value: -1, Source: "nowhere", AsOf: "soon"}
	d.Defaults.KVAsEngine = fact.Figure{Value: 2, Source: "calibration-fit", AsOf: "2026-12-04"}
	d.Defaults.SteadyWindow = fact.Figure{Value: 2, Source: "steady-window", AsOf: "2026-12-06"}
	d.Defaults.LatencyEveryRequest = fact.Figure{Value: 0.5, Source: "nowhere", AsOf: "2026-12-08"}
	d.Defaults.AsLaunched = fact.Figure{Value: 3, Source: "inferencex-bench", AsOf: "2026-12-08"}
	err := d.Validate()
	for _, field := range []string{"varied_lengths.value", "varied_lengths.source", "varied_lengths.as_of", "prefill_first.value", "prefill_first.source", "kv_as_engine.value",
		"steady_window.value", "latency_every_request.source", "as_launched.value"} {
		if err == nil || !strings.Contains(err.Error(), field) {
			t.Errorf("validation %v; want an error on %s", err, field)
		}
	}
}

// A row that does not name its KV cache format is taken, before
// kv_as_engine, as FP8 with quantized weights whatever the engine; with
// it, as the engine's default: 16-bit for vLLM, SGLang and TGI, FP8 for
// TensorRT-LLM's quantized checkpoints.
func TestUnstatedKVByEngine(t *testing.T) {
	for _, c := range []struct {
		engine, weights  string
		before, byEngine string
	}{
		{"sglang", "fp8", "fp8", "bf16"},
		{"vllm", "mxfp4", "fp8", "bf16"},
		{"tgi", "bf16", "bf16", "bf16"},
		{"trtllm", "fp8", "fp8", "fp8"},
		{"trtllm", "nvfp4", "fp8", "fp8"},
		{"trtllm", "bf16", "bf16", "bf16"},
		{"vllm", "int4", "bf16", "bf16"},
	} {
		r := calibration.Row{Engine: c.engine, Weights: c.weights, KV: calibration.KVUnstated}
		if got := UnstatedKV(r, false); got != c.before {
			t.Errorf("%s %s before kv_as_engine: %s; want %s", c.engine, c.weights, got, c.before)
		}
		if got := UnstatedKV(r, true); got != c.byEngine {
			t.Errorf("%s %s by engine: %s; want %s", c.engine, c.weights, got, c.byEngine)
		}
	}
}

// The check follows the flag: an SGLang and a vLLM row in FP8 that name
// no KV format are estimated differently with it, a TensorRT-LLM one the
// same.
func TestTheKVFlagChangesTheCheckOnlyWhereTheDefaultDiffers(t *testing.T) {
	tab, est := calibrated(t)
	seen := map[string]bool{}
	for _, r := range tab.Rows {
		if r.KV != calibration.KVUnstated || r.Weights != "fp8" || r.Load == calibration.Startup || seen[r.Engine] {
			continue
		}
		est.Perf.Defaults.KVAsEngine.Value = 0
		before := est.Estimate(r)
		est.Perf.Defaults.KVAsEngine.Value = 1
		after := est.Estimate(r)
		if before.Unexpressed != "" || after.Unexpressed != "" {
			continue
		}
		seen[r.Engine] = true
		if changed := before.OutputTokS != after.OutputTokS; changed != (r.Engine != "trtllm") {
			t.Errorf("%s (%s): %g tokens/s without the flag, %g with it", r.ID, r.Engine, before.OutputTokS, after.OutputTokS)
		}
	}
	if !seen["sglang"] || !seen["vllm"] || !seen["trtllm"] {
		t.Errorf("engines with an FP8 row of unstated KV that the estimator expresses: %v; want sglang, vllm and trtllm", seen)
	}
}

// as_launched runs a row on its own engine with the settings it was
// started with. InferenceX starts SGLang for DeepSeek-R1 on 8 B200s with
// --scheduler-recv-interval 30 at 16 requests in flight or more: a prompt
// that arrives while the batch decodes waits for the scheduler's next
// look, on average about half the 30 steps, so the mean TTFT grows by
// several decoding steps and by less than 30 (each step about a TPOT).
// A vLLM run that states no settings runs as before: vLLM is the engine
// the check took for every run.
func TestAsLaunchedRunsTheRunsOwnEngineAndSettings(t *testing.T) {
	_, snaps, est := withSnapshots(t)
	est.Perf.Defaults.AsLaunched.Value = 1
	var sg, vl calibration.Row
	for _, s := range snaps {
		for _, r := range s.Rows {
			switch {
			case sg.ID == "" && r.RecvInterval == 30 && r.Concurrency == 64 && r.Weights == "fp8" && est.Estimate(r).Unexpressed == "":
				sg = r
			case vl.ID == "" && r.Engine == "vllm" && r.MaxNumSeqs == 0 && r.Concurrency >= 16 && est.Estimate(r).Unexpressed == "":
				vl = r
			}
		}
	}
	if sg.ID == "" || vl.ID == "" {
		t.Fatalf("runs %q and %q: want an SGLang run at 64 in flight with an interval of 30, and a vLLM run", sg.ID, vl.ID)
	}
	at := sg.RecvInterval
	with := est.Estimate(sg)
	sg.RecvInterval = 0
	without := est.Estimate(sg)
	steps := (with.TTFT.Mean - without.TTFT.Mean) / without.TPOT.Mean
	if steps < 3 || steps > float64(at) {
		t.Errorf("%s: mean TTFT %.1f ms with an interval of %d, %.1f ms without: %.1f decoding steps of %.1f ms more; want 3 to %d",
			sg.ID, with.TTFT.Mean, at, without.TTFT.Mean, steps, without.TPOT.Mean, at)
	}
	t.Logf("%s: the interval adds %.1f decoding steps to the mean TTFT", sg.ID, steps)

	launched := est.Estimate(vl)
	est.Perf.Defaults.AsLaunched.Value = 0
	if before := est.Estimate(vl); launched.TTFT != before.TTFT || launched.TPOT != before.TPOT {
		t.Errorf("%s: TTFT %+v and TPOT %+v as launched; want the check's %+v and %+v", vl.ID, launched.TTFT, launched.TPOT, before.TTFT, before.TPOT)
	}
}
