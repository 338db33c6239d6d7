package perf

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Load describes the traffic of a simulation.
type Load struct {
	Rate          float64 // requests per second, Poisson arrivals
	Prompt        int     // input tokens per request
	Output        int     // output tokens per request
	Requests      int     // how many requests to simulate
	Seed          uint64  // of the arrival times; equal seeds, equal results
	MaxSeqs       int     // sequences the scheduler runs at once
	MaxBatched    int     // tokens one step may process (chunked prefill)
	KVCapacity    int     // tokens of KV cache; a request reserves prompt + output
	WarmupRequest int     // requests left out of the statistics at the start
}

// Stats are the latencies of a simulated run, in seconds.
type Stats struct {
	TTFT, E2E [3]float64 // P50, P95, P99
	MeanE2E   float64
	// MeanInSystem is the time-average number of requests in the system
	// (waiting or running), for Little's law: MeanInSystem = Rate x MeanE2E.
	MeanInSystem float64
	// Rejected counts requests that can never fit the KV cache.
	Rejected int
	// Overloaded: the rate is at or above the replica's Ceiling, so the
	// queue grows without end, whatever a finite run's latencies say.
	Overloaded bool
}

type request struct {
	arrival, first, done float64
	prefilled, decoded   int
}

// Simulate runs continuous batching as vLLM schedules it: each step
// decodes one token for every running sequence and spends what is left of
// the step's token budget on prefilling waiting prompts (first come, first
// served, in chunks); a request is admitted when the KV cache can hold its
// prompt and output. A step takes Setup.Step for its tokens.
func (s Setup) Simulate(l Load) Stats {
	rl := s.roofline()
	rng := rand.New(rand.NewPCG(l.Seed, 0x1f1e1d))
	reqs := make([]request, l.Requests)
	arrivals := make([]float64, l.Requests)
	t := 0.0
	for i := range reqs {
		t += rng.ExpFloat64() / l.Rate
		reqs[i].arrival, arrivals[i] = t, t
	}
	need := l.Prompt + l.Output
	st := Stats{Overloaded: l.Rate >= s.Ceiling(l)}
	var running []int // admitted, not finished
	next := 0         // first request not yet admitted
	kvFree := l.KVCapacity
	now, area := 0.0, 0.0
	finished := 0
	// inSystem counts requests arrived and not yet finished at a time.
	inSystem := func(at float64) int {
		arrived, _ := slices.BinarySearch(arrivals, math.Nextafter(at, math.Inf(1)))
		return arrived - finished - st.Rejected
	}
	for finished+st.Rejected < len(reqs) {
		// Admit arrived requests while the cache and the scheduler allow.
		for next < len(reqs) && reqs[next].arrival <= now && len(running) < l.MaxSeqs {
			if need > l.KVCapacity {
				st.Rejected++
				next++
				continue
			}
			if kvFree < need {
				break
			}
			kvFree -= need
			running = append(running, next)
			next++
		}
		if len(running) == 0 {
			if next >= len(reqs) {
				break
			}
			now = math.Max(now, reqs[next].arrival) // idle until the next arrival
			continue
		}
		// While every running sequence decodes and nothing arrives, steps
		// differ only by their growing contexts: advance them together,
		// each in constant time, up to the next completion or arrival.
		if k, dt := fastForward(&rl, reqs, running, l, now, arrivalAfter(reqs, next, now)); k > 0 {
			area += float64(inSystem(now)) * dt
			now += dt
			for _, i := range running {
				reqs[i].decoded += k
			}
			running, finished, kvFree = retire(reqs, running, l, now, finished, kvFree)
			continue
		}
		// Build the step: decodes first, then prompt chunks within the budget.
		budget := l.MaxBatched
		tokens, ctxSum, kvRead := 0.0, 0.0, 0.0
		type chunk struct{ i, n int }
		var chunks []chunk
		for _, i := range running {
			r := &reqs[i]
			if r.prefilled == l.Prompt {
				ctx := float64(l.Prompt + r.decoded)
				tokens, ctxSum, kvRead = tokens+1, ctxSum+ctx, kvRead+ctx
				budget--
			}
		}
		for _, i := range running {
			r := &reqs[i]
			if r.prefilled < l.Prompt && budget > 0 {
				n := min(l.Prompt-r.prefilled, budget)
				budget -= n
				chunks = append(chunks, chunk{i, n})
				done := float64(r.prefilled)
				tokens += float64(n)
				ctxSum += float64(n)*done + float64(n)*float64(n)/2
				kvRead += done
			}
		}
		dt, _ := rl.step(tokens, ctxSum, kvRead)
		area += float64(inSystem(now)) * dt // sampled at the step's start
		now += dt
		// Apply the step: decodes advance, chunks advance, finished leave.
		keep := running[:0]
		for _, i := range running {
			r := &reqs[i]
			if r.prefilled == l.Prompt {
				r.decoded++
			}
			for _, c := range chunks {
				if c.i == i {
					r.prefilled += c.n
					if r.prefilled == l.Prompt {
						r.first, r.decoded = now, 1 // the prefill's last pass yields the first token
					}
				}
			}
			keep = append(keep, i)
		}
		running, finished, kvFree = retire(reqs, keep, l, now, finished, kvFree)
	}
	var ttft, e2e []float64
	sum := 0.0
	for i, r := range reqs {
		if i < l.WarmupRequest || r.done == 0 {
			continue
		}
		ttft = append(ttft, r.first-r.arrival)
		e2e = append(e2e, r.done-r.arrival)
		sum += r.done - r.arrival
	}
	slices.Sort(ttft)
	slices.Sort(e2e)
	for k, p := range []float64{50, 95, 99} {
		st.TTFT[k], st.E2E[k] = quantile(ttft, p), quantile(e2e, p)
	}
	if len(e2e) > 0 {
		st.MeanE2E = sum / float64(len(e2e))
	}
	if now > 0 {
		st.MeanInSystem = area / now
	}
	return st
}

