package site

import (
	"fmt"
	"net/url"
	"strings"
)

// Origin returns siteURL's scheme and host, the origin that the base
// path follows in the site's absolute URLs. siteURL may give the base
// path too (https://infercost.github.io/infercost); then it must be base.
func Origin(siteURL, base string) (string, error) {
	u, err := url.Parse(siteURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("site URL %q: want http(s)://host, optionally with the base path", siteURL)
	}
	if p := strings.Trim(u.Path, "/"); p != "" && p != strings.Trim(base, "/") {
		return "", fmt.Errorf("site URL %q ends in /%s/, the base path is %s", siteURL, p, base)
	}
	return u.Scheme + "://" + u.Host, nil
}
