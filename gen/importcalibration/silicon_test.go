package main

import (
	"os"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/memory"
)

var meta = Meta{Published: "2026-07-14", AsOf: "2026-12-07"}

// fixture is eleven runs of the sample at commit 095f58a5 (lines 2, 81,
// 255, 762, 897, 1582, 1857, 1904, 3191, 3472 and 4685), chosen for the
// cases the import reads apart.
func fixture(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/silicon_sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTheSampleReadsAsRows(t *testing.T) {
	imp, err := Read(strings.NewReader(fixture(t)), meta)
	if err != nil {
		t.Fatal(err)
	}
	// Of the eleven runs, five are left out: two disaggregated runs
	// without worker counts (GLM-5 on GB200, line 1857; DeepSeek-R1 on
	// GB200, line 4685), a GB200 run "agg" at TP 72 (line 3191), Qwen3-32B
	// on GB200 at batch 144 and attention DP 0 with concurrency 288 stated
	// (line 897), and gpt-oss-120b's second export of the run of line
	// 1904 (line 3472, the same figures).
	row := rowsOf(t, imp, 6, map[string]int{dropPools: 2, dropMultiNode: 1, dropConc: 1, dropRepeat: 1})

	// Line 762: SGLang on a B200 server, tp_size 64 = TP 8 x EP 8, moe
	// 8 x 8, batch 4, attention DP 1; InferenceX, so lengths 0.9 x 1,024
	// = 921.6 and 10 x 4 requests; the sample's name DeepSeek-V3 read as
	// DeepSeek-R1 ("dsr1_").
	r := row["dsr1_b200_sglang_fp8_agg_1024x1024_c4_cfg199"]
	if r.GPU != "b200" || r.GPUs != 8 || r.TP != 8 || r.EP != 8 || r.DP != 0 || r.Concurrency != 4 || r.Requests != 40 ||
		r.Input != 921.6 || r.Output != 921.6 || r.Dataset != calibration.Random08 || r.Model != "deepseek-r1" || r.Weights != "fp8" ||
		r.Source != InferenceX || r.Measured != "2025-11-18" || r.EngineVersion != "unstated" {
		t.Errorf("line 762: %+v", r)
	}
	// InferenceX's script starts SGLang for FP8 on 8 B200s with
	// --scheduler-recv-interval 10 below 16 in flight, 128 requests
	// running at most, 0.82 of memory and prompts in chunks of 32,768.
	if r.RecvInterval != 10 || r.MaxNumSeqs != 128 || r.MemFraction != 0.82 || r.MaxBatchedTokens != 32768 {
		t.Errorf("line 762's launch settings: interval %d, %d running, fraction %g, chunk %d", r.RecvInterval, r.MaxNumSeqs, r.MemFraction, r.MaxBatchedTokens)
	}
	if r.TTFT.Mean != 171.8475322960876 || r.TPOT.Mean != 10.271497302061958 || r.TTFT.P50 != 0 {
		t.Errorf("line 762's latencies are means: TTFT %+v, TPOT %+v", *r.TTFT, *r.TPOT)
	}

	// Line 1582: NVIDIA's run of Qwen3-32B, blank quantization (the BF16
	// checkpoint), lengths as set, no request count.
	r = row["qwen_qwen3_32b_qwen_qwen3_32b_h100_sxm_vllm_agg_4096x1024_c128_tp4_epnone_89"]
	if r.Source != NVIDIA || r.Weights != "bf16" || r.Dataset != "fixed" || r.Input != 4096 || r.Output != 1024 || r.Requests != 0 ||
		r.GPUs != 4 || r.TP != 4 || r.Concurrency != 128 || r.MoE {
		t.Errorf("line 1582: %+v", r)
	}

	// Line 1904: gpt-oss-120b labelled NVFP4, served from its checkpoint
	// of MXFP4 experts.
	if r := row["2026_03_25_gpt_oss_120b_h100_sxm_vllm_fp4_agg_1024x1024_c64_tp4_0_ep1_0_185"]; r.Weights != memory.MXFP4Experts || !strings.Contains(r.Note, "NVFP4") {
		t.Errorf("line 1904: weights %q, note %q", r.Weights, r.Note)
	}

	// Line 81: Kimi-K2.5 disaggregated on GB200, one prefill worker of
	// tp_size 1 x attention DP 4 (EP 4) and four decode workers of TP 8
	// (EP 8): 4 + 32 = 36 GPUs, concurrency 4 as stated.
	r = row["kimik2_5_gb200_trtllm_fp4_disagg_1024x1024_c4_cfg759"]
	wantPools := calibration.Disagg{Prefill: calibration.Pool{Workers: 1, TP: 4, DP: 4, EP: 4, Batch: 1}, Decode: calibration.Pool{Workers: 4, TP: 8, EP: 8, Batch: 1}}
	if r.Disagg == nil || *r.Disagg != wantPools || r.GPUs != 36 || r.Concurrency != 4 || r.TP != 0 || r.HFModel != "moonshotai/Kimi-K2.5" {
		t.Errorf("line 81: %+v, pools %+v", r, r.Disagg)
	}
}

// rowsOf checks that imp has n rows and left out the runs dropped says,
// by reason, and returns its rows by id.
func rowsOf(t *testing.T, imp Import, n int, dropped map[string]int) map[string]calibration.Row {
	t.Helper()
	if len(imp.Rows) != n || len(imp.Dropped) != len(dropped) {
		t.Fatalf("got %d rows, dropped %v; want %d rows, dropped %v", len(imp.Rows), imp.Dropped, n, dropped)
	}
	for reason, k := range dropped {
		if imp.Dropped[reason] != k {
			t.Errorf("dropped %q: %d, want %d", reason, imp.Dropped[reason], k)
		}
	}
	row := map[string]calibration.Row{}
	for _, r := range imp.Rows {
		row[r.ID] = r
	}
	return row
}

// A file that is not the sample, or a run that cannot be read, fails the
// import naming the line, the run and the column.
func TestABadSampleNamesTheRun(t *testing.T) {
	good := fixture(t)
	lines := strings.Split(good, "\n")
	const id = "minimaxm2_5_b300_vllm_fp8_agg_8192x1024_c128_cfg733" // line 2
	for _, tt := range []struct {
		name, file, want string
	}{
		{"empty", "", "the header: EOF"},
		{"another format", `{"date": "2026-01-01", "results": []}`, `the header: parse error on line 1`},
		{"another table", "date,price\n2026-01-01,3\n", `the header has no column "id"`},
		{"a column missing", strings.Replace(good, ",silicon_tpot_ms", "", 1), `the header has no column "silicon_tpot_ms"`},
		{"truncated", lines[0] + "\n" + lines[1][:len(lines[1])/2] + "\n", "record on line 2: wrong number of fields"},
		{"NaN", strings.Replace(good, "972.3109823355117", "NaN", 1), `line 2 (` + id + `): silicon_ttft_ms: want a positive latency in ms, got "NaN"`},
		{"negative", strings.Replace(good, "33.442908754168066", "-33.4", 1), `line 2 (` + id + `): silicon_tpot_ms: want a positive latency in ms, got "-33.4"`},
		{"system", strings.Replace(good, "MiniMax-M2.5,b300_sxm", "MiniMax-M2.5,mi355x", 1), `line 2 (` + id + `): system: "mi355x" is not a system the import knows`},
		{"model", strings.Replace(good, "MiniMaxAI/MiniMax-M2.5", "acme/Model-1", 1), `line 2 (` + id + `): model_path: "acme/Model-1" is not a model the import knows`},
		{"lengths", strings.Replace(good, "agg,8192,1024", "agg,8192,x", 1), `line 2 (` + id + `): osl: want a whole number, got "x"`},
		// The same id with other figures, so not the same run listed again.
		{"repeated id", good + strings.Replace(lines[1], "972.3109823355117", "980", 1) + "\n", `line 13 (` + id + `): id: "` + id + `" is the id of an earlier run`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.file), meta)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// TensorRT-LLM's runs take the settings their scripts started the server
// with on the day (trtllmAsScripted), worked out from the scripts:
// max_num_tokens = concurrency + input set + 64, rounded up to 64 (4 +
// 1,024 + 64 = 1,092 -> 1,152; 64 + 8,192 + 64 = 8,320, a multiple
// already), at least 8,192 from 2026-01-21; batch
// waiting for FP8 on B200 at 1,024 in and out from 64 in flight, from
// 2026-01-29; Llama 3.1 70B with 16,384 tokens and batch waiting below 8
// GPUs at 1,024 in and out.
func TestTensorRTLLMRunsAsScripted(t *testing.T) {
	for _, c := range []struct {
		name            string
		row             calibration.Row
		isl, osl        int
		tokens          int
		fraction, ratio float64
		iters           int
	}{
		{"R1 FP4 B200, November", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "nvfp4", TP: 8, Concurrency: 4, Measured: "2025-11-02"}, 1024, 1024, 1152, 0.8, 0, 0},
		{"R1 FP4 B200, February", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "nvfp4", TP: 8, Concurrency: 4, Measured: "2026-02-03"}, 1024, 1024, 8192, 0.8, 0, 0},
		{"R1 FP8 B200 at 8k in", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, Concurrency: 256, Measured: "2026-01-14"}, 8192, 1024, 8512, 0.8, 0, 0},
		{"R1 FP8 B200 waits", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, Concurrency: 64, Measured: "2026-01-29"}, 1024, 1024, 8192, 0.8, 0.8, 40},
		{"R1 FP8 B200 below 64", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, Concurrency: 32, Measured: "2026-01-29"}, 1024, 1024, 8192, 0.8, 0, 0},
		{"R1 FP8 B200 8k on 4", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 4, Concurrency: 64, Measured: "2026-02-05"}, 8192, 1024, 8320, 0.75, 0, 0},
		{"R1 FP8 B200 1k/8k at 256", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, Concurrency: 256, Measured: "2026-02-05"}, 1024, 8192, 8192, 0.7, 0, 0},
		{"R1 FP8 H200", calibration.Row{Model: "deepseek-r1", GPU: "h200-sxm", Weights: "fp8", TP: 8, Concurrency: 128, Measured: "2026-01-14"}, 1024, 1024, 1216, 0.75, 0, 0},
		{"70B on 4 B200s waits", calibration.Row{Model: "llama-3.1-70b", GPU: "b200", Weights: "fp8", TP: 4, Concurrency: 4, Measured: "2025-10-29"}, 1024, 1024, 16384, 0, 0.9, 20},
		{"70B on 8 H200s", calibration.Row{Model: "llama-3.1-70b", GPU: "h200-sxm", Weights: "fp8", TP: 8, Concurrency: 4, Measured: "2025-10-29"}, 1024, 1024, 16384, 0, 0, 0},
		{"70B at 8k in", calibration.Row{Model: "llama-3.1-70b", GPU: "b200", Weights: "nvfp4", TP: 1, Concurrency: 4, Measured: "2025-10-29"}, 8192, 1024, 16384, 0, 0, 0},
		{"Dynamo's build", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, Concurrency: 64, Measured: "2026-03-23", EngineVersion: "0.8.1.post2"}, 1024, 1024, 0, 0, 0, 0},
		{"attention DP", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, DP: 8, Concurrency: 64, Measured: "2026-01-29"}, 1024, 1024, 0, 0, 0, 0},
		{"R1 after the scripts read", calibration.Row{Model: "deepseek-r1", GPU: "b200", Weights: "fp8", TP: 8, Concurrency: 64, Measured: "2026-04-17"}, 1024, 1024, 0, 0, 0, 0},
		{"gpt-oss", calibration.Row{Model: "gpt-oss-120b", GPU: "b200", Weights: memory.MXFP4Experts, TP: 1, Concurrency: 64, Measured: "2026-02-05"}, 1024, 1024, 0, 0, 0, 0},
	} {
		r := c.row
		r.Engine = "trtllm"
		launchedAsScripted(&r, c.isl, c.osl)
		if r.MaxBatchedTokens != c.tokens || r.MemFraction != c.fraction || r.BatchWaitIters != c.iters || r.BatchWaitRatio != c.ratio || r.RecvInterval != 0 || r.MaxNumSeqs != 0 {
			t.Errorf("%s: %d tokens, fraction %g, waiting %d steps for %g; want %d, %g, %d and %g",
				c.name, r.MaxBatchedTokens, r.MemFraction, r.BatchWaitIters, r.BatchWaitRatio, c.tokens, c.fraction, c.iters, c.ratio)
		}
	}
}
