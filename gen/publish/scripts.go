package publish

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// scriptEntries are the page scripts under site/static that import ES
// modules (site/static/js): gen publishes each as one bundle under its
// own name, so that a page loads its script in one request, minified.
var scriptEntries = map[string]bool{"app.js": true, "embed.js": true}

// scriptModules is the folder of the modules the entries import; it is
// bundled, not published.
const scriptModules = "js"

// staticNamespace is esbuild's name for files read from the static FS.
const staticNamespace = "static"

// bundleScript bundles the page script entry of static (site/static)
// with the modules it imports into one classic script (an IIFE, so that
// document.currentScript is its element while it runs, js/page.js),
// minified. It returns the script and the paths of the files in it. An
// import of a file that does not exist fails the bundle.
func bundleScript(static fs.FS, entry string) ([]byte, []string, error) {
	r := api.Build(api.BuildOptions{
		EntryPoints:       []string{entry},
		Bundle:            true,
		Format:            api.FormatIIFE,
		Target:            api.ES2017,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Metafile:          true,
		Outfile:           entry,
		LogLevel:          api.LogLevelSilent,
		Plugins:           []api.Plugin{staticFiles(static)},
	})
	if len(r.Errors) > 0 {
		var errs []error
		for _, m := range r.Errors {
			where := ""
			if m.Location != nil {
				where = fmt.Sprintf("%s:%d: ", m.Location.File, m.Location.Line)
			}
			errs = append(errs, errors.New(where+m.Text))
		}
		return nil, nil, fmt.Errorf("bundle site/static/%s: %w", entry, errors.Join(errs...))
	}
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(r.Metafile), &meta); err != nil {
		return nil, nil, err
	}
	var inputs []string
	for in := range meta.Inputs {
		inputs = append(inputs, strings.TrimPrefix(in, staticNamespace+":"))
	}
	sort.Strings(inputs)
	return r.OutputFiles[0].Contents, inputs, nil
}

// staticFiles has esbuild read the entry and its imports from static,
// the embedded site/static, resolving relative imports only: the page
// scripts import nothing from outside.
func staticFiles(static fs.FS) api.Plugin {
	return api.Plugin{Name: "static", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: ".*"}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			p := a.Path
			if a.Kind != api.ResolveEntryPoint {
				if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
					return api.OnResolveResult{}, fmt.Errorf("import %q: only relative imports of site/static's modules", p)
				}
				p = path.Join(path.Dir(a.Importer), p)
			}
			if _, err := fs.Stat(static, p); err != nil {
				return api.OnResolveResult{}, fmt.Errorf("import %q: no such module %s", a.Path, p)
			}
			return api.OnResolveResult{Path: p, Namespace: staticNamespace}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: ".*", Namespace: staticNamespace}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			src, err := fs.ReadFile(static, a.Path)
			if err != nil {
				return api.OnLoadResult{}, err
			}
			s := string(src)
			return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS}, nil
		})
	}}
}
