package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/fact"
)

// InferenceMAX is the source key of the AMD runs of InferenceMAX's CI
// results (the runs the AIConfigurator sample lacks).
const InferenceMAX = "inferencemax-amd"

// resultsDir is where gminneci/mantile keeps its copies of the
// results_bmk artifacts of InferenceMAX's run-sweep workflow runs, one
// per run as run_<id>/agg_bmk.json (its loose agg_bmk.json repeats one
// of them and is not read).
const resultsDir = "reconcile/sources/inferencemax/raw"

// MaxResultBytes bounds one results file: the copies are 60 to 300 kB.
const MaxResultBytes = 16 << 20

// amdGPUs are the catalog ids of the AMD GPUs InferenceMAX names.
var amdGPUs = map[string]string{"mi300x": "mi300x", "mi325x": "mi325x", "mi355x": "mi355x"}

// amdModels are the checkpoints of InferenceMAX's AMD runs, as the
// catalog's models and the weight format each is published in
// (amd/DeepSeek-R1-0528-MXFP4-Preview: AMD Quark's MXFP4 quantization of
// DeepSeek-R1-0528, whose architecture is DeepSeek-R1's).
var amdModels = map[string]struct{ catalog, weights string }{
	"deepseek-ai/DeepSeek-R1-0528":       {"deepseek-r1", "fp8"},
	"amd/DeepSeek-R1-0528-MXFP4-Preview": {"deepseek-r1", "mxfp4"},
}

// sglangImage reads SGLang's version from an image tag, as in
// "lmsysorg/sglang:v0.5.6.post1-rocm700-mi35x".
var sglangImage = regexp.MustCompile(`^lmsysorg/sglang:v(\d+\.\d+[0-9a-z.]*)-rocm`)

// Reasons an InferenceMAX run is not a row.
const (
	dropNVIDIA = "a run on NVIDIA GPUs: InferenceX's NVIDIA runs are imported from AIConfigurator's sample, over more months and builds"
	dropATOM   = "served by ATOM, AMD's own engine, which InferCost does not model"
	dropDisagg = "a multi-node disaggregated run (SGLang with MoRI), which InferCost does not model yet (issue 40)"
)

// result is one entry of agg_bmk.json, as InferenceMAX's
// utils/process_result.py writes it: lengths, latencies in seconds and
// throughputs per GPU; the fields the import reads.
type result struct {
	HW           string   `json:"hw"`
	Conc         int      `json:"conc"`
	Image        *string  `json:"image"`
	Model        string   `json:"model"`
	Framework    string   `json:"framework"`
	Precision    string   `json:"precision"`
	SpecDecoding string   `json:"spec_decoding"`
	Disagg       bool     `json:"disagg"`
	ISL          int      `json:"isl"`
	OSL          int      `json:"osl"`
	TP           *int     `json:"tp"`
	EP           *int     `json:"ep"`
	DPAttention  *string  `json:"dp_attention"`
	OutputPerGPU *float64 `json:"output_tput_per_gpu"`
	MeanTTFT     *float64 `json:"mean_ttft"`
	MedianTTFT   *float64 `json:"median_ttft"`
	P99TTFT      *float64 `json:"p99_ttft"`
	MeanTPOT     *float64 `json:"mean_tpot"`
	MedianTPOT   *float64 `json:"median_tpot"`
	P99TPOT      *float64 `json:"p99_tpot"`
	MeanE2E      *float64 `json:"mean_e2el"`
	MedianE2E    *float64 `json:"median_e2el"`
	P99E2E       *float64 `json:"p99_e2el"`
	IsMultinode  bool     `json:"is_multinode"`
}

