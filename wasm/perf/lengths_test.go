package perf

import (
	"math"
	"testing"
)

// Two requests of 4 tokens in and 3 out, sent at once, a step budget of
// 4 tokens, so that a prompt fills a step. Prefill first (SGLang), with
// a = Step(4, 8, 0), a prompt of 4 attending to 0 + 1 + 2 + 3 + 4 x 1/2
// ... its chunk's triangle, 4 x 4 / 2 = 8 pairs:
//
//	step 1  request 0's prompt       4 tokens, ctx 8,  KV 0   first token 0
//	step 2  request 1's prompt       4 tokens, ctx 8,  KV 0   first token 1
//	step 3  decode both, 5 each      2 tokens, ctx 10, KV 10
//	step 4  decode both, 6 each      2 tokens, ctx 12, KV 12  both done
//
// TTFT a and 2a; end-to-end 2a + Step(2, 10, 10) + Step(2, 12, 12) for
// both. Mixed (vLLM), request 0 decodes while request 1's prompt takes
// what is left of each step:
//
//	step 1  request 0's prompt       4 tokens, ctx 8,             KV 0   first token 0
//	step 2  decode 0 (context 5),    1 + 3 tokens, ctx 5 + 4.5,   KV 5   (3 x 3 / 2 = 4.5)
//	        3 of request 1's prompt
//	step 3  decode 0 (context 6),    1 + 1 tokens, ctx 6 + 3.5,   KV 6 + 3; request 0 done,
//	        request 1's last token   (1 x 3 + 1 / 2 = 3.5)        first token 1
//	step 4  decode 1 (context 5)     1 token, ctx 5, KV 5
//	step 5  decode 1 (context 6)     1 token, ctx 6, KV 6         request 1 done
func TestPrefillFirstByHand(t *testing.T) {
	s := setup(1)
	st := func(tokens, ctx, kv float64) float64 {
		dt, _ := s.Step(tokens, ctx, kv)
		return dt
	}
	l := Load{Mode: Offline, Prompt: 4, Output: 3, Requests: 2, MaxSeqs: 8, MaxBatched: 4, KVCapacity: 100}
	a := st(4, 8, 0)
	first := a + st(2, 10, 10) + st(2, 12, 12)
	l.PrefillFirst = true
	got := s.Simulate(l)
	want := Stats{TimeToFirst: Latency{a, 2 * a, 2 * a, 1.5 * a}, EndToEnd: Latency{a + first, a + first, a + first, a + first}}
	check(t, "prefill first", got, want)

	l.PrefillFirst = false
	got = s.Simulate(l)
	b, c := st(4, 9.5, 5), st(2, 9.5, 9)
	done0, first1 := a+b+c, a+b+c
	done1 := first1 + st(1, 5, 5) + st(1, 6, 6)
	want = Stats{TimeToFirst: Latency{a, first1, first1, (a + first1) / 2}, EndToEnd: Latency{done0, done1, done1, (done0 + done1) / 2}}
	check(t, "mixed", got, want)
}

// check compares the TTFT and end-to-end latencies of got with want's.
func check(t *testing.T, name string, got, want Stats) {
	t.Helper()
	for _, c := range []struct {
		what      string
		got, want Latency
	}{{"TTFT", got.TimeToFirst, want.TimeToFirst}, {"end-to-end", got.EndToEnd, want.EndToEnd}} {
		g := []float64{c.got.P50, c.got.P90, c.got.P99, c.got.Mean}
		w := []float64{c.want.P50, c.want.P90, c.want.P99, c.want.Mean}
		for i := range g {
			if !near(g[i], w[i], 1e-9) {
				t.Errorf("%s: %s %+v; want %+v", name, c.what, c.got, c.want)
				break
			}
		}
	}
}

// Two requests of 1 token in, outputs uniform from 1 to 3 (mean 2): seed 3
// draws 3 for request 0 and 1 for request 1, which finishes first though
// admitted second. With a = Step(2, 1, 0), both prompts in one step (2 x
// 1 / 2 = 1 pair), both first tokens at a and request 1 done; request 0
// decodes alone at contexts 2 and 3:
//
//	end-to-end 0  a + Step(1, 2, 2) + Step(1, 3, 3), TPOT that over its 2 tokens after the first
//	end-to-end 1  a, no TPOT (one token)
//
// Output tokens per second count each request's own: 4 tokens over the
// run, the first 2 at a.
func TestVariedOutputsFinishOutOfOrderByHand(t *testing.T) {
	s := setup(1)
	l := Load{Mode: Offline, Lengths: Uniform, Prompt: 1, Output: 2, Requests: 2, Seed: 3, MaxSeqs: 8, MaxBatched: 16, KVCapacity: 100}
	reqs := make([]request, 2)
	drawLengths(reqs, l)
	if reqs[0].output != 3 || reqs[1].output != 1 || reqs[0].prompt != 1 || reqs[1].prompt != 1 {
		t.Fatalf("seed 3 draws %+v and %+v; want prompts of 1, outputs 3 and 1", reqs[0], reqs[1])
	}
	st := func(tokens, ctx, kv float64) float64 {
		dt, _ := s.Step(tokens, ctx, kv)
		return dt
	}
	a := st(2, 1, 0)
	done0 := a + st(1, 2, 2) + st(1, 3, 3)
	got := s.Simulate(l)
	check(t, "uniform outputs", got, Stats{TimeToFirst: Latency{a, a, a, a}, EndToEnd: Latency{a, done0, done0, (a + done0) / 2}})
	if tpot := (done0 - a) / 2; !near(got.PerToken.P50, tpot, 1e-9) || !near(got.PerToken.Mean, tpot, 1e-9) {
		t.Errorf("TPOT %+v; want request 0's alone, %g", got.PerToken, tpot)
	}
	if want := 4 / done0; !near(got.OutputTokS, want, 1e-9) {
		t.Errorf("output %g tok/s; want 4 tokens over %g s, %g", got.OutputTokS, done0, want)
	}
}

