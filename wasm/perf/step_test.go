package perf

import (
	"math"
	"testing"

	"github.com/infercost/infercost/wasm/memory"
	"github.com/infercost/infercost/wasm/model"
)

// E experts, k per token, B tokens: E (1 - (1 - k/E)^B), worked by hand.
func TestDistinctExpertsByHand(t *testing.T) {
	tests := []struct {
		e, k   int
		tokens float64
		want   float64
	}{
		{4, 2, 0, 0},
		{4, 2, 1, 2},               // one token touches its k experts
		{4, 2, 2, 3},               // 4 (1 - 1/4)
		{8, 1, 3, 8 * 169.0 / 512}, // 8 (1 - 343/512) = 2.640625
		{8, 2, 1e6, 8},             // a large batch touches them all
		{0, 0, 5, 0},               // a dense model has none
	}
	for _, tt := range tests {
		if got := DistinctExperts(tt.e, tt.k, tt.tokens); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("DistinctExperts(%d, %d, %g) = %g; want %g", tt.e, tt.k, tt.tokens, got, tt.want)
		}
	}
}

// A mixture of experts of 10 B parameters, 4 B active, 1 of 4 experts per
// token: each expert is (10 - 4) / (4 - 1) = 2 B parameters, 8 B in all.
// A decode step of 1 token reads the 2 B shared and 1 expert, 4 B
// parameters or 8 GB in BF16; of 2 tokens, 4 (1 - (3/4)^2) = 1.75 experts,
// 2 + 3.5 = 5.5 B parameters or 11 GB; a prefill of 4,096 all 20 GB.
// Without TouchedExperts (editions before the step model was fitted),
// every step reads all 20 GB.
func TestMoEDecodeReadsTheExpertsItsBatchTouches(t *testing.T) {
	s := Setup{Model: smallMoE, Weights: memory.WeightFormats[1], KV: memory.KVFormats[0], Hardware: a100, TP: 1,
		Efficiency: Efficiency{Compute: 1, Memory: 0.8}}
	all := s.roofline()
	if got := all.weightsRead(1); math.Abs(got-20e9) > 1 {
		t.Errorf("without TouchedExperts, 1 token read %g GB of weights; want all 20", got/1e9)
	}
	s.Efficiency.TouchedExperts = true
	bw := 2039e9 * 0.8
	for _, tt := range []struct {
		tokens, gb float64
	}{{1, 8}, {2, 11}, {4096, 20}} {
		r := s.roofline()
		if got := r.weightsRead(tt.tokens); math.Abs(got-tt.gb*1e9) > 1 {
			t.Errorf("%g tokens read %g GB of weights; want %g", tt.tokens, got/1e9, tt.gb)
		}
	}
	got, _ := s.Step(1, 0, 0)
	if want := 8e9 / bw; !near(got, want, 1e-12) {
		t.Errorf("a decode step of 1 token: %g s; want %g s (8 GB read)", got, want)
	}
}

// smallMoE is a mixture of experts small enough to work by hand: 10 B
// parameters, 4 B active, 4 experts of 2 B, 1 a token.
var smallMoE = model.Model{ID: "moe", ParamsB: 10, ActiveParamsB: 4, Layers: 8, Hidden: 1024, Heads: 8, KVHeads: 8, HeadDim: 128,
	Intermediate: 4096, Vocab: 1000, MaxContext: 4096, Experts: 4, ExpertsPerToken: 1, MoEIntermediate: 4096}

