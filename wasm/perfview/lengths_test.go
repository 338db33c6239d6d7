package perfview_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/perf"
	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
)

// A link without lens= simulates every request at the lengths given, as
// before the field, and leaves lens= out; lens=uniform and lens=chat
// simulate requests of varied lengths about them, which the link keeps,
// and which change the simulated latencies but not the batch table (the
// roofline at the means). A value the field does not offer is refused
// next to it.
func TestRequestLengthsVaryAsTheLinkSays(t *testing.T) {
	d := load(t)
	plain := perfview.Build(perfview.Resolve("rate=3", d))
	same := perfview.Build(perfview.Resolve("rate=3&lens=fixed", d))
	if plain.Scenario.Traffic.Lengths != perf.Fixed || same.Query != plain.Query || strings.Contains(plain.Query, "lens=") ||
		!reflect.DeepEqual(same.Tables, plain.Tables) {
		t.Errorf("lens=fixed: link %q, lengths %v; want rate=3's page and link %q", same.Query, same.Scenario.Traffic.Lengths, plain.Query)
	}
	for _, c := range []struct {
		query string
		kind  perf.Lengths
	}{{"lens=uniform", perf.Uniform}, {"lens=chat", perf.Chat}} {
		p := perfview.Build(perfview.Resolve("rate=3&"+c.query, d))
		s := p.Scenario
		if s.Lengths != c.kind || s.Traffic.Lengths != c.kind || !strings.Contains(p.Query, c.query) {
			t.Errorf("%s: lengths %v, simulated %v, link %q", c.query, s.Lengths, s.Traffic.Lengths, p.Query)
		}
		if want := s.Setup.Simulate(s.Load(3)); p.Load != want || p.Load == plain.Load {
			t.Errorf("%s: load %+v; want the simulation of varied lengths %+v, not fixed lengths' %+v", c.query, p.Load, want, plain.Load)
		}
		if p.Point != plain.Point {
			t.Errorf("%s: the batch table's point %+v; want the means' %+v", c.query, p.Point, plain.Point)
		}
	}
	s := perfview.Resolve("lens=sharegpt", d)
	if !refused(s.Inputs, "lens") || s.Traffic.Lengths != perf.Fixed {
		t.Errorf("lens=sharegpt: refused %v, lengths %v; want refused and fixed lengths", refused(s.Inputs, "lens"), s.Traffic.Lengths)
	}
}

// refused reports whether the field of key has a message: its value was
// refused.
func refused(ins []scenario.Input, key string) bool {
	for _, in := range ins {
		if in.Key == key {
			return in.Error != ""
		}
	}
	return false
}
