package perfview_test

import (
	"github.com/infercost/infercost/wasm/serving"
	"math"
	"strconv"
	"testing"

	"github.com/infercost/infercost/wasm/perfview"
)

// outputTokS is the page's simulated output tokens per second for query.
func outputTokS(t *testing.T, d serving.Perf, query string) float64 {
	t.Helper()
	s := perfview.Resolve(query, d)
	for _, in := range s.Inputs {
		if in.Error != "" {
			t.Fatalf("%s: %s: %s", query, in.Key, in.Error)
		}
	}
	v := perfview.Build(s).CellsByKey()["a.output_tokens_per_s"].Value
	if !(v > 0) {
		t.Fatalf("%s: %v output tokens/s", query, v)
	}
	return v
}

// spread is the largest of vs over the smallest, less 1.
func spread(vs []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, v := range vs {
		lo, hi = min(lo, v), max(hi, v)
	}
	return hi/lo - 1
}

// The simulation's length, reqs=, sets how steady its figures are, not
// the replica's throughput: the same scenario at 200, 1,000 and 2,000
// requests reads within 3 %. Before, throughput was measured from the
// last completion among the first tenth of the requests, so that Llama
// 3.1 8B offline on one H200 with TensorRT-LLM read 8,341 tokens/s at
// 1,000 requests and 10,745 at 2,000.
//
// Offline, every output token over the whole run, as an offline
// benchmark measures: a batch of fewer requests than the KV cache holds
// runs as that smaller batch, slower (the H200's 8B run holds 1,192 at
// once, so at 200 requests it reads 6,630 tokens/s, 10 % below 1,000's),
// so the offline runs here hold fewer than 200 at once, or are compared
// from 1,000 requests. Online, the window between the first tenth's
// completion and the last sending.
func TestThroughputDoesNotDependOnTheRunsLength(t *testing.T) {
	d := load(t)
	for _, c := range []struct {
		query string
		reqs  []int
	}{
		// The scenario, from as many requests as the KV cache holds.
		{"model=llama-3.1-8b&gpu=h200-sxm&engine=trtllm&mode=offline&lens=fixed", []int{1000, 2000}},
		// 68 requests of 2,560 tokens at once.
		{"model=llama-3.1-70b&gpu=h200-sxm&prec=fp8&mode=offline&in=2048&out=512", []int{200, 1000, 2000}},
		// The open loop at the default rate, 2 requests a second.
		{"model=llama-3.1-8b&gpu=h200-sxm&engine=trtllm", []int{200, 1000, 2000}},
		{"model=llama-3.1-8b&gpu=h200-sxm", []int{200, 1000, 2000}},
		// 64 users, each sending again at once, from 400 requests: at 200,
		// about three each, the window is a few rounds long, and edition
		// 2026-12-07's TensorRT-LLM figures read 3.3 % above 1,000's.
		{"model=llama-3.1-8b&gpu=h200-sxm&engine=trtllm&mode=closed", []int{400, 1000, 2000}},
	} {
		var got []float64
		for _, n := range c.reqs {
			got = append(got, outputTokS(t, d, c.query+"&reqs="+strconv.Itoa(n)))
		}
		if s := spread(got); s > 0.03 {
			t.Errorf("%s at %v requests: %.0f output tokens/s, %.1f %% apart; want within 3 %%", c.query, c.reqs, got, 100*s)
		}
	}
}

// Lengths that vary about the same means give the same throughput where
// the replica keeps up with the load: the open loop's output tokens per
// second are its rate times the mean output, within 3 %, whatever the
// spread. Before, one long request among the first tenth moved the start
// of the measurement to the end of the run, so that a burst of chat
// lengths read up to 50 times less than one of fixed lengths.
//
// Where the replica is saturated, varied lengths read less, as they would
// measured: the batch holds a long request longer than a short one, so
// that the KV cache, reserved for prompt and output, holds fewer at a
// time, and offline the longest request finishes alone. From 1,000
// requests, a burst of chat lengths reads at least half of fixed lengths'
// (0.57 and 0.68 at 1,000 and 2,000 requests with the 8B model on an
// H200; 0.06 and 0.02 before).
func TestVariedLengthsWithTheSameMeansGiveTheSameThroughput(t *testing.T) {
	d := load(t)
	for _, n := range []string{"400", "1000", "2000"} {
		for _, base := range []string{"model=llama-3.1-8b&gpu=h200-sxm&engine=trtllm", "model=llama-3.1-70b&gpu=h200-sxm&prec=fp8&in=2048&out=512&rate=0.5"} {
			q := base + "&reqs=" + n
			fixed := outputTokS(t, d, q+"&lens=fixed")
			for _, lens := range []string{"uniform", "chat"} {
				if got := outputTokS(t, d, q+"&lens="+lens); math.Abs(got/fixed-1) > 0.03 {
					t.Errorf("%s, lens=%s: %.0f output tokens/s; want within 3 %% of fixed lengths' %.0f", q, lens, got, fixed)
				}
			}
		}
	}
	for _, n := range []string{"1000", "2000"} {
		for _, q := range []string{"model=llama-3.1-8b&gpu=h200-sxm&engine=trtllm&mode=offline", "model=llama-3.1-8b&gpu=h200-sxm&engine=trtllm&rate=100"} {
			q += "&reqs=" + n
			fixed, chat := outputTokS(t, d, q+"&lens=fixed"), outputTokS(t, d, q+"&lens=chat")
			if chat < fixed/2 || chat > fixed {
				t.Errorf("%s: chat lengths %.0f output tokens/s, fixed %.0f; want at least half of fixed and no more", q, chat, fixed)
			}
		}
	}
}