// ReadResults reads every run_<id>/agg_bmk.json of dir in fsys, in the order of
// their names, as calibration rows of InferenceMAX's runs on AMD GPUs;
// the other runs are counted under Dropped with why. A file that is not
// results (truncated, too large, of another shape) or a run with a
// missing or impossible figure fails the import, naming the file, the
// run's index and the field.
func ReadResults(fsys fs.FS, dir string, meta Meta) (Import, error) {
	out := Import{Dropped: map[string]int{}}
	names, err := fs.Glob(fsys, path.Join(dir, "run_*", "agg_bmk.json"))
	if err != nil {
		return out, err
	}
	if len(names) == 0 {
		return out, fmt.Errorf("%s: no run_<id>/agg_bmk.json", dir)
	}
	seen := map[string]string{} // a run's settings and figures → its row id
	for _, name := range names {
		id := strings.TrimPrefix(path.Base(path.Dir(name)), "run_")
		if _, err := strconv.ParseUint(id, 10, 64); err != nil {
			return out, fmt.Errorf("%s: want run_<the workflow run's number>/agg_bmk.json", name)
		}
		runs, err := readResults(fsys, name)
		if err != nil {
			return out, err
		}
		for i, res := range runs {
			row, drop, err := res.row(id, meta)
			if err != nil {
				return out, fmt.Errorf("%s: [%d]: %w", name, i, err)
			}
			if drop == "" {
				key := res.key()
				if first, ok := seen[key]; ok {
					return out, fmt.Errorf("%s: [%d]: the same settings and figures as %s", name, i, first)
				}
				seen[key] = row.ID
				if slices.ContainsFunc(out.Rows, func(r calibration.Row) bool { return r.ID == row.ID }) {
					return out, fmt.Errorf("%s: [%d]: id: %q is the id of an earlier run", name, i, row.ID)
				}
				out.Rows = append(out.Rows, row)
				continue
			}
			out.Dropped[drop]++
		}
	}
	return out, nil
}

// readResults decodes one results file, refusing more than
// MaxResultBytes, a value after the list and fields of the wrong type.
func readResults(fsys fs.FS, name string) ([]result, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxResultBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > MaxResultBytes {
		return nil, fmt.Errorf("%s: larger than %d MiB: not a results file", name, MaxResultBytes>>20)
	}
	var runs []result
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&runs); err != nil {
		return nil, fmt.Errorf("%s: want a list of runs: %w", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: more after the list of runs", name)
	}
	return runs, nil
}

// key identifies a run by what was set and measured, so that a second
// copy of the same results is told apart from a run measured again.
func (r result) key() string {
	img := ""
	if r.Image != nil {
		img = *r.Image
	}
	return fmt.Sprint(r.HW, r.Model, r.Framework, img, r.Precision, r.ISL, r.OSL, *r.TP, r.Conc, *r.MeanTTFT, *r.MeanTPOT, *r.OutputPerGPU)
}

