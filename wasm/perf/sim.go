package perf

import (
	"errors"
	"math"
	"math/rand/v2"
	"sync"
)

// Mode is how a simulation's requests arrive.
type Mode int

// The load modes.
const (
	// Poisson is open-loop traffic: requests arrive at Load.Rate, at
	// exponential intervals, whatever the replica's pace.
	Poisson Mode = iota
	// Closed is a closed loop: Load.Concurrency clients each send a
	// request, then the next Load.ThinkSeconds after the last completed,
	// as serving benchmarks' "concurrency" does.
	Closed
	// Offline sends every request at once, as an offline batch job does.
	Offline
)

// Lengths is how the lengths of a run's requests vary about Load.Prompt
// and Load.Output, which are their means: a run's draws are scaled to
// them, as a benchmark's reported means are those of its own run.
type Lengths int

// The kinds of lengths.
const (
	// Fixed gives every request Load.Prompt tokens in and Load.Output out.
	Fixed Lengths = iota
	// Uniform draws each length uniformly from 1 to 2 mean - 1 tokens,
	// whose mean is the mean: serving benchmarks' "random" requests at
	// range ratio 0, which SGLang's bench_serving draws from 1 to the
	// length set.
	Uniform
	// Chat draws each length from a log-normal distribution of log-σ
	// ChatSigma with the mean, rounded, at least 1 token: the long tail of
	// conversations such as ShareGPT's.
	Chat
	// Near draws each length uniformly from 8/9 to 10/9 of the mean:
	// InferenceX's random lengths, from 0.8 to 1 times the length set.
	// Little as they vary, they keep a closed loop's clients from
	// finishing, and so starting, together.
	Near
)

// ChatSigma is the log-σ of Chat lengths: an assumption, as no source
// gives the spread of ShareGPT's lengths in tokens, that puts the median
// at 0.61 times the mean (e^(-σ²/2)), 1 request in 6 above 1.65 times it
// (e^(σ - σ²/2)) and 1 in 6 below 0.22 times it (e^(-σ - σ²/2)).
const ChatSigma = 1.0

// draw is one length of kind k about mean tokens.
func (k Lengths) draw(rng *rand.Rand, mean int) int {
	switch k {
	case Uniform:
		return 1 + rng.IntN(max(1, 2*mean-1))
	case Near:
		lo := mean * 8 / 9
		return max(1, lo+rng.IntN(max(1, mean*10/9-lo+1)))
	case Chat:
		// A log-normal's mean is exp(mu + σ²/2).
		mu := math.Log(float64(mean)) - ChatSigma*ChatSigma/2
		return max(1, int(math.Round(math.Exp(mu+ChatSigma*rng.NormFloat64()))))
	}
	return mean
}

// Load describes the traffic of a simulation.
type Load struct {
	Mode         Mode    // how requests arrive; Poisson when zero
	Concurrency  int     // clients of a closed loop
	ThinkSeconds float64 // a closed-loop client's pause between a completion and its next request
	Rate         float64 // requests per second, Poisson arrivals
	Prompt       int     // input tokens per request, their mean when Lengths vary
	Output       int     // output tokens per request, their mean when Lengths vary
	// Lengths is how the requests' lengths vary about Prompt and Output,
	// drawn from Seed; Fixed when zero. A drawn request never needs more
	// than the KV cache (its output, then its prompt, is cut to fit); a
	// fixed one that does is rejected.
	Lengths  Lengths
	Requests int    // how many requests to simulate
	Seed     uint64 // of the arrival times and lengths; equal seeds, equal results
	// PrefillFirst schedules as SGLang does (see serving.PrefillsFirst):
	// a step runs the prompts being filled alone, up to MaxBatched tokens,
	// and the running sequences decode only in steps without any. When
	// false, each step decodes and fills prompts with what is left, as
	// vLLM and TensorRT-LLM do.
	PrefillFirst bool
	MaxSeqs      int // sequences the scheduler runs at once
	MaxBatched   int // tokens one step may process (chunked prefill)
	// RecvInterval is SGLang's --scheduler-recv-interval: while the
	// batch only decodes, the scheduler takes in newly arrived requests
	// once every RecvInterval steps; after a step that fills prompts,
	// and when idle, at once (SchedulerRecvSkipper: decode steps weigh
	// 1, other steps more than any interval). 0 or 1 takes them in at
	// every step.
	RecvInterval int
	// BatchWait is TensorRT-LLM's batch waiting; the zero value holds
	// no prompt back.
	BatchWait     BatchWait
	KVCapacity    int // tokens of KV cache; a request reserves its prompt + output
	WarmupRequest int // requests left out of the statistics at the start
	// Window is the span over which Stats.OutputTokS is measured;
	// AfterWarmup when zero.
	Window Window
	// GridRates makes the searches for a highest rate (MaxRate and its
	// kin) return a rate of the fixed grid RateGrid^k, the highest that
	// meets the target, so that searches over different intervals (the
	// plan's, the TCO calculator's, the latency page's) agree; false
	// bisects the interval to 2 %, as editions before 2026-12-07 do.
	GridRates bool
}

// BatchWait is TensorRT-LLM's batch waiting (batch_wait_timeout_iters
// and batch_wait_max_tokens_ratio): while sequences decode, a step holds
// back the prompts waiting to be filled unless, with them, it would
// process Ratio x MaxBatched tokens or more, for at most Iters steps in a
// row (PyExecutor._waiting_requests). Engines that run prompts before
// decoding (Load.PrefillFirst) do not wait so.
type BatchWait struct {
	Iters int     // steps in a row the prompts wait at most; 0 waits none
	Ratio float64 // of MaxBatched, the tokens a step needs to take the prompts at once
}