// Uniform lengths lie in 1 … 2 mean - 1 (scaled to the run's mean, within
// a percent of it in a run of 200,000) with the mean; Chat lengths have
// the mean, a median e^(-σ²/2) = 0.61 times it and 1 in 6 above 1.65
// times it (e^(σ - σ²/2), one σ up); both are cut to fit the KV cache.
func TestDrawnLengths(t *testing.T) {
	const n, mean = 200000, 300
	for _, k := range []Lengths{Uniform, Chat} {
		reqs := make([]request, n)
		drawLengths(reqs, Load{Lengths: k, Prompt: mean, Output: mean, Seed: 1, KVCapacity: 1 << 30})
		sum, below, above := 0.0, 0, 0
		for _, r := range reqs {
			sum += float64(r.prompt)
			if r.prompt < 1 || k == Uniform && float64(r.prompt) > 1.01*(2*mean-1) {
				t.Fatalf("kind %d: a prompt of %d", k, r.prompt)
			}
			if float64(r.prompt) < mean*math.Exp(-0.5) {
				below++
			}
			if float64(r.prompt) > mean*math.Exp(0.5) {
				above++
			}
		}
		if m := sum / n; math.Abs(m-mean) > 0.01*mean {
			t.Errorf("kind %d: mean %g; want %d", k, m, mean)
		}
		if k == Chat {
			// P(X < median) = 1/2; P(X > e^(σ - σ²/2) mean) = P(Z > 1) = 0.159.
			if f := float64(below) / n; math.Abs(f-0.5) > 0.01 {
				t.Errorf("Chat: %g below the median; want 0.5", f)
			}
			if f := float64(above) / n; math.Abs(f-0.1587) > 0.01 {
				t.Errorf("Chat: %g above 1.65 times the mean; want 0.159", f)
			}
		}
	}
	// A run's draws are scaled to its means: one request has them, and 10
	// requests 10 times them in all, within a token of rounding each.
	for _, k := range []Lengths{Uniform, Chat} {
		for _, n := range []int{1, 10} {
			reqs := make([]request, n)
			drawLengths(reqs, Load{Lengths: k, Prompt: 610, Output: 421, Seed: 5, KVCapacity: 1 << 20})
			prompts, outputs := 0, 0
			for _, r := range reqs {
				prompts += r.prompt
				outputs += r.output
			}
			if abs(prompts-610*n) > n || abs(outputs-421*n) > n {
				t.Errorf("kind %d, %d requests: %d tokens in, %d out; want %d and %d", k, n, prompts, outputs, 610*n, 421*n)
			}
		}
	}
	// A KV cache of 500 tokens: long-tailed draws of mean 400 and 300 are
	// cut, the output first, so that every request fits.
	reqs := make([]request, 1000)
	drawLengths(reqs, Load{Lengths: Chat, Prompt: 400, Output: 300, Seed: 2, KVCapacity: 500})
	for _, r := range reqs {
		if r.prompt < 1 || r.output < 1 || r.prompt+r.output > 500 {
			t.Fatalf("a request of %d + %d tokens; want at most 500", r.prompt, r.output)
		}
	}
}

// Near lengths of mean 900 (InferenceX's 0.8 to 1 times 1,000) lie in
// 900 x 8/9 = 800 to 900 x 10/9 = 1,000 tokens, spread evenly: a tenth of
// them below 820 (800 + 200 / 10), and have the mean, scaled as the
// others; one request has the mean.
func TestNearLengthsByHand(t *testing.T) {
	const n, mean = 100000, 900
	reqs := make([]request, n)
	drawLengths(reqs, Load{Lengths: Near, Prompt: mean, Output: mean, Seed: 3, KVCapacity: 1 << 30})
	sum, below := 0.0, 0
	for _, r := range reqs {
		sum += float64(r.output)
		if r.output < 799 || r.output > 1001 {
			t.Fatalf("an output of %d; want 800 to 1,000", r.output)
		}
		if r.output < 820 {
			below++
		}
	}
	if m := sum / n; math.Abs(m-mean) > 0.5 {
		t.Errorf("mean %g; want %d", m, mean)
	}
	if f := float64(below) / n; math.Abs(f-0.1) > 0.005 {
		t.Errorf("%g below 820; want 0.1", f)
	}
	one := make([]request, 1)
	drawLengths(one, Load{Lengths: Near, Prompt: 610, Output: 421, Seed: 5, KVCapacity: 1 << 20})
	if one[0].prompt != 610 || one[0].output != 421 {
		t.Errorf("one request: %d in, %d out; want the means", one[0].prompt, one[0].output)
	}
}

