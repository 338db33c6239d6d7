package sitebuild

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// SiteHandler serves a built site under its base path, as GitHub Pages
// does: a path with no file gets the site's own 404 page, with status 404.
func SiteHandler(dir, base string) http.Handler {
	files := http.StripPrefix(strings.TrimSuffix(base, "/"), http.FileServer(http.Dir(dir)))
	mux := http.NewServeMux()
	mux.Handle(base, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, base)))
		if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			name = filepath.Join(name, "index.html")
		}
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			if notFound, err := os.ReadFile(filepath.Join(dir, "404.html")); err == nil {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write(notFound)
				return
			}
		}
		files.ServeHTTP(w, r)
	}))
	return mux
}