// RateGrid is the ratio of neighbouring rates of the grid that searches
// with Load.GridRates return: 2 % apart, as fine as the bisection's
// precision.
const RateGrid = 1.02

// Window is the span of a run over which its output throughput
// (Stats.OutputTokS) is measured.
type Window int

// The windows.
const (
	// AfterWarmup measures from the last completion among the first
	// WarmupRequest requests to the run's last completion: the rule of
	// editions before 2026-12-06. One long request among the first moves
	// its start to the end of the run, and its length follows the
	// requests of a run.
	AfterWarmup Window = iota
	// Steady measures as serving benchmarks do. Offline, and whenever
	// every request is sent before the first tenth of them has
	// completed: every output token over the whole run, from the
	// sending to the last completion, as vLLM's bench throughput and
	// SGLang's bench_offline_throughput divide the tokens generated by
	// the time of the whole batch. Online: the tokens generated while
	// the load is steady, between the time the first tenth of the
	// requests had completed and the time the last was sent, whatever
	// request generated them: times of the load as a whole, which one
	// long request cannot move, as a measurement interval of Triton's
	// perf_analyzer counts what completes within a span of time, not a
	// span of requests. vLLM's bench serve divides by the whole run, its
	// drain included, which a long run makes small; the simulation's
	// runs are short, so it leaves the ramp and the drain out.
	Steady
)

// Latency is the P50, P90, P99 and mean of a latency over a run's
// requests, seconds.
type Latency struct{ P50, P90, P99, Mean float64 }

// Stats are the latencies of a simulated run, in seconds.
type Stats struct {
	TTFT, E2E [3]float64 // P50, P95, P99
	// TimeToFirst, PerToken and EndToEnd are the P50, P90 and P99 of the
	// time to first token, the time per output token after the first
	// ((end-to-end - TTFT) / (output - 1) per request, of its own output;
	// none for one-token outputs) and the end-to-end latency.
	TimeToFirst, PerToken, EndToEnd Latency
	// OutputTokS is output tokens per second over the run's Load.Window:
	// the tokens generated in it, by whatever request, over its time.
	OutputTokS float64
	MeanE2E    float64
	// MeanInSystem is the time-average number of requests in the system
	// (waiting or running), for Little's law: MeanInSystem = Rate x MeanE2E.
	MeanInSystem float64
	// Rejected counts requests that can never fit the KV cache.
	Rejected int
	// Overloaded: the rate is at or above the replica's Ceiling, so the
	// queue grows without end, whatever a finite run's latencies say;
	// only open-loop traffic can be.
	Overloaded bool
	// Events counts the run's events (see MaxEvents): its cost.
	Events int
	// TooLarge: the run stopped at MaxEvents before every request was
	// served; its latencies are of the requests served by then.
	TooLarge bool
}

type request struct {
	arrival, first, done float64
	prompt, output       int // tokens
	prefilled            int
	// started is the run's count of decoding steps when the prompt's last
	// chunk yielded the first token: the request has decoded steps -
	// started + 1 tokens since.
	started int
}

// MaxEvents is the work budget of one simulation: how many events it runs
// before it gives up with Stats.TooLarge. An event is an idle wait for an
// arrival, a step that fills the last chunk of a prompt (its budget may be
// shared by several prompts), or a stretch of steps alike but for their
// growing contexts, which ends at an arrival, a completion or a prompt's
// last chunk. A request causes at most 5 events (an idle wait for it, the
// stretches that end at its arrival, its prompt's last full chunk and its
// completion, the step of its last chunk), so a run of n requests takes at
// most 5n, whatever the lengths, fixed or varied, and the scheduling (see
// TestEventsDoNotGrowWithTokens), and an event costs O(log n) time: the
// decoding sequences are kept by the step they finish at, in a heap, as
// requests of varied lengths do not finish in order. A closed loop's
// request arrives at a completion or a think time later, an offline run's
// all at the start: no more events
// (TestEventsOfEveryModeDoNotGrowWithTokens).
//
// The default scenarios and presets of the data (400 requests a run) take
// at most 1,200 events a run, 8 times less. A run at the budget takes
// ~1.3 ms natively (BenchmarkSimulateAtTheBudget), and the estimator's
// page, which runs at most 19 (1 at the rate, 8 for its chart, at most 10
// for the highest rate in target), ~13 ms at worst (perfview's
// BenchmarkWorstCase): well under 200 ms as WebAssembly, ~3 times slower.
const MaxEvents = 10000

// Simulate runs continuous batching as vLLM schedules it: each step
// decodes one token for every running sequence and spends what is left of
// the step's token budget on prefilling waiting prompts (first come, first
// served, in chunks); a request is admitted when the KV cache can hold its
// prompt and output. With l.PrefillFirst, as SGLang schedules it: a step
// with prompts to fill fills them alone, and decoding waits. A step takes
// Setup.Step for its tokens. Requests are sent as l.Mode says and, online
// (open or closed loop), reach the scheduler a request's fixed latency
// (Efficiency.RequestSeconds) later; latencies count from the sending.
//
// The run advances by events, never by tokens: steps that differ only by
// their growing contexts are added up in closed form (see batch.stretch).
// It stops after MaxEvents events with Stats.TooLarge set.
func (s Setup) Simulate(l Load) Stats {
	st, _ := s.simulate(l, nil)
	return st
}

