package perfview_test

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset/datasettest"
	"github.com/infercost/infercost/wasm/memview"
	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
	"github.com/infercost/infercost/wasm/serving"
	"github.com/infercost/infercost/wasm/view/viewtest"
)

// A link without mode= is the open loop exactly as before the modes: the
// same link, figures, headline and charts as mode=open, whose link leaves
// mode out, and the closed
// loop's fields, hidden, leave the link too (their values said to be
// ignored); the run is the simulation of Poisson arrivals at the rate.
func TestLinkWithoutModeIsTheOpenLoop(t *testing.T) {
	d := load(t)
	plain := perfview.Build(perfview.Resolve("rate=3", d))
	for _, q := range []string{"mode=open&rate=3", "rate=3&users=9&think=4", "mode=open&rate=3&users=9"} {
		p := perfview.Build(perfview.Resolve(q, d))
		var ignored []string
		for _, ig := range p.Ignored {
			if ig.Code == scenario.NotApplicable {
				ignored = append(ignored, ig.Field)
			}
		}
		problems := p.Problems[len(ignored):]
		if p.Query != plain.Query || !reflect.DeepEqual(p.Tables, plain.Tables) || !reflect.DeepEqual(p.Charts, plain.Charts) ||
			!reflect.DeepEqual(p.Headline, plain.Headline) || !slices.Equal(problems, plain.Problems) {
			t.Errorf("%q: the page differs from rate=3's (link %q)", q, p.Query)
		}
		if want := strings.Contains(q, "users="); want != slices.Contains(ignored, "users") {
			t.Errorf("%q: not applicable %q", q, ignored)
		}
	}
	if strings.Contains(plain.Query, "mode=") || strings.Contains(plain.Query, "users=") || strings.Contains(plain.Query, "think=") {
		t.Errorf("link %q carries a field of another mode", plain.Query)
	}
	s := plain.Scenario
	if s.Mode != perf.Poisson || s.Run() != s.Load(3) {
		t.Errorf("mode %v, run %+v; want the open loop at 3 requests/s", s.Mode, s.Run())
	}
	if want := s.Setup.Simulate(s.Load(3)); plain.Load != want {
		t.Errorf("load %+v; want the open loop's %+v", plain.Load, want)
	}
	hidden := map[string]bool{}
	for _, in := range plain.Inputs {
		hidden[in.Key] = in.Hidden
	}
	if hidden["rate"] || !hidden["users"] || !hidden["think"] {
		t.Errorf("hidden fields %v; want users and think hidden, rate shown", hidden)
	}
}

// Each mode keeps its own fields in the link and hides the others (and
// expert parallelism, which the default dense model has no use for, and
// the custom model's and GPU's fields, which no field chooses).
func TestModesKeepTheirFieldsInTheLink(t *testing.T) {
	d := load(t)
	for _, c := range []struct{ query, link, hidden string }{
		{"mode=closed&users=8&think=2&rate=5", "mode=closed&users=8&think=2", "rate ep"},
		{"mode=offline&users=8&think=2&rate=5", "mode=offline", "rate users think ep"},
	} {
		s := perfview.Resolve(c.query, d)
		if !strings.Contains(s.Query, c.link) || strings.Contains(s.Query, "rate=") {
			t.Errorf("%q: link %q; want %q and no rate", c.query, s.Query, c.link)
		}
		for _, in := range s.Inputs {
			want := strings.Contains(" "+c.hidden+" ", " "+in.Key+" ") || strings.HasPrefix(in.Key, "m.") || strings.HasPrefix(in.Key, "g.")
			if in.Key != "in" && in.Hidden != want {
				t.Errorf("%q: field %s hidden %v; want %v", c.query, in.Key, in.Hidden, want)
			}
		}
	}
}

