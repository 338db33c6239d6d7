package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/memory"
)

// MaxRuns bounds the runs read from one file: the sample holds about
// 5,000, and a file a hundred times larger is not the sample.
const MaxRuns = 500_000

// columns are the sample's columns the import reads; a file without one
// of them is refused.
var columns = []string{"id", "silicon_data_source", "backend", "backend_version", "model_path", "system", "mode",
	"isl", "osl", "gemm_quant_mode", "moe_quant_mode", "batch_size", "tp_size", "pp_size", "attention_dp_size",
	"moe_tp_size", "moe_ep_size", "silicon_ttft_ms", "silicon_tpot_ms"}

// poolColumns are a disaggregated run's per-pool columns, after its
// "prefill_" or "decode_" prefix.
var poolColumns = []string{"num_workers", "batch_size", "tp_size", "pp_size", "attention_dp_size", "moe_ep_size"}

// systems are the sample's system names and the GPU catalog's ids, with
// how many GPUs share one NVLink domain in the systems the runs used
// (an 8-GPU server; a GB200 or GB300 NVL72 rack).
var systems = map[string]struct {
	gpu    string
	domain int
}{
	"h100_sxm": {"h100-sxm", 8}, "h200_sxm": {"h200-sxm", 8}, "b200_sxm": {"b200", 8}, "b300_sxm": {"b300", 8},
	"gb200": {"gb200-nvl72", 72}, "gb300": {"gb300-nvl72", 72},
}

// modelOf is a model the sample names (model_path): a model of the
// catalog, or a Hugging Face id the catalog lacks, and whether it is a
// mixture of experts; its weights where the sample leaves the
// quantization blank (the checkpoint's own format).
type modelOf struct {
	catalog, hf string
	moe         bool
	blank       string
}

// models are the models of the sample. Its DeepSeek-V3 runs are
// InferenceX's DeepSeek-R1 runs ("dsr1_…") under the name of their
// architecture; NVIDIA's quantized checkpoints are the model they
// quantize.
var models = map[string]modelOf{
	"deepseek-ai/DeepSeek-R1":          {catalog: "deepseek-r1", moe: true, blank: "fp8"},
	"deepseek-ai/DeepSeek-V3":          {catalog: "deepseek-r1", moe: true, blank: "fp8"},
	"nvidia/DeepSeek-R1-NVFP4":         {catalog: "deepseek-r1", moe: true, blank: "nvfp4"},
	"nvidia/DeepSeek-V3.1-NVFP4":       {catalog: "deepseek-v3.1", moe: true, blank: "nvfp4"},
	"openai/gpt-oss-120b":              {catalog: "gpt-oss-120b", moe: true, blank: memory.MXFP4Experts},
	"meta-llama/Llama-3.1-70B":         {catalog: "llama-3.1-70b", blank: "bf16"},
	"meta-llama/Llama-3.1-8B-Instruct": {catalog: "llama-3.1-8b", blank: "bf16"},
	"nvidia/Llama-3.1-8B-Instruct-FP8": {catalog: "llama-3.1-8b", blank: "fp8"},
	"Qwen/Qwen3-32B":                   {catalog: "qwen3-32b", blank: "bf16"},
	"nvidia/Qwen3-32B-NVFP4":           {catalog: "qwen3-32b", blank: "nvfp4"},
	"Qwen/Qwen3-235B-A22B-FP8":         {catalog: "qwen3-235b-a22b", moe: true, blank: "fp8"},
	"MiniMaxAI/MiniMax-M2.5":           {hf: "MiniMaxAI/MiniMax-M2.5", moe: true, blank: "fp8"},
	"Qwen/Qwen3.5-397B-A17B":           {hf: "Qwen/Qwen3.5-397B-A17B", moe: true, blank: "bf16"},
	"moonshotai/Kimi-K2.5":             {hf: "moonshotai/Kimi-K2.5", moe: true, blank: "int4"},
	"zhipuai/GLM-5":                    {hf: "zai-org/GLM-5", moe: true, blank: "fp8"},
}