// The fixed cost is added once to every step, whatever its tokens.
func TestStepCostIsAddedOncePerStep(t *testing.T) {
	s, c := setup(2), setup(2)
	c.Efficiency.StepSeconds = 1e-3
	for _, in := range [][3]float64{{1, 1000, 1000}, {64, 64000, 64000}, {2048, 2048 * 1024, 0}} {
		a, _ := s.Step(in[0], in[1], in[2])
		b, _ := c.Step(in[0], in[1], in[2])
		if !near(b-a, 1e-3, 1e-9) {
			t.Errorf("Step%v: %g s with the fixed cost, %g without; want 1 ms more", in, b, a)
		}
	}
	// One request of 512 in, 128 out, alone: 1 prefill step and 127
	// decode steps, each 1 ms longer; 128 ms in all, 1 ms to the first
	// token.
	l := Load{Mode: Offline, Prompt: 512, Output: 128, Requests: 1, MaxSeqs: 8, MaxBatched: 2048, KVCapacity: 10000}
	a, b := s.Simulate(l), c.Simulate(l)
	if d := b.EndToEnd.P50 - a.EndToEnd.P50; !near(d, 0.128, 1e-9) {
		t.Errorf("end-to-end grew by %g s; want 0.128 s (128 steps x 1 ms)", d)
	}
	if d := b.TimeToFirst.P50 - a.TimeToFirst.P50; !near(d, 1e-3, 1e-9) {
		t.Errorf("time to first token grew by %g s; want 1 ms (1 step)", d)
	}
}

// A prompt of 5,000 tokens with 2,048 a step is filled in chunks of
// 2,048, 2,048 and 904, each attending to what came before it (d n +
// n^2/2 pairs for n tokens after d) and reading the d cached tokens.
func TestChunkedPrefillSplitsThePrompt(t *testing.T) {
	s := setup(1)
	s.Efficiency.StepSeconds = 2e-4
	chunk := func(done, n float64) float64 {
		t, _ := s.Step(n, done*n+n*n/2, done)
		return t
	}
	want := chunk(0, 2048) + chunk(2048, 2048) + chunk(4096, 904)
	l := Load{Mode: Offline, Prompt: 5000, Output: 2, Requests: 1, MaxSeqs: 8, MaxBatched: 2048, KVCapacity: 10000}
	st := s.Simulate(l)
	if !near(st.TimeToFirst.P50, want, 1e-12) {
		t.Errorf("time to first token %g s; want %g s, three chunks", st.TimeToFirst.P50, want)
	}
	// The one decode step then attends to the prompt and the first token,
	// and reads their KV.
	dec, _ := s.Step(1, 5001, 5001)
	if !near(st.EndToEnd.P50, want+dec, 1e-12) || !near(st.PerToken.P50, dec, 1e-12) {
		t.Errorf("end-to-end %g s, per token %g s; want %g s and %g s", st.EndToEnd.P50, st.PerToken.P50, want+dec, dec)
	}
}

// One client in a closed loop sends its requests one after another: each
// takes what a request alone takes, and the next starts when it ends, or
// a think time later.
func TestClosedLoopOfOneClientIsSequential(t *testing.T) {
	s := setup(1)
	s.Efficiency.StepSeconds = 3e-4
	alone := s.Simulate(Load{Mode: Offline, Prompt: 512, Output: 64, Requests: 1, MaxSeqs: 8, MaxBatched: 2048, KVCapacity: 10000})
	for _, think := range []float64{0, 0.5} {
		l := Load{Mode: Closed, Concurrency: 1, ThinkSeconds: think, Prompt: 512, Output: 64, Requests: 20, MaxSeqs: 8,
			MaxBatched: 2048, KVCapacity: 10000, WarmupRequest: 2}
		st := s.Simulate(l)
		for _, q := range []struct {
			what      string
			got, want Latency
		}{{"time to first token", st.TimeToFirst, alone.TimeToFirst}, {"per token", st.PerToken, alone.PerToken},
			{"end-to-end", st.EndToEnd, alone.EndToEnd}} {
			if !near(q.got.P50, q.want.P50, 1e-9) || !near(q.got.P99, q.want.P50, 1e-9) {
				t.Errorf("think %g s: %s %+v; want %g s for every request", think, q.what, q.got, q.want.P50)
			}
		}
		// The last of 18 counted requests ends 18 x (think + e2e) after
		// the warm-up's last one.
		e2e := alone.EndToEnd.P50
		if want := 18 * 64 / (18 * (think + e2e)); !near(st.OutputTokS, want, 1e-9) {
			t.Errorf("think %g s: %g output tokens/s; want %g", think, st.OutputTokS, want)
		}
	}
}