// One user in a closed loop sends its requests one after another, each
// alone on the replica: worked by hand from the step model, a prompt of
// 512 tokens (within one step's 8,192) is one step of 512 tokens
// attending to 512²/2 pairs, its first token; then each of the other 63
// tokens a step of one token over a context of 512 + j, j = 1 … 63; and a
// request's fixed latency (Efficiency.RequestSeconds) before the first.
// Every request alike, P50, P90 and P99 are equal.
func TestClosedLoopOfOneUserIsTheRequestAlone(t *testing.T) {
	d := load(t)
	p := perfview.Build(perfview.Resolve("mode=closed&users=1&in=512&out=64", d))
	st := p.Scenario.Setup
	prefill, _ := st.Step(512, 512*512/2, 0)
	ttft := prefill + st.Efficiency.RequestSeconds
	decode := 0.0
	for j := 1; j <= 63; j++ {
		dt, _ := st.Step(1, float64(512+j), float64(512+j))
		decode += dt
	}
	for _, c := range []struct {
		what string
		got  perf.Latency
		want float64
	}{{"time to first token", p.Load.TimeToFirst, ttft}, {"time per output token", p.Load.PerToken, decode / 63},
		{"end to end", p.Load.EndToEnd, ttft + decode}} {
		for _, v := range []float64{c.got.P50, c.got.P90, c.got.P99} {
			if math.Abs(v/c.want-1) > 1e-9 {
				t.Errorf("%s %+v; want %g s", c.what, c.got, c.want)
			}
		}
	}
	// The cells show them, in ms, and the replica's pace is one request's.
	cells := p.CellsByKey()
	for key, want := range map[string]float64{"a.p99_ttft_ms": ttft * 1000, "a.p50_tpot_ms": decode / 63 * 1000,
		"a.p99_latency_ms": (ttft + decode) * 1000} {
		if got := cells[key].Value; math.Abs(got-want) > 0.0005 {
			t.Errorf("%s %v ms; want %.3f", key, got, want)
		}
	}
	if got, want := p.Load.OutputTokS, 64/(ttft+decode); math.Abs(got/want-1) > 1e-9 {
		t.Errorf("%g output tokens/s; want 64 per request's %g s", got, ttft+decode)
	}
	if !strings.Contains(p.Headline.Text, "With 1 user in flight") {
		t.Errorf("headline %q; want it to name the load", p.Headline.Text)
	}
}

// Offline, the page shows the simulation of every request sent at once:
// its throughput is the run's, with no fixed latency per request.
func TestOfflineShowsTheRunOfAllAtOnce(t *testing.T) {
	d := load(t)
	p := perfview.Build(perfview.Resolve("mode=offline", d))
	l := p.Scenario.Traffic
	l.Mode = perf.Offline
	want := p.Scenario.Setup.Simulate(l)
	if p.Load != want {
		t.Errorf("load %+v; want the offline run's %+v", p.Load, want)
	}
	c := p.CellsByKey()
	if got := c["a.output_tokens_per_s"]; got.Value != math.Round(want.OutputTokS*100)/100 || got.Value <= 0 {
		t.Errorf("output tokens/s %+v; want %g", got, want.OutputTokS)
	}
	for _, key := range []string{"a.max_rps_at_slo", "a.max_users_at_slo"} {
		if c[key].Metric != "" || c[key].Note == "" {
			t.Errorf("%s %+v; want a dash that says why", key, c[key])
		}
	}
	if !strings.Contains(p.Headline.Text, "Sent all at once, 400 requests") {
		t.Errorf("headline %q; want it to name the offline batch", p.Headline.Text)
	}
}

// The most users within the target is the boundary of the closed loops
// that meet it: that many meet it, one more does not (or it is the run's
// requests, beyond which every request is sent at once).
func TestMostUsersWithinTheTarget(t *testing.T) {
	d := load(t)
	for _, q := range []string{"mode=closed", "mode=closed&slo=2.5", "mode=closed&slo=0.001", "mode=closed&think=3&slo=3"} {
		p := perfview.Build(perfview.Resolve(q, d))
		s, n := p.Scenario, p.MaxUsers
		meets := func(n int) bool { return s.Setup.Simulate(s.Closed(n)).Meets(s.TargetS) }
		switch {
		case n == 0 && meets(1):
			t.Errorf("%q: none; but one user meets the target", q)
		case n > 0 && !meets(n):
			t.Errorf("%q: %d users do not meet the target", q, n)
		case n > 0 && n < s.Traffic.Requests && meets(n+1):
			t.Errorf("%q: %d users; %d meet the target too", q, n, n+1)
		}
		t.Logf("%q: %d users (%s)", q, n, p.CellsByKey()["a.max_users_at_slo"].Text)
	}
}

