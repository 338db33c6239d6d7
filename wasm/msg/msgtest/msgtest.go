// Package msgtest gives tests the message catalogs that gen publishes, so
// that a test of German output reads the same words a German page shows.
package msgtest

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/infercost/infercost/wasm/msg"
)

// German returns the German catalog, content/i18n/de.yaml, failing t
// when it cannot be read.
func German(t testing.TB) *msg.Catalog {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "content", "i18n", "de.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return msg.New("de", m)
}

// moduleRoot returns the folder of the module's go.mod, the first above
// the working directory (a test's is its package's folder): builds with
// -trimpath (Makefile) hold no source paths to find it from.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}