// quant is the weight format of a sample's quantization mode; "" is the
// checkpoint's own.
var quant = map[string]string{"": "", "bf16": "bf16", "fp8": "fp8", "fp8_block": "fp8", "nvfp4": "nvfp4", "int4_wo": "int4"}

// Source keys of the two kinds of runs the sample holds.
const (
	// InferenceX is SemiAnalysis' nightly benchmark, exported to the
	// sample as dated files and a database dump.
	InferenceX = "aic-inferencex"
	// NVIDIA is the runs NVIDIA measured for its own gap analyses.
	NVIDIA = "aic-nvidia"
)

// Reasons a run is not a row.
const (
	dropRepeat     = "the same run listed again (the sample merges several exports of InferenceX's results)"
	dropV3         = "the same run listed again under the DeepSeek-V3 name"
	dropConc       = "the concurrency the source states is not the batch size times the attention data-parallel size the row gives (more workers than the row says)"
	dropMultiNode  = "a GB200 run labelled aggregated whose tensor-parallel size spans several trays: a multi-node disaggregated run"
	dropParallel   = "attention and expert parallel sizes that do not describe the same GPUs"
	dropDisaggConc = "a disaggregated run without the concurrency it was measured at"
	dropPools      = "a disaggregated run without its pools' worker counts, so without its GPUs"
)

// Import is the sample read as calibration rows.
type Import struct {
	Rows    []calibration.Row
	Dropped map[string]int
}

// Meta is what the import states about every row: the source's date (the
// commit's) and the day of the import.
type Meta struct {
	Published, AsOf string
}

