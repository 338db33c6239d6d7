package sitebuild

import (
	"io/fs"

	"github.com/infercost/infercost/wasm/msg"
)

// What other packages (the command, the Markdown cases, the browser tests
// in gen/browsertest) use of the build's catalogs and language paths.

// Messages returns the Go source of the English catalog compiled into the
// engine (wasm/msg), from the catalogs in content.
func Messages(content fs.FS) ([]byte, error) {
	cs, err := loadCatalogs(content)
	if err != nil {
		return nil, err
	}
	return messagesSource(cs.engine("en"))
}

// Catalogs reads the message catalogs of content by language, each key
// → text with {name} placeholders, as the build reads them.
func Catalogs(content fs.FS) (map[string]map[string]string, error) {
	return loadCatalogs(content)
}

// MessageCatalogs reads the message catalogs of content by language as
// the pages speak them.
func MessageCatalogs(content fs.FS) (map[string]*msg.Catalog, error) {
	msgs, _, err := loadMessages(content)
	return msgs, err
}

// LangPath is where the page at path (below the base) is in language
// lang: English at the root, another language under its code.
func LangPath(lang, path string) string { return langPath(lang, path) }
