// Package calibration holds published measurements of LLM serving
// engines (throughput, latency under load, KV-cache capacity at start-up),
// each with the setting it was measured in, so that the estimators can be
// compared with them. It is read at build time only; the browser module
// does not need it.
package calibration

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/gpu"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

// Table is the contents of the calibration data file.
type Table struct {
	Sources fact.Sources `yaml:"sources"`
	Rows    []Row        `yaml:"rows"`
	// Power is published measurements of what GPUs draw while serving.
	Power []PowerRun `yaml:"power"`
	// Dropped counts, by reason, the runs of an imported source that
	// are not rows (a snapshot's; see gen/importcalibration).
	Dropped []Dropped `yaml:"dropped,omitempty"`
}

// Dropped is how many runs of an imported source were left out, and why.
type Dropped struct {
	Reason string `yaml:"reason"`
	Runs   int    `yaml:"runs"`
}

// Engines are the serving engines a row may name.
var Engines = []string{"vllm", "sglang", "trtllm", "tgi"}

// Load modes: how the benchmark offered requests.
const (
	// Offline sends every request at once (request rate infinite, or an
	// offline throughput script): the engine runs at its own largest batch.
	Offline = "offline"
	// Static runs one batch of Batch requests at a time, all of the same
	// lengths (static batching).
	Static = "static"
	// Concurrency keeps Concurrency requests in flight: each finished
	// request is replaced by the next (closed loop).
	Concurrency = "concurrency"
	// Rate sends requests at RateRPS per second, Poisson arrivals (open
	// loop).
	Rate = "rate"
	// Startup is no load: the KV-cache capacity the engine reported when
	// it started.
	Startup = "startup"
)

// LoadModes are the load modes, in the order reports list them.
var LoadModes = []string{Offline, Static, Concurrency, Rate, Startup}

// Datasets are how a benchmark chose request lengths: Fixed (every
// request Input tokens in, Output out), Random (lengths drawn at random,
// Input and Output their means; the note says how), Random08 (each length
// drawn uniformly from 0.8 L to L for a set L, as vLLM's benchmark did
// with --random-range-ratio 0.8 before the ratio became a spread about L;
// InferenceX runs so; Input and Output the means, 0.9 L), ShareGPT (the
// conversation dataset's lengths, Input and Output their means), Sonnet
// (vLLM's sonnet dataset: prompts of a fixed length, outputs that end at
// the model's end of sequence; Input and Output the run's means).
var Datasets = []string{"fixed", "random", Random08, "sharegpt", "sonnet"}

// Random08 is the dataset of lengths uniform in [0.8 L, L] (Datasets).
const Random08 = "random-0.8"

// KVUnstated is a row's kv when the source does not name the KV cache's
// format (the engine's default for the checkpoint).
const KVUnstated = "unstated"

