// Package sitetest holds what the tests of the site build (gen/sitebuild)
// and of the built site in Chromium (gen/browsertest) share: the browser
// module, one build of the site per configuration for a test binary, the
// fast tier's skip, and the corpus of hostile links.
package sitetest

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// SkipInShort skips a test that is what (a browser test, one that builds
// the site) under go test -short. make check runs no such test; make test
// runs them.
func SkipInShort(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip(what + ": make test runs it, make check (-short) does not")
	}
}

var (
	wasmOnce sync.Once
	wasmPath string
	wasmErr  error
)

// Module returns the built browser module: INFERCOST_WASM (set by make
// test), or one built here from root, the module's root folder, once per
// test binary. It skips the test under -short: building it and the sites
// that embed it takes minutes of the fast tier's two.
func Module(t testing.TB, root string) string {
	t.Helper()
	SkipInShort(t, "needs the browser module (a site build)")
	if p := os.Getenv("INFERCOST_WASM"); p != "" {
		return p
	}
	wasmOnce.Do(func() {
		dir, err := os.MkdirTemp("", "infercost-wasm")
		if err != nil {
			wasmErr = err
			return
		}
		wasmPath = filepath.Join(dir, "engine.wasm")
		// As the Makefile builds it, so that its size is the shipped one.
		cmd := exec.Command("go", "build", "-trimpath", "-tags", "noenglish", "-ldflags=-s -w", "-o", wasmPath, "./wasm/cmd/browser")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			wasmErr = err
			t.Log(string(out))
		}
	})
	if wasmErr != nil {
		t.Fatalf("build browser module: %v", wasmErr)
	}
	return wasmPath
}

// builtSites holds the sites built by this test binary, a func() (string,
// error) by key, and sitesDir the folder they are in (Cleanup removes
// it). A build takes 5 s or more and the tests only read what it wrote,
// so each distinct configuration is built once and its folder shared.
var (
	builtSites sync.Map
	sitesMu    sync.Mutex // one build at a time: the machine has 2 cores
	sitesDir   string
)

// Shared returns the folder that build wrote the site into for key (a
// comparable configuration), calling build with a new folder only the
// first time a test of the binary asks for key; the tests must not write
// into it. A test that must change a site, or see a build of its own,
// builds into a folder of its own.
func Shared(t testing.TB, key any, build func(out string) error) string {
	t.Helper()
	once, _ := builtSites.LoadOrStore(key, sync.OnceValues(func() (string, error) {
		sitesMu.Lock()
		defer sitesMu.Unlock()
		if sitesDir == "" {
			dir, err := os.MkdirTemp("", "infercost-sites")
			if err != nil {
				return "", err
			}
			sitesDir = dir
		}
		dir, err := os.MkdirTemp(sitesDir, "site")
		if err != nil {
			return "", err
		}
		out := filepath.Join(dir, "public")
		return out, build(out)
	}))
	out, err := once.(func() (string, error))()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return out
}

// Cleanup removes the sites the tests shared (Shared); TestMain calls it.
func Cleanup() {
	sitesMu.Lock()
	defer sitesMu.Unlock()
	if sitesDir != "" {
		_ = os.RemoveAll(sitesDir)
		sitesDir = ""
	}
}

//go:embed hostile-urls.txt
var hostile string

// HostileURLs returns the corpus of hostile and heavy scenario links
// (hostile-urls.txt), below a site's base path, without its comments.
func HostileURLs() []string {
	var out []string
	s := bufio.NewScanner(strings.NewReader(hostile))
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// Gzip returns the size of b gzipped at the best compression, as a
// reader downloads a page or a module from a server that compresses.
func Gzip(b []byte) int {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

// Eventually polls ok until it holds or the deadline passes, and says
// whether it held.
func Eventually(deadline time.Duration, ok func() bool) bool {
	for end := time.Now().Add(deadline); time.Now().Before(end); time.Sleep(200 * time.Millisecond) {
		if ok() {
			return true
		}
	}
	return false
}