// Clients in a closed loop keep that many requests in flight: more
// clients, more throughput and longer latencies, and no more running at
// once than there are clients.
func TestClosedLoopConcurrencyTradesLatencyForThroughput(t *testing.T) {
	s := setup(1)
	prev := Stats{}
	for _, n := range []int{1, 8, 64} {
		st := s.Simulate(Load{Mode: Closed, Concurrency: n, Prompt: 512, Output: 128, Requests: 400, MaxSeqs: 256,
			MaxBatched: 2048, KVCapacity: 100000, WarmupRequest: 40})
		if st.Rejected > 0 || st.TooLarge || st.Overloaded {
			t.Fatalf("%d clients: %+v", n, st)
		}
		if st.OutputTokS <= prev.OutputTokS || st.EndToEnd.P50 <= prev.EndToEnd.P50 {
			t.Errorf("%d clients: %g tokens/s, P50 %g s; want both above %g and %g", n, st.OutputTokS, st.EndToEnd.P50, prev.OutputTokS, prev.EndToEnd.P50)
		}
		if st.MeanInSystem > float64(n)+1e-9 {
			t.Errorf("%d clients: %g requests in the system on average; want at most %d", n, st.MeanInSystem, n)
		}
		prev = st
	}
}

// Offline, every request arrives at once: the last waits for the others,
// so the tail of the time to first token is far above its head.
func TestOfflineSendsEveryRequestAtOnce(t *testing.T) {
	s := setup(1)
	st := s.Simulate(Load{Mode: Offline, Prompt: 512, Output: 128, Requests: 1000, MaxSeqs: 64, MaxBatched: 2048, KVCapacity: 100000})
	if st.TooLarge || st.Rejected > 0 {
		t.Fatalf("%+v", st)
	}
	// 1,000 requests through 64 places: about 16 rounds.
	if st.TimeToFirst.P99 < 1.5*st.TimeToFirst.P50 || st.MeanInSystem < 64 {
		t.Errorf("time to first token P50 %g s, P99 %g s, %g in the system; want a queue", st.TimeToFirst.P50, st.TimeToFirst.P99, st.MeanInSystem)
	}
	// All tokens over the run, which ends with the last request, after
	// the P99's.
	if most := 1000 * 128 / st.EndToEnd.P99; st.OutputTokS > most || st.OutputTokS < most/2 {
		t.Errorf("%g output tokens/s; want all tokens over a little more than the P99 end-to-end, at most %g", st.OutputTokS, most)
	}
}

// A request's fixed latency online adds to its time to first token and
// its end-to-end latency, not to the time between its tokens; in a closed
// loop it delays the client's next request too. A batch and an offline
// run have none.
func TestRequestLatencyAddsToFirstTokenAndEndToEnd(t *testing.T) {
	s, c := setup(1), setup(1)
	c.Efficiency.RequestSeconds = 0.05
	l := Load{Mode: Closed, Concurrency: 1, Prompt: 512, Output: 64, Requests: 10, MaxSeqs: 8, MaxBatched: 2048, KVCapacity: 10000, WarmupRequest: 1}
	a, b := s.Simulate(l), c.Simulate(l)
	if d := b.TimeToFirst.P50 - a.TimeToFirst.P50; !near(d, 0.05, 1e-9) {
		t.Errorf("time to first token grew by %g s; want 0.05 s", d)
	}
	if d := b.EndToEnd.P99 - a.EndToEnd.P99; !near(d, 0.05, 1e-9) {
		t.Errorf("end-to-end grew by %g s; want 0.05 s", d)
	}
	if b.PerToken != a.PerToken {
		t.Errorf("per token %+v; want %+v, unchanged", b.PerToken, a.PerToken)
	}
	// 9 counted requests, one after another, each 0.05 s longer.
	if want := 9 * 64 / (9 * b.EndToEnd.P50); !near(b.OutputTokS, want, 1e-9) {
		t.Errorf("%g output tokens/s; want %g", b.OutputTokS, want)
	}
	if got, want := c.At(1, 512, 64), s.At(1, 512, 64); got != want {
		t.Errorf("batch view: %+v; want %+v, unchanged", got, want)
	}
	l.Mode = Offline
	if got, want := c.Simulate(l), s.Simulate(l); got != want {
		t.Errorf("offline: %+v; want %+v, unchanged", got, want)
	}
}