// A batch or users beyond the KV cache are said so next to their field,
// in GiB. Llama 3.1 8B in BF16 on one H100 SXM (TestBatchBeyondTheKVCacheSaysSo):
// a pool of 55,208,505,223 B = 51.4 GiB, a request of 512 + 256 tokens
// 100,663,296 B, 548 at once; 600 need 60,397,977,600 B = 56.25 GiB,
// shown as 56.2 (money.Group rounds half to even).
func TestBeyondTheKVCacheIsSaidAtTheField(t *testing.T) {
	d := load(t)
	want := "Does not fit: 600 requests need 56.2 GiB of KV cache per GPU, 51.4 GiB free; 548 fit at once,"
	for _, c := range []struct{ query, key string }{{"b=600", "b"}, {"mode=closed&users=600", "users"}} {
		s := perfview.Resolve(c.query, d)
		note := map[string]string{}
		for _, in := range s.Inputs {
			note[in.Key] = in.Note
		}
		if !strings.HasPrefix(note[c.key], want) {
			t.Errorf("%q: note at %s %q; want %q…", c.query, c.key, note[c.key], want)
		}
	}
	for _, q := range []string{"b=548", "mode=closed&users=548"} {
		for _, in := range perfview.Resolve(q, d).Inputs {
			if strings.Contains(in.Note, "Does not fit") {
				t.Errorf("%q: note at %s %q; want none", q, in.Key, in.Note)
			}
		}
	}
}

// Users and think time at the ends of their ranges, alone and together,
// in every mode, give finite figures within the work budget (no
// TooLarge): the closed loop's run has the data's requests whatever the
// users, and the search for the most users at most 11 runs.
func TestLoadModesAtExtremesAreFinite(t *testing.T) {
	d := load(t)
	for _, mode := range []string{"closed", "offline"} {
		base := "mode=" + mode + "&"
		var extremes []scenario.Input
		for _, in := range perfview.Resolve(base, d).Inputs {
			if in.Key == "users" || in.Key == "think" || in.Key == "slo" {
				extremes = append(extremes, in)
			}
		}
		for _, q := range viewtest.Extremes(extremes) {
			p := perfview.Build(perfview.Resolve(base+q, d))
			if err := viewtest.Finite(p.Page); err != nil {
				t.Errorf("%q: %v", base+q, err)
			}
			if p.Load.TooLarge || p.Load.Events > perf.MaxEvents {
				t.Errorf("%q: %d events", base+q, p.Load.Events)
			}
		}
	}
}

// In a closed loop a change of users reruns only the run with them; the
// search for the most users depends on the target and the think time.
func TestAUsersChangeRerunsOnlyTheRunWithThem(t *testing.T) {
	d := load(t)
	var b perfview.Builder
	for _, c := range []struct {
		query string
		runs  int // parts computed in all
	}{
		{"mode=closed", 2},                     // the run with the users, the search
		{"mode=closed&users=8", 3},             // the run with 8 users
		{"mode=closed&users=8&think=1", 5},     // both
		{"mode=closed&users=8&think=1&b=2", 5}, // the roofline's batch: no simulation
		{"mode=offline&b=2", 6},                // the offline run
	} {
		s := perfview.Resolve(c.query, d)
		got := b.Build(s)
		if b.Runs() != c.runs {
			t.Errorf("%q: %d parts computed in all; want %d", c.query, b.Runs(), c.runs)
		}
		if want := perfview.Build(s); !reflect.DeepEqual(got.Page, want.Page) || got.MaxUsers != want.MaxUsers || got.Load != want.Load {
			t.Errorf("%q: the remembered page differs from a fresh one", c.query)
		}
	}
}

// A batch beyond the KV cache shows "does not fit … preempted" instead of
// the roofline's figures at the batch, from the edition that says so
// (Defaults.KVOverflowPreempts); the largest batch that fits stays a
// figure, and the simulation is not affected. Editions before show the
// figures with the warning (TestBatchBeyondTheKVCacheSaysSo). The GiB
// are those of TestBeyondTheKVCacheIsSaidAtTheField.
func TestBatchBeyondTheKVCacheShowsNoFigures(t *testing.T) {
	d := load(t)
	p := perfview.Build(perfview.Resolve("b=600", d))
	want := "does not fit: needs 56.2 GiB of KV cache, 51.4 GiB free — preempted"
	c := p.CellsByKey()
	for _, key := range []string{"a.ttft_ms", "a.tpot_ms", "a.e2e_ms", "a.tokens_per_s_gpu", "a.tokens_per_s_cluster"} {
		if c[key].Text != want || c[key].Metric != "" {
			t.Errorf("%s %+v; want %q and no figure", key, c[key], want)
		}
	}
	if c["a.max_batch"].Value != 548 || c["a.p99_latency_ms"].Metric == "" {
		t.Errorf("largest batch %+v, P99 %+v; want figures", c["a.max_batch"], c["a.p99_latency_ms"])
	}
	if !strings.Contains(p.Headline.Text, "at batch 600: "+want) || !strings.Contains(p.Headline.Text, "the simulated P99") {
		t.Errorf("headline %q; want the batch's state and the load's figures", p.Headline.Text)
	}
	d.Defaults.KVOverflowPreempts.Value = 0
	if c := perfview.Build(perfview.Resolve("b=600", d)).CellsByKey(); c["a.tokens_per_s_gpu"].Metric == "" {
		t.Errorf("without the edition's switch: %+v; want the figure", c["a.tokens_per_s_gpu"])
	}
}