// Outputs a ninth apart keep a closed loop's clients from sending
// together: eight clients of equal lengths send in waves, so that every
// prompt waits behind the others of its wave; with Near lengths their
// completions spread, a prompt mostly arrives alone and the mean time to
// the first token falls.
func TestNearLengthsSpreadAClosedLoop(t *testing.T) {
	s := setup(1)
	l := Load{Mode: Closed, Concurrency: 8, Prompt: 1000, Output: 200, Requests: 400, MaxSeqs: 64, MaxBatched: 2048, KVCapacity: 1 << 20, Seed: 1}
	waves := s.Simulate(l)
	l.Lengths = Near
	spread := s.Simulate(l)
	if !(spread.TimeToFirst.Mean < 0.8*waves.TimeToFirst.Mean) {
		t.Errorf("mean TTFT %g s with Near lengths; want below 0.8 x %g s, fixed lengths'", spread.TimeToFirst.Mean, waves.TimeToFirst.Mean)
	}
}

// Varied lengths and prefill first keep a run within 5 events a request
// (see MaxEvents), whatever the lengths; equal seeds give equal
// statistics, another seed others.
func TestVariedLengthsKeepTheEventBound(t *testing.T) {
	s := setup(1)
	for _, k := range []Lengths{Fixed, Uniform, Chat} {
		for _, first := range []bool{false, true} {
			for _, c := range []struct{ in, out int }{{512, 100}, {512, 100_000}, {20_000, 100}, {1, 100_000}} {
				for _, mode := range []Mode{Poisson, Closed, Offline} {
					l := Load{Mode: mode, Concurrency: 64, Lengths: k, PrefillFirst: first, Prompt: c.in, Output: c.out, Requests: 400, Seed: 1,
						MaxSeqs: 256, MaxBatched: 2048, KVCapacity: 1 << 26, WarmupRequest: 40}
					l.Rate = 0.5 * s.Ceiling(l)
					st := s.Simulate(l)
					if st.TooLarge || st.Events > 5*400 || st.Rejected > 0 {
						t.Errorf("kind %d, prefill first %v, %d in / %d out, mode %d: %d events, too large %v, rejected %d; want at most 2,000",
							k, first, c.in, c.out, mode, st.Events, st.TooLarge, st.Rejected)
					}
					l.Seed = 2
					if again := s.Simulate(l); k != Fixed && mode == Offline && again == st {
						t.Errorf("kind %d, prefill first %v, %d in / %d out: seeds 1 and 2 give the same lengths", k, first, c.in, c.out)
					}
					l.Seed = 1
					if again := s.Simulate(l); again != st {
						t.Errorf("kind %d, prefill first %v, %d in / %d out, mode %d: seed 1 twice, two results", k, first, c.in, c.out, mode)
					}
				}
			}
		}
	}
}

// A closed loop's client sends its next request when its last completes,
// whichever completes first: with varied lengths, out of order. The
// requests are then served as they arrive, without waiting for the
// clients before them: with the KV cache and max_num_seqs ample, each of
// the 16 clients has a request in the system (14 on average, the run's
// end included, when the clients have no more to send; 5 when a request
// waited for the one before it to arrive), and the median request is
// admitted at once, its TTFT a prefill's.
func TestClosedLoopClientsDoNotWaitForEachOther(t *testing.T) {
	s := setup(1)
	for _, k := range []Lengths{Uniform, Chat} {
		l := Load{Mode: Closed, Concurrency: 16, Lengths: k, Prompt: 500, Output: 500, Requests: 800, Seed: 1, MaxSeqs: 256, MaxBatched: 8192,
			KVCapacity: 1 << 22, WarmupRequest: 80}
		st := s.Simulate(l)
		// A prefill of up to 16 prompts of at most 999 tokens, with the
		// decoding of 15: under 16,000 + 15 tokens.
		prefill, _ := s.Step(16*999+15, 16*999*999/2+15*2000, 15*2000)
		if st.MeanInSystem < 14 || st.TimeToFirst.P50 > prefill {
			t.Errorf("kind %d: %.1f requests in the system, median TTFT %.3f s; want at least 14, within %.3f s", k, st.MeanInSystem, st.TimeToFirst.P50, prefill)
		}
	}
}

func abs(n int) int { return max(n, -n) }
