// Package bundle builds the ECharts script the pages load, at build time
// (gen): it runs esbuild, which must stay out of the packages that render
// pages at request time (package preview, and the edge worker).
package bundle

import (
	_ "embed"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/evanw/esbuild/pkg/api"
)

//go:embed entry.js
var entry string

// Script bundles the parts of ECharts listed in entry.js from the npm
// packages in modules into one minified script that defines the global
// echarts (echarts.init and echarts.getInstanceByDom).
func Script(modules string) ([]byte, error) {
	dir, err := filepath.Abs(modules)
	if err != nil {
		return nil, err
	}
	r := api.Build(api.BuildOptions{
		Stdin:             &api.StdinOptions{Contents: entry, ResolveDir: dir, Sourcefile: "entry.js"},
		NodePaths:         []string{dir},
		Bundle:            true,
		Format:            api.FormatIIFE,
		GlobalName:        "echarts",
		Target:            api.ES2017,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		// ECharts keeps its developer warnings behind this test.
		Define:   map[string]string{"process.env.NODE_ENV": `"production"`},
		LogLevel: api.LogLevelSilent,
	})
	if len(r.Errors) > 0 {
		var errs []error
		for _, m := range r.Errors {
			errs = append(errs, errors.New(m.Text))
		}
		return nil, fmt.Errorf("bundle ECharts from %s (run npm ci): %w", modules, errors.Join(errs...))
	}
	return r.OutputFiles[0].Contents, nil
}
