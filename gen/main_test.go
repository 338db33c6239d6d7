package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/infercost/infercost/wasm/dataset"
)

// gen -seal seals an edition once its day has passed: the build says
// which editions are published and not sealed yet, and after the seal an
// edit to one fails.
func TestSealFlagSealsAPublishedEdition(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../content")); err != nil {
		t.Fatal(err)
	}
	// A new edition the day after the newest edition and the seal, built
	// two days later.
	newest := ""
	lock, err := os.ReadFile(filepath.Join(dir, "data", dataset.LockFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, after, ok := strings.Cut(string(lock), "\nthrough\t"); ok {
		newest, _, _ = strings.Cut(after, "\n")
	}
	names, _ := filepath.Glob(filepath.Join(dir, "data", dataset.EditionsDir, "*.yaml"))
	for _, n := range names {
		newest = max(newest, strings.TrimSuffix(filepath.Base(n), ".yaml"))
	}
	day, err := time.Parse(time.DateOnly, newest)
	if err != nil {
		t.Fatal(err)
	}
	date := day.AddDate(0, 0, 1).Format(time.DateOnly)
	t.Setenv("SOURCE_DATE_EPOCH", strconv.FormatInt(day.AddDate(0, 0, 3).Unix(), 10))
	edition := filepath.Join(dir, "data", dataset.EditionsDir, date+".yaml")
	text := `note: "A test edition."
note_de: "Ein Test-Datenstand."
changes:
  memory.yaml:
    defaults:
      utilization: {value: 0.85, source: vllm-engine-args, as_of: ` + date + `}
`
	if err := os.WriteFile(edition, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := os.DirFS(dir)
	if got, err := dataset.Unsealed(fsys, "data", dataset.Today()); err != nil || !slices.Contains(got, date) {
		t.Fatalf("unsealed editions %v, %v; want %s among them", got, err, date)
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
	want := `data/editions/` + date + `.yaml: changes.memory.yaml: defaults.utilization: value: changed in place`
	if err := dataset.CheckSeal(fsys, "data"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("an edit after the seal: got %v; want %q", err, want)
	}
}