// meets reports whether a run of l meets t (Stats.MeetsTarget), and
// whether it exceeded the work budget: a search's run. It computes only
// the P99s t sets, without the percentiles and throughput a search never
// reads (a fifth of a run's time), and stops as soon as more requests
// have missed t than its P99s allow (most of a run above the rate that
// meets it): such a run misses t whatever the requests still to come, so
// it has not exceeded the budget.
func (s Setup) meets(l Load, t Target) (ok, tooLarge bool) {
	st, missed := s.simulate(l, &t)
	return !missed && st.MeetsTarget(t), st.TooLarge
}

// simulate is Simulate; for a search's run (only not nil), its Stats
// hold just the P99s that only sets and what MeetsTarget reads beside
// them, and the run stops with missed set as soon as it is known to miss
// only (see search).
func (s Setup) simulate(l Load, only *Target) (st Stats, missed bool) {
	rng := rand.New(rand.NewPCG(l.Seed, 0x1f1e1d))
	buf := getBuffers(l.Requests)
	defer buffers.Put(buf)
	b := batch{rl: s.roofline(), l: l, reqs: buf.reqs, queue: buf.queue, decoding: buf.decoding}
	reqs := b.reqs
	fixed := 0.0
	if l.Mode != Offline {
		fixed = s.Efficiency.RequestSeconds
	}
	t := 0.0
	for i := range reqs {
		switch {
		case l.Mode == Poisson:
			t += rng.ExpFloat64() / l.Rate
			reqs[i].arrival = t + fixed
		case l.Mode == Closed && i >= l.Concurrency:
			// Sent when the client's last request completes.
			reqs[i].arrival = math.Inf(1)
		case l.Mode == Closed:
			reqs[i].arrival = fixed
		}
	}
	drawLengths(reqs, l)
	if only != nil {
		b.watch = newSearch(*only, reqs, l.WarmupRequest, fixed)
	}
	// next sends a closed-loop client's next request once its last has
	// completed or been rejected at now: the first request not yet sent,
	// as requests of varied lengths complete out of order, so that the
	// requests arrive in order.
	sent := min(l.Concurrency, len(reqs))
	next := func(now float64) {
		if l.Mode == Closed && sent < len(reqs) {
			reqs[sent].arrival = now + l.ThinkSeconds + fixed
			sent++
		}
	}
	st = Stats{Overloaded: l.Mode == Poisson && l.Rate >= s.Ceiling(l)}
	admitted := 0 // first request not yet admitted
	arrived := 0  // requests arrived by now; reqs[arrived] is the next arrival
	seen := 0     // requests the scheduler has taken in (Load.RecvInterval)
	kvFree := l.KVCapacity
	now, area := 0.0, 0.0
	for b.finished+st.Rejected < len(reqs) {
		if st.Events == MaxEvents {
			st.TooLarge = true
			break
		}
		st.Events++
		for arrived < len(reqs) && reqs[arrived].arrival <= now {
			arrived++
		}
		if l.RecvInterval <= 1 || b.size() == 0 || b.sinceRecv >= l.RecvInterval {
			seen, b.sinceRecv = arrived, 0
		}
		// Admit the requests taken in while the cache and the scheduler
		// allow.
		for admitted < seen && b.size() < l.MaxSeqs {
			need := reqs[admitted].prompt + reqs[admitted].output
			if need > l.KVCapacity {
				st.Rejected++
				next(now)
				admitted++
				continue
			}
			if kvFree < need {
				break
			}
			kvFree -= need
			b.queue = append(b.queue, admitted)
			admitted++
		}
		if b.size() == 0 {
			if admitted >= len(reqs) {
				break
			}
			// Idle until the next arrival, known by now: the requests
			// before it have all completed or been rejected.
			now = math.Max(now, reqs[admitted].arrival)
			continue
		}
		// Requests arrived and not finished, sampled at a step's start: a
		// request that arrived but waits for room changes nothing until a
		// sequence finishes, so a stretch runs up to the next arrival.
		inSystem := float64(arrived - b.finished - st.Rejected)
		// A stretch runs up to the next arrival, or, with requests
		// arrived that the scheduler has not taken in, up to its next
		// look at them.
		arrival, limit := math.Inf(1), math.MaxInt
		if seen < arrived {
			limit = l.RecvInterval - b.sinceRecv
		} else if arrived < len(reqs) {
			arrival = reqs[arrived].arrival
		}
		dt, ok := b.stretch(now, arrival, limit)
		if !ok {
			dt = b.step(now)
		}
		area += inSystem * dt
		now += dt
		n, freed := b.retire(now)
		for range n {
			next(now)
		}
		kvFree += freed
		if b.watch != nil && b.watch.missed {
			return st, true
		}
	}
	// One array for the three latencies, at their size.
	n := len(reqs)
	lat := buf.lat
	ttft, tpot, e2e := lat[:0:n], lat[n:n:2*n], lat[2*n:2*n:3*n]
	sum, sumTTFT, sumTPOT := 0.0, 0.0, 0.0
	for i, r := range reqs {
		if r.done == 0 || i < l.WarmupRequest {
			continue
		}
		// Latencies count from the sending, fixed before the arrival.
		ttft = append(ttft, r.first-r.arrival+fixed)
		e2e = append(e2e, r.done-r.arrival+fixed)
		sumTTFT += r.first - r.arrival + fixed
		if r.output > 1 {
			tpot = append(tpot, (r.done-r.first)/float64(r.output-1))
			sumTPOT += (r.done - r.first) / float64(r.output-1)
		}
		sum += r.done - r.arrival + fixed
	}
	if only != nil {
		if only.E2E > 0 {
			st.E2E[2] = p99(e2e)
			st.EndToEnd.P99 = st.E2E[2]
		}
		if only.TTFT > 0 {
			st.TTFT[2] = p99(ttft)
			st.TimeToFirst.P99 = st.TTFT[2]
		}
		if only.TPOT > 0 {
			st.PerToken.P99 = p99(tpot)
		}
		return st, false
	}
	ttftQ, tpotQ, e2eQ := quantiles(ttft), quantiles(tpot), quantiles(e2e)
	st.TTFT, st.E2E = [3]float64{ttftQ[0], ttftQ[2], ttftQ[3]}, [3]float64{e2eQ[0], e2eQ[2], e2eQ[3]}
	tail := func(q [4]float64, sum float64, n int) Latency {
		return Latency{q[0], q[1], q[3], sum / float64(max(1, n))}
	}
	st.TimeToFirst, st.PerToken, st.EndToEnd = tail(ttftQ, sumTTFT, len(ttft)), tail(tpotQ, sumTPOT, len(tpot)), tail(e2eQ, sum, len(e2e))
	if len(e2e) > 0 {
		st.MeanE2E = sum / float64(len(e2e))
	}
	st.OutputTokS = throughput(reqs, l, fixed, lat)
	if now > 0 {
		st.MeanInSystem = area / now
	}
	return st, false
}

