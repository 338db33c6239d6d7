//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/infercost/infercost/wasm/api/apitest"
	"github.com/infercost/infercost/wasm/edgedata"
)

// workerd is the worker running under Cloudflare's runtime, started by
// wrangler dev --local.
type workerd struct {
	URL string
	cmd *exec.Cmd
}

// startWorkerd builds the worker for workerd as make worker-wasm does,
// starts `wrangler dev --local` with the repository's wrangler.toml (its
// build and assets directories moved into a temporary directory, the
// assets a stand-in index and 404 page) on a free port of 127.0.0.1, and
// waits until it answers. Its public URL (WORKER_URL) is that address. Cleanup stops wrangler and workerd by killing
// their process group.
func startWorkerd(t *testing.T) *workerd {
	t.Helper()
	if testing.Short() {
		t.Skip("workerd: make test runs it, make check (-short) does not")
	}
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	wrangler := filepath.Join(root, "node_modules", ".bin", "wrangler")
	if _, err := os.Stat(wrangler); err != nil {
		t.Skip("wrangler is not installed (npm ci, which make test runs, installs it): ", err)
	}
	dir := t.TempDir()
	build := filepath.Join(dir, "build")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	w := &workerd{URL: "http://127.0.0.1:" + port}
	// Built as make worker-wasm builds it, with its own address.
	buildWorker(t, build, "-X main.workerURL="+w.URL)
	public := filepath.Join(dir, "public")
	for name, body := range map[string]string{"index.html": "<!doctype html><title>home</title>", "404.html": "<!doctype html><title>missing</title>",
		"tco/index.html": "<!doctype html><title>tco</title>"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(public, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(public, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conf, err := os.ReadFile(filepath.Join(root, "wrangler.toml"))
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(conf), `main = "build/worker/worker.mjs"`, `main = "`+filepath.Join(build, "worker.mjs")+`"`, 1)
	s = strings.Replace(s, `directory = "public"`, `directory = "`+public+`"`, 1)
	if s == string(conf) {
		t.Fatal("wrangler.toml has no main or assets directory to move")
	}
	if err := os.WriteFile(filepath.Join(dir, "wrangler.toml"), []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	// wrangler's own binary, not npx, in a process group of its own, so
	// that killing the group stops workerd too.
	cmd := exec.Command(wrangler, "dev", "--config", filepath.Join(dir, "wrangler.toml"), "--ip", "127.0.0.1", "--port", port,
		"--local", "--show-interactive-dev-session=false")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CLOUDFLARE_CF_FETCH_ENABLED=false", "XDG_CONFIG_HOME="+dir)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
	w.cmd = cmd
	// The home page is a static asset: asking for it starts no worker,
	// so that the first API request below is the cold start.
	for start := time.Now(); ; time.Sleep(200 * time.Millisecond) {
		if res, err := http.Get(w.URL + "/"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Since(start) > 60*time.Second {
			t.Fatalf("wrangler dev did not answer in 60 s:\n%s", log.String())
		}
	}
	return w
}

// buildWorker builds the worker for workerd into dir as make
// worker-wasm does: syumai/workers' glue and app.wasm, linked with
// -s -w and the flags in more ("-X main.NAME=VALUE").
func buildWorker(t testing.TB, dir string, more ...string) {
	t.Helper()
	goCmd := func(env []string, args ...string) {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	goCmd(nil, "tool", "workers-assets-gen", "-mode=go", "-o", dir)
	goCmd([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags="+strings.Join(append([]string{"-s", "-w"}, more...), " "), "-o", filepath.Join(dir, "app.wasm"), ".")
}

// get gets base+path with headers (name, value pairs), and says how
// long it took.
func get(t testing.TB, base, path string, headers ...string) (*http.Response, []byte, time.Duration) {
	t.Helper()
	start := time.Now()
	res, b := apitest.Get(t, "GET", base+path, headers...)
	return res, b, time.Since(start)
}

// cpuTicks returns the CPU time, user and system, used so far by the
// workerd processes of w's process group, in clock ticks (1/100 s).
func (w *workerd) cpuTicks(t testing.TB) int {
	t.Helper()
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	total := 0
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: fields after the comm's ")".
		i := bytes.LastIndexByte(b, ')')
		if i < 0 || !bytes.Contains(b[:i], []byte("(workerd")) {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 || f[2] != strconv.Itoa(w.cmd.Process.Pid) {
			continue
		}
		u, _ := strconv.Atoi(f[11])
		s, _ := strconv.Atoi(f[12])
		total += u + s
	}
	return total
}

// The worker under workerd answers as natively: each calculator's answer
// byte for byte, a 400 problem, a 404, a 414, a 304, CORS headers, HEAD
// as GET, a problem for any path under /api/ it does not know, a
// calculator's index.html as its folder, a 304 without computing and
// computed answers again from the edge's cache; 200
// hostile requests get no 5xx and no markup; scenario links and cards as
// pagesUnderWorkerd says. It measures (and logs) the cold start, wall and
// CPU time per request (API answers, pages and cards), and a loopback
// load of INFERCOST_LOAD_SECONDS (5 by default) with zero errors.
func TestWorkerUnderWorkerd(t *testing.T) {
	w := startWorkerd(t)
	native := httptest.NewServer(handler(http.FileServer(http.Dir(t.TempDir())), edgedata.Pages(), w.URL))
	defer native.Close()

	res, body, cold := get(t, w.URL, "/api/v1/tco")
	if res.StatusCode != 200 {
		t.Fatalf("first request: %d %s", res.StatusCode, body)
	}
	t.Logf("cold start: the first API request took %v", cold.Round(time.Millisecond))

	for _, path := range []string{"/api/v1/tco", "/api/v1/memory?preset=llama-3-70b-h100", "/api/v1/performance?ed=2026-11-30",
		"/api/v1/pricing?preset=cached-batched-support", "/api/v1/catalog/gpus", "/api/v1/openapi.json"} {
		res, got, _ := get(t, w.URL, path)
		_, want, _ := get(t, native.URL, path)
		if res.StatusCode != 200 || !bytes.Equal(got, want) {
			t.Errorf("%s: under workerd %d, %d bytes; natively %d bytes, not the same", path, res.StatusCode, len(got), len(want))
		}
	}
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/api/v1/tco?a.n=-1", 400}, {"/api/v1/nope", 404}, {"/api/v1/tco?a=" + strings.Repeat("1", 9000), 414},
	} {
		res, body, _ := get(t, w.URL, c.path)
		if res.StatusCode != c.status || res.Header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("%.40s: %d %s; want a %d problem: %.200s", c.path, res.StatusCode, res.Header.Get("Content-Type"), c.status, body)
		}
	}
	res, _, _ = get(t, w.URL, "/api/v1/memory?ed=2026-11-30", "Origin", "https://example.org")
	etag := res.Header.Get("ETag")
	if res.Header.Get("Access-Control-Allow-Origin") != "*" || etag == "" {
		t.Errorf("CORS or ETag missing: %v", res.Header)
	}
	if res, body, _ := get(t, w.URL, "/api/v1/memory?ed=2026-11-30", "If-None-Match", etag); res.StatusCode != 304 || len(body) != 0 {
		t.Errorf("If-None-Match: %d, %d bytes", res.StatusCode, len(body))
	}
	req, _ := http.NewRequest("OPTIONS", w.URL+"/api/v1/memory", nil)
	req.Header.Set("Origin", "https://example.org")
	req.Header.Set("Access-Control-Request-Method", "GET")
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 204 || res.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("preflight: %v %v", res, err)
	}
	pagesUnderWorkerd(t, w, native.URL)
	headLikeGet(t, w.URL, headPaths(t))
	apiProblems(t, w.URL)
	indexHTMLIsTheFolder(t, w.URL)
	conditionalUnderWorkerd(t, w)
	if res, _, _ := get(t, w.URL, "/no/such/page/"); res.StatusCode != 404 {
		t.Errorf("a missing page: %d", res.StatusCode)
	}

	// A fifth of them in make test; INFERCOST_HOSTILE_ALL=1 sends all
	// 1,000 (for the figures in README).
	all, step := hostile(t, 1000), 5
	if os.Getenv("INFERCOST_HOSTILE_ALL") != "" {
		step = 1
	}
	var subset []string
	for i := 0; i < len(all); i += step {
		subset = append(subset, all[i])
	}
	t.Logf("%d hostile requests under workerd, by status:%s", len(subset), summary(abuse(t, w.URL, subset)))

	// The figures in README: make bench (INFERCOST_BENCH=1). Their 300
	// and more requests took about 95 s of make test's CPU, beside the
	// browser tests, and check nothing.
	if os.Getenv("INFERCOST_BENCH") != "" {
		measure(t, w)
		measurePages(t, w)
	}
	load(t, w)
}

// measure logs, per calculator, the median wall time of 20 sequential
// requests on loopback and the workerd processes' CPU time per request
// over them (from /proc, at 10 ms resolution over the 20), each computed
// (see measurePath), then for some the same answered from the edge's
// cache and as a 304.
func measure(t *testing.T, w *workerd) {
	// openapi.json decodes no data: the cost of starting the module.
	for _, path := range []string{"/api/v1/openapi.json", "/api/v1/tco", "/api/v1/memory", "/api/v1/performance", "/api/v1/pricing",
		"/api/v1/pricing?ed=2026-11-30"} {
		measurePath(t, w, path, 20, computed)
	}
	l := presetLinks(t)[0]
	for _, path := range []string{"/api/v1/tco?ed=2026-11-30", "/api/v1/pricing?ed=2026-11-30", "/api/v1/catalog/apis", l.page(), l.card()} {
		measurePath(t, w, path, 20, cached)
		measurePath(t, w, path, 20, notModified)
	}
}

// How measurePath asks.
const (
	// computed: each request a query of its own (path and an unknown
	// parameter m=i, which the calculators ignore), which no cache
	// holds.
	computed = "computed"
	// cached: the same path each time, after one request that the edge
	// keeps it.
	cached = "cached"
	// notModified: the same path with the ETag of its answer.
	notModified = "304"
)

// measurePath sends n sequential requests for path, as how says, and
// logs their median wall time and the workerd processes' CPU time per
// request.
func measurePath(t *testing.T, w *workerd, path string, n int, how string) {
	var walls []time.Duration
	want, headers := http.StatusOK, []string{}
	if how != computed {
		res, _, _ := get(t, w.URL, path)
		if how == notModified {
			want, headers = http.StatusNotModified, []string{"If-None-Match", res.Header.Get("ETag")}
		}
	}
	before := w.cpuTicks(t)
	for i := range n {
		p := path
		if how == computed {
			p += map[bool]string{true: "&", false: "?"}[strings.Contains(path, "?")] + "m=" + strconv.Itoa(i)
		}
		res, _, d := get(t, w.URL, p, headers...)
		if res.StatusCode != want {
			t.Fatalf("%s: %d; want %d", p, res.StatusCode, want)
		}
		walls = append(walls, d)
	}
	cpu := time.Duration(w.cpuTicks(t)-before) * 10 * time.Millisecond / time.Duration(n)
	slices.Sort(walls)
	t.Logf("%s (%s): wall median %v (min %v, max %v), workerd CPU %v per request", path, how, walls[n/2].Round(100*time.Microsecond),
		walls[0].Round(100*time.Microsecond), walls[n-1].Round(100*time.Microsecond), cpu)
}

// conditionalUnderWorkerd checks that each of cachedPaths answers a
// request with its ETag with 304, and again from the edge's cache: the
// same body and ETag.
func conditionalUnderWorkerd(t *testing.T, w *workerd) {
	for _, path := range cachedPaths(t) {
		res, body, _ := get(t, w.URL, path)
		etag := res.Header.Get("ETag")
		if res.StatusCode != 200 || etag == "" {
			t.Errorf("%s: %d, ETag %q", path, res.StatusCode, etag)
			continue
		}
		if res, b, _ := get(t, w.URL, path, "If-None-Match", etag); res.StatusCode != 304 || len(b) != 0 || res.Header.Get("ETag") != etag {
			t.Errorf("%s with If-None-Match: %d, %d bytes, ETag %q", path, res.StatusCode, len(b), res.Header.Get("ETag"))
		}
		if res, b, _ := get(t, w.URL, path); res.StatusCode != 200 || !bytes.Equal(b, body) || res.Header.Get("ETag") != etag ||
			res.Header.Get("Cache-Control") == "" {
			t.Errorf("%s again: %d, %d bytes (want %d), ETag %q, Cache-Control %q", path, res.StatusCode, len(b), len(body),
				res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
		}
	}
}

// load sends requests from 4 connections for INFERCOST_LOAD_SECONDS (5
// by default; 30 for the figures in README), cycling through every
// calculator's default and an old edition, and fails on any error; it
// logs requests per second and the 50th and 99th percentile latency.
func load(t *testing.T, w *workerd) {
	seconds := 5
	if s, err := strconv.Atoi(os.Getenv("INFERCOST_LOAD_SECONDS")); err == nil && s > 0 {
		seconds = s
	}
	paths := []string{"/api/v1/tco", "/api/v1/memory", "/api/v1/performance", "/api/v1/pricing",
		"/api/v1/tco?ed=2026-11-30", "/api/v1/memory?ed=2026-11-30", "/api/v1/performance?ed=2026-11-30", "/api/v1/pricing?ed=2026-11-30"}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(seconds)*time.Second)
	defer cancel()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		errs      []string
		wg        sync.WaitGroup
	)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	start := time.Now()
	for c := range 4 {
		wg.Go(func() {
			for i := c; ctx.Err() == nil; i++ {
				t0 := time.Now()
				res, err := client.Get(w.URL + paths[i%len(paths)])
				if err == nil {
					_, err = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if err == nil && res.StatusCode != 200 {
						err = fmt.Errorf("status %d", res.StatusCode)
					}
				}
				d := time.Since(t0)
				mu.Lock()
				if err != nil {
					errs = append(errs, paths[i%len(paths)]+": "+err.Error())
				} else {
					latencies = append(latencies, d)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if len(errs) > 0 {
		t.Errorf("%d errors under load, the first: %s", len(errs), errs[0])
	}
	if len(latencies) == 0 {
		t.Fatal("no request answered under load")
	}
	slices.Sort(latencies)
	pct := func(p int) time.Duration {
		return latencies[min(len(latencies)-1, len(latencies)*p/100)].Round(100 * time.Microsecond)
	}
	t.Logf("load, 4 connections for %v: %d requests, %.1f/s, p50 %v, p99 %v, %d errors", elapsed.Round(time.Millisecond),
		len(latencies), float64(len(latencies))/elapsed.Seconds(), pct(50), pct(99), len(errs))
}
