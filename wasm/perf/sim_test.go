package perf

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// quantiles gives what Quantile gives of the values sorted, whatever
// their order, ties and count: random lengths 1–400 from a few distinct
// values (ties) or spread ones.
func TestQuantilesSelectAsASortWould(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + rng.IntN(400)
		vals := make([]float64, n)
		for i := range vals {
			if trial%2 == 0 {
				vals[i] = float64(rng.IntN(5))
			} else {
				vals[i] = rng.ExpFloat64()
			}
		}
		sorted := slices.Sorted(slices.Values(vals))
		got := quantiles(vals)
		for i, p := range []float64{50, 90, 95, 99} {
			if want := Quantile(sorted, p); got[i] != want {
				t.Fatalf("n %d, P%g: %g; want %g", n, p, got[i], want)
			}
		}
	}
	if got := quantiles(nil); got != [4]float64{} {
		t.Errorf("no values: %v; want zeros", got)
	}
}

// A search's run (Setup.meets) gives a full run's verdict, at loads from
// a trickle to beyond the ceiling, with fixed and chat lengths; one that
// runs to the end has the P99s the full run has for its target, and one
// that stops early misses it.
func TestSearchRunsGiveAFullRunsVerdict(t *testing.T) {
	s := setup(1)
	targets := []Target{{E2E: 5}, {TTFT: 0.5}, {TPOT: 0.03}, {TTFT: 0.5, TPOT: 0.03}, {E2E: 5, TTFT: 0.5, TPOT: 0.03}}
	stopped, met, runs := 0, 0, 0
	for _, lengths := range []Lengths{Fixed, Chat} {
		l := load(0)
		l.Lengths = lengths
		c := s.Ceiling(l)
		for _, f := range []float64{0.001, 0.3, 0.6, 0.8, 0.9, 0.97, 1.2} {
			l.Rate = f * c
			full := s.Simulate(l)
			for _, tg := range targets {
				ok, _ := s.meets(l, tg)
				runs++
				if ok {
					met++
				}
				if ok != full.MeetsTarget(tg) {
					t.Errorf("%v lengths at %.3g × the ceiling, target %+v: a search's run meets it %v; a full run %v (P99s %v, %v, %v)",
						lengths, f, tg, ok, !ok, full.E2E[2], full.TimeToFirst.P99, full.PerToken.P99)
				}
				got, missed := s.simulate(l, &tg)
				if missed {
					stopped++
					continue
				}
				if tg.E2E > 0 && (got.E2E[2] != full.E2E[2] || got.EndToEnd.P99 != full.EndToEnd.P99) ||
					tg.TTFT > 0 && (got.TTFT[2] != full.TTFT[2] || got.TimeToFirst.P99 != full.TimeToFirst.P99) ||
					tg.TPOT > 0 && got.PerToken.P99 != full.PerToken.P99 {
					t.Errorf("%v lengths at %.3g × the ceiling, target %+v: search run %+v; full run %+v", lengths, f, tg, got, full)
				}
			}
		}
	}
	if stopped == 0 || met == 0 || met == runs {
		t.Errorf("of %d runs, %d met their target and %d stopped early; want some of each", runs, met, stopped)
	}
}