// The simulated request count is in the link: reqs=100 runs 100 requests
// with the first 10 as warm-up, in every mode's run and the most users'
// search (which stops at a run's requests); a count outside 1–2,000 (from
// edition 2026-12-07; 50–2,000 before), the range the data's default is
// checked against, is refused at the field and the data's 400 simulated.
func TestSimulatedRequestsAreInTheLink(t *testing.T) {
	d := load(t)
	s := perfview.Resolve("reqs=100&mode=closed&users=500&slo=1e6", d)
	if s.Traffic.Requests != 100 || s.Traffic.WarmupRequest != 10 || !strings.Contains(s.Query, "reqs=100") {
		t.Fatalf("reqs=100: %d requests, %d warm-up, link %q", s.Traffic.Requests, s.Traffic.WarmupRequest, s.Query)
	}
	p := perfview.Build(s)
	if want := s.Setup.Simulate(s.Closed(500)); p.Load != want {
		t.Errorf("load %+v; want the closed loop of 100 requests %+v", p.Load, want)
	}
	if p.MaxUsers != 100 {
		t.Errorf("most users within a loose target %d; want the run's 100 requests", p.MaxUsers)
	}
	before := datasettest.Editions(t, datasettest.Today).Data["2026-12-06"].PerfData()
	for _, c := range []struct {
		bad string
		d   serving.Perf
	}{{"0", d}, {"2001", d}, {"1e9", d}, {"x", d}, {"49", before}} {
		s := perfview.Resolve("reqs="+c.bad, c.d)
		if !refused(s.Inputs, "reqs") || s.Traffic.Requests != 400 {
			t.Errorf("reqs=%s: refused %v, %d requests; want refused and the data's 400", c.bad, refused(s.Inputs, "reqs"), s.Traffic.Requests)
		}
	}
}

// A run as short as a published one can be simulated from edition
// 2026-12-07: one request sent alone (offline) is the unloaded request,
// its latencies one figure each (mean, median and P99 alike) and its
// throughput its 256 output tokens over its end-to-end latency; one user
// in a closed loop serves one request at a time whatever the run's
// length, so 1 and 40 requests give the same TPOT.
func TestARunOfOneRequest(t *testing.T) {
	d := load(t)
	c := perfview.Build(perfview.Resolve("reqs=1&mode=offline", d)).CellsByKey()
	e2e := c["a.mean_latency_ms"].Value
	if c["a.p50_latency_ms"].Value != e2e || c["a.p99_latency_ms"].Value != e2e || c["a.mean_ttft_ms"].Value != c["a.p50_ttft_ms"].Value {
		t.Errorf("one request: end-to-end mean %v, P50 %v, P99 %v; TTFT mean %v, P50 %v; want each one figure",
			e2e, c["a.p50_latency_ms"].Value, c["a.p99_latency_ms"].Value, c["a.mean_ttft_ms"].Value, c["a.p50_ttft_ms"].Value)
	}
	if got, want := c["a.output_tokens_per_s"].Value, 256/(e2e/1000); math.Abs(got-want) > 0.01*want {
		t.Errorf("one request: %v output tokens/s; want 256 tokens over %v ms, %v", got, e2e, want)
	}
	one := perfview.Build(perfview.Resolve("reqs=1&mode=closed&users=1", d)).CellsByKey()
	forty := perfview.Build(perfview.Resolve("reqs=40&mode=closed&users=1", d)).CellsByKey()
	if one["a.p50_tpot_ms"].Value != forty["a.p50_tpot_ms"].Value || !(one["a.p50_tpot_ms"].Value > 0) {
		t.Errorf("one user: TPOT %v ms over 1 request, %v over 40; want the same", one["a.p50_tpot_ms"].Value, forty["a.p50_tpot_ms"].Value)
	}
}

