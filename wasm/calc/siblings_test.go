package calc_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"
)

// module is the import path of this module's packages.
const module = "github.com/infercost/infercost/"

// views are the calculators' views, the page models between a URL and a
// page: a new calculator's joins them.
var views = []string{"planview", "memview", "perfview", "tcoview", "pricingview"}

// isView reports whether the package at import path p is a calculator's
// view.
func isView(p string) bool {
	dir, name := path.Split(p)
	return dir == module+"wasm/" && slices.Contains(views, name)
}

// imports returns the imports of every package under wasm/ (the build's,
// not the tests'), by import path, as go list reports them.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("go list: %v\n%s", err, exit.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	graph := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		graph[p.ImportPath] = p.Imports
	}
	return graph
}

// chainTo returns the shortest import chain from package from to a
// package that want accepts, or nil when from reaches none.
func chainTo(graph map[string][]string, from string, want func(string) bool) []string {
	parent := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range graph[p] {
			if _, seen := parent[q]; seen {
				continue
			}
			parent[q] = p
			if want(q) {
				var chain []string
				for c := q; c != ""; c = parent[c] {
					chain = append(chain, strings.TrimPrefix(c, module))
				}
				slices.Reverse(chain)
				return chain
			}
			queue = append(queue, q)
		}
	}
	return nil
}

// The calculators are siblings over shared domain packages (serving,
// cluster, the engines and catalogs): no view builds on another, so that
// each can change, and a new one be added, without moving the others.
func TestViewsImportNoOtherView(t *testing.T) {
	graph := imports(t)
	for _, name := range views {
		if _, ok := graph[module+"wasm/"+name]; !ok {
			t.Fatalf("no package wasm/%s", name)
		}
	}
	for _, name := range views {
		v := module + "wasm/" + name
		other := func(p string) bool { return isView(p) && p != v }
		if chain := chainTo(graph, v, other); chain != nil {
			t.Errorf("%s imports another view: %s", strings.TrimPrefix(v, module), strings.Join(chain, " → "))
		}
	}
}

// belowViews are packages that stand below every view: the domain
// packages the views share, and the site data with its loading and
// checks (sitedata, dataset, accuracy), which hold every calculator's
// data without its view; the calculators resolve their presets above
// them (CheckPresets).
var belowViews = []string{"serving", "cluster", "apicompare", "sitedata", "dataset", "accuracy"}

// The domain packages the views share, and the site data with its
// checks, stand below every view.
func TestSharedDomainPackagesImportNoView(t *testing.T) {
	graph := imports(t)
	for _, name := range belowViews {
		p := module + "wasm/" + name
		if _, ok := graph[p]; !ok {
			t.Fatalf("no package wasm/%s", name)
		}
		if chain := chainTo(graph, p, isView); chain != nil {
			t.Errorf("wasm/%s imports a view: %s", name, strings.Join(chain, " → "))
		}
	}
}
