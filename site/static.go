package site

import "embed"

// Static holds the stylesheet and the page loader, published under assets/.
//
//go:embed static
var Static embed.FS

// ServiceWorker is the service worker's script below the base path: gen
// writes static/sw.js there after its manifest of the build's files. It
// sits at the base, not under assets/, so that its scope is the whole site.
const ServiceWorker = "sw.js"
