package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/apiprices"
)

// The import against the installed package and a synthetic older
// snapshot, from before the rows of 2026-12-06 that added the 1-hour
// cache writes and reasoning prices: a changed price becomes a new row
// from the import's day (the old row stays), and so does a price that
// gains a 1-hour cache write; a model the dataset dropped ends that day,
// an unchanged price keeps its row, and the summary lists the change
// with its old and new price. A second run of the same version changes
// nothing.
func TestImportAppendsChangesAndSummarisesThem(t *testing.T) {
	cur, err := os.ReadFile("../../content/data/api-genai.yaml")
	if err != nil {
		t.Fatal(err)
	}
	old := string(cur)
	old = versionLine.ReplaceAllString(old, "# Dataset: @pydantic/genai-prices 0.0.1")
	old = strings.ReplaceAll(old, `"2026-12-01"`, `"2026-10-01"`)
	old = regexp.MustCompile(`(?m)^  - \{model: [^\n]*from: "2026-12-06"[^\n]*\n`).ReplaceAllString(old, "")
	const opus = `{model: anthropic.claude-opus-5-5, from: "2026-10-01", input: 4.0,`
	if !strings.Contains(old, opus) {
		t.Fatalf("fixture %q not in the snapshot", opus)
	}
	old = strings.Replace(old, opus, `{model: anthropic.claude-opus-5-5, from: "2026-10-01", input: 6.0,`, 1)
	old = strings.Replace(old, "\nprices:\n", "\nprices:\n"+
		`  - {model: anthropic.claude-gone, from: "2026-10-01", input: 1.0, output: 2.0, currency: USD, source: genai-anthropic, as_of: "2026-10-01"}`+"\n", 1)
	old = strings.Replace(old, "\nmodels:\n", "\nmodels:\n"+
		`  - {id: anthropic.claude-gone, provider: anthropic, name: Claude Gone, dataset_id: anthropic/claude-gone}`+"\n", 1)

	dir := t.TempDir()
	out, summary := filepath.Join(dir, "api-genai.yaml"), filepath.Join(dir, "summary.md")
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-root", "../..", "-out", out, "-summary", summary, "-date", "2026-12-08"}
	if err := run(context.Background(), args, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(out)
	var c apiprices.Catalog
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if err := c.Validate([]string{"USD"}, "2026-12-08"); err != nil {
		t.Errorf("the snapshot does not validate: %v", err)
	}
	h := c.History("anthropic.claude-opus-5-5")
	if len(h) != 2 || h[0].From != "2026-10-01" || h[0].Input != 6 || h[1].From != "2026-12-08" || h[1].Input != 4 {
		t.Errorf("Claude Opus 5.5 history %+v; want the old row at $6 and a new one from 2026-12-08 at $4", h)
	}
	if g := c.History("anthropic.claude-gone"); len(g) != 1 || g[0].Until != "2026-12-08" {
		t.Errorf("a dropped model's row: %+v; want it to end on 2026-12-08", g)
	}
	if s := c.History("openai.gpt-4.1"); len(s) != 1 || s[0].From != "2026-10-01" || s[0].AsOf != "2026-12-08" {
		t.Errorf("an unchanged price: %+v; want its row from 2026-10-01, as of the import", s)
	}
	if h := c.History("anthropic.claude-haiku-4-5"); len(h) != 2 || h[0].CacheWrite1h != 0 || h[1].From != "2026-12-08" || h[1].CacheWrite1h != 2 {
		t.Errorf("Claude Haiku 4.5 history %+v; want a new row from 2026-12-08 with the 1-hour cache write at $2", h)
	}
	if h := c.History("perplexity.sonar-deep-research"); len(h) != 2 || h[1].Reasoning != 3 {
		t.Errorf("Sonar Deep Research history %+v; want a new row with reasoning at $3", h)
	}
	sum, _ := os.ReadFile(summary)
	for _, want := range []string{"0.0.1 → 0.1.8", "| anthropic.claude-opus-5-5 | $6.00 / $20.00 | $4.00 / $20.00 (1-hour cache write $8.00) |",
		"No longer in the dataset (their last price ends today): anthropic.claude-gone.", "deprecated in the dataset"} {
		if !strings.Contains(string(sum), want) {
			t.Errorf("summary lacks %q:\n%s", want, sum)
		}
	}

	if err := run(context.Background(), args, io.Discard); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, b) {
		t.Error("a second import of the same version changed the snapshot")
	}
}

// The snapshot in content/data is what the installed package gives: it
// was generated, not edited.
func TestSnapshotMatchesTheInstalledPackage(t *testing.T) {
	cur, err := os.ReadFile("../../content/data/api-genai.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "api-genai.yaml")
	if err := os.WriteFile(out, cur, 0o644); err != nil {
		t.Fatal(err)
	}
	// On the snapshot's own day nothing is new; a later day would only
	// move as_of dates of a new version.
	var c apiprices.Catalog
	if err := yaml.Unmarshal(cur, &c); err != nil {
		t.Fatal(err)
	}
	day := ""
	for _, p := range c.Prices {
		if !p.Announced {
			day = max(day, p.From)
		}
	}
	if err := run(context.Background(), []string{"-root", "../..", "-out", out, "-date", day}, io.Discard); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(out); !bytes.Equal(again, cur) {
		t.Error("content/data/api-genai.yaml differs from an import of the installed package: run make prices")
	}
}

// Open-weights links: each provider's spelling of a model links to the
// catalog model of the same architecture; distilled, vision, coder and
// later-versioned variants of another architecture link to none.
func TestWeightsOf(t *testing.T) {
	for id, want := range map[string]string{
		"llama-3.3-70b-versatile":                           "llama-3.3-70b",
		"meta-llama/Llama-3.3-70B-Instruct-Turbo":           "llama-3.3-70b",
		"llama-v3p3-70b-instruct":                           "llama-3.3-70b",
		"meta.llama3-3-70b-instruct-v1:0":                   "llama-3.3-70b",
		"@cf/meta/llama-3.1-8b-instruct-fp8-fast":           "llama-3.1-8b",
		"deepseek-v3-0324":                                  "deepseek-v3",
		"deepseek-ai/DeepSeek-R1-0528":                      "deepseek-r1",
		"openai.gpt-oss-120b-1:0":                           "gpt-oss-120b",
		"Qwen/Qwen3-235B-A22B-Instruct-2507":                "qwen3-235b-a22b",
		"meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8": "llama-4-maverick",
		"deepseek-r1-distill-llama-70b":                     "",
		"Qwen/Qwen2.5-VL-72B-Instruct":                      "",
		"Qwen/Qwen2.5-Coder-32B-Instruct":                   "",
		"mistral.mistral-7b-instruct-v0:2":                  "",
		"zai-org/GLM-4.5-Air":                               "",
		"moonshotai/Kimi-K2-Thinking":                       "",
		"deepseek-chat":                                     "",
	} {
		if got := weightsOf(id); got != want {
			t.Errorf("weightsOf(%q) = %q; want %q", id, got, want)
		}
	}
}

// The snapshot's header names the version with the licence after a
// comma; read back with the comma, every import of the same version
// looked like a new one and moved every row's as_of.
func TestOldVersionReadsTheHeader(t *testing.T) {
	if v := oldVersion([]byte("# Dataset: @pydantic/genai-prices 0.1.8, licence MIT, https://x\n")); v != "0.1.8" {
		t.Errorf("got %q; want 0.1.8", v)
	}
}
