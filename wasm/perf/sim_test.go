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