// search counts, in a search's run, the requests that have missed its
// target, as each first token and each completion comes: of n latencies
// the nearest-rank P99 is above the target once n - rank(n, 99) of them
// are, whatever the others. n is every request from the warm-up on (with
// more than one output token, for the time per token): a run that serves
// fewer rejects or stops at its budget, and misses any target anyway.
type search struct {
	t     Target
	from  int // the first request counted, Load.WarmupRequest
	fixed float64
	// Misses still allowed at each P99 (end to end, first token, per
	// token) before the run misses it.
	e2e, ttft, tpot int
	missed          bool
}

// newSearch watches a run of reqs, their lengths drawn, for target t,
// counting requests from from on, sent fixed seconds before they arrive.
func newSearch(t Target, reqs []request, from int, fixed float64) *search {
	n, long := 0, 0
	for _, r := range reqs[min(from, len(reqs)):] {
		n++
		if r.output > 1 {
			long++
		}
	}
	allowed := func(n int) int { return n - rank(n, 99) - 1 }
	return &search{t: t, from: from, fixed: fixed, e2e: allowed(n), ttft: allowed(n), tpot: allowed(long)}
}

// miss counts a miss of a P99 with allowed misses left.
func (w *search) miss(allowed *int) {
	if *allowed--; *allowed < 0 {
		w.missed = true
	}
}

// first counts request i's first token.
func (w *search) first(i int, r *request) {
	if i >= w.from && w.t.TTFT > 0 && r.first-r.arrival+w.fixed > w.t.TTFT {
		w.miss(&w.ttft)
	}
}

// done counts request i's completion.
func (w *search) done(i int, r *request) {
	if i < w.from {
		return
	}
	if w.t.E2E > 0 && r.done-r.arrival+w.fixed > w.t.E2E {
		w.miss(&w.e2e)
	}
	if w.t.TPOT > 0 && r.output > 1 && (r.done-r.first)/float64(r.output-1) > w.t.TPOT {
		w.miss(&w.tpot)
	}
}

// drawLengths sets each request's lengths as l.Lengths says, from a
// stream of l.Seed's own, so that the arrivals are those of fixed lengths.
// The draws are then scaled so that the run's mean lengths are Prompt and
// Output, as a benchmark's reported means are its own run's (a run of one
// request has the mean lengths, whatever the kind), and a request is cut
// to fit the KV cache, its output first.
func drawLengths(reqs []request, l Load) {
	if l.Lengths == Fixed {
		for i := range reqs {
			reqs[i].prompt, reqs[i].output = l.Prompt, l.Output
		}
		return
	}
	rng := rand.New(rand.NewPCG(l.Seed, 0x2e2d2c))
	prompts, outputs := 0, 0
	for i := range reqs {
		reqs[i].prompt, reqs[i].output = l.Lengths.draw(rng, l.Prompt), l.Lengths.draw(rng, l.Output)
		prompts += reqs[i].prompt
		outputs += reqs[i].output
	}
	n := float64(len(reqs))
	fp, fo := n*float64(l.Prompt)/float64(prompts), n*float64(l.Output)/float64(outputs)
	for i := range reqs {
		p := max(1, min(int(math.Round(float64(reqs[i].prompt)*fp)), l.KVCapacity-1))
		o := int(math.Round(float64(reqs[i].output) * fo))
		reqs[i].prompt, reqs[i].output = p, max(1, min(o, l.KVCapacity-p))
	}
}