// arrivalAfter is when the next request arrives after now, +Inf if none
// does; a request that arrived but waits for room changes nothing until a
// sequence finishes.
func arrivalAfter(reqs []request, next int, now float64) float64 {
	for i := next; i < len(reqs); i++ {
		if reqs[i].arrival > now {
			return reqs[i].arrival
		}
	}
	return math.Inf(1)
}

// fastForward returns how many decode-only steps can run from now before
// a sequence finishes or a request arrives (the step it arrives in
// included), and their total time; 0 if a prompt is still being filled.
func fastForward(rl *roofline, reqs []request, running []int, l Load, now, arrival float64) (int, float64) {
	left := math.MaxInt
	b, ctx := 0.0, 0.0
	for _, i := range running {
		r := reqs[i]
		if r.prefilled < l.Prompt {
			return 0, 0
		}
		left = min(left, l.Output-r.decoded)
		ctx += float64(l.Prompt + r.decoded)
		b++
	}
	k, total := 0, 0.0
	for k < left && now+total < arrival {
		dt, _ := rl.step(b, ctx, ctx)
		total += dt
		ctx += b
		k++
	}
	return k, total
}

// retire removes finished sequences from running, freeing their cache.
func retire(reqs []request, running []int, l Load, now float64, finished, kvFree int) ([]int, int, int) {
	keep := running[:0]
	for _, i := range running {
		r := &reqs[i]
		if r.prefilled == l.Prompt && r.decoded >= l.Output {
			r.done = now
			kvFree += l.Prompt + l.Output
			finished++
			continue
		}
		keep = append(keep, i)
	}
	return keep, finished, kvFree
}

// quantile is the nearest-rank p-th percentile of sorted values.
func quantile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	k := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(0, min(k, len(sorted)-1))]
}

// Ceiling is the replica's most requests per second: the throughput of
// the largest batch it runs, max_num_seqs or as many requests as the KV
// cache holds, whichever is fewer.
func (s Setup) Ceiling(l Load) float64 {
	batch := l.MaxSeqs
	if l.KVCapacity > 0 {
		batch = max(1, min(batch, l.KVCapacity/(l.Prompt+l.Output)))
	}
	return s.At(float64(batch), float64(l.Prompt), float64(l.Output)).TokensPerSecond / float64(l.Output)
}

// Meets reports whether the simulated P99 end-to-end latency at stats is
// within target seconds, every request served, at a rate the replica
// sustains.
func (st Stats) Meets(target float64) bool {
	return st.Rejected == 0 && !st.Overloaded && st.E2E[2] <= target
}

// MaxRate is the highest request rate, to within 2 %, at which the P99
// end-to-end latency stays within target seconds, found by bisection over
// simulations of l between a thousandth of the ceiling and the ceiling; 0
// if not even a trickle meets it. A rate at or above the ceiling never
// meets a target (Stats.Overloaded).
func (s Setup) MaxRate(l Load, target float64) float64 {
	c := s.Ceiling(l)
	return s.MaxRateIn(l, target, c/1000, c)
}

// MaxRateIn is MaxRate searched between lo and hi requests per second; it
// returns 0 when lo does not meet the target, hi when hi does.
func (s Setup) MaxRateIn(l Load, target, lo, hi float64) float64 {
	// Nothing at or above the ceiling meets a target: no need to simulate.
	ceiling := s.Ceiling(l)
	hi = min(hi, ceiling)
	meets := func(rate float64) bool {
		l.Rate = rate
		return rate < ceiling && s.Simulate(l).Meets(target)
	}
	if !meets(lo) {
		return 0
	}
	if meets(hi) {
		return hi
	}
	for hi/lo > 1.02 {
		mid := math.Sqrt(lo * hi)
		if meets(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