// row is the run as a calibration row of run id, or why it is left out.
//
// The settings InferenceMAX's run does not record are those of its
// scripts at commit 3ed47664 (2026-01-19), the days of these runs:
// benchmarks/dsr1_*_mi3*x_docker.sh start SGLang with
// --mem-fraction-static 0.8 and --chunked-prefill-size 196608 (32768 for
// MXFP4 at 8,192 in and more than 32 in flight), and an FP8 KV cache for
// MXFP4 alone; benchmark_lib.sh draws lengths uniformly in [0.8 L, L]
// and keeps the concurrency in flight; runners/launch_mi355x-amd.sh
// sends 20 (8,192 out) or 50 requests per request in flight of
// DeepSeek-R1 on MI355X, the MI300X and MI325X scripts 10.
func (r result) row(run string, meta Meta) (calibration.Row, string, error) {
	row := calibration.Row{Source: InferenceMAX, Published: meta.Published, AsOf: meta.AsOf, Load: calibration.Concurrency,
		Dataset: calibration.Random08, MemFraction: 0.8}
	hw := strings.TrimSpace(r.HW)
	switch {
	case hw == "":
		return row, "", fmt.Errorf("hw: missing")
	case r.Disagg || r.IsMultinode:
		if !strings.HasPrefix(hw, "mi") {
			return row, dropNVIDIA, nil
		}
		return row, dropDisagg, nil
	case !strings.HasPrefix(hw, "mi"):
		return row, dropNVIDIA, nil
	case r.Framework == "atom":
		return row, dropATOM, nil
	case r.Framework != "sglang":
		return row, "", fmt.Errorf("framework: %q on %s is not an engine the import knows", r.Framework, hw)
	}
	var ok bool
	if row.GPU, ok = amdGPUs[hw]; !ok {
		return row, "", fmt.Errorf("hw: %q is not an AMD GPU the import knows", hw)
	}
	if r.Image == nil {
		return row, "", fmt.Errorf("image: missing, so the SGLang build is not known")
	}
	m := sglangImage.FindStringSubmatch(*r.Image)
	if m == nil {
		return row, "", fmt.Errorf("image: %q is not an SGLang ROCm image", *r.Image)
	}
	row.Engine, row.EngineVersion = "sglang", m[1]
	model, ok := amdModels[r.Model]
	if !ok {
		return row, "", fmt.Errorf("model: %q is not a model the import knows: add it to amdModels in gen/importcalibration", r.Model)
	}
	row.Model, row.MoE, row.Weights = model.catalog, true, model.weights
	if want := map[string]string{"fp8": "fp8", "mxfp4": "fp4"}[model.weights]; r.Precision != want {
		return row, "", fmt.Errorf("precision: %q, but %s is published in %s", r.Precision, r.Model, model.weights)
	}
	row.KV = "bf16"
	if model.weights == "mxfp4" {
		row.KV = "fp8"
	}
	if r.SpecDecoding != "none" {
		return row, "", fmt.Errorf("spec_decoding: %q on an aggregated run", r.SpecDecoding)
	}
	if r.TP == nil || *r.TP < 1 || *r.TP > 8 {
		return row, "", fmt.Errorf("tp: want 1 to 8 GPUs of one server")
	}
	if r.EP != nil && *r.EP > 1 || r.DPAttention != nil && *r.DPAttention != "false" {
		return row, "", fmt.Errorf("ep, dp_attention: expert or data parallelism on a run the import reads as tensor-parallel")
	}
	row.GPUs, row.TP = *r.TP, *r.TP
	if r.Conc < 1 || r.ISL < 1 || r.OSL < 1 {
		return row, "", fmt.Errorf("conc, isl, osl: want positive, got %d, %d and %d", r.Conc, r.ISL, r.OSL)
	}
	row.Concurrency = r.Conc
	row.Input, row.Output = 0.9*float64(r.ISL), 0.9*float64(r.OSL)
	row.MaxBatchedTokens = 196608
	if model.weights == "mxfp4" && r.ISL == 8192 && r.OSL == 1024 && r.Conc > 32 {
		row.MaxBatchedTokens = 32768
	}
	perRequest := 10
	if row.GPU == "mi355x" {
		perRequest = 50
		if r.OSL == 8192 {
			perRequest = 20
		}
	}
	row.Requests = perRequest * r.Conc

	var err error
	if row.OutputTokSGPU, err = positive("output_tput_per_gpu", r.OutputPerGPU, 1); err != nil {
		return row, "", err
	}
	lat := func(kind string, mean, median, p99 *float64) (*calibration.Latency, error) {
		var l calibration.Latency
		for _, f := range []struct {
			name string
			v    *float64
			to   *float64
		}{{"mean_" + kind, mean, &l.Mean}, {"median_" + kind, median, &l.P50}, {"p99_" + kind, p99, &l.P99}} {
			if *f.to, err = positive(f.name, f.v, 1e3); err != nil {
				return nil, err
			}
		}
		return &l, nil
	}
	if row.TTFT, err = lat("ttft", r.MeanTTFT, r.MedianTTFT, r.P99TTFT); err != nil {
		return row, "", err
	}
	if row.TPOT, err = lat("tpot", r.MeanTPOT, r.MedianTPOT, r.P99TPOT); err != nil {
		return row, "", err
	}
	if row.E2E, err = lat("e2el", r.MeanE2E, r.MedianE2E, r.P99E2E); err != nil {
		return row, "", err
	}
	format := map[string]string{"fp8": "fp8", "mxfp4": "fp4"}[model.weights]
	row.ID = fmt.Sprintf("dsr1_%s_sglang_%s_tp%d_%dx%d_c%d_run%s", row.GPU, format, row.TP, r.ISL, r.OSL, r.Conc, run)
	if msg := fact.ID(row.ID); msg != "" {
		return row, "", fmt.Errorf("id: %s", msg)
	}
	return row, "", nil
}

// positive reads a figure that must be there, positive and finite,
// scaled by scale (seconds to ms).
func positive(name string, v *float64, scale float64) (float64, error) {
	if v == nil {
		return 0, fmt.Errorf("%s: missing", name)
	}
	if !(*v > 0) || math.IsInf(*v, 0) {
		return 0, fmt.Errorf("%s: want a positive figure, got %v", name, *v)
	}
	return *v * scale, nil
}
