package perf

import (
	"errors"
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

var llama2_7b = model.Model{ID: "llama-2-7b", ParamsB: 6.74, Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, HeadDim: 128,
	Intermediate: 11008, Vocab: 32000, MaxContext: 4096}

// A100 80GB SXM: 312 dense BF16 TFLOPS, 2,039 GB/s, NVLink 600 GB/s.
var a100 = Hardware{TFLOPS: 312, Bandwidth: 2039, LinkGBps: 600}

// Round efficiencies keep the arithmetic below readable.
var eff = Efficiency{Compute: 0.5, Memory: 0.8, Link: 0.7, CollectiveLatency: 8e-6}

func setup(tp int) Setup {
	return Setup{Model: llama2_7b, Weights: memory.WeightFormats[1], KV: memory.KVFormats[0], Hardware: a100, TP: tp, Efficiency: eff}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Abs(b) }

// Decode at batch 1, context 1,000, one GPU (memory-bound):
//
//	memory  (13.48e9 weights + 1,000 x 524,288 B KV) / (2,039e9 x 0.8)
//	        = 14.004288e9 / 1.6312e12             = 8.5852 ms
//	compute (2 x 6.74e9 + 4 x 32 x 32 x 128 x 1,000) / (312e12 x 0.5)
//	        = 1.3480524e10... / 1.56e14           = 0.0890 ms
func TestDecodeIsMemoryBoundAtBatch1(t *testing.T) {
	s := setup(1)
	got, cb := s.Decode(1, 1000)
	want := (13.48e9 + 1000*524288) / (2039e9 * 0.8)
	if cb || !near(got, want, 1e-12) {
		t.Errorf("decode: %v s (compute-bound %v), want %v s, memory-bound", got, cb, want)
	}
}

// Prefill of one 2,048-token prompt (compute-bound):
//
//	flops   2 x 6.74e9 x 2,048 + 4 x 32 x 32 x 128 x 2,048^2 / 2
//	        = 2.760704e13 + 1.099511627776e12 = 2.8706551627776e13
//	time    / (312e12 x 0.5)                  = 184.02 ms
func TestPrefillIsComputeBound(t *testing.T) {
	got := setup(1).Prefill(1, 2048)
	want := (2*6.74e9*2048 + 4*32*32*128*2048.0*2048/2) / (312e12 * 0.5)
	if !near(got, want, 1e-12) {
		t.Errorf("prefill: %v s, want %v s", got, want)
	}
}

// Tensor parallelism on 2 GPUs splits the arithmetic and the bytes and
// adds two all-reduces per layer: a decode step of 1 token moves
// 2 x (1/2) x 4,096 x 2 B = 8,192 B over 300 GB/s x 0.7 each way, plus
// 8 us: 32 layers x 2 x (8,192 / 2.1e11 + 8e-6) = 0.51450 ms.
func TestTensorParallelAddsAllReduces(t *testing.T) {
	s1, s2 := setup(1), setup(2)
	want := 2 * 32 * (8192/(300e9*0.7) + 8e-6)
	if got := s2.commTime(1); !near(got, want, 1e-12) {
		t.Errorf("all-reduce time %v, want %v", got, want)
	}
	d1, _ := s1.Decode(1, 1000)
	d2, _ := s2.Decode(1, 1000)
	if !near(d2, d1/2+want, 1e-9) {
		t.Errorf("TP 2 decode %v, want half of %v plus %v", d2, d1, want)
	}
}

// The decode turns compute-bound where 2 A B / F' meets (W + B c kv) / BW'.
func TestCriticalBatch(t *testing.T) {
	s := setup(1)
	// At 100 tokens of context a sequence costs 2 x 6.74e9 + 4 x 32 x 32 x
	// 128 x 100 FLOPs / 1.56e14 = 86.7 us of arithmetic and 100 x 524,288 B
	// / 1.6312e12 = 32.1 us of KV reads; the weights' 8.264 ms of reads are
	// shared, so the batch is 8.264 ms / 54.5 us = 151.6.
	b := s.CriticalBatch(100)
	if !near(b, 151.6, 0.01) {
		t.Fatalf("critical batch %v, want 151.6", b)
	}
	_, cb1 := s.Decode(151, 100)
	_, cb2 := s.Decode(152, 100)
	if cb1 || !cb2 {
		t.Errorf("at 151 compute-bound %v, at 152 %v", cb1, cb2)
	}
	// At 1,000 tokens Llama 2's full-size KV heads read 321 us per
	// sequence, more than its 90 us of arithmetic: decode stays
	// memory-bound at any batch.
	if got := s.CriticalBatch(1000); got != 0 {
		t.Errorf("critical batch at 1,000 tokens %v, want 0 (never)", got)
	}
}

func load(rate float64) Load {
	return Load{Rate: rate, Prompt: 512, Output: 128, Requests: 800, Seed: 1, MaxSeqs: 256, MaxBatched: 2048, KVCapacity: 100000, WarmupRequest: 100}
}

func TestSimulationIsDeterministic(t *testing.T) {
	s := setup(1)
	a, b := s.Simulate(load(5)), s.Simulate(load(5))
	if a != b {
		t.Errorf("same seed, different results: %+v vs %+v", a, b)
	}
	l := load(5)
	l.Seed = 2
	if c := s.Simulate(l); c == a {
		t.Error("another seed gives identical results")
	}
}

// At very low load no request waits: P99 approaches the unloaded latency,
// a prefill of 512 tokens and 127 decode steps at batch 1.
func TestLowLoadApproachesUnloadedLatency(t *testing.T) {
	s := setup(1)
	st := s.Simulate(load(0.002))
	p := s.At(1, 512, 128)
	if !near(st.E2E[2], p.E2E, 0.05) || !near(st.TTFT[2], p.TTFT, 0.05) {
		t.Errorf("P99 at 0.002 req/s: E2E %v TTFT %v; unloaded E2E %v TTFT %v", st.E2E[2], st.TTFT[2], p.E2E, p.TTFT)
	}
}

func TestLatencyRisesWithLoad(t *testing.T) {
	s := setup(1)
	prev := 0.0
	for _, rate := range []float64{1, 4, 8, 12, 16} {
		st := s.Simulate(load(rate))
		if st.E2E[2] < prev {
			t.Errorf("P99 at %v req/s is %v, below %v at a lower rate", rate, st.E2E[2], prev)
		}
		prev = st.E2E[2]
	}
}

// Little's law: the time-average number of requests in the system equals
// the arrival rate times the mean time in the system.
func TestLittlesLaw(t *testing.T) {
	s := setup(1)
	for _, rate := range []float64{2, 8} {
		l := load(rate)
		l.WarmupRequest = 0
		st := s.Simulate(l)
		if want := rate * st.MeanE2E; !near(st.MeanInSystem, want, 0.1) {
			t.Errorf("%v req/s: L = %v, lambda W = %v", rate, st.MeanInSystem, want)
		}
	}
}

func TestMaxRateMeetsTheTarget(t *testing.T) {
	s := setup(1)
	l := load(0)
	unloaded := s.At(1, 512, 128).E2E
	target := 2 * unloaded
	r, err := s.MaxRate(l, target)
	if r <= 0 || err != nil {
		t.Fatalf("no rate meets %v s (%v)", target, err)
	}
	l.Rate = r
	if st := s.Simulate(l); st.E2E[2] > target {
		t.Errorf("at the max rate %v P99 is %v > %v", r, st.E2E[2], target)
	}
	l.Rate = r * 1.2
	if st := s.Simulate(l); st.E2E[2] <= target {
		t.Errorf("20 %% above the max rate P99 %v still meets %v", st.E2E[2], target)
	}
	if got, _ := s.MaxRate(l, unloaded/2); got != 0 {
		t.Errorf("a target below the unloaded latency is met at %v req/s", got)
	}
}

// With GridRates, the highest rate is a power of 1.02, met where the next
// power up is missed, and any interval that holds it finds it: the
// TCO calculator's (a thousandth of the ceiling to the ceiling), the
// plan's (from a rate below it) and the latency page's (between two rates
// of its chart), which bisection to 2 % found apart.
func TestGridRatesAgreeWhateverTheInterval(t *testing.T) {
	s := setup(1)
	l := load(0)
	l.GridRates = true
	target := 2 * s.At(1, 512, 128).E2E
	r, err := s.MaxRate(l, target)
	if r <= 0 || err != nil {
		t.Fatalf("no rate meets %v s (%v)", target, err)
	}
	k := math.Log(r) / math.Log(RateGrid)
	if math.Abs(k-math.Round(k)) > 1e-9 {
		t.Errorf("the rate %v is 1.02^%v, off the grid", r, k)
	}
	for _, rate := range []float64{r, r * RateGrid} {
		l.Rate = rate
		if met := s.Simulate(l).Meets(target); met != (rate == r) {
			t.Errorf("at %v req/s the target met: %v; want met at the grid's rate %v and missed one step up", rate, met, r)
		}
	}
	c := s.Ceiling(l)
	for _, in := range [][2]float64{{r / 3, c}, {r / 1.5, r * 1.7}, {r, r * 1.03}, {c / 500, r * 1.5}} {
		if got, _ := s.MaxRateIn(l, target, in[0], in[1]); got != r {
			t.Errorf("between %v and %v req/s: %v; want %v", in[0], in[1], got, r)
		}
	}
	// An interval above the rate finds none; one below it, its top.
	if got, _ := s.MaxRateIn(l, target, r*1.1, c); got != 0 {
		t.Errorf("above the rate: %v; want 0", got)
	}
	if got, _ := s.MaxRateIn(l, target, r/4, r/2); got > r/2 || got < r/2/RateGrid {
		t.Errorf("below the rate, up to %v: %v; want the grid's highest rate at most that", r/2, got)
	}
}

// A target on the time to first token and per output token is met at
// the rate MaxRateWithin finds and missed 20 % above it; an end-to-end
// target alone is MaxRate's.
func TestMaxRateWithinMeetsEveryP99(t *testing.T) {
	s := setup(1)
	l := load(0)
	unloaded := s.At(1, 512, 128)
	e2e := 2 * unloaded.E2E
	a, _ := s.MaxRate(l, e2e)
	c := s.Ceiling(l)
	if b, _ := s.MaxRateWithin(l, Target{E2E: e2e}, c/1000, c); a != b {
		t.Errorf("an end-to-end target alone: MaxRateWithin finds %v req/s, MaxRate %v", b, a)
	}
	target := Target{TTFT: 3 * unloaded.TTFT, TPOT: 1.5 * unloaded.TPOT}
	r, err := s.MaxRateWithin(l, target, c/1000, c)
	if r <= 0 || err != nil {
		t.Fatalf("no rate meets %+v (%v)", target, err)
	}
	l.Rate = r
	if st := s.Simulate(l); !st.MeetsTarget(target) {
		t.Errorf("at the max rate %v the P99s are TTFT %v and TPOT %v; want within %+v", r, st.TimeToFirst.P99, st.PerToken.P99, target)
	}
	l.Rate = r * 1.2
	if st := s.Simulate(l); st.MeetsTarget(target) {
		t.Errorf("20 %% above the max rate the P99s TTFT %v, TPOT %v still meet %+v", st.TimeToFirst.P99, st.PerToken.P99, target)
	}
}

// At or above what the replica can serve the queue grows without end, so
// no target is met there, however loose it is over a finite run. The
// ceiling counts only the sequences the KV cache holds:
// 100,000 tokens / (512 + 128) per request = 156, fewer than max_num_seqs 256.
func TestNoTargetIsMetAboveTheCeiling(t *testing.T) {
	s := setup(1)
	l := load(0)
	ceiling := s.Ceiling(l)
	if want := s.At(156, 512, 128).TokensPerSecond / 128; ceiling != want {
		t.Errorf("ceiling %v req/s; want %v, a batch of the 156 requests the KV cache holds", ceiling, want)
	}
	const loose = 1e6 // seconds
	if r, _ := s.MaxRate(l, loose); r >= ceiling || r < ceiling/1.02 {
		t.Errorf("with a loose target the max rate is %v req/s; want just below the ceiling %v", r, ceiling)
	}
	l.Rate = 1.2 * ceiling
	if st := s.Simulate(l); !st.Overloaded || st.Meets(loose) {
		t.Errorf("at 1.2 x the ceiling: overloaded %v, meets a %v s target %v; want overloaded, not met", st.Overloaded, loose, st.Meets(loose))
	}
}

// Steps that differ only by their growing contexts add up in closed form
// to what one by one gives, and the sum inverts to the count, whether decode stays memory-bound (batch 8),
// stays compute-bound (a 2,048-token chunk) or turns compute-bound within
// the stretch (batch 200 at 100 tokens of context: from 151.6 on, see
// TestCriticalBatch, and the per-step context grows by 200 per step).
func TestStepsAddUpInClosedForm(t *testing.T) {
	for _, tp := range []int{1, 2} {
		rl := setup(tp).roofline()
		for _, c := range []struct{ tokens, ctx0, dctx, kv0, dkv float64 }{
			{8, 8000, 8, 8000, 8},
			{2048 + 8, 8000 + 2048*1024 + 2048*2048/2, 8 + 2048*2048, 8000 + 1024, 8 + 2048},
			{200, 200 * 100, 200, 200 * 100, 200},
			{0.5, 0, 0, 1e9, -1e3}, // memory turns below compute
		} {
			for _, n := range []int{0, 1, 2, 7, 1000} {
				want := 0.0
				for j := range n {
					dt, _ := rl.step(c.tokens, c.ctx0+float64(j)*c.dctx, c.kv0+float64(j)*c.dkv)
					want += dt
				}
				ser := rl.series(c.tokens, c.ctx0, c.dctx, c.kv0, c.dkv)
				if got := ser.sum(n); !near(got, want, 1e-9) && got != want {
					t.Errorf("TP %d %+v, %d steps: %v s; one by one %v s", tp, c, n, got, want)
				}
				// And back: the count whose steps take that long.
				if got := ser.reach(want); math.Abs(got-float64(n)) > 1e-6*max(1, float64(n)) {
					t.Errorf("TP %d %+v: %v s is %v steps; want %d", tp, c, want, got, n)
				}
			}
		}
	}
}

// The simulation advances by events, not tokens: a request causes at most
// 5 of them (an idle wait for it, the stretches that end at its arrival,
// at its prompt's last full chunk and at its completion, and the step of
// its last chunk), so 400 requests of a million output tokens, or of
// 100,000 prompt tokens, take no more than 2,000 events, and no more than
// twice as many as 100-token answers (959 at half the ceiling).
func TestEventsDoNotGrowWithTokens(t *testing.T) {
	s := setup(1)
	events := func(prompt, output int) int {
		l := Load{Prompt: prompt, Output: output, Requests: 400, Seed: 1, MaxSeqs: 256, MaxBatched: 2048, KVCapacity: 1 << 26, WarmupRequest: 40}
		l.Rate = 0.5 * s.Ceiling(l)
		st := s.Simulate(l)
		if st.TooLarge || st.E2E[2] <= 0 {
			t.Fatalf("in %d out %d: too large %v, P99 %v", prompt, output, st.TooLarge, st.E2E[2])
		}
		return st.Events
	}
	short := events(512, 100)
	for _, c := range []struct{ in, out int }{{512, 100}, {512, 1_000_000}, {100_000, 100}, {100_000, 1_000_000}, {1, 1_000_000}} {
		if got := events(c.in, c.out); got > 5*400 || got > 2*short {
			t.Errorf("%d in / %d out: %d events; want at most 2,000 and 2 x the %d of 512 in / 100 out", c.in, c.out, got, short)
		}
	}
}

// A run that needs more than MaxEvents events stops there and says so; it
// meets no target, and a search over such runs returns ErrTooLarge.
func TestTheWorkBudgetStopsARun(t *testing.T) {
	s := setup(1)
	l := load(1)
	l.Requests = MaxEvents + 1 // each one causes at least an event
	st := s.Simulate(l)
	if !st.TooLarge || st.Events != MaxEvents || st.Meets(1e6) {
		t.Errorf("too large %v after %d events, meets %v; want stopped at %d, not met", st.TooLarge, st.Events, st.Meets(1e6), MaxEvents)
	}
	if r, err := s.MaxRate(l, 1e6); r != 0 || !errors.Is(err, ErrTooLarge) {
		t.Errorf("max rate %v, %v; want 0, ErrTooLarge", r, err)
	}
	// An interval of rates a factor 1e100 wide takes 15 bisections, fewer
	// than MaxBisections.
	if r, err := s.MaxRateIn(load(0), 1e6, 1e-99, 10); err != nil || r <= 0 {
		t.Errorf("a search from the least positive rate: %v, %v", r, err)
	}
}