// Row is one published measurement and its setting.
type Row struct {
	// ID names the row: lower case, unique in the file.
	ID     string `yaml:"id"`
	Source string `yaml:"source"` // a key of Sources
	// Published is the date of the source document (YYYY-MM-DD); AsOf the
	// date the row entered InferCost's data.
	Published string `yaml:"published"`
	AsOf      string `yaml:"as_of"`
	// Measured is the day the run was measured (YYYY-MM-DD), where the
	// source gives it apart from its own date.
	Measured string `yaml:"measured,omitempty"`

	Engine        string `yaml:"engine"`         // one of Engines
	EngineVersion string `yaml:"engine_version"` // as the source gives it

	// Model is an id of the model catalog; HFModel a Hugging Face id for a
	// model the catalog lacks. Exactly one is set.
	Model   string `yaml:"model,omitempty"`
	HFModel string `yaml:"hf_model,omitempty"`
	// MoE says whether the model is a mixture of experts; for a catalog
	// model it must agree with the catalog.
	MoE bool `yaml:"moe"`

	GPU  string `yaml:"gpu"`  // an id of the GPU catalog
	GPUs int    `yaml:"gpus"` // GPUs serving the model, all replicas
	// TP, PP and EP are the tensor-, pipeline- and expert-parallel
	// degrees; 0 means 1.
	TP int `yaml:"tp,omitempty"`
	PP int `yaml:"pp,omitempty"`
	EP int `yaml:"ep,omitempty"`
	// DP is the data-parallel attention groups within a replica (SGLang's
	// --dp-size with --enable-dp-attention): each group of TP / DP GPUs
	// holds the attention of its own requests; 0 means 1.
	DP int `yaml:"dp,omitempty"`
	// Disagg, when set, is a disaggregated deployment: prefill and decode
	// run on pools of their own, and GPUs is both pools' GPUs; TP, PP, EP
	// and DP are then left zero.
	Disagg *Disagg `yaml:"disagg,omitempty"`

	Weights string `yaml:"weights"` // a weight format id (memory.WeightFormats)
	KV      string `yaml:"kv"`      // a KV format id (memory.KVFormats) or KVUnstated

	Load        string  `yaml:"load"` // one of LoadModes
	Batch       int     `yaml:"batch,omitempty"`
	Concurrency int     `yaml:"concurrency,omitempty"`
	RateRPS     float64 `yaml:"rate_rps,omitempty"`
	Requests    int     `yaml:"requests,omitempty"` // requests in the run, where given

	Dataset string `yaml:"dataset,omitempty"` // one of Datasets
	// Input and Output are tokens per request (means where lengths vary).
	Input  float64 `yaml:"input,omitempty"`
	Output float64 `yaml:"output,omitempty"`

	// Engine settings, where the source gives them: the memory fraction
	// (vLLM gpu_memory_utilization, SGLang mem_fraction_static,
	// TensorRT-LLM kv_cache_free_gpu_mem_fraction), the longest sequence,
	// the most sequences in a batch and the most tokens in one step.
	MemFraction      float64 `yaml:"mem_fraction,omitempty"`
	MaxModelLen      int     `yaml:"max_model_len,omitempty"`
	MaxNumSeqs       int     `yaml:"max_num_seqs,omitempty"`
	MaxBatchedTokens int     `yaml:"max_batched_tokens,omitempty"`
	// RecvInterval is SGLang's --scheduler-recv-interval, where the run
	// set one: while decoding, the scheduler takes in new requests every
	// RecvInterval steps (perf.Load RecvInterval).
	RecvInterval int `yaml:"recv_interval,omitempty"`
	// BatchWaitIters and BatchWaitRatio are TensorRT-LLM's
	// batch_wait_timeout_iters and batch_wait_max_tokens_ratio, where the
	// run set them: while sequences decode, new prompts wait up to
	// BatchWaitIters steps for a step of BatchWaitRatio x the most tokens
	// in one step (perf.Load BatchWait).
	BatchWaitIters int     `yaml:"batch_wait_iters,omitempty"`
	BatchWaitRatio float64 `yaml:"batch_wait_ratio,omitempty"`

	// Throughput, in tokens (or requests) per second.
	OutputTokS    float64 `yaml:"output_tok_s,omitempty"`     // output tokens, all GPUs
	OutputTokSGPU float64 `yaml:"output_tok_s_gpu,omitempty"` // output tokens per GPU
	TotalTokS     float64 `yaml:"total_tok_s,omitempty"`      // input and output tokens, all GPUs
	RequestsS     float64 `yaml:"requests_s,omitempty"`

	// Latencies in milliseconds: time to first token, time per output
	// token after the first (TPOT), inter-token latency (ITL) and the whole
	// request.
	TTFT *Latency `yaml:"ttft_ms,omitempty"`
	TPOT *Latency `yaml:"tpot_ms,omitempty"`
	ITL  *Latency `yaml:"itl_ms,omitempty"`
	E2E  *Latency `yaml:"e2e_ms,omitempty"`

	// KV-cache capacity at start-up: tokens, GiB, and blocks of BlockSize
	// tokens, as the engine's log gives them.
	KVTokens  int     `yaml:"kv_tokens,omitempty"`
	KVGiB     float64 `yaml:"kv_gib,omitempty"`
	KVBlocks  int     `yaml:"kv_blocks,omitempty"`
	BlockSize int     `yaml:"block_size,omitempty"`

	Note string `yaml:"note,omitempty"`
}

