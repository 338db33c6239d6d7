package main

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/infercost/infercost/wasm/calibration"
)

var amdMeta = Meta{Published: "2026-01-19", AsOf: "2026-12-08"}

// results is testdata/results: six entries of InferenceMAX's results as
// mantile copied them at commit 72ff84eb, verbatim, in two runs' files:
// run 20609406656's entries 19 and 42 (SGLang on MI300X and MI355X in
// FP8) beside an H100 entry of run 20218553330 and an ATOM entry of run
// 20921978993; run 20248091324's entry 1 (SGLang on MI355X in MXFP4)
// beside a disaggregated MI355X entry of run 20832485469.
func results(t *testing.T) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, run := range []string{"run_20609406656", "run_20248091324"} {
		b, err := os.ReadFile("testdata/results/" + run + "/agg_bmk.json")
		if err != nil {
			t.Fatal(err)
		}
		fsys["raw/"+run+"/agg_bmk.json"] = &fstest.MapFile{Data: b}
	}
	return fsys
}

func TestInferenceMAXResultsReadAsRows(t *testing.T) {
	imp, err := ReadResults(results(t), "raw", amdMeta)
	if err != nil {
		t.Fatal(err)
	}
	row := rowsOf(t, imp, 3, map[string]int{dropNVIDIA: 1, dropATOM: 1, dropDisagg: 1})

	// Run 20248091324, entry 1: MI355X, SGLang v0.5.6.post1, AMD's MXFP4
	// checkpoint at TP 8, 8,192 in and 1,024 out at 64 in flight: lengths
	// 0.9 x 8,192 = 7,372.8 and 0.9 x 1,024 = 921.6; 50 requests per
	// request in flight on MI355X below 8,192 out, 3,200; the script's
	// 32,768-token prefill chunk above 32 in flight at 8k/1k and its FP8 KV
	// cache; median TTFT 0.30795605649473146 s = 307.956 ms, median TPOT
	// 32.7818 ms, 239.5147 output tokens/s per GPU.
	r := row["dsr1_mi355x_sglang_fp4_tp8_8192x1024_c64_run20248091324"]
	if r.GPU != "mi355x" || r.GPUs != 8 || r.TP != 8 || r.EP != 0 || r.DP != 0 || r.Engine != "sglang" || r.EngineVersion != "0.5.6.post1" ||
		r.Model != "deepseek-r1" || !r.MoE || r.Weights != "mxfp4" || r.KV != "fp8" || r.Load != calibration.Concurrency ||
		r.Concurrency != 64 || r.Requests != 3200 || r.Dataset != calibration.Random08 || r.Input != 7372.8 || r.Output != 921.6 ||
		r.MemFraction != 0.8 || r.MaxBatchedTokens != 32768 || r.Source != InferenceMAX || r.Published != "2026-01-19" || r.AsOf != "2026-12-08" {
		t.Errorf("run 20248091324 [1]: %+v", r)
	}
	if !near(r.TTFT.P50, 307.956) || !near(r.TTFT.Mean, 452.806) || !near(r.TTFT.P99, 6083.013) || !near(r.TPOT.P50, 32.7818) ||
		!near(r.E2E.P50, 30518.68) || !near(r.OutputTokSGPU, 239.5147) {
		t.Errorf("run 20248091324 [1]: TTFT %+v, TPOT %+v, E2E %+v, %g tokens/s per GPU", *r.TTFT, *r.TPOT, *r.E2E, r.OutputTokSGPU)
	}

	// Run 20609406656, entry 19: MI300X, SGLang v0.5.5.post3, DeepSeek's
	// FP8 checkpoint, 1,024 in and 8,192 out at 16 in flight: 10 requests
	// per request in flight, the 196,608-token chunk, the model's BF16 KV
	// cache; 61.8602 output tokens/s per GPU, median TPOT 31.4292 ms.
	r = row["dsr1_mi300x_sglang_fp8_tp8_1024x8192_c16_run20609406656"]
	if r.GPU != "mi300x" || r.EngineVersion != "0.5.5.post3" || r.Weights != "fp8" || r.KV != "bf16" || r.Requests != 160 ||
		r.Input != 921.6 || r.Output != 7372.8 || r.MaxBatchedTokens != 196608 || !near(r.OutputTokSGPU, 61.8602) || !near(r.TPOT.P50, 31.4292) {
		t.Errorf("run 20609406656 [19]: %+v", r)
	}
	// Entry 42: MI355X in FP8 at 4 in flight, 1k/1k: 50 x 4 requests.
	r = row["dsr1_mi355x_sglang_fp8_tp8_1024x1024_c4_run20609406656"]
	if r.GPU != "mi355x" || r.Weights != "fp8" || r.Requests != 200 || r.KV != "bf16" || !near(r.TPOT.P50, 14.4602) {
		t.Errorf("run 20609406656 [42]: %+v", r)
	}
}

func near(a, b float64) bool { return a > b*(1-1e-5) && a < b*(1+1e-5) }

// A file that is not InferenceMAX's results, or a run with an impossible
// figure, fails the import naming the file, the run's index and the
// field; nothing is written.
func TestBadResultsFailNamingFileRunAndField(t *testing.T) {
	good := string(results(t)["raw/run_20248091324/agg_bmk.json"].Data)
	const file = "raw/run_20248091324/agg_bmk.json"
	for _, tt := range []struct{ name, data, want string }{
		{"truncated", good[:len(good)/2], file + ": want a list of runs: unexpected EOF"},
		{"NaN", strings.Replace(good, `"median_ttft": 0.30795605649473146`, `"median_ttft": NaN`, 1), file + ": want a list of runs: invalid character 'N'"},
		{"negative latency", strings.Replace(good, `"median_tpot": 0.032781838572491034`, `"median_tpot": -0.032781838572491034`, 1),
			file + ": [0]: median_tpot: want a positive figure, got -0.032781838572491034"},
		{"missing throughput", strings.Replace(good, `"output_tput_per_gpu": 239.51468315008412,`, ``, 1), file + ": [0]: output_tput_per_gpu: missing"},
		{"another engine's image", strings.Replace(good, `lmsysorg/sglang:v0.5.6.post1-rocm700-mi35x`, `lmsysorg/sglang:latest`, 1),
			file + `: [0]: image: "lmsysorg/sglang:latest" is not an SGLang ROCm image`},
		{"another format", "gpu_model,framework\nmi355x,sglang\n", file + ": want a list of runs: invalid character 'g'"},
		{"an object, not a list", `{"runs": []}`, file + ": want a list of runs: json: cannot unmarshal object"},
		{"deep nesting", strings.Repeat("[", 20000) + strings.Repeat("]", 20000), file + ": want a list of runs: invalid character '[' exceeded max depth"},
		{"too large", "[" + strings.Repeat(" ", MaxResultBytes) + "]", file + ": larger than 16 MiB: not a results file"},
		{"more after the list", good + "[]", file + ": more after the list of runs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fsys := results(t)
			fsys[file] = &fstest.MapFile{Data: []byte(tt.data)}
			_, err := ReadResults(fsys, "raw", amdMeta)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
	fsys := results(t)
	fsys["raw/run_latest/agg_bmk.json"] = &fstest.MapFile{Data: []byte(good)}
	if _, err := ReadResults(fsys, "raw", amdMeta); err == nil || !strings.Contains(err.Error(), "raw/run_latest/agg_bmk.json: want run_<the workflow run's number>") {
		t.Errorf("a run without its number: got %v", err)
	}
}
