package sitebuild

import (
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
	if err := os.CopyFS(dir, os.DirFS("../../content")); err != nil {
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