// Disagg is a deployment that prefills on one pool of workers and
// decodes on another, handing each request's KV cache over.
type Disagg struct {
	Prefill Pool `yaml:"prefill"`
	Decode  Pool `yaml:"decode"`
}

// Pool is the workers of one phase of a disaggregated deployment: how
// many, and each one's parallelism (as Row's, 0 meaning 1) and most
// requests in a batch (0 where the source does not give it).
type Pool struct {
	Workers int `yaml:"workers"`
	TP      int `yaml:"tp,omitempty"`
	PP      int `yaml:"pp,omitempty"`
	EP      int `yaml:"ep,omitempty"`
	DP      int `yaml:"dp,omitempty"`
	Batch   int `yaml:"batch,omitempty"`
}

// gpus is the pool's GPUs.
func (p Pool) gpus() int { return p.Workers * degree(p.TP) * degree(p.PP) }

// Latency is a latency's statistics over the run's requests, in ms; Value
// is a figure whose statistic the source does not name.
type Latency struct {
	Mean  float64 `yaml:"mean,omitempty"`
	P50   float64 `yaml:"p50,omitempty"`
	P90   float64 `yaml:"p90,omitempty"`
	P99   float64 `yaml:"p99,omitempty"`
	Value float64 `yaml:"value,omitempty"`
}

// degree returns a parallel degree, 0 meaning 1.
func degree(n int) int { return max(n, 1) }

// throughput reports whether the row has a throughput figure.
func (r Row) throughput() bool {
	return r.OutputTokS > 0 || r.OutputTokSGPU > 0 || r.TotalTokS > 0 || r.RequestsS > 0
}

