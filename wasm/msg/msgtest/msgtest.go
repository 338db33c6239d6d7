// Package msgtest gives tests the message catalogs that gen publishes, so
// that a test of German output reads the same words a German page shows.
package msgtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/infercost/infercost/wasm/msg"
)

// German returns the German catalog, content/i18n/de.yaml, failing t
// when it cannot be read.
func German(t testing.TB) *msg.Catalog {
	t.Helper()
	// The catalog's path from this file's, so that any package's test
	// finds it whatever its working directory.
	_, self, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(self), "..", "..", "..", "content", "i18n", "de.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return msg.New("de", m)
}
