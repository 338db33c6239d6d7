package perfview_test

import (
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/perfview"
	"github.com/infercost/infercost/wasm/scenario"
)

// ep= spreads a mixture of experts' routed experts over expert groups:
// the link keeps it, the setup has it, and a step waits for its busiest
// group. DeepSeek-V3 on 8 H200 decodes one request over 10 % slower with
// 8 groups (17 % when written): each GPU reads its group's touched whole
// experts, about 2.4 of its 32 at one token, against 8 experts split 8
// ways. A large batch touches every expert of every group and decodes
// about as fast. ep=1 is the link without it. A dense model has no
// experts to spread: the field is hidden and left out of its link. Groups
// that do not divide the GPUs and the experts are refused next to the
// field.
func TestExpertParallelismAsTheLinkSays(t *testing.T) {
	d := load(t)
	const moe = "model=deepseek-v3&gpu=h200-sxm&prec=fp8&kv=fp8&tp=8&rate=1"
	for _, b := range []struct {
		batch     string
		slower    bool
		tolerance float64
	}{{"1", true, 0}, {"2048", false, 0.02}} {
		plain := perfview.Build(perfview.Resolve(moe+"&b="+b.batch, d))
		one := perfview.Build(perfview.Resolve(moe+"&b="+b.batch+"&ep=1", d))
		ep := perfview.Build(perfview.Resolve(moe+"&b="+b.batch+"&ep=8", d))
		if one.Query != plain.Query || strings.Contains(plain.Query, "ep=") || plain.Scenario.Setup.EP != 1 {
			t.Errorf("ep=1: link %q, EP %d; want the link without it, %q", one.Query, plain.Scenario.Setup.EP, plain.Query)
		}
		if !strings.Contains(ep.Query, "ep=8") || ep.Scenario.Setup.EP != 8 || refused(ep.Scenario.Inputs, "ep") {
			t.Errorf("ep=8: link %q, EP %d, refused %v", ep.Query, ep.Scenario.Setup.EP, refused(ep.Scenario.Inputs, "ep"))
		}
		with, without := ep.Point.TPOT, plain.Point.TPOT
		if b.slower && !(with > 1.1*without) {
			t.Errorf("batch %s: time per token %g s with 8 expert groups, %g s without; want the groups slower", b.batch, with, without)
		}
		if !b.slower && !(with >= without && with <= (1+b.tolerance)*without) {
			t.Errorf("batch %s: time per token %g s with 8 expert groups, %g s without; want within %g %%", b.batch, with, without, 100*b.tolerance)
		}
	}
	for _, q := range []string{
		"model=deepseek-v3&gpu=h200-sxm&tp=8&ep=3",    // 3 does not divide 8 GPUs
		"model=deepseek-v3&gpu=h200-sxm&tp=4&ep=8",    // more groups than GPUs
		"model=mixtral-8x7b&gpu=h100-sxm&tp=16&ep=16", // more groups than its 8 experts
	} {
		s := perfview.Resolve(q, d)
		if !refused(s.Inputs, "ep") || s.Setup.EP != 1 {
			t.Errorf("%s: refused %v, EP %d; want refused and no expert groups", q, refused(s.Inputs, "ep"), s.Setup.EP)
		}
	}
	dense := perfview.Build(perfview.Resolve("model=llama-3.1-8b&ep=2", d))
	if s := dense.Scenario; s.Setup.EP != 1 || refused(s.Inputs, "ep") || strings.Contains(dense.Query, "ep=") || !hidden(s.Inputs, "ep") {
		t.Errorf("a dense model with ep=2: EP %d, refused %v, link %q; want the field hidden and left out", s.Setup.EP, refused(s.Inputs, "ep"), dense.Query)
	}
}

// hidden reports whether the field of key is hidden from the form.
func hidden(ins []scenario.Input, key string) bool {
	for _, in := range ins {
		if in.Key == key {
			return in.Hidden
		}
	}
	return false
}