// Validate checks every row against the catalogs and returns every
// problem, each naming its entry and field (`rows[3] "id"`, "gpu").
func (t Table) Validate(gpus gpu.Catalog, models model.Catalog) error {
	errs := t.Sources.Validate()
	seen := map[string]bool{}
	for i, r := range t.Rows {
		entry := fmt.Sprintf("rows[%d]", i)
		if r.ID != "" {
			entry += fmt.Sprintf(" %q", r.ID)
		}
		bad := func(field, format string, args ...any) {
			errs = append(errs, fact.Errorf(entry, field, format, args...))
		}
		t.checkProvenance(bad, seen, r.ID, r.Source, r.Published, r.AsOf)
		if !slices.Contains(Engines, r.Engine) {
			bad("engine", "want one of %s, got %q", strings.Join(Engines, ", "), r.Engine)
		}
		if msg := fact.PlainText(r.EngineVersion); msg != "" {
			bad("engine_version", "%s", msg)
		}

		switch {
		case (r.Model == "") == (r.HFModel == ""):
			bad("model", "set either model (an id of the model catalog) or hf_model (a Hugging Face id), not both or neither")
		case r.Model != "":
			if m, ok := models.Find(r.Model); !ok {
				bad("model", "%q is not a model of the catalog (use hf_model for others)", r.Model)
			} else if (m.Experts > 0) != r.MoE {
				bad("moe", "%t, but the catalog's %s has %d experts", r.MoE, r.Model, m.Experts)
			}
		default:
			if !hfID(r.HFModel) {
				bad("hf_model", "want a Hugging Face id owner/name, got %q", r.HFModel)
			}
		}

		if _, ok := gpus.Find(r.GPU); !ok {
			bad("gpu", "%q is not a GPU of the catalog", r.GPU)
		}
		if d := r.Disagg; d != nil {
			validateDisagg(bad, r, *d)
		} else if per := degree(r.TP) * degree(r.PP); r.GPUs < 1 || r.GPUs%per != 0 {
			bad("gpus", "%d GPUs cannot hold replicas of TP %d x PP %d", r.GPUs, degree(r.TP), degree(r.PP))
		}
		if r.Measured != "" {
			if m, err := time.Parse(time.DateOnly, r.Measured); err != nil {
				bad("measured", "want a date YYYY-MM-DD, got %q", r.Measured)
			} else if p, err := time.Parse(time.DateOnly, r.Published); err == nil && m.After(p) {
				bad("measured", "%s is after the source's date %s", r.Measured, r.Published)
			}
		}
		if r.EP > r.GPUs {
			bad("ep", "%d is more than the %d GPUs", r.EP, r.GPUs)
		}
		if r.DP < 0 || degree(r.TP)%degree(r.DP) != 0 {
			bad("dp", "%d attention groups do not divide TP %d", r.DP, degree(r.TP))
		}
		if _, ok := memory.FindFormat(memory.WeightFormats, r.Weights); !ok {
			bad("weights", "%q is not a weight format", r.Weights)
		}
		if _, ok := memory.FindFormat(memory.KVFormats, r.KV); !ok && r.KV != KVUnstated {
			bad("kv", "%q is not a KV-cache format (or %q)", r.KV, KVUnstated)
		}

		switch r.Load {
		case Offline:
		case Static:
			if r.Batch < 1 {
				bad("batch", "a static-batching row needs its batch")
			}
		case Concurrency:
			if r.Concurrency < 1 {
				bad("concurrency", "a closed-loop row needs the requests kept in flight")
			}
		case Rate:
			if !(r.RateRPS > 0) {
				bad("rate_rps", "an open-loop row needs its request rate")
			}
		case Startup:
			if r.KVTokens == 0 && r.KVGiB == 0 && r.KVBlocks == 0 {
				bad("kv_tokens", "a start-up row needs the KV capacity (kv_tokens, kv_gib or kv_blocks)")
			}
			if !(r.MemFraction > 0 && r.MemFraction <= 1) {
				bad("mem_fraction", "a start-up row needs the engine's memory fraction, in (0, 1]")
			}
			if r.MaxModelLen < 1 {
				bad("max_model_len", "a start-up row needs the longest sequence the engine was set to")
			}
		default:
			bad("load", "want one of %s, got %q", strings.Join(LoadModes, ", "), r.Load)
		}
		if r.Load != Static && r.Batch > 0 {
			bad("batch", "only a static-batching row has a batch")
		}
		if r.Load != Concurrency && r.Concurrency > 0 {
			bad("concurrency", "only a closed-loop row has a concurrency")
		}
		if r.Load != Rate && r.RateRPS > 0 {
			bad("rate_rps", "only an open-loop row has a request rate")
		}
		if r.Load != Startup && r.Load != "" {
			if !slices.Contains(Datasets, r.Dataset) {
				bad("dataset", "want one of %s, got %q", strings.Join(Datasets, ", "), r.Dataset)
			}
			if !(r.Input > 0) {
				bad("input", "a load row needs its input tokens per request")
			}
			if !(r.Output > 0) {
				bad("output", "a load row needs its output tokens per request")
			}
			if !r.throughput() && r.TTFT == nil && r.TPOT == nil && r.ITL == nil && r.E2E == nil {
				bad("output_tok_s", "a load row needs a measured figure: a throughput or a latency")
			}
		}
		for _, l := range []struct {
			field string
			l     *Latency
		}{{"ttft_ms", r.TTFT}, {"tpot_ms", r.TPOT}, {"itl_ms", r.ITL}, {"e2e_ms", r.E2E}} {
			if l.l != nil && *l.l == (Latency{}) {
				bad(l.field, "give at least one statistic (mean, p50, p90, p99 or value)")
			}
		}
		if r.RecvInterval < 0 || r.RecvInterval > 0 && r.Engine != "sglang" {
			bad("recv_interval", "SGLang's --scheduler-recv-interval, a count of steps on an SGLang row, got %d on %s", r.RecvInterval, r.Engine)
		}
		if r.BatchWaitIters < 0 || r.BatchWaitIters > 0 && r.Engine != "trtllm" {
			bad("batch_wait_iters", "TensorRT-LLM's batch_wait_timeout_iters, a count of steps on a TensorRT-LLM row, got %d on %s", r.BatchWaitIters, r.Engine)
		}
		if r.BatchWaitRatio < 0 || r.BatchWaitRatio > 1 || r.BatchWaitRatio > 0 && r.BatchWaitIters == 0 {
			bad("batch_wait_ratio", "TensorRT-LLM's batch_wait_max_tokens_ratio, from 0 to 1 with batch_wait_iters, got %g after %d steps", r.BatchWaitRatio, r.BatchWaitIters)
		}
		if (r.KVBlocks > 0) != (r.BlockSize > 0) {
			bad("block_size", "kv_blocks needs block_size, and block_size kv_blocks")
		}
		if r.Note != "" {
			if msg := fact.PlainText(r.Note); msg != "" {
				bad("note", "%s", msg)
			}
		}
	}
	errs = append(errs, t.validatePower(gpus)...)
	return errors.Join(errs...)
}

