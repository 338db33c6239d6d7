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
		"/api/v1/tco": "api", "/api/v1": "api", "/api/v1/nope?x=1": "api", "/api/v2/tco": "api", "/api/x": "api", "/api/index.htm": "api",
		"/api/": "files", "/api/index.html": "files",
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

// pathOf answers with the method and path it was asked for.
var pathOf = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, r.Method+" "+r.URL.Path) })

// A calculator's index.html with a query is its folder's page, and HEAD
// is served as GET (the server drops the body); outside the API, a method
// other than GET and HEAD is 405 with Allow.
func TestIndexHTMLHeadAndOtherMethods(t *testing.T) {
	srv := httptest.NewServer(edge.Handler{API: pathOf, Pages: pathOf, Files: pathOf})
	defer srv.Close()
	for _, c := range []struct{ method, path, want string }{
		{"GET", "/tco/index.html?a.n=8", "GET /tco/"}, {"GET", "/de/memory/index.html?ed=2026-11-30", "GET /de/memory/"},
		{"GET", "/tco/index.html", "GET /tco/index.html"}, {"POST", "/api/v1/tco", "POST /api/v1/tco"},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, nil)
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(b) != c.want {
			t.Errorf("%s %s: %q; want %q", c.method, c.path, b, c.want)
		}
	}
	// HEAD reaches the handler as GET; the server sends no body.
	res, err := srv.Client().Head(srv.URL + "/api/v1/tco")
	if err != nil || res.StatusCode != 200 || res.ContentLength != int64(len("GET /api/v1/tco")) {
		t.Errorf("HEAD: %v %v", res, err)
	}
	for _, path := range []string{"/", "/tco/?a.n=2", "/card/tco.png"} {
		for _, method := range []string{"POST", "PUT", "DELETE", "OPTIONS", "PATCH"} {
			req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader("x"))
			res, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 405 || res.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: %d, Allow %q", method, path, res.StatusCode, res.Header.Get("Allow"))
			}
		}
	}
}