// A closed loop and an offline run cost no more events a request than an
// open loop: a client's next request arrives at its last one's completion
// (or a think time later, an idle wait), whatever the lengths.
func TestEventsOfEveryModeDoNotGrowWithTokens(t *testing.T) {
	s := setup(1)
	for _, mode := range []Mode{Closed, Offline} {
		for _, think := range []float64{0, 0.5} {
			for _, c := range []struct{ in, out int }{{512, 100}, {512, 1_000_000}, {100_000, 100}, {1, 1_000_000}} {
				l := Load{Mode: mode, Concurrency: 16, ThinkSeconds: think, Prompt: c.in, Output: c.out, Requests: 400,
					MaxSeqs: 256, MaxBatched: 2048, KVCapacity: 1 << 26, WarmupRequest: 40}
				st := s.Simulate(l)
				if st.TooLarge || st.Events > 5*400 || st.EndToEnd.P99 <= 0 {
					t.Errorf("mode %d, think %g s, %d in / %d out: %d events (too large %v); want at most 2,000", mode, think, c.in, c.out, st.Events, st.TooLarge)
				}
			}
		}
	}
}

// The most users within a target is the bisection's edge: that many meet
// it and one more does not. One user alone takes the unloaded latency, so
// a target below it admits none, and a loose one every request of a run at
// once.
func TestMaxUsersIsTheLastCountThatMeetsTheTarget(t *testing.T) {
	s := setup(1)
	l := Load{Mode: Closed, Prompt: 512, Output: 128, Requests: 400, MaxSeqs: 256, MaxBatched: 2048, KVCapacity: 100000, WarmupRequest: 40}
	one := l
	one.Concurrency = 1
	alone := s.Simulate(one).EndToEnd.P99
	target := 3 * alone
	n, err := s.MaxUsers(l, target)
	if err != nil || n < 2 || n >= l.Requests {
		t.Fatalf("%d users within %g s (%v); want between 2 and %d", n, target, err, l.Requests)
	}
	for _, c := range []struct {
		users int
		meets bool
	}{{n, true}, {n + 1, false}} {
		at := l
		at.Concurrency = c.users
		if got := s.Simulate(at).Meets(target); got != c.meets {
			t.Errorf("%d users meet %g s: %v; want %v", c.users, target, got, c.meets)
		}
	}
	if n, _ := s.MaxUsers(l, alone/2); n != 0 {
		t.Errorf("%d users within half the unloaded latency; want 0", n)
	}
	if n, _ := s.MaxUsers(l, 1e6); n != l.Requests {
		t.Errorf("%d users within a loose target; want the run's %d requests", n, l.Requests)
	}
}