// validateDisagg checks a disaggregated row: each pool has workers and
// parallel degrees that fit its GPUs, the row's own degrees are unset,
// and GPUs is both pools' GPUs.
func validateDisagg(bad func(field, format string, args ...any), r Row, d Disagg) {
	if r.TP != 0 || r.PP != 0 || r.EP != 0 || r.DP != 0 {
		bad("disagg", "a disaggregated row gives its parallelism per pool, not tp, pp, ep or dp")
	}
	for _, p := range []struct {
		field string
		pool  Pool
	}{{"disagg.prefill", d.Prefill}, {"disagg.decode", d.Decode}} {
		switch {
		case p.pool.Workers < 1:
			bad(p.field, "workers must be at least 1, got %d", p.pool.Workers)
		case p.pool.TP < 0 || p.pool.PP < 0 || p.pool.EP < 0 || p.pool.DP < 0 || p.pool.Batch < 0:
			bad(p.field, "parallel degrees and batch must not be negative")
		case p.pool.EP > degree(p.pool.TP)*degree(p.pool.PP):
			bad(p.field, "EP %d is more than a worker's %d GPUs", p.pool.EP, degree(p.pool.TP)*degree(p.pool.PP))
		case degree(p.pool.TP)%degree(p.pool.DP) != 0:
			bad(p.field, "%d attention groups do not divide TP %d", p.pool.DP, degree(p.pool.TP))
		}
	}
	if n := d.Prefill.gpus() + d.Decode.gpus(); r.GPUs != n {
		bad("gpus", "%d, but the prefill and decode pools have %d GPUs", r.GPUs, n)
	}
}

// hfID reports whether id is a Hugging Face model id, owner/name.
func hfID(id string) bool {
	owner, name, ok := strings.Cut(id, "/")
	return ok && owner != "" && name != "" && !strings.ContainsAny(id, " <>|")
}

// checkProvenance checks what every entry of the file states about
// itself: a unique id, a known source, and the dates it was published
// and entered the data, in that order.
func (t Table) checkProvenance(bad func(field, format string, args ...any), seen map[string]bool, id, source, published, asOf string) {
	if msg := fact.ID(id); msg != "" {
		bad("id", "%s", msg)
	} else if seen[id] {
		bad("id", "%q is the id of an earlier entry", id)
	}
	seen[id] = true
	if _, ok := t.Sources[source]; !ok {
		bad("source", "unknown source %q", source)
	}
	pub, perr := time.Parse(time.DateOnly, published)
	if perr != nil {
		bad("published", "want a date YYYY-MM-DD, got %q", published)
	}
	as, aerr := time.Parse(time.DateOnly, asOf)
	if aerr != nil {
		bad("as_of", "want a date YYYY-MM-DD, got %q", asOf)
	}
	if perr == nil && aerr == nil && pub.After(as) {
		bad("published", "%s is after the entry's as_of %s", published, asOf)
	}
}
