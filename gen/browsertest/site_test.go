package browsertest

import (
	"context"
	"os"
	"testing"

	"github.com/infercost/infercost/gen/sitebuild"
	"github.com/infercost/infercost/gen/sitetest"
)

// repoRoot is the module's root, from this package's folder.
const repoRoot = "../.."

// browserModule returns the built browser module (sitetest.Module); it
// skips the test under -short.
func browserModule(t testing.TB) string {
	t.Helper()
	return sitetest.Module(t, repoRoot)
}

// buildSite returns the real content built under base (see buildSiteWith).
func buildSite(t testing.TB, base string) string {
	t.Helper()
	return buildSiteWith(t, sitebuild.Config{Base: base})
}

// buildSiteWith returns the real content built with c's base and Hugging
// Face base into a folder shared by every test that asks for the same
// Config (sitetest.Shared); the tests must not write into it.
func buildSiteWith(t testing.TB, c sitebuild.Config) string {
	t.Helper()
	c.Content, c.Wasm, c.Modules, c.Version = repoRoot+"/content", browserModule(t), repoRoot+"/node_modules", "test"
	return sitetest.Shared(t, c, func(out string) error {
		c.Out = out
		_, err := sitebuild.Build(context.Background(), c)
		return err
	})
}

// TestMain removes the sites the tests shared, and stops the shared
// browser (see startBrowser).
func TestMain(m *testing.M) {
	code := m.Run()
	stopSharedBrowser()
	sitetest.Cleanup()
	os.Exit(code)
}

// servePreview serves the real content built under base as the edge
// worker serves it (sitetest.ServePreview).
func servePreview(t testing.TB, base string) sitetest.PreviewSite {
	t.Helper()
	out := buildSite(t, base)
	msgs, err := sitebuild.MessageCatalogs(os.DirFS(repoRoot + "/content"))
	if err != nil {
		t.Fatal(err)
	}
	return sitetest.ServePreview(t, out, base, repoRoot+"/content", sitebuild.SiteHandler(out, base), msgs["de"])
}
