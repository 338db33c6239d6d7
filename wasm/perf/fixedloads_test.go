package perf

import (
	"encoding/json"
	"os"
	"testing"
)

// fixedLoads are loads of every mode, with and without queueing, KV
// pressure, warm-up and a rejected request size, whose statistics
// testdata/fixed_stats.json holds as the simulation gave them before
// requests could have lengths of their own.
func fixedLoads(s Setup) []Load {
	open := load(8)
	busy := load(0)
	busy.Rate = 0.9 * s.Ceiling(busy)
	tight := load(5)
	tight.KVCapacity, tight.Prompt, tight.Output = 6000, 2000, 300
	long := load(0)
	long.Prompt, long.Output, long.MaxBatched = 9000, 2, 2048
	long.Rate = 0.5 * s.Ceiling(long)
	closed := load(0)
	closed.Mode, closed.Concurrency, closed.ThinkSeconds = Closed, 32, 0.5
	offline := load(0)
	offline.Mode, offline.Requests, offline.WarmupRequest = Offline, 300, 0
	rejected := load(2)
	rejected.KVCapacity = 500
	one := load(3)
	one.Output = 1
	return []Load{open, busy, tight, long, closed, offline, rejected, one}
}

// Fixed lengths, the zero value, give exactly the statistics of the
// simulation before requests had lengths of their own, bit for bit.
func TestFixedLengthsGiveTheStatsOfBefore(t *testing.T) {
	s := setup(1)
	raw, err := os.ReadFile("testdata/fixed_stats.json")
	if err != nil {
		t.Fatal(err)
	}
	var want []Stats
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	loads := fixedLoads(s)
	if len(want) != len(loads) {
		t.Fatalf("%d loads, %d statistics", len(loads), len(want))
	}
	for i, l := range loads {
		if got := s.Simulate(l); got != want[i] {
			t.Errorf("load %d: %+v\nwant %+v", i, got, want[i])
		}
	}
}