// inferenceXFile is a file name of InferenceX's dated exports.
var inferenceXFile = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}\.csv$`)

// Read reads the sample from r. A malformed run fails the import, naming
// its line, its id and the column.
func Read(r io.Reader, meta Meta) (Import, error) {
	out := Import{Dropped: map[string]int{}}
	cr := csv.NewReader(r)
	head, err := cr.Read()
	if err != nil {
		return out, fmt.Errorf("the header: %w", err)
	}
	col := map[string]int{}
	for i, name := range head {
		col[name] = i
	}
	for _, name := range columns {
		if _, ok := col[name]; !ok {
			return out, fmt.Errorf("the header has no column %q", name)
		}
	}
	for _, phase := range []string{"prefill_", "decode_"} {
		for _, name := range poolColumns {
			if _, ok := col[phase+name]; !ok {
				return out, fmt.Errorf("the header has no column %q", phase+name)
			}
		}
	}
	cr.FieldsPerRecord = len(head)
	seen := map[string]string{} // a run's figures → the model_path it was first read under
	ids := map[string]bool{}
	for n := 1; ; n++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return out, err // csv.ParseError names the line
		}
		if n > MaxRuns {
			return out, fmt.Errorf("more than %d runs: not the sample", MaxRuns)
		}
		line, _ := cr.FieldPos(0)
		run := run{line: line, rec: rec, col: col}
		row, drop, err := run.row(meta)
		if err != nil {
			return out, err
		}
		if drop == "" {
			key := run.key(row)
			if first, ok := seen[key]; ok {
				drop = dropRepeat
				if first != run.get("model_path") {
					drop = dropV3
				}
			} else {
				seen[key] = run.get("model_path")
			}
		}
		if drop != "" {
			out.Dropped[drop]++
			continue
		}
		if ids[row.ID] {
			return out, run.errorf("id", "%q is the id of an earlier run", row.ID)
		}
		ids[row.ID] = true
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}

// run is one line of the sample.
type run struct {
	line int
	rec  []string
	col  map[string]int
}

func (r run) get(name string) string { return strings.TrimSpace(r.rec[r.col[name]]) }

func (r run) errorf(column, format string, args ...any) error {
	return fmt.Errorf("line %d (%s): %s: %s", r.line, r.get("id"), column, fmt.Sprintf(format, args...))
}

// count reads a whole number of column; blank and 0 are 1 where one is
// true (a degree of parallelism the run does not use).
func (r run) count(column string, blankIsOne bool) (int, error) {
	s := r.get(column)
	if s == "" && blankIsOne {
		return 1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, r.errorf(column, "want a whole number, got %q", s)
	}
	if n == 0 && blankIsOne {
		return 1, nil
	}
	return n, nil
}

// millis reads a latency in ms: a positive, finite number.
func (r run) millis(column string) (float64, error) {
	s := r.get(column)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) {
		return 0, r.errorf(column, "want a positive latency in ms, got %q", s)
	}
	return v, nil
}

// provenance is the source column's key=value pairs and, last, the
// image of the database dump's runs.
func (r run) provenance() map[string]string {
	p := map[string]string{}
	for i, part := range strings.Split(r.get("silicon_data_source"), ";") {
		part = strings.TrimSpace(part)
		if k, v, ok := strings.Cut(part, "="); ok {
			p[k] = v
		} else if i == 0 {
			p["dump"] = part
		} else if part != "" {
			p["image"] = part
		}
	}
	return p
}

// tpEP is InferenceX's name of a run's parallelism, as in
// "…_c16_tp8_ep8_1552".
var tpEP = regexp.MustCompile(`_tp(\d+)_ep(\d+)_`)

// row is the run as a calibration row, or the reason it is left out.
func (r run) row(meta Meta) (calibration.Row, string, error) {
	row := calibration.Row{ID: strings.ToLower(r.get("id")), Published: meta.Published, AsOf: meta.AsOf, KV: calibration.KVUnstated,
		Load: calibration.Concurrency}
	if msg := fact.ID(row.ID); msg != "" {
		return row, "", r.errorf("id", "%s", msg)
	}
	prov := r.provenance()
	row.Source = NVIDIA
	if strings.HasPrefix(prov["dump"], "db-dump/") || inferenceXFile.MatchString(prov["source_file"]) {
		row.Source = InferenceX
	}
	if m := prov["measured"]; len(m) >= 10 {
		row.Measured = m[:10]
	}

	row.Engine = r.get("backend")
	switch row.Engine {
	case "vllm", "sglang", "trtllm":
	default:
		return row, "", r.errorf("backend", "want vllm, sglang or trtllm, got %q", row.Engine)
	}
	row.EngineVersion = r.get("backend_version")
	if row.EngineVersion == "" {
		row.EngineVersion = "unstated"
		if img := prov["image"]; img != "" {
			row.EngineVersion = "image " + img
		}
	}

	m, ok := models[r.get("model_path")]
	if !ok {
		return row, "", r.errorf("model_path", "%q is not a model the import knows: add it to models in gen/importcalibration", r.get("model_path"))
	}
	row.Model, row.HFModel, row.MoE = m.catalog, m.hf, m.moe
	sys, ok := systems[r.get("system")]
	if !ok {
		return row, "", r.errorf("system", "%q is not a system the import knows", r.get("system"))
	}
	row.GPU = sys.gpu

	q := r.get("gemm_quant_mode")
	if m.moe {
		q = r.get("moe_quant_mode")
	}
	w, ok := quant[q]
	if !ok {
		return row, "", r.errorf("moe_quant_mode", "%q is not a quantization the import knows", q)
	}
	if w == "" {
		w = m.blank
	}
	if w == "nvfp4" && m.blank == memory.MXFP4Experts {
		// The sample labels gpt-oss's FP4 runs NVFP4; the checkpoint
		// they serve has its experts in MXFP4 and the rest in BF16
		// (its config's quantization_config).
		w, row.Note = m.blank, "the source labels the weights NVFP4; openai/gpt-oss-120b is published with MXFP4 experts and the rest in BF16"
	}
	row.Weights = w

	isl, err := r.count("isl", false)
	if err != nil {
		return row, "", err
	}
	osl, err := r.count("osl", false)
	if err != nil {
		return row, "", err
	}
	if isl < 1 || osl < 1 {
		return row, "", r.errorf("isl", "want positive lengths, got %d in and %d out", isl, osl)
	}
	ttft, err := r.millis("silicon_ttft_ms")
	if err != nil {
		return row, "", err
	}
	tpot, err := r.millis("silicon_tpot_ms")
	if err != nil {
		return row, "", err
	}
	// InferenceX's TTFT and TPOT are means over the run's requests.
	row.TTFT, row.TPOT = &calibration.Latency{Mean: ttft}, &calibration.Latency{Mean: tpot}

	stated := 0
	if s, ok := prov["silicon_concurrency"]; ok {
		if stated, err = strconv.Atoi(s); err != nil || stated < 1 {
			return row, "", r.errorf("silicon_data_source", "silicon_concurrency %q is not a positive whole number", s)
		}
	}
	var drop string
	switch r.get("mode") {
	case "agg":
		drop, err = r.aggregated(&row, sys.domain, stated)
	case "disagg":
		drop, err = r.disaggregated(&row, stated)
	default:
		return row, "", r.errorf("mode", "want agg or disagg, got %q", r.get("mode"))
	}
	if err != nil || drop != "" {
		return row, drop, err
	}

	if row.Source == InferenceX {
		// InferenceX draws each length uniformly from 0.8 L to L and
		// sends ten requests per request kept in flight (its README).
		row.Dataset, row.Input, row.Output = calibration.Random08, 0.9*float64(isl), 0.9*float64(osl)
		row.Requests = 10 * row.Concurrency
		launchedAsScripted(&row, isl, osl)
	} else {
		row.Dataset, row.Input, row.Output = "fixed", float64(isl), float64(osl)
		row.Note = strings.TrimPrefix(row.Note+"; lengths as set: the source does not say how the run drew them", "; ")
	}
	return row, "", nil
}

// launchedAsScripted sets the engine settings of the InferenceX runs
// whose scripts it knows, which the sample does not record, as the
// scripts started the server on the days of these runs; isl and osl are
// the lengths the run was set to. The scripts run no data-parallel
// attention for the runs it sets.
func launchedAsScripted(row *calibration.Row, isl, osl int) {
	if row.DP > 1 || row.Disagg != nil {
		return
	}
	switch row.Engine {
	case "sglang":
		sglangAsScripted(row)
	case "trtllm":
		trtllmAsScripted(row, isl, osl)
	}
}

// sglangAsScripted sets the settings of SGLang serving DeepSeek-R1 on one
// B200 or B300 server, alike from benchmarks/dsr1_fp{4,8}_b200_docker.sh
// at 189ae51c (2025-11-18) to benchmarks/single_node/dsr1_fp{4,8}_b{2,3}00.sh
// at 12ba0ae0 (2026-03-25) and dd9c285b (2026-04-17):
// --scheduler-recv-interval 30 at 16 requests in flight or more, 10
// below; for FP4 --max-running-requests 256, --mem-fraction-static 0.85
// and --chunked-prefill-size 16384; for FP8 on 8 GPUs 128, 0.82 and
// 32768, on 4 GPUs (8,192 in and 1,024 out alone) an interval of 10, 32,
// 0.95 and 8192.
func sglangAsScripted(row *calibration.Row) {
	if row.Model != "deepseek-r1" || row.GPU != "b200" && row.GPU != "b300" {
		return
	}
	row.RecvInterval = 10
	if row.Concurrency >= 16 {
		row.RecvInterval = 30
	}
	switch {
	case row.Weights == "nvfp4":
		row.MaxNumSeqs, row.MemFraction, row.MaxBatchedTokens = 256, 0.85, 16384
	case row.TP == 4:
		row.RecvInterval, row.MaxNumSeqs, row.MemFraction, row.MaxBatchedTokens = 10, 32, 0.95, 8192
	default:
		row.MaxNumSeqs, row.MemFraction, row.MaxBatchedTokens = 128, 0.82, 32768
	}
}

// trtllmAsScripted sets the settings of trtllm-serve (TensorRT-LLM 1.x)
// serving DeepSeek-R1 on one B200 or H200 server, and Llama 3.1 70B:
//
//   - DeepSeek-R1, benchmarks/dsr1_fp4_b200_trt_slurm.sh,
//     dsr1_fp8_b200_trt_slurm.sh and dsr1_fp8_h200_trt_slurm.sh from
//     9596d23d (2025-10-29) to their benchmarks/single_node/ successors
//     at 12ba0ae0 (2026-03-25): --max_num_tokens the concurrency + the
//     input set + 64, rounded up to 64, and from 64af5a77 (2026-01-21)
//     8,192 at least; free_gpu_memory_fraction 0.8 on B200, 0.75 on
//     H200. From ec7bafaa (2026-01-29) FP8 on B200 takes 0.7 at 1,024 in
//     and 8,192 out from 256 in flight, 0.75 at 8,192 in on 4 GPUs, and
//     batch_wait_timeout_iters 40 and batch_wait_max_tokens_ratio 0.8 at
//     1,024 in and out from 64 in flight.
//   - Llama 3.1 70B, benchmarks/70b_fp4_b200_trt_slurm.sh,
//     70b_fp8_b200_trt_slurm.sh and 70b_fp8_h200_trt_slurm.sh (and the
//     B200 docker scripts) from 1b563c85 (2025-09-18) to
//     9596d23d (2025-10-29), the day of these runs: --max_num_tokens
//     16384, and batch_wait_timeout_iters 20 and
//     batch_wait_max_tokens_ratio 0.9 at 1,024 in and out on fewer than
//     8 GPUs.
//
// The runs of Dynamo's builds (0.x) are started by other scripts.
func trtllmAsScripted(row *calibration.Row, isl, osl int) {
	if strings.HasPrefix(row.EngineVersion, "0.") || row.GPU != "b200" && row.GPU != "h200-sxm" {
		return
	}
	oneK := isl == 1024 && osl == 1024
	switch row.Model {
	case "deepseek-r1":
		if row.Measured > "2026-03-25" {
			return // scripts after 12ba0ae0 not read
		}
		row.MaxBatchedTokens = (row.Concurrency + isl + 64 + 63) / 64 * 64
		if row.Measured >= "2026-01-21" {
			row.MaxBatchedTokens = max(row.MaxBatchedTokens, 8192)
		}
		row.MemFraction = 0.8
		if row.GPU == "h200-sxm" {
			row.MemFraction = 0.75
		}
		if row.GPU != "b200" || row.Weights != "fp8" || row.Measured < "2026-01-29" {
			return
		}
		switch {
		case isl == 1024 && osl == 8192 && row.Concurrency >= 256:
			row.MemFraction = 0.7
		case isl == 8192 && row.TP == 4:
			row.MemFraction = 0.75
		case oneK && row.Concurrency >= 64:
			row.BatchWaitIters, row.BatchWaitRatio = 40, 0.8
		}
	case "llama-3.1-70b":
		if row.Measured != "2025-10-29" {
			return
		}
		row.MaxBatchedTokens = 16384
		if oneK && row.TP < 8 {
			row.BatchWaitIters, row.BatchWaitRatio = 20, 0.9
		}
	}
}

// aggregated sets the parallelism and concurrency of an aggregated run.
// The sample gives a replica's attention as tp_size GPUs in
// attention_dp_size groups and its experts as moe_tp_size x moe_ep_size
// GPUs, the same GPUs; InferenceX's exports give tp_size as TP x EP where
// its run is "tp8_ep8" on 8 GPUs, so a single server's run of more GPUs
// than the server has is read as that square.
func (r run) aggregated(row *calibration.Row, domain, stated int) (string, error) {
	var n [5]int
	for i, c := range []string{"tp_size", "attention_dp_size", "moe_tp_size", "moe_ep_size", "pp_size"} {
		var err error
		if n[i], err = r.count(c, true); err != nil {
			return "", err
		}
	}
	tp, dp, moeTP, moeEP, pp := n[0], n[1], n[2], n[3], n[4]
	batch, err := r.count("batch_size", false)
	if err != nil {
		return "", err
	}
	if batch < 1 {
		return "", r.errorf("batch_size", "want at least 1, got %d", batch)
	}
	if stated != 0 && stated != batch*dp {
		return dropConc, nil
	}
	gpus, ep := tp*dp, 1
	if row.MoE {
		ep = moeEP
		switch root := int(math.Sqrt(float64(gpus))); {
		case domain == 72 && gpus > 8 && row.Source == InferenceX:
			return dropMultiNode, nil
		case gpus > domain && gpus == moeTP*moeEP && root*root == gpus:
			if m := tpEP.FindStringSubmatch(r.get("id")); m != nil && (m[1] != strconv.Itoa(root) || m[2] != strconv.Itoa(root)) {
				return "", r.errorf("tp_size", "%d read as TP %d x EP %d, but the run is named tp%s_ep%s", gpus, root, root, m[1], m[2])
			}
			gpus, ep = root, root
			if dp > 1 {
				dp = root
			}
		case gpus != moeTP*moeEP:
			return dropParallel, nil
		}
	}
	row.GPUs, row.TP, row.PP, row.DP, row.EP = gpus*pp, gpus, pp, dp, ep
	if ep == 1 {
		row.EP = 0
	}
	if dp == 1 {
		row.DP = 0
	}
	if pp == 1 {
		row.PP = 0
	}
	row.Concurrency = batch * dp
	if stated != 0 {
		row.Concurrency = stated
	}
	return "", nil
}

// disaggregated sets the pools and concurrency of a disaggregated run.
func (r run) disaggregated(row *calibration.Row, stated int) (string, error) {
	if stated == 0 {
		return dropDisaggConc, nil
	}
	if r.get("prefill_num_workers") == "" || r.get("decode_num_workers") == "" {
		return dropPools, nil
	}
	pool := func(phase string) (calibration.Pool, error) {
		var n [6]int
		for i, c := range poolColumns {
			var err error
			switch {
			case c == "batch_size" && r.get(phase+c) == "": // not given
			default:
				if n[i], err = r.count(phase+c, c != "num_workers" && c != "batch_size"); err != nil {
					return calibration.Pool{}, err
				}
			}
		}
		p := calibration.Pool{Workers: n[0], Batch: n[1], TP: n[2] * n[4], PP: n[3], DP: n[4], EP: n[5]}
		if p.Workers < 1 {
			return p, r.errorf(phase+"num_workers", "want at least 1, got %d", p.Workers)
		}
		for _, d := range []*int{&p.TP, &p.PP, &p.DP, &p.EP} {
			if *d == 1 {
				*d = 0
			}
		}
		return p, nil
	}
	pre, err := pool("prefill_")
	if err != nil {
		return "", err
	}
	dec, err := pool("decode_")
	if err != nil {
		return "", err
	}
	for _, p := range []calibration.Pool{pre, dec} {
		if p.EP > max(p.TP, 1)*max(p.PP, 1) {
			return dropParallel, nil
		}
	}
	row.Disagg = &calibration.Disagg{Prefill: pre, Decode: dec}
	row.GPUs = pre.Workers*max(pre.TP, 1)*max(pre.PP, 1) + dec.Workers*max(dec.TP, 1)*max(dec.PP, 1)
	row.Concurrency = stated
	return "", nil
}

// key identifies a run by what was set and what was measured, so that
// the same run exported twice, or under the DeepSeek-V3 name, is read
// once.
func (r run) key(row calibration.Row) string {
	var pools calibration.Disagg
	if row.Disagg != nil {
		pools = *row.Disagg
	}
	return fmt.Sprint(row.Model, row.HFModel, row.Engine, row.EngineVersion, row.GPU, row.Weights, row.GPUs, row.TP, row.PP, row.DP, row.EP,
		pools, row.Concurrency, r.get("isl"), r.get("osl"), r.get("silicon_ttft_ms"), r.get("silicon_tpot_ms"))
}
