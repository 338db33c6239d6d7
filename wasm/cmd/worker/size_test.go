//go:build !(js && wasm)

package main

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// The most a worker may upload on Cloudflare's plans, compressed: 3 MB
// on Workers Free (wrangler says "3 MiB"), 10 MB on Workers Paid,
// https://developers.cloudflare.com/workers/platform/limits/ ("Worker
// size"), read 2026-12-06.
const (
	freePlanUpload = 3 << 20
	paidPlanUpload = 10 << 20
)

// The worker as make worker-wasm builds it (the module, with the data
// and pages make worker-data wrote, and its glue), gzipped file by file
// as wrangler counts an upload, fits the paid plan's limit, which the
// worker needs for its CPU time anyway (README, "The edge worker"); the
// test logs the room left under each plan, which each data edition takes
// from. It outgrew the free plan's on 2026-12-06 (3,099 KiB).
func TestUploadFitsThePaidPlan(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the worker")
	}
	dir := t.TempDir()
	buildWorker(t, dir)
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	raw, zipped := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		n := &counter{}
		z := gzip.NewWriter(n)
		if _, err := z.Write(b); err != nil {
			t.Fatal(err)
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		raw, zipped = raw+len(b), zipped+n.n
	}
	t.Logf("upload %d KiB, %d KiB gzipped: %d KiB under the paid plan's %d KiB, %d KiB under the free plan's %d KiB",
		raw>>10, zipped>>10, (paidPlanUpload-zipped)>>10, paidPlanUpload>>10, (freePlanUpload-zipped)>>10, freePlanUpload>>10)
	if zipped > paidPlanUpload {
		t.Errorf("the worker's upload is %d KiB gzipped, over the Workers Paid plan's %d KiB: it needs a smaller module or less data (README, \"The edge worker\")",
			zipped>>10, paidPlanUpload>>10)
	}
}

// counter counts the bytes written to it.
type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }
