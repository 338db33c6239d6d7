// Package msgtest gives tests the message catalogs that gen publishes, so
// that a test of German output reads the same words a German page shows.
package msgtest

import (
	"io/fs"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/infercost/infercost/content"
	"github.com/infercost/infercost/wasm/msg"
)

// German returns the German catalog, content/i18n/de.yaml, failing t
// when it cannot be read.
func German(t testing.TB) *msg.Catalog {
	t.Helper()
	b, err := fs.ReadFile(content.FS, "i18n/de.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return msg.New("de", m)
}