// batch is the scheduler's running sequences: queue holds them in the
// order admitted, queue[filled:] those whose prompts are being filled,
// first come, first served; decoding the others, in a heap by the step
// they finish at. Each decoding sequence's context is a function of the
// run's count of decoding steps, so that a step's work is known from sums
// kept as sequences come and go, in constant time whatever the batch.
type batch struct {
	rl       roofline
	l        Load
	reqs     []request
	queue    []int
	filled   int
	decoding []finishing // a min-heap by step
	// steps counts the run's decoding steps: with PrefillFirst, a step
	// that fills prompts decodes nothing.
	steps int
	// sinceRecv counts the steps since the scheduler last took in new
	// requests (Load.RecvInterval); a step that fills prompts sets it to
	// the interval, as it makes the scheduler look at once.
	sinceRecv int
	// waited counts the steps in a row that batch waiting has held the
	// prompts back (Load.BatchWait).
	waited     int
	startedSum int // of request.started over the decoding sequences
	promptSum  int // of request.prompt over the decoding sequences
	finished   int
	// watch counts a search's misses; nil outside a search.
	watch *search
}

func (b *batch) size() int { return len(b.decoding) + len(b.queue) - b.filled }

// filling reports whether prompts are being filled.
func (b *batch) filling() bool { return b.filled < len(b.queue) }

// decodes reports whether the next step decodes the running sequences.
func (b *batch) decodes() bool { return !b.l.PrefillFirst || !b.filling() }

// decoded is how many tokens a decoding request has generated.
func (b *batch) decoded(r *request) int { return b.steps - r.started + 1 }

// context is the decoding sequences' contexts in all: prompt plus tokens
// generated, each.
func (b *batch) context() float64 {
	d := len(b.decoding)
	return float64(b.promptSum + d*(b.steps+1) - b.startedSum)
}

