package site

import "embed"

// Static holds the stylesheet and the page loader, published under assets/.
//
//go:embed static
var Static embed.FS
