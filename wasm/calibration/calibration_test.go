package calibration

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/model"
)

func TestValidateNamesEachBadField(t *testing.T) {
	gpus := gpu.Catalog{GPUs: []gpu.GPU{{ID: "h100-sxm"}}}
	models := model.Catalog{Models: []model.Model{{ID: "dense-7b"}, {ID: "moe-30b", Experts: 8}}}
	good := Row{ID: "r", Source: "s", Published: "2025-01-02", AsOf: "2026-12-01", Engine: "vllm", EngineVersion: "0.6.0",
		Model: "dense-7b", GPU: "h100-sxm", GPUs: 2, TP: 2, Weights: "bf16", KV: "fp8",
		Load: Concurrency, Concurrency: 16, Dataset: "random", Input: 1000, Output: 200, OutputTokS: 900}
	sources := fact.Sources{"s": {Title: "A source", URL: "https://example.com/a"}}
	if err := (Table{Sources: sources, Rows: []Row{good}}).Validate(gpus, models); err != nil {
		t.Fatalf("a good row: %v", err)
	}
	for _, tt := range []struct {
		name   string
		change func(*Row)
		want   string
	}{
		{"both models", func(r *Row) { r.HFModel = "org/model" }, "model: set either model"},
		{"HF id", func(r *Row) { r.Model, r.HFModel = "", "model-without-owner" }, `hf_model: want a Hugging Face id owner/name, got "model-without-owner"`},
		{"MoE flag", func(r *Row) { r.Model = "moe-30b" }, "moe: false, but the catalog's moe-30b has 8 experts"},
		{"GPUs and TP", func(r *Row) { r.GPUs = 3 }, "gpus: 3 GPUs cannot hold replicas of TP 2 x PP 1"},
		{"attention groups", func(r *Row) { r.DP = 3 }, "dp: 3 attention groups do not divide TP 2"},
		{"weights", func(r *Row) { r.Weights = "fp6" }, `weights: "fp6" is not a weight format`},
		{"KV", func(r *Row) { r.KV = "int4" }, `kv: "int4" is not a KV-cache format`},
		{"engine", func(r *Row) { r.Engine = "ollama" }, `engine: want one of vllm, sglang, trtllm, tgi, got "ollama"`},
		{"closed loop", func(r *Row) { r.Concurrency = 0 }, "concurrency: a closed-loop row needs the requests kept in flight"},
		{"rate on a closed loop", func(r *Row) { r.RateRPS = 2 }, "rate_rps: only an open-loop row has a request rate"},
		{"no figure", func(r *Row) { r.OutputTokS = 0 }, "output_tok_s: a load row needs a measured figure"},
		{"empty latency", func(r *Row) { r.TTFT = &Latency{} }, "ttft_ms: give at least one statistic"},
		{"lengths", func(r *Row) { r.Input = 0 }, "input: a load row needs its input tokens per request"},
		{"published later", func(r *Row) { r.Published = "2027-01-01" }, "published: 2027-01-01 is after the entry's as_of 2026-12-01"},
		{"start-up without settings", func(r *Row) { r.Load, r.Concurrency, r.KVTokens = Startup, 0, 100000 },
			"mem_fraction: a start-up row needs the engine's memory fraction"},
		{"start-up without capacity", func(r *Row) { r.Load, r.Concurrency, r.MemFraction, r.MaxModelLen = Startup, 0, 0.9, 4096 },
			"kv_tokens: a start-up row needs the KV capacity"},
		{"blocks", func(r *Row) { r.KVBlocks = 10 }, "block_size: kv_blocks needs block_size"},
		{"receive interval off SGLang", func(r *Row) { r.RecvInterval = 30 }, "recv_interval: SGLang's --scheduler-recv-interval, a count of steps on an SGLang row, got 30 on vllm"},
		{"negative receive interval", func(r *Row) { r.Engine, r.RecvInterval = "sglang", -1 }, "recv_interval: SGLang's --scheduler-recv-interval, a count of steps on an SGLang row, got -1 on sglang"},
		{"batch waiting off TensorRT-LLM", func(r *Row) { r.BatchWaitIters, r.BatchWaitRatio = 40, 0.8 }, "batch_wait_iters: TensorRT-LLM's batch_wait_timeout_iters, a count of steps on a TensorRT-LLM row, got 40 on vllm"},
		{"batch waiting ratio above 1", func(r *Row) { r.Engine, r.BatchWaitIters, r.BatchWaitRatio = "trtllm", 40, 1.5 }, "batch_wait_ratio: TensorRT-LLM's batch_wait_max_tokens_ratio, from 0 to 1 with batch_wait_iters, got 1.5 after 40 steps"},
		{"batch waiting ratio without steps", func(r *Row) { r.Engine, r.BatchWaitRatio = "trtllm", 0.8 }, "batch_wait_ratio: TensorRT-LLM's batch_wait_max_tokens_ratio, from 0 to 1 with batch_wait_iters, got 0.8 after 0 steps"},
		{"measured later", func(r *Row) { r.Measured = "2025-02-01" }, "measured: 2025-02-01 is after the source's date 2025-01-02"},
		{"measured date", func(r *Row) { r.Measured = "March" }, `measured: want a date YYYY-MM-DD, got "March"`},
		// One prefill worker of TP 2 and two decode workers of TP 4 are
		// 2 + 8 = 10 GPUs.
		{"pools' GPUs", func(r *Row) {
			r.TP, r.Disagg = 0, &Disagg{Prefill: Pool{Workers: 1, TP: 2}, Decode: Pool{Workers: 2, TP: 4}}
		},
			"gpus: 2, but the prefill and decode pools have 10 GPUs"},
		{"pools and TP", func(r *Row) { r.Disagg = &Disagg{Prefill: Pool{Workers: 1}, Decode: Pool{Workers: 1}} },
			"disagg: a disaggregated row gives its parallelism per pool"},
		{"no workers", func(r *Row) { r.TP, r.Disagg = 0, &Disagg{Prefill: Pool{Workers: 2}, Decode: Pool{}} },
			"disagg.decode: workers must be at least 1, got 0"},
		{"pool EP", func(r *Row) { r.TP, r.Disagg = 0, &Disagg{Prefill: Pool{Workers: 1, EP: 2}, Decode: Pool{Workers: 1}} },
			"disagg.prefill: EP 2 is more than a worker's 1 GPUs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := good
			tt.change(&r)
			err := Table{Sources: sources, Rows: []Row{r}}.Validate(gpus, models)
			if err == nil || !strings.Contains(err.Error(), `rows[0] "r": `+tt.want) {
				t.Fatalf("got %v; want an error containing %q", err, tt.want)
			}
		})
	}
	err := Table{Sources: sources, Rows: []Row{good, good}}.Validate(gpus, models)
	if err == nil || !strings.Contains(err.Error(), `rows[1] "r": id: "r" is the id of an earlier entry`) {
		t.Errorf("a repeated id: got %v", err)
	}
}
