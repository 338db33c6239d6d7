package pricingview_test

import (
	"strings"
	"testing"
)

// The comparison shows the shortlist: today the dataset's current
// flagship and budget models of OpenAI, Anthropic, Google and DeepSeek,
// and the seed's reseller.
func TestDefaultShortlistHasTheCurrentFlagships(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, ""))
	for _, id := range []string{"openai.gpt-6-astra", "openai.gpt-6-luna", "anthropic.claude-opus-5-5", "claude-haiku-4.5",
		"google.gemini-3.1-pro-preview", "deepseek.deepseek-v4-pro", "holysheep-flat"} {
		if c[id+".monthly_cost"].Metric == "" {
			t.Errorf("%s: not in the default comparison", id)
		}
	}
	if len(d.APIs.Models) < 1000 {
		t.Errorf("%d models; want the dataset's 1,000 and more", len(d.APIs.Models))
	}
}

// A link pinned to the first edition shows the models and the figures
// of its day: GPT-4.1 at $1,339.25 a month, none of the later models.
func TestOldEditionKeepsItsShortlistAndFigures(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, "ed=2026-11-30"))
	if got := c["gpt-4.1.monthly_cost"].Value; got != 1339.25 {
		t.Errorf("GPT-4.1 on 2026-11-30: %v a month; want 1339.25", got)
	}
	if c["openai.gpt-6-astra.monthly_cost"].Metric != "" {
		t.Error("GPT-6 Astra shows in the first edition, before the dataset")
	}
}

// apis= replaces the shortlist, in its order; an unknown id falls back
// to the shortlist with a message that does not repeat the id.
func TestAPIsParameterReplacesTheShortlist(t *testing.T) {
	d := load(t)
	p := build(t, d, "apis=groq.openai-gpt-oss-120b,gpt-4o")
	c := cells(p)
	if !strings.HasPrefix(c["api1.api"].Text, "Groq ") || c["api2.api"].Text != "OpenAI GPT-4o" || c["api3.api"].Text != "" {
		t.Errorf("places: %q, %q, %q", c["api1.api"].Text, c["api2.api"].Text, c["api3.api"].Text)
	}
	if !strings.Contains(p.Query, "apis=groq.openai-gpt-oss-120b,gpt-4o") && !strings.Contains(p.Query, "apis=groq.openai-gpt-oss-120b%2Cgpt-4o") {
		t.Errorf("the list is not kept in the link: %q", p.Query)
	}
	bad := build(t, d, "apis=gpt-4o,nosuchmodel")
	for _, in := range bad.Inputs {
		if in.Key == "apis" && (in.Error == "" || strings.Contains(in.Error, "nosuchmodel")) {
			t.Errorf("apis error %q; want one that does not repeat the id", in.Error)
		}
	}
	if cells(bad)["openai.gpt-6-astra.monthly_cost"].Metric == "" {
		t.Error("a bad list should fall back to the shortlist")
	}
}

// A price checked more than 90 days before the edition is marked next
// to the figure, with a title that says why; a fresh one is not.
func TestStalePricesAreMarked(t *testing.T) {
	d := load(t)
	c := cells(build(t, d, "apis=holysheep-flat,gpt-4.1"))
	// The reseller's claim is as of 2026-01-15, over 90 days ago.
	if got := c["holysheep-flat.p-in"]; !strings.HasSuffix(got.Text, "(stale?)") || !strings.Contains(got.Note, "2026-01-15") {
		t.Errorf("reseller input price %q, note %q; want a stale mark", got.Text, got.Note)
	}
	if got := c["gpt-4.1.p-out"]; strings.Contains(got.Text, "stale") || got.Note != "" {
		t.Errorf("GPT-4.1, checked 2026-11-30: %q, note %q; want no mark", got.Text, got.Note)
	}
	// In the edition of its day, the claim was fresh.
	if got := cells(build(t, d, "ed=2026-01-15&apis=holysheep-flat"))["holysheep-flat.p-in"]; strings.Contains(got.Text, "stale") {
		t.Errorf("on 2026-01-15 the claim is new: %q", got.Text)
	}
}
