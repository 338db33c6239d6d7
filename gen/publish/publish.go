// Package publish writes a build's bytes into the site's output
// directory: files (WriteFile), assets named by their content hash
// (Site.Hashed), the static assets (Site.Assets), the calculators' engine
// and data editions (Site.Engine) and the service worker with its offline
// manifest (Site.ServiceWorker); and, for the edge worker to embed, the
// data editions and the built calculator pages (WriteWorkerData,
// CopyWorkerPages). Package sitebuild decides what to publish and when.
package publish

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Site is where a build publishes: its output directory, and the base
// path ("/" or "/repo/") that the published files' URLs start with.
type Site struct {
	Out  string
	Base string
}

// Hashed writes b as assets/NAME with its content hash before the
// extension, and returns its URL.
func (s Site) Hashed(name string, b []byte) (string, error) {
	ext := path.Ext(name)
	hashed := strings.TrimSuffix(name, ext) + "." + ContentHash(b) + ext
	if err := WriteFile(filepath.Join(s.Out, "assets", filepath.FromSlash(hashed)), b); err != nil {
		return "", err
	}
	return s.Base + "assets/" + hashed, nil
}

// ContentHash returns the first 12 hex digits of b's SHA-256, which name
// a version of a published file (the service worker checks them, sw.js).
func ContentHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// WriteFile writes b to the file name, making its directories first.
func WriteFile(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, b, 0o644)
}
