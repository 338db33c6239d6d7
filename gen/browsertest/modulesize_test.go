package browsertest

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/infercost/infercost/gen/sitetest"
)

// budgetFile keeps the browser module's size budget, in bytes gzip -9.
const budgetFile = "../../wasm/cmd/browser/budget.txt"

// TestBrowserModuleWithinBudget fails when the browser module, built as
// the site ships it, grows past its budget: the module is most of what a
// calculator downloads before its first figure (issue 37), so growth is
// a decision, made in budgetFile with its reason in the commit, not an
// accident.
func TestBrowserModuleWithinBudget(t *testing.T) {
	sitetest.SkipInShort(t, "builds the browser module")
	budget, err := readBudget(budgetFile)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(browserModule(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := sitetest.Gzip(raw); got > budget {
		t.Errorf("the browser module is %d B gzip -9, over its budget of %d B (%s) by %d B: shrink it, or raise the budget there and say why in the commit",
			got, budget, budgetFile, got-budget)
	} else {
		t.Logf("browser module %d B gzip -9, %d B under its budget", got, budget-got)
	}
}

// readBudget reads a budget file: comment lines start with #, and the one
// other line is the budget in bytes.
func readBudget(name string) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	if len(lines) != 1 {
		return 0, fmt.Errorf("%s: want one line with the budget in bytes, got %d", name, len(lines))
	}
	n, err := strconv.Atoi(strings.ReplaceAll(lines[0], "_", ""))
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s: %q is not a number of bytes", name, lines[0])
	}
	return n, nil
}

// reportModuleByPackage logs the browser module's code bytes by Go
// package, largest first, and its data: what each part of the module
// costs, to choose what to shrink. It builds the module with its symbol
// names (the shipped one has none, -s), which changes no code.
func reportModuleByPackage(t *testing.T) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "engine.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-tags", "noenglish", "-o", out, "../../wasm/cmd/browser")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	list := exec.Command("go", "list", "-tags", "noenglish", "-deps", "../../wasm/cmd/browser")
	list.Env = cmd.Env
	deps, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	sizes, err := wasmSizes(raw, strings.Fields(string(deps)))
	if err != nil {
		t.Fatal(err)
	}
	type pkg struct {
		name  string
		bytes int
	}
	var pkgs []pkg
	for name, n := range sizes.code {
		pkgs = append(pkgs, pkg{name, n})
	}
	slices.SortFunc(pkgs, func(a, b pkg) int { return b.bytes - a.bytes })
	total := 0
	for _, p := range pkgs {
		total += p.bytes
	}
	t.Logf("bench: module code %d B raw in %d packages, data %d B raw", total, len(pkgs), sizes.data)
	for _, p := range pkgs[:min(len(pkgs), 30)] {
		t.Logf("bench:   %8d B %5.1f %%  %s", p.bytes, 100*float64(p.bytes)/float64(total), p.name)
	}
}

// moduleSizes are a WebAssembly module's function bodies' bytes by the
// Go package of the function, and its data segments' bytes.
type moduleSizes struct {
	code map[string]int
	data int
}

// wasmSizes reads a module built by Go with symbol names from packages
// pkgs: the code section's function bodies, named by the "name" custom
// section (WebAssembly core spec, binary format, sections 5.5 and 7.4.1),
// whose function indices count the imported functions first.
func wasmSizes(b []byte, pkgs []string) (moduleSizes, error) {
	r := wasmReader{b: b}
	if !bytes.HasPrefix(b, []byte("\x00asm\x01\x00\x00\x00")) {
		return moduleSizes{}, errors.New("not a WebAssembly module, version 1")
	}
	r.at = 8
	var imported int
	var bodies []int
	names := map[int]string{}
	data := 0
	for r.at < len(r.b) && r.err == nil {
		id := r.byte()
		sec := wasmReader{b: r.bytes(r.uint())}
		switch id {
		case 0: // custom
			if string(sec.bytes(sec.uint())) != "name" {
				break
			}
			for sec.at < len(sec.b) && sec.err == nil {
				sub, content := sec.byte(), sec.bytes(sec.uint())
				if sub != 1 { // function names
					continue
				}
				fn := wasmReader{b: content}
				for n := fn.uint(); n > 0 && fn.err == nil; n-- {
					i := fn.uint()
					names[i] = string(fn.bytes(fn.uint()))
				}
				if fn.err != nil {
					return moduleSizes{}, fn.err
				}
			}
		case 2: // imports
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				sec.bytes(sec.uint()) // module
				sec.bytes(sec.uint()) // field
				switch sec.byte() {
				case 0: // function: its type
					sec.uint()
					imported++
				case 1: // table: element type, limits
					sec.byte()
					sec.limits()
				case 2: // memory: limits
					sec.limits()
				case 3: // global: value type, mutability
					sec.byte()
					sec.byte()
				}
			}
		case 10: // code
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				size := sec.uint()
				sec.bytes(size)
				bodies = append(bodies, size)
			}
		case 11: // data
			data += len(sec.b)
		}
		if sec.err != nil {
			return moduleSizes{}, fmt.Errorf("section %d: %w", id, sec.err)
		}
	}
	if r.err != nil {
		return moduleSizes{}, r.err
	}
	if len(names) == 0 {
		return moduleSizes{}, errors.New("no function names: build without -s")
	}
	code := map[string]int{}
	for i, size := range bodies {
		code[goPackage(names[imported+i], pkgs)] += size
	}
	return moduleSizes{code: code, data: data}, nil
}

