package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/infercost/infercost/gen/sitetest"
)

// The local server exits when the process that started it (make serve)
// is killed by PID: it must not keep the port.
func TestServerExitsWithItsParent(t *testing.T) {
	t.Parallel()                     // one of the longest tests
	wasm := sitetest.Module(t, "..") // skips under -short
	bin := filepath.Join(t.TempDir(), "gen")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build gen: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	// A shell stands in for make: it starts the server and waits.
	parent := exec.Command("sh", "-c", `"$0" -content ../content -out "$1" -wasm "$2" -modules ../node_modules -serve "$3" & wait`,
		bin, filepath.Join(t.TempDir(), "public"), wasm, addr)
	parent.Stderr = os.Stderr
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	// Generous deadlines: they only bound a hung test.
	if !sitetest.Eventually(2*time.Minute, func() bool { return dial(addr) }) {
		_ = parent.Process.Kill()
		t.Fatal("the server did not start")
	}
	if err := parent.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = parent.Wait()
	if !sitetest.Eventually(30*time.Second, func() bool { return !dial(addr) }) {
		t.Error("the server still answers after its parent was killed")
	}
}

func dial(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err == nil {
		c.Close()
	}
	return err == nil
}
