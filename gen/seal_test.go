package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/dataset"
)

// copyContent copies content/ into a temporary directory.
func copyContent(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../content")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A dated API price edited in place fails the build, naming the file,
// the row and the field: the review found that editing the 2025-04-17
// Gemini 2.5 Flash row moved what ?ed=2025-04-17 links show from $100.44
// to $10.04 a month, and the build passed.
func TestRewrittenHistoryFailsTheBuild(t *testing.T) {
	dir := copyContent(t)
	file := filepath.Join(dir, "data", dataset.APIFile)
	b, _ := os.ReadFile(file)
	const row = "{model: gemini-2.5-flash, from: 2025-04-17, input: 0.15,"
	bad := strings.Replace(string(b), row, "{model: gemini-2.5-flash, from: 2025-04-17, input: 0.015,", 1)
	if bad == string(b) {
		t.Fatalf("%q not found in %s", row, file)
	}
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(context.Background(), Config{Content: dir, Out: filepath.Join(dir, "out"), Base: "/"})
	want := `data/api.yaml: prices "gemini-2.5-flash" from 2025-04-17: input: changed in place`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want an error containing %q", err, want)
	}
}

// gen -seal seals an edition once its day has passed: the build says
// which editions are published and not sealed yet, and after the seal an
// edit to one fails.
func TestSealFlagSealsAPublishedEdition(t *testing.T) {
	dir := copyContent(t)
	edition := filepath.Join(dir, "data", dataset.EditionsDir, "2026-12-06.yaml")
	if _, err := os.Stat(edition); err == nil {
		t.Skip("content has an edition of 2026-12-06: the test needs a day without one")
	}
	text := `note: "A test edition."
note_de: "Ein Test-Datenstand."
changes:
  memory.yaml:
    defaults:
      utilization: {value: 0.85, source: vllm-engine-args, as_of: 2026-12-06}
`
	if err := os.WriteFile(edition, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1796688000") // 2026-12-08 00:00 UTC: 20,795 days × 86,400 s
	fsys := os.DirFS(dir)
	if got, err := dataset.Unsealed(fsys, "data", dataset.Today()); err != nil || len(got) != 1 || got[0] != "2026-12-06" {
		t.Fatalf("unsealed editions %v, %v; want 2026-12-06", got, err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"-content", dir, "-seal"}, &out); err != nil {
		t.Fatal(err)
	}
	if got, err := dataset.Unsealed(fsys, "data", dataset.Today()); err != nil || len(got) != 0 {
		t.Errorf("unsealed editions after the seal %v, %v; want none", got, err)
	}
	if err := os.WriteFile(edition, []byte(strings.Replace(text, "value: 0.85", "value: 0.8", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	want := `data/editions/2026-12-06.yaml: changes.memory.yaml: defaults.utilization: value: changed in place`
	if err := dataset.CheckSeal(fsys, "data"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("an edit after the seal: got %v; want %q", err, want)
	}
}