// goPackage returns the package, of pkgs, of a Go function's name in a
// WebAssembly module, where Go's linker writes a package path's slashes
// as underscores ("github.com_x_y_tco.Build" is github.com/x/y/tco): the
// longest path whose written form and a dot begin the name. Type
// equality and hash functions ("type_.eq.…") count as "type functions",
// anything else as "other".
func goPackage(sym string, pkgs []string) string {
	if strings.HasPrefix(sym, "type_.") {
		return "type functions"
	}
	best := "other"
	for _, p := range pkgs {
		if strings.HasPrefix(sym, strings.ReplaceAll(p, "/", "_")+".") && (best == "other" || len(p) > len(best)) {
			best = p
		}
	}
	return best
}

// wasmReader reads the binary format's integers and vectors; the first
// error stops it.
type wasmReader struct {
	b   []byte
	at  int
	err error
}

func (r *wasmReader) byte() byte {
	if r.err != nil || r.at >= len(r.b) {
		r.fail()
		return 0
	}
	r.at++
	return r.b[r.at-1]
}

// uint reads an unsigned LEB128 integer.
func (r *wasmReader) uint() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.at:])
	if n <= 0 || v > 1<<31 {
		r.fail()
		return 0
	}
	r.at += n
	return int(v)
}

func (r *wasmReader) bytes(n int) []byte {
	if r.err != nil || n > len(r.b)-r.at {
		r.fail()
		return nil
	}
	r.at += n
	return r.b[r.at-n : r.at]
}

// limits reads a table's or memory's limits: a flag, a minimum and, with
// flag 1, a maximum.
func (r *wasmReader) limits() {
	if r.byte() == 1 {
		r.uint()
	}
	r.uint()
}

func (r *wasmReader) fail() {
	if r.err == nil {
		r.err = fmt.Errorf("truncated at byte %d", r.at)
	}
}

func TestGoPackageOfASymbol(t *testing.T) {
	pkgs := []string{"runtime", "encoding/json", "slices", "github.com/infercost/infercost/wasm/tco", "github.com/infercost/infercost/wasm/tcoview"}
	for sym, want := range map[string]string{
		"github.com_infercost_infercost_wasm_tco.Build":      "github.com/infercost/infercost/wasm/tco",
		"github.com_infercost_infercost_wasm_tcoview.(*x).y": "github.com/infercost/infercost/wasm/tcoview",
		"runtime.mallocgc":                                        "runtime",
		"encoding_json.(*decodeState).object":                     "encoding/json",
		"slices.SortFunc[go.shape.struct { github.com_x.A int }]": "slices",
		"type_.eq.github.com_infercost_infercost_wasm_tco.Option": "type functions",
		"wasm_export_run":                                         "other",
	} {
		if got := goPackage(sym, pkgs); got != want {
			t.Errorf("goPackage(%q) = %q; want %q", sym, got, want)
		}
	}
}

// TestWasmSizesReadsAGoModule: a real Go module's code is attributed,
// nearly all of it, to named packages, the runtime among the largest.
func TestWasmSizesReadsAGoModule(t *testing.T) {
	sitetest.SkipInShort(t, "builds a WebAssembly module")
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "m.wasm")
	cmd := exec.Command("go", "build", "-o", out, src)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, b)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := wasmSizes(raw, []string{"runtime", "fmt"})
	if err != nil {
		t.Fatal(err)
	}
	if s.code["runtime"] < 50_000 || s.code["fmt"] == 0 || s.data == 0 {
		t.Errorf("runtime %d B, fmt %d B, data %d B: want runtime ≥ 50 kB and fmt and data > 0", s.code["runtime"], s.code["fmt"], s.data)
	}
	if _, err := wasmSizes(raw[:len(raw)/2], nil); err == nil {
		t.Error("a truncated module read without an error")
	}
}
