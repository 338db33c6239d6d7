package edge_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/infercost/infercost/wasm/api"
	"github.com/infercost/infercost/wasm/edge"
)

// named answers with its name, to see where a request went.
type named string

func (n named) ServeHTTP(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, string(n)) }

// Requests go to the API under /api/, to Pages for a calculator's page
// with a query (in any language) and for cards, and to Files otherwise.
func TestRequestsGoToTheirHandler(t *testing.T) {
	srv := httptest.NewServer(edge.Handler{API: named("api"), Pages: named("pages"), Files: named("files")})
	defer srv.Close()
	for path, want := range map[string]string{
		"/api/v1/tco": "api", "/api/v1": "api", "/api/v1/nope?x=1": "api",
		"/tco/?a.n=2": "pages", "/de/pricing/?ed=2026-11-30": "pages", "/memory/index.html?x": "pages", "/card/tco.png": "pages", "/de/card/tco.png?a.n=2": "pages",
		"/tco/": "files", "/tco/?": "files", "/": "files", "/?a=1": "files", "/tco-methodology/?a=1": "files",
		"/assets/app.js?v=1": "files", "/de/": "files", "/de/tco/": "files", "/xx/yy/tco/?a=1": "files", "/cards/tco.png": "files", "/articles/card/x": "files",
	} {
		res, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(b) != want {
			t.Errorf("%s went to %s; want %s", path, b, want)
		}
	}
}

// A panic in any handler is answered as a 500 problem that says nothing
// of the failure, and the server keeps serving.
func TestAPanicIsA500Problem(t *testing.T) {
	panicking := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("secret detail <script>") })
	srv := httptest.NewServer(edge.Handler{API: panicking, Pages: panicking, Files: named("files")})
	defer srv.Close()
	for _, path := range []string{"/api/v1/tco", "/tco/?a=1", "/"} {
		res, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if path == "/" {
			if string(b) != "files" {
				t.Errorf("after the panics: %q", b)
			}
			continue
		}
		var p api.Problem
		if res.StatusCode != 500 || res.Header.Get("Content-Type") != "application/problem+json" || json.Unmarshal(b, &p) != nil || p.Status != 500 {
			t.Errorf("%s: %d %s %s", path, res.StatusCode, res.Header.Get("Content-Type"), b)
		}
		if strings.Contains(string(b), "secret") {
			t.Errorf("%s: the problem tells the panic: %s", path, b)
		}
	}
}
