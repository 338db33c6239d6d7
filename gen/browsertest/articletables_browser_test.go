package browsertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// brokenWordsProbe lists the table header cells of the page whose text
// breaks inside a word: a word (between spaces, hyphens and slashes,
// where a line may end) laid out on more than one line is wider than its
// cell.
const brokenWordsProbe = `(() => {
	const broken = [];
	for (const th of document.querySelectorAll('main .prose th')) {
		if (!th.getClientRects().length) continue;
		const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			for (const m of n.data.matchAll(/[^\s\-\/–]+/g)) {
				const r = document.createRange();
				r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
				const lines = new Set([...r.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top)));
				if (lines.size > 1) { broken.push(th.textContent.trim().slice(0, 40) + ': ' + m[0] + ' on ' + lines.size + ' lines'); break; }
			}
		}
	}
	return broken;
})()`

// No article's table header wraps inside a word on a 390 px phone (issue
// 45 saw one broken to a letter a line): a table wider than the phone
// scrolls in its box, its columns as wide as their longest words. The
// articles are every folder of /articles/ in both languages.
func TestArticleTableHeadersKeepTheirWordsOnAPhone(t *testing.T) {
	ctx, page := browser(t)
	root := strings.TrimSuffix(page, "tco/")
	out := buildSite(t, "/sub/")
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1), chromedp.EmulateMobile))
	tables := 0
	for _, dir := range []string{"articles", "de/articles"} {
		entries, err := os.ReadDir(filepath.Join(out, dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			p := dir + "/" + e.Name() + "/"
			do(t, ctx, chromedp.Navigate(root+p))
			tables += eval[int](t, ctx, `document.querySelectorAll('main .prose th').length`)
			if broken := eval[[]string](t, ctx, brokenWordsProbe); len(broken) > 0 {
				t.Errorf("/%s at 390 px: %d header cells break inside a word, e.g. %q", p, len(broken), broken[:min(5, len(broken))])
			}
		}
	}
	if tables == 0 {
		t.Fatal("no article has a table header: the probe checked nothing")
	}
}
