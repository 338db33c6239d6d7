// Package qrtest reads QR code symbols with an independent decoder, the
// npm package jsqr run in Node, so that tests can check what a symbol
// says rather than how it was made.
package qrtest

import (
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Symbol is a square of modules: qr.Code, or one read back from its SVG.
type Symbol interface {
	Size() int
	Dark(x, y int) bool // false outside the symbol
}

//go:embed decode.js
var script string

// Decode returns what jsQR reads from each symbol, rendered with a quiet
// zone of 4 modules at 4 pixels a module; "" where it reads nothing. It
// skips the test when node or the module's node_modules/jsqr is missing
// (make test installs them).
func Decode(t testing.TB, symbols ...Symbol) []string {
	t.Helper()
	root := moduleRoot(t)
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node to run jsQR: ", err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "jsqr")); err != nil {
		t.Skip("jsqr is not installed (npm ci): ", err)
	}
	const quiet, px = 4, 4
	var buf []byte
	for _, s := range symbols {
		w := (s.Size() + 2*quiet) * px
		buf = binary.LittleEndian.AppendUint32(buf, uint32(w))
		for y := 0; y < w; y++ {
			for x := 0; x < w; x++ {
				v := byte(255)
				if s.Dark(x/px-quiet, y/px-quiet) {
					v = 0
				}
				buf = append(buf, v, v, v, 255)
			}
		}
	}
	in := filepath.Join(t.TempDir(), "symbols")
	if err := os.WriteFile(in, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "-e", script, in)
	cmd.Dir = root // where require finds node_modules
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node jsQR: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(symbols) {
		t.Fatalf("jsQR read %d symbols; want %d", len(lines), len(symbols))
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		b, err := hex.DecodeString(l)
		if l != "-" && err != nil {
			t.Fatalf("jsQR's output %q: %v", l, err)
		}
		texts[i] = string(b)
	}
	return texts
}

// moduleRoot returns the directory of go.mod above the working directory.
func moduleRoot(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = up
	}
}
