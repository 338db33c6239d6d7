// Package seo writes what search engines and feed readers read besides
// the pages: the sitemap, robots.txt, an Atom feed per language, and the
// pages' structured data (schema.org as JSON-LD).
package seo

import (
	"encoding/xml"
	"net/url"
	"slices"
	"strings"

	"github.com/infercost/infercost/site"
	"github.com/infercost/infercost/wasm/edition"
	"github.com/infercost/infercost/wasm/fact"
	"github.com/infercost/infercost/wasm/msg"
)

// Page is a page that search engines list and feed readers follow.
type Page struct {
	Path, Title, Description string
	// Updated is the day the page last changed, YYYY-MM-DD.
	Updated string
	// Article marks an article (a methodology page), which the feed of
	// its language Lang lists.
	Article bool
	Lang    string
}

// urlset is sitemap.xml (sitemaps.org protocol 0.9).
type urlset struct {
	XMLName xml.Name     `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod"`
}

// Sitemap is sitemap.xml: every page under root with the day it last
// changed.
func Sitemap(root string, pages []Page) ([]byte, error) {
	var s urlset
	for _, p := range pages {
		s.URLs = append(s.URLs, sitemapURL{Loc: root + p.Path, LastMod: p.Updated})
	}
	return marshalXML(s)
}

// Robots is robots.txt: it allows every crawler everywhere and names the sitemap. Crawlers
// read robots.txt at a host's root only: under a project sub-path it is
// the host's own that counts, and this one is a pointer for tools.
func Robots(root string) []byte {
	return []byte("User-agent: *\nAllow: /\n\nSitemap: " + root + "sitemap.xml\n")
}

// atomFeed is an Atom 1.0 feed (RFC 4287).
type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Lang    string      `xml:"xml:lang,attr"`
	ID      string      `xml:"id"`
	Title   string      `xml:"title"`
	Updated string      `xml:"updated"`
	Author  atomPerson  `xml:"author"`
	Links   []atomLink  `xml:"link"`
	Entries []atomEntry `xml:"entry"`
}