// stretch advances the batch by as many steps from now as are alike but
// for their growing contexts, and returns their total time; false when
// the next step is not part of a stretch. In a stretch every decoding
// sequence decodes one token (none while PrefillFirst fills prompts), and
// the first prompt being filled, if the budget leaves room for it and
// batch waiting does not hold it back, takes all that is left of the
// step's tokens without being finished by them. It runs until a sequence
// finishes, a prompt's last chunk comes due (that step may share the
// budget, so it is built on its own by step), a request arrives (the step
// it arrives in included), batch waiting lets the prompts in, or limit
// steps have run (the scheduler's next look at requests it has not taken
// in, one step while prompts fill).
//
// Every step j of a stretch processes the same tokens, attends to ctx0 +
// j dctx pairs and reads kv0 + j dkv cached tokens, so its time is the
// larger of two lines in j plus a constant; series adds such steps up in
// constant time, and inverts the sum to find the step the arrival falls
// in.
func (b *batch) stretch(now, arrival float64, limit int) (float64, bool) {
	l := b.l
	d, ctx := 0, 0.0
	left := math.MaxInt // steps until a sequence finishes
	decode := b.decodes()
	if decode {
		d, ctx = len(b.decoding), b.context()
		if d > 0 {
			left = b.decoding[0].step - b.steps
		}
	}
	ctx0, dctx, kv0, dkv := ctx, float64(d), ctx, float64(d)
	tokens := float64(d)
	chunk := l.MaxBatched - d // prompt tokens a step has room for
	hold := b.holds()
	var filling *request
	if !hold && b.filling() && chunk > 0 {
		filling = &b.reqs[b.queue[b.filled]]
		rest := filling.prompt - filling.prefilled
		if rest <= chunk {
			return 0, false // the prompt's last chunk: a step of its own
		}
		// Steps while more than a chunk is left: the last one is built on
		// its own.
		left = min(left, (rest-1)/chunk)
		c, done := float64(chunk), float64(filling.prefilled)
		tokens += c
		ctx0 += c*done + c*c/2
		dctx += c * c
		kv0 += done
		dkv += c
	}
	if filling != nil && limit < math.MaxInt {
		limit = 1 // a step that fills prompts makes the scheduler look at once
	}
	if hold {
		limit = min(limit, l.BatchWait.Iters-b.waited)
	}
	left = min(left, limit)
	if left == math.MaxInt || left <= 0 {
		return 0, false
	}
	ser := b.rl.series(tokens, ctx0, dctx, kv0, dkv)
	k := left
	// Step j starts at now + sum(j), which grows with j: the stretch takes
	// the steps that start before the arrival, at most left.
	before := func(j int) bool { return now+ser.sum(j) < arrival }
	if !before(k - 1) {
		// k is the first step from 1 that starts at or after the arrival:
		// the closed form's guess, checked against its neighbours, or
		// found by bisection if the guess was off.
		lo, hi := 1, k-1
		if g := math.Ceil(ser.reach(arrival - now)); g >= float64(lo) && g <= float64(hi) {
			j := int(g)
			if before(j) {
				lo = j + 1
				if j+1 <= hi && !before(j+1) {
					hi = j + 1
				}
			} else {
				hi = j
				if j-1 >= lo && before(j-1) {
					lo = j
				}
			}
		}
		for lo < hi {
			mid := lo + (hi-lo)/2
			if before(mid) {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		k = lo
	}
	if decode {
		b.steps += k
	}
	b.counted(k, filling != nil)
	b.waiting(hold, k, filling != nil)
	if filling != nil {
		filling.prefilled += k * chunk
	}
	return ser.sum(k), true
}

// step advances the batch by one step from now and returns its time:
// decodes first (unless PrefillFirst has prompts to fill), then prompt
// chunks in order within the step's token budget, unless batch waiting
// holds them back. It fills at least one prompt's last chunk, so it runs
// at most once per request: steps that batch waiting holds, and the
// others, run as stretches.
func (b *batch) step(now float64) float64 {
	l := b.l
	d, ctx := 0, 0.0
	decode := b.decodes()
	if decode {
		d, ctx = len(b.decoding), b.context()
	}
	budget := l.MaxBatched - d
	tokens, ctxSum, kvRead := float64(d), ctx, ctx
	hold := b.holds()
	last := b.filled // queue[filled:last] are the prompts in the step
	for ; !hold && last < len(b.queue) && budget > 0; last++ {
		r := &b.reqs[b.queue[last]]
		n := min(r.prompt-r.prefilled, budget)
		budget -= n
		done := float64(r.prefilled)
		tokens += float64(n)
		ctxSum += float64(n)*done + float64(n)*float64(n)/2
		kvRead += done
	}
	dt, _ := b.rl.step(tokens, ctxSum, kvRead)
	if decode {
		b.steps++
	}
	b.counted(1, last > b.filled)
	b.waiting(hold, 1, last > b.filled)
	budget = l.MaxBatched - d
	for _, i := range b.queue[b.filled:last] {
		r := &b.reqs[i]
		n := min(r.prompt-r.prefilled, budget)
		budget -= n
		r.prefilled += n
		if r.prefilled == r.prompt {
			// The prefill's last pass yields the first token.
			r.first, r.started = now+dt, b.steps
			if b.watch != nil {
				b.watch.first(i, r)
			}
			b.startedSum += r.started
			b.promptSum += r.prompt
			b.push(i)
			b.filled++
		}
	}
	return dt
}

// counted counts steps toward the scheduler's next look at new requests
// (Load.RecvInterval): steps that fill prompts make it look at the next,
// decoding steps count one each, and a look comes every RecvInterval of
// them; steps is at least 1.
func (b *batch) counted(steps int, prompts bool) {
	n := b.l.RecvInterval
	switch {
	case n <= 1:
	case prompts:
		b.sinceRecv = n
	default:
		b.sinceRecv = (b.sinceRecv+steps-1)%n + 1
	}
}

// holds reports whether batch waiting (Load.BatchWait) keeps the next
// step from filling prompts: prompts wait, sequences decode, the prompts
// have waited fewer than Iters steps, and the step's decoding tokens and
// the prompt tokens its budget takes come to less than Ratio x MaxBatched.
func (b *batch) holds() bool {
	w, d := b.l.BatchWait, len(b.decoding)
	if w.Iters <= 0 || b.waited >= w.Iters || b.l.PrefillFirst || d == 0 || !b.filling() {
		return false
	}
	tokens, budget := d, b.l.MaxBatched-d
	for _, i := range b.queue[b.filled:] {
		if budget <= 0 {
			break
		}
		r := &b.reqs[i]
		n := min(r.prompt-r.prefilled, budget)
		tokens += n
		budget -= n
	}
	return float64(tokens) < w.Ratio*float64(b.l.MaxBatched)
}

// waiting counts steps toward batch waiting's limit (Load.BatchWait):
// steps that held the prompts back add up, and the count starts again
// once a step with decoding sequences takes prompts in, as TensorRT-LLM's
// stops waiting then; a step without decoding sequences takes them
// without waiting and leaves the count.
func (b *batch) waiting(held bool, steps int, prompts bool) {
	switch {
	case held:
		b.waited += steps
	case prompts && b.l.BatchWait.Iters > 0 && len(b.decoding) > 0:
		b.waited = 0
	}
}

// retire removes the sequences that have generated their output, at now,
// and returns how many and the KV tokens they free.
func (b *batch) retire(now float64) (n, freed int) {
	for len(b.decoding) > 0 && b.decoding[0].step <= b.steps {
		i := b.pop()
		r := &b.reqs[i]
		r.done = now
		if b.watch != nil {
			b.watch.done(i, r)
		}
		b.startedSum -= r.started
		b.promptSum -= r.prompt
		b.finished++
		freed += r.prompt + r.output
		n++
	}
	return n, freed
}

// finishing is a decoding request and the count of decoding steps at
// which it has generated its output, kept together so that the heap's
// comparisons read no request.
type finishing struct{ step, req int }

// less orders the heap of decoding sequences: by step, then by request.
func (f finishing) less(g finishing) bool {
	return f.step < g.step || f.step == g.step && f.req < g.req
}

// push adds request i, which has started, to the heap of decoding
// sequences. The heap is kept by hand rather than with container/heap,
// whose Push takes an any: a finishing boxed, an allocation per request,
// in a loop that otherwise allocates nothing (simBuffers).
func (b *batch) push(i int) {
	r := &b.reqs[i]
	h := append(b.decoding, finishing{r.started + r.output - 1, i})
	for c := len(h) - 1; c > 0; {
		p := (c - 1) / 2
		if !h[c].less(h[p]) {
			break
		}
		h[c], h[p] = h[p], h[c]
		c = p
	}
	b.decoding = h
}

// pop removes and returns the decoding sequence that finishes first.
func (b *batch) pop() int {
	h := b.decoding
	top, n := h[0], len(h)-1
	h[0] = h[n]
	h = h[:n]
	for p := 0; ; {
		c := 2*p + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1].less(h[c]) {
			c++
		}
		if !h[c].less(h[p]) {
			break
		}
		h[p], h[c] = h[c], h[p]
		p = c
	}
	b.decoding = h
	return top.req
}

// throughput is the output tokens per second of a run's requests over
// l.Window: the one measure behind every throughput the simulation gives,
// which /performance/, the API, /tco/'s sizing and the accuracy check all
// read (Stats.OutputTokS). A request reaches the scheduler fixed seconds
// after it is sent. It reorders scratch, of at least len(reqs) values,
// rather than allocate.
func throughput(reqs []request, l Load, fixed float64, scratch []float64) float64 {
	from, to := 0.0, 0.0
	switch l.Window {
	case Steady:
		from, to = steadyWindow(reqs, fixed, scratch)
	default:
		for i, r := range reqs {
			if r.done == 0 {
				continue
			}
			to = max(to, r.done)
			if i < l.WarmupRequest {
				from = max(from, r.done)
			}
		}
	}
	if to <= from {
		return 0
	}
	return generated(reqs, from, to) / (to - from)
}

// steadyWindow is the span of Steady: from the time the first tenth of
// the served requests (at least one) had completed to the time the last
// request was sent, fixed seconds before it arrived; when that is empty,
// as when every request is sent at once, the whole run, from its start to
// its last completion.
func steadyWindow(reqs []request, fixed float64, scratch []float64) (from, to float64) {
	done := scratch[:0]
	sent, last := 0.0, 0.0
	for _, r := range reqs {
		if !math.IsInf(r.arrival, 1) { // a closed loop's request not sent within the work budget
			sent = max(sent, r.arrival-fixed)
		}
		if r.done > 0 {
			done = append(done, r.done)
			last = max(last, r.done)
		}
	}
	if len(done) == 0 {
		return 0, 0
	}
	k := (len(done)+9)/10 - 1
	selectKth(done, k)
	if from := done[k]; from < sent {
		return from, sent
	}
	return 0, last
}

// generated is about how many output tokens the completed requests
// generate from time t0 to t1: a request's first token comes at its first
// and the others evenly until it is done, one a step.
func generated(reqs []request, t0, t1 float64) float64 {
	n := 0.0
	for _, r := range reqs {
		if r.done == 0 {
			continue
		}
		if r.first > t0 && r.first <= t1 {
			n++
		}
		if span := r.done - r.first; span > 0 {
			n += float64(r.output-1) * max(0, min(r.done, t1)-max(r.first, t0)) / span
		}
	}
	return n
}

// quantiles returns the nearest-rank 50th, 90th, 95th and 99th
// percentiles of vals (as Quantile of them sorted), reordering vals: a
// selection for each, from the highest down within the values below it,
// costs a simulation less than a sort.
func quantiles(vals []float64) [4]float64 {
	var q [4]float64
	if len(vals) == 0 {
		return q
	}
	ps := [4]float64{50, 90, 95, 99}
	below := vals
	for i := len(ps) - 1; i >= 0; i-- {
		k := rank(len(vals), ps[i])
		selectKth(below, k)
		q[i], below = below[k], below[:k+1]
	}
	return q
}

// p99 is the nearest-rank 99th percentile of vals, as quantiles gives
// it, reordering vals; 0 for none.
func p99(vals []float64) float64 {
	if len(vals) == 0 {
		return 0
	}
	k := rank(len(vals), 99)
	selectKth(vals, k)
	return vals[k]
}

// rank is the index in n sorted values of their nearest-rank p-th
// percentile.
func rank(n int, p float64) int {
	return max(0, min(int(math.Ceil(p/100*float64(n)))-1, n-1))
}

// selectKth reorders v so that v[k] holds the value a sort would put
// there, none greater before it and none smaller after it (Hoare's
// selection, the median of three as pivot).
func selectKth(v []float64, k int) {
	lo, hi := 0, len(v)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		if v[mid] < v[lo] {
			v[mid], v[lo] = v[lo], v[mid]
		}
		if v[hi] < v[lo] {
			v[hi], v[lo] = v[lo], v[hi]
		}
		if v[hi] < v[mid] {
			v[hi], v[mid] = v[mid], v[hi]
		}
		pivot := v[mid]
		i, j := lo, hi
		for i <= j {
			for v[i] < pivot {
				i++
			}
			for v[j] > pivot {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		// v[lo:j+1] ≤ pivot ≤ v[i:hi+1], and between them only the pivot.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// simBuffers are a simulation's working arrays, kept between runs: a page
// change runs up to 19 simulations of the same size, and fresh arrays for
// each were most of what it allocated.
type simBuffers struct {
	reqs     []request
	queue    []int
	decoding []finishing
	lat      []float64
}

var buffers = sync.Pool{New: func() any { return new(simBuffers) }}

// getBuffers returns buffers for n requests, cleared (Put them back).
func getBuffers(n int) *simBuffers {
	b := buffers.Get().(*simBuffers)
	if cap(b.reqs) < n {
		b.reqs, b.queue, b.decoding, b.lat = make([]request, n), make([]int, 0, n), make([]finishing, 0, n), make([]float64, 3*n)
	}
	b.reqs, b.queue, b.decoding, b.lat = b.reqs[:n], b.queue[:0], b.decoding[:0], b.lat[:3*n]
	clear(b.reqs)
	return b
}

// Quantile is the nearest-rank p-th percentile of sorted values: the
// smallest value with at least p % of the values at or below it; 0 for
// none.
func Quantile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[rank(len(sorted), p)]
}

// Median is the median of sorted values: the middle one, or the mean of
// the middle two; NaN for none.
func Median(sorted []float64) float64 {
	n := len(sorted)
	switch {
	case n == 0:
		return math.NaN()
	case n%2 == 1:
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
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
// within target seconds (positive), every request served, at a rate the
// replica sustains, within the work budget.
func (st Stats) Meets(target float64) bool { return st.MeetsTarget(Target{E2E: target}) }

// ErrTooLarge is returned when a search needs more simulations, or a
// simulation more events, than the work budget allows (MaxEvents,
// MaxBisections).
var ErrTooLarge = errors.New("the simulation exceeds its work budget")

// MaxBisections bounds MaxRateIn's halvings of the interval: 20 narrow
// any interval of positive rates whose ends are within a factor 1.02^(2^20)
// of each other, more than float64 spans, to 2 %; the latency page's
// search takes about 8.
const MaxBisections = 20

// MaxRate is the highest request rate, to within 2 %, at which the P99
// end-to-end latency stays within target seconds, found by bisection over
// simulations of l between a thousandth of the ceiling and the ceiling (of
// the rates RateGrid^k with l.GridRates); 0 if not even a trickle meets
// it. A rate at or above the ceiling never
// meets a target (Stats.Overloaded). It runs at most MaxBisections + 2
// simulations of at most MaxEvents events each, and returns ErrTooLarge
// when one of them does not finish within its budget.
func (s Setup) MaxRate(l Load, target float64) (float64, error) {
	c := s.Ceiling(l)
	return s.MaxRateIn(l, target, c/1000, c)
}

// Target is a latency target on a run's P99s, in seconds: end to end,
// to the first token, and per output token after it (as MLPerf's server
// scenario for Llama 2 70B sets TTFT and TPOT); a zero field sets none.
type Target struct{ E2E, TTFT, TPOT float64 }

// MeetsTarget reports whether the run meets every P99 of t, every request
// served, at a rate the replica sustains, within the work budget.
func (st Stats) MeetsTarget(t Target) bool {
	return st.Rejected == 0 && !st.Overloaded && !st.TooLarge && (t.E2E == 0 || st.E2E[2] <= t.E2E) &&
		(t.TTFT == 0 || st.TimeToFirst.P99 <= t.TTFT) && (t.TPOT == 0 || st.PerToken.P99 <= t.TPOT)
}

// MaxRateWithin is MaxRateIn for a target on any of the P99s: the
// highest rate between lo and hi requests per second, to within 2 %, at
// which the run meets t; 0 when lo does not, hi when hi does. MaxRate's
// range is a thousandth of the Ceiling to the Ceiling.
func (s Setup) MaxRateWithin(l Load, t Target, lo, hi float64) (float64, error) {
	return s.maxRateIn(l, t, lo, hi)
}

// MaxRateIn is MaxRate searched between lo and hi requests per second; it
// returns 0 when lo does not meet the target, hi when hi does.
func (s Setup) MaxRateIn(l Load, target, lo, hi float64) (float64, error) {
	return s.maxRateIn(l, Target{E2E: target}, lo, hi)
}

// maxRateIn is the bisection of MaxRateIn and MaxRateWithin.
func (s Setup) maxRateIn(l Load, t Target, lo, hi float64) (float64, error) {
	// Nothing at or above the ceiling meets a target: no need to simulate.
	ceiling := s.Ceiling(l)
	hi = min(hi, ceiling)
	tooLarge := false
	meets := func(rate float64) bool {
		if rate >= ceiling || tooLarge {
			return false
		}
		l.Rate = rate
		var ok bool
		ok, tooLarge = s.meets(l, t)
		return ok
	}
	// With GridRates the bounds and every midpoint are rates RateGrid^k,
	// and the search ends between two neighbours: any interval that holds
	// the highest grid rate meeting t finds it, as meeting a target is
	// monotone in the rate.
	stop, ln := 1.02, math.Log(RateGrid)
	grid := func(k float64) float64 { return math.Pow(RateGrid, k) }
	if l.GridRates {
		stop *= 1 + 1e-9 // neighbours, whatever the rounding
		// A bound on the grid stays on it, whatever the logarithm's rounding.
		lo, hi = grid(math.Ceil(math.Log(lo)/ln-1e-9)), grid(math.Floor(math.Log(hi)/ln+1e-9))
		if lo > hi {
			return 0, budget(tooLarge)
		}
	}
	if !meets(lo) {
		return 0, budget(tooLarge)
	}
	if meets(hi) {
		return hi, budget(tooLarge)
	}
	for range MaxBisections {
		if hi/lo <= stop {
			return lo, budget(tooLarge)
		}
		mid := math.Sqrt(lo * hi)
		if l.GridRates {
			mid = grid(math.Floor((math.Round(math.Log(lo)/ln) + math.Round(math.Log(hi)/ln)) / 2))
		}
		if meets(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return 0, ErrTooLarge
}

// MaxUsers is the most clients of the closed loop l (its think time and
// run length; l.Concurrency is ignored) whose simulated P99 end-to-end
// latency stays within target seconds, by bisection between 1 and the
// requests of a run: with more clients than requests every request is
// sent at once, as with that many. 0 if not even one client meets it. It
// runs at most 2 + log2(l.Requests) simulations, 11 for 400 requests, and
// returns ErrTooLarge when one of them does not finish within its budget.
func (s Setup) MaxUsers(l Load, target float64) (int, error) {
	l.Mode = Closed
	tooLarge := false
	t := Target{E2E: target}
	meets := func(n int) bool {
		l.Concurrency = n
		ok, over := s.meets(l, t)
		tooLarge = tooLarge || over
		return ok
	}
	lo, hi := 1, max(1, l.Requests)
	if !meets(lo) {
		return 0, budget(tooLarge)
	}
	if meets(hi) {
		return hi, budget(tooLarge)
	}
	// meets(lo) and not meets(hi).
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if meets(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, budget(tooLarge)
}

func budget(exceeded bool) error {
	if exceeded {
		return ErrTooLarge
	}
	return nil
}