// SGLang's --scheduler-recv-interval keeps a request that arrives while
// the batch only decodes out of the batch until the scheduler's next
// look, every RecvInterval decoding steps. Two clients in a closed loop,
// prompts of 100 tokens, 100 a step, 10 tokens out, steps of 1 s (the
// fixed cost; the 7B model's own work adds under 1 %):
//
//	step 1       request 0's prompt                first token 0 at 1 s
//	steps 2, 3   0 decodes, 1's prompt (99 + 1)     first token 1 at 3 s
//	steps 4-10   both decode                        0 done at 10 s: 2 sent
//
// Taking requests in at every step, request 2's prompt fills in steps 11
// and 12 (first token at 2 s). Every 4 steps: the scheduler last looked
// after step 7 (step 3 filled prompts, so it looked before step 4, then
// 4 decoding steps), so step 11 decodes request 1 alone, it looks before
// step 12, and 2's prompt fills in steps 12 and 13 (3 s).
func TestRecvIntervalHoldsArrivalsWhileDecoding(t *testing.T) {
	s := setup(1)
	s.Efficiency.StepSeconds = 1
	l := Load{Mode: Closed, Concurrency: 2, Prompt: 100, Output: 10, Requests: 3, MaxSeqs: 2, MaxBatched: 100, KVCapacity: 10000}
	for _, c := range []struct {
		interval  int
		ttft, e2e float64 // mean of the three requests, in steps
	}{
		{0, (1 + 3 + 2) / 3.0, (10 + 12 + 11) / 3.0},
		{1, (1 + 3 + 2) / 3.0, (10 + 12 + 11) / 3.0},
		{4, (1 + 3 + 3) / 3.0, (10 + 12 + 12) / 3.0},
	} {
		l.RecvInterval = c.interval
		st := s.Simulate(l)
		if !near(st.TimeToFirst.Mean, c.ttft, 0.015) || !near(st.EndToEnd.Mean, c.e2e, 0.015) {
			t.Errorf("interval %d: mean time to first token %.3f s, end to end %.3f s; want %.3f s and %.3f s",
				c.interval, st.TimeToFirst.Mean, st.EndToEnd.Mean, c.ttft, c.e2e)
		}
	}
	// An idle scheduler looks at once: one client's requests never wait.
	l.Concurrency, l.RecvInterval = 1, 30
	alone := l
	alone.RecvInterval = 0
	if a, b := s.Simulate(l), s.Simulate(alone); a.TimeToFirst != b.TimeToFirst {
		t.Errorf("one client: time to first token %+v with the interval, %+v without; want the same", a.TimeToFirst, b.TimeToFirst)
	}
}

// TensorRT-LLM's batch waiting holds prompts back while sequences decode,
// until a step would process Ratio x MaxBatched tokens with them or they
// have waited Iters steps. Two clients in a closed loop, prompts of 60
// tokens, 100 a step, 10 tokens out, steps of 1 s (the fixed cost; the 7B
// model's own work adds under 1 %):
//
//	without waiting
//	step 1      prompt 0, 40 of prompt 1     first token 0 at 1 s
//	step 2      0 decodes, prompt 1's last 20  first token 1 at 2 s
//	steps 3-10  both decode                 0 done at 10 s: 2 sent
//	step 11     1 decodes, prompt 2          first token 2 at 11 s (1 s)
//
//	waiting 3 steps for 50 tokens
//	step 1      no sequence decodes: no wait  first token 0 at 1 s
//	steps 2-4   1 + 20 = 21 tokens < 50: 0 decodes alone
//	step 5      waited 3 steps                first token 1 at 5 s
//	step 11     1 + 60 = 61 tokens >= 50      first token 2 at 11 s (1 s)
//
// Request 1 is done 9 steps after its first token, at 11 or 14 s; the
// others take 10 s. At 20 tokens, 21 are enough to take prompt 1 at once.
func TestBatchWaitHoldsPromptsWhileDecoding(t *testing.T) {
	s := setup(1)
	s.Efficiency.StepSeconds = 1
	l := Load{Mode: Closed, Concurrency: 2, Prompt: 60, Output: 10, Requests: 3, MaxSeqs: 2, MaxBatched: 100, KVCapacity: 10000}
	for _, c := range []struct {
		wait      BatchWait
		ttft, e2e float64 // mean of the three requests, in steps
	}{
		{BatchWait{}, (1 + 2 + 1) / 3.0, (10 + 11 + 10) / 3.0},
		{BatchWait{Iters: 0, Ratio: 0.5}, (1 + 2 + 1) / 3.0, (10 + 11 + 10) / 3.0},
		{BatchWait{Iters: 3, Ratio: 0.5}, (1 + 5 + 1) / 3.0, (10 + 14 + 10) / 3.0},
		{BatchWait{Iters: 3, Ratio: 0.2}, (1 + 2 + 1) / 3.0, (10 + 11 + 10) / 3.0},
	} {
		l.BatchWait = c.wait
		st := s.Simulate(l)
		if !near(st.TimeToFirst.Mean, c.ttft, 0.015) || !near(st.EndToEnd.Mean, c.e2e, 0.015) {
			t.Errorf("%+v: mean time to first token %.3f s, end to end %.3f s; want %.3f s and %.3f s",
				c.wait, st.TimeToFirst.Mean, st.EndToEnd.Mean, c.ttft, c.e2e)
		}
	}
}