type atomPerson struct {
	Name string `xml:"name"`
	URI  string `xml:"uri"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

type atomEntry struct {
	ID      string    `xml:"id"`
	Title   string    `xml:"title"`
	Updated string    `xml:"updated"`
	Link    atomLink  `xml:"link"`
	Summary *atomText `xml:"summary,omitempty"`
	Content *atomText `xml:"content,omitempty"`
}

// Feed is the Atom feed of one language.
type Feed struct {
	Root string       // the site's URL with its base path
	Msgs *msg.Catalog // the language's words
	// Home and Self are the URLs of the language's home page and of the
	// feed.
	Home, Self string
	// Edition returns the URL of a data edition's row in the changelog.
	Edition func(date string) string
	// EditionTag ends the tag URIs of the editions' entries.
	EditionTag string
}

// XML is the feed: the articles of its language among pages and the data
// editions, newest first. An edition's entry has a tag URI as its id,
// since no page of its own shows it, and links to its row of the
// changelog.
func (fd Feed) XML(pages []Page, editions edition.List) ([]byte, error) {
	root, m := fd.Root, fd.Msgs
	u, err := url.Parse(root)
	if err != nil {
		return nil, err
	}
	host := u.Hostname()
	f := atomFeed{Lang: m.Lang, ID: fd.Home, Title: m.T("layout.feed_title"),
		Author: atomPerson{Name: site.SiteName, URI: root},
		Links:  []atomLink{{Rel: "self", Type: "application/atom+xml", Href: fd.Self}, {Rel: "alternate", Type: "text/html", Href: fd.Home}}}
	for _, p := range pages {
		if p.Article && p.Lang == m.Lang {
			f.Entries = append(f.Entries, atomEntry{ID: root + p.Path, Title: p.Title, Updated: atomTime(p.Updated),
				Link: atomLink{Rel: "alternate", Type: "text/html", Href: root + p.Path}, Summary: &atomText{Type: "text", Text: p.Description}})
		}
	}
	id := ":" + fd.EditionTag
	for _, e := range editions.DataOnly() {
		f.Entries = append(f.Entries, atomEntry{ID: "tag:" + host + "," + e.Date + id, Title: m.F("doc.feed.edition", "date", m.Date(e.Date)),
			Updated: atomTime(e.Date), Link: atomLink{Rel: "alternate", Type: "text/html", Href: fd.Edition(e.Date)},
			Content: &atomText{Type: "text", Text: e.NoteIn(m.Lang)}})
	}
	slices.SortStableFunc(f.Entries, func(a, b atomEntry) int { return strings.Compare(b.Updated, a.Updated) })
	if len(f.Entries) > 0 {
		f.Updated = f.Entries[0].Updated
	}
	return marshalXML(f)
}

// FeedFile is the feed's file, in each language's folder.
const FeedFile = "feed.xml"

// atomTime is a day as an Atom date-time: its start, in UTC.
func atomTime(day string) string { return day + "T00:00:00Z" }

// marshalXML writes v as an XML document.
func marshalXML(v any) ([]byte, error) {
	b, err := xml.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(append([]byte(xml.Header), b...), '\n'), nil
}

// Structured data (schema.org as JSON-LD): what search engines read of a
// page beyond its text.

// SchemaOrg is the @context of every description.
const SchemaOrg = "https://schema.org"

// Organization is who publishes the site.
type Organization struct {
	Type string `json:"@type"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// WebSite is the home page's description of the site.
type WebSite struct {
	Context     string `json:"@context"`
	Type        string `json:"@type"`
	Name        string `json:"name"`
	URL         string `json:"url"`
	Description string `json:"description"`
	InLanguage  string `json:"inLanguage"`
}

// Article is an article's (a methodology page's) description.
type Article struct {
	Context       string       `json:"@context"`
	Type          string       `json:"@type"`
	Headline      string       `json:"headline"`
	Description   string       `json:"description"`
	URL           string       `json:"url"`
	Image         string       `json:"image,omitempty"`
	DatePublished string       `json:"datePublished"`
	DateModified  string       `json:"dateModified"`
	InLanguage    string       `json:"inLanguage"`
	Author        Organization `json:"author"`
	Publisher     Organization `json:"publisher"`
}

// Dataset describes a catalog: what it holds, the page that uses it,
// the data file the page downloads, and the sources of its figures.
type Dataset struct {
	Context      string         `json:"@context"`
	Type         string         `json:"@type"`
	Name         string         `json:"name"`
	Description  string         `json:"description"`
	URL          string         `json:"url"`
	DateModified string         `json:"dateModified"`
	Creator      Organization   `json:"creator"`
	IsBasedOn    []string       `json:"isBasedOn"`
	Distribution []DataDownload `json:"distribution"`
}

// DataDownload is a data file of a Dataset.
type DataDownload struct {
	Type           string `json:"@type"`
	EncodingFormat string `json:"encodingFormat"`
	ContentURL     string `json:"contentUrl"`
}

// Catalog returns a catalog's structured data: the page at pageURL uses
// it, the data file at dataURL holds it, sources are its sources.
func Catalog(root, pageURL, name, desc, updated, dataURL string, sources ...fact.Sources) Dataset {
	var urls []string
	for _, s := range sources {
		for _, src := range s {
			if src.URL != "" && !slices.Contains(urls, src.URL) {
				urls = append(urls, src.URL)
			}
		}
	}
	slices.Sort(urls)
	return Dataset{Context: SchemaOrg, Type: "Dataset", Name: name, Description: desc, URL: pageURL,
		DateModified: updated, Creator: Publisher(root), IsBasedOn: urls,
		Distribution: []DataDownload{{Type: "DataDownload", EncodingFormat: "application/json", ContentURL: dataURL}}}
}

// Publisher is the site at root as the publisher of its pages.
func Publisher(root string) Organization {
	return Organization{Type: "Organization", Name: site.SiteName, URL: root}
}
