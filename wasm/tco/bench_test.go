package tco

import "testing"

func BenchmarkComputeSeedOption(b *testing.B) {
	o := seedH100()
	b.ReportAllocs()
	for b.Loop() {
		_ = Compute(o, 3)
	}
}
