package accuracy

import (
	"math"

	"github.com/infercost/infercost/wasm/calibration"
	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/perfview"
)

// Today is InferCost's estimator as the calculators run it, unfitted: the
// roofline and the simulation of /performance/ with the data's default
// efficiencies and vLLM's scheduler limits, and the memory model of
// /memory/ (vLLM's accounting, whatever the row's engine).
//
//   - offline: the replica's ceiling (perf.Setup.Ceiling, the roofline at
//     its largest batch), times the replicas; no latencies, as no view
//     simulates every request arriving at once;
//   - static: the roofline's batch view (perf.Setup.At), as /performance/
//     shows it;
//   - rate: the simulation at the row's rate per replica, with the data's
//     run length; its throughput is the rate served, up to the ceiling; it
//     reports no time per output token;
//   - concurrency: not expressible, no view has a closed loop;
//   - startup: the KV capacity of /memory/ with the row's memory fraction.
//
// Lengths that vary (random, ShareGPT) are taken at their means. A KV
// cache the source does not name is taken as FP8 with FP8 or FP4 weights
// (the quantized checkpoints these rows name) and 16-bit otherwise.
type Today struct{ Perf perfview.Data }

// Estimate implements Estimator.
func (t Today) Estimate(r calibration.Row) Estimate {
	d := t.Perf
	m, ok := d.Memory.Models.Find(r.Model)
	if !ok {
		return Estimate{Unexpressed: "The model is not in InferCost's catalog."}
	}
	g, _ := d.Memory.GPUs.Find(r.GPU)
	tp := max(r.TP, 1)
	switch {
	case r.PP > 1:
		return Estimate{Unexpressed: "Pipeline parallelism is not modelled."}
	case r.EP > 1:
		return Estimate{Unexpressed: "Expert parallelism is not modelled."}
	}
	if msg := memory.TPError(m, tp); msg != "" {
		return Estimate{Unexpressed: msg}
	}
	kv := r.KV
	if kv == calibration.KVUnstated {
		kv = "bf16"
		if r.Weights == "fp8" || r.Weights == "nvfp4" || r.Weights == "mxfp4" {
			kv = "fp8"
		}
	}
	if r.Load == calibration.Startup {
		return t.capacity(r, kv)
	}
	if r.Load == calibration.Concurrency {
		return Estimate{Unexpressed: "No calculator has a closed loop (a number of requests kept in flight) yet."}
	}

	precision := ""
	switch r.Weights {
	case "bf16", "fp8":
		precision = r.Weights
	case "nvfp4", "mxfp4":
		precision = "fp4"
	default:
		return Estimate{Unexpressed: "The speed estimator computes in BF16, FP8 or FP4 only, not with these weights."}
	}
	if msg := perfview.PrecisionError(g, precision); msg != "" {
		return Estimate{Unexpressed: msg}
	}
	s, _ := perfview.Setup(m, g, tp, precision, kv, d.Efficiency())
	in, out := int(math.Round(r.Input)), int(math.Round(r.Output))
	l := d.Load(s, g, in, out)
	if in+out > l.KVCapacity {
		return Estimate{Unexpressed: "A request does not fit the KV cache the memory model leaves."}
	}
	replicas := float64(r.GPUs / tp)
	ms := func(seconds float64) calibration.Latency {
		v := seconds * 1000
		return calibration.Latency{Mean: v, P50: v, P90: v, P99: v}
	}
	switch r.Load {
	case calibration.Offline:
		noLatency := "Latencies of an offline run (every request sent at once) are not estimated."
		return Estimate{OutputTokS: s.Ceiling(l) * r.Output * replicas,
			Gaps: map[Metric]string{TTFT: noLatency, TPOT: noLatency, E2E: noLatency}}
	case calibration.Static:
		p := s.At(float64(r.Batch), r.Input, r.Output)
		return Estimate{OutputTokS: p.TokensPerSecond * replicas, TTFT: ms(p.TTFT), TPOT: ms(p.TPOT), E2E: ms(p.E2E)}
	}
	l.Rate = r.RateRPS / replicas
	st := s.Simulate(l)
	if st.TooLarge || st.Rejected > 0 {
		return Estimate{Unexpressed: "The simulation cannot serve this run within its work budget."}
	}
	return Estimate{OutputTokS: min(l.Rate, s.Ceiling(l)) * r.Output * replicas,
		TTFT: calibration.Latency{P50: st.TTFT[0] * 1000, P99: st.TTFT[2] * 1000},
		E2E:  calibration.Latency{P50: st.E2E[0] * 1000, P99: st.E2E[2] * 1000, Mean: st.MeanE2E * 1000},
		Gaps: map[Metric]string{TPOT: "The simulation does not report the time per output token under load yet."}}
}

// capacity is the KV capacity of /memory/ for a start-up row: the row's
// settings, vLLM's batch defaults on the GPU where the row gives none.
func (t Today) capacity(r calibration.Row, kv string) Estimate {
	mem := t.Perf.Memory
	g, _ := mem.GPUs.Find(r.GPU)
	seqs, tokens := mem.BatchDefaults(g)
	if r.MaxNumSeqs > 0 {
		seqs = r.MaxNumSeqs
	}
	if r.MaxBatchedTokens > 0 {
		tokens = r.MaxBatchedTokens
	}
	c := memview.Calibration{Model: r.Model, GPU: r.GPU, TP: max(r.TP, 1), Utilization: r.MemFraction, MaxModelLen: r.MaxModelLen,
		Weights: r.Weights, KV: kv, MaxNumSeqs: seqs, MaxBatchedTokens: tokens}
	res := c.Setup(mem).Compute()
	return Estimate{KVTokens: float64(res.CapacityTokens), KVGiB: res.KVPool / memory.GiB}
}
