package perf

import (
	"math"
	"testing"
)

// Four requests, each reaching the scheduler 0.5 s after it is sent, its
// first token at first and the others evenly until done (generated):
//
//	request  sent  arrival  first  done  output  after the first
//	A        0     0.5      1      3     5       4 over 1–3 s, 2 a second
//	B        1     1.5      2      4     3       2 over 2–4 s, 1 a second
//	C        2     2.5      3      13    11      10 over 3–13 s, 1 a second
//	D        5     5.5      6      8     3       2 over 6–8 s, 1 a second
//
// Steady: the first tenth of 4 completions is 1, so the window opens at
// the first completion, A's at 3 s, and closes when D is sent, at 5 s. In
// it: B's tokens over 3–4 s (1) and C's over 3–5 s (2); C's first token,
// at 3 s, falls before it. 3 tokens in 2 s: 1.5 tokens/s.
//
// After a warm-up of 1 request (editions before 2026-12-06): from A's
// completion at 3 s to the last, C's at 13 s: B's 1, C's 10, D's first
// and 2 more, 14 tokens in 10 s: 1.4 tokens/s. After a warm-up of 3, the
// long C among them: from 13 s to 13 s, no window and no throughput.
//
// With D sent at 0 instead, the last request is sent (C, at 2 s) before
// the first completes (at 3 s), as when all are sent at once: no steady
// window, so the whole run, 5 + 3 + 11 + 3 = 22 tokens from 0 to 13 s,
// 22/13 tokens/s.
func TestThroughputByHand(t *testing.T) {
	reqs := func(lastSent float64) []request {
		return []request{
			{arrival: 0.5, first: 1, done: 3, output: 5},
			{arrival: 1.5, first: 2, done: 4, output: 3},
			{arrival: 2.5, first: 3, done: 13, output: 11},
			{arrival: lastSent + 0.5, first: 6, done: 8, output: 3},
		}
	}
	scratch := make([]float64, 4)
	for _, c := range []struct {
		name     string
		lastSent float64
		l        Load
		want     float64
	}{
		{"steady", 5, Load{Window: Steady}, 1.5},
		{"after a warm-up of one", 5, Load{WarmupRequest: 1}, 1.4},
		{"after a warm-up with the long request", 5, Load{WarmupRequest: 3}, 0},
		{"steady, all sent before the first completes", 0, Load{Window: Steady}, 22.0 / 13},
	} {
		if got := throughput(reqs(c.lastSent), c.l, 0.5, scratch); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %g tokens/s; want %g", c.name, got, c.want)
		}
	}
}
