// Command importprices brings content/data/api-genai.yaml, the snapshot
// of the npm package @pydantic/genai-prices, up to the installed version
// of the package (make prices): prices that changed become new history
// rows from the day of the import, and a Markdown summary of the changes
// is written for the weekly pull request (.github/workflows/prices.yml).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/infercost/infercost/wasm/apiprices"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "importprices:", err)
		os.Exit(1)
	}
}

// pkgDir is the installed package, relative to the repository.
const pkgDir = "node_modules/@pydantic/genai-prices"

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("importprices", flag.ContinueOnError)
	root := fl.String("root", ".", "the repository: node_modules and gen/importprices/dump.mjs")
	out := fl.String("out", "content/data/api-genai.yaml", "the snapshot to bring up to date")
	summary := fl.String("summary", "", "write the changes as Markdown to this file")
	today := fl.String("date", time.Now().UTC().Format(time.DateOnly), "the day of the import, YYYY-MM-DD")
	if err := fl.Parse(args); err != nil {
		return err
	}
	var pkg struct{ Version, License string }
	b, err := os.ReadFile(filepath.Join(*root, pkgDir, "package.json"))
	if err != nil {
		return fmt.Errorf("%w (run npm ci)", err)
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return fmt.Errorf("%s/package.json: %w", pkgDir, err)
	}
	dump := exec.CommandContext(ctx, "node", filepath.Join(*root, "gen/importprices/dump.mjs"))
	dump.Stderr = os.Stderr
	b, err = dump.Output()
	if err != nil {
		return fmt.Errorf("node dump.mjs: %w", err)
	}
	var providers []dsProvider
	if err := json.Unmarshal(b, &providers); err != nil {
		return fmt.Errorf("the dataset's providers: %w", err)
	}
	cat, models, skipped, err := read(providers, pkg.Version, *today)
	if err != nil {
		return err
	}
	var old apiprices.Catalog
	prev, err := os.ReadFile(*out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return err
	default:
		if err := yaml.Unmarshal(prev, &old); err != nil {
			return fmt.Errorf("%s: %w", *out, err)
		}
	}
	next, rep := update(old, oldVersion(prev), cat, models, pkg.Version, *today)
	rep.Skipped = skipped
	enc, err := encode(next, pkg.Version, pkg.License)
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, enc, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d priced models from %d providers (@pydantic/genai-prices %s); %d price changes\n%s",
		*out, rep.Models, rep.Providers, pkg.Version, len(rep.Changes), rep.skippedText())
	if *summary != "" {
		return os.WriteFile(*summary, []byte(rep.Summary()), 0o644)
	}
	return nil
}