// When every user of the run meets the target, the search stops at the
// run's requests and the headline says so, not "up to": Llama 3.1 8B on
// an H100 with a P99 target of an hour holds for all 400 of its users.
func TestHeadlineOfUsersBeyondTheRun(t *testing.T) {
	d := load(t)
	p := perfview.Build(perfview.Resolve("mode=closed&model=llama-3.1-8b&gpu=h100-sxm&slo=3600", d))
	if p.MaxUsers < p.Scenario.Traffic.Requests {
		t.Fatalf("%d users meet the target; want the run's %d", p.MaxUsers, p.Scenario.Traffic.Requests)
	}
	want := "holds for " + strconv.Itoa(p.Scenario.Traffic.Requests) + " or more users."
	if h := p.Headline.Text; !strings.HasSuffix(h, want) || strings.Contains(h, "up to") {
		t.Errorf("headline %q; want it to end %q", h, want)
	}
}

// The engine's settings a published run states can be entered: its
// memory fraction, most sequences and tokens of a step. Left at their
// defaults they are the engine's on the GPU (the run as before); set, the
// simulation keeps at most that many sequences and tokens a step, and its
// KV cache is the one /memory/ gives for the same settings.
func TestEngineSettingsAsAPublishedRunStatesThem(t *testing.T) {
	d := load(t)
	s := perfview.Resolve("model=llama-3.1-8b&gpu=h100-sxm", d)
	def := d.LoadOn(s.Engine, s.Setup, s.GPU, s.Prompt, s.Output)
	if s.Traffic.MaxSeqs != def.MaxSeqs || s.Traffic.MaxBatched != def.MaxBatched || s.Traffic.KVCapacity != def.KVCapacity {
		t.Errorf("defaults: %d seqs, %d tokens, %d KV tokens; want the engine's %d, %d, %d",
			s.Traffic.MaxSeqs, s.Traffic.MaxBatched, s.Traffic.KVCapacity, def.MaxSeqs, def.MaxBatched, def.KVCapacity)
	}
	set := perfview.Resolve("model=llama-3.1-8b&gpu=h100-sxm&util=0.5&seqs=8&tok=2048", d)
	mem := memview.Build(memview.Resolve("model=llama-3.1-8b&a.gpu=h100-sxm&util=0.5&a.seqs=8&a.tok=2048", d.Memory), d.Memory).CellsByKey()
	if set.Traffic.MaxSeqs != 8 || set.Traffic.MaxBatched != 2048 || float64(set.Traffic.KVCapacity) != mem["a.kv_capacity_tokens"].Value ||
		set.Traffic.KVCapacity >= def.KVCapacity {
		t.Errorf("util 0.5, 8 seqs, 2,048 tokens: %d seqs, %d tokens, %d KV tokens; want 8, 2,048 and /memory/'s %v, fewer than the default %d",
			set.Traffic.MaxSeqs, set.Traffic.MaxBatched, set.Traffic.KVCapacity, mem["a.kv_capacity_tokens"].Value, def.KVCapacity)
	}
	if !strings.Contains(set.Query, "util=0.5") || !strings.Contains(set.Query, "seqs=8") || !strings.Contains(set.Query, "tok=2048") {
		t.Errorf("link %q; want the settings in it", set.Query)
	}
	// At most 8 of 64 users run at once: each decode step is as fast as
	// one of 8, so TPOT is below the 64 users' with the default limits.
	few := perfview.Build(perfview.Resolve("model=llama-3.1-8b&gpu=h100-sxm&mode=closed&users=64&seqs=8", d)).CellsByKey()
	all := perfview.Build(perfview.Resolve("model=llama-3.1-8b&gpu=h100-sxm&mode=closed&users=64", d)).CellsByKey()
	if !(few["a.p50_tpot_ms"].Value < all["a.p50_tpot_ms"].Value) {
		t.Errorf("64 users: TPOT %v ms with 8 sequences at most, %v ms without; want less with 8", few["a.p50_tpot_ms"].Value, all["a.p50_tpot_ms"].Value)
	}
}
