package browsertest

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestThemeMenuSwitchesPageAndChartsAndIsRemembered picks dark and light
// in the header's menu against the system's setting: the page's colours
// and the chart's text follow at once, a reload keeps the choice, and
// "System colours" follows the system again. The first frame after a
// reload is already in the picked theme.
func TestThemeMenuSwitchesPageAndChartsAndIsRemembered(t *testing.T) {
	ctx, page := browser(t)
	system := func(scheme string) {
		cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
	}
	// The page's background, the chart's text and axis labels, the menu.
	const probe = `(async () => { const box = document.querySelector('.chart-box'); box.scrollIntoView(); await nextFrames(3);
		const o = echarts.getInstanceByDom(box).getOption();
		return [getComputedStyle(document.body).backgroundColor, o.textStyle.color, o.yAxis[0].axisLabel.color, document.getElementById('theme').value].join(' | '); })()`
	pick := func(theme string) {
		eval[int](t, ctx, `(() => { const s = document.getElementById('theme'); s.value = '`+theme+`'; s.dispatchEvent(new Event('change')); return 0; })()`)
	}
	const light, dark = "rgb(255, 255, 255) | #1f2937 | #1f2937", "rgb(17, 24, 39) | #e5e7eb | #e5e7eb"
	check := func(step, want string) {
		t.Helper()
		if got := evalAsync[string](t, ctx, probe); got != want {
			t.Errorf("%s: got %q; want %q", step, got, want)
		}
	}

	// The first frame's background: a theme applied later would flash.
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{
		Source: `requestAnimationFrame(() => { window.__firstFrame = getComputedStyle(document.body || document.documentElement).backgroundColor; });`,
	}); err != nil {
		t.Fatal(err)
	}
	firstFrame := func(step, want string) {
		t.Helper()
		if got := eval[string](t, ctx, `window.__firstFrame`); got != want {
			t.Errorf("%s: the first frame's background is %q; want %q", step, got, want)
		}
	}

	system("light")
	waitReady(ctx, t, page)
	check("light system", light+" | ")
	pick("dark")
	check("dark picked", dark+" | dark")
	waitReady(ctx, t, page)
	check("dark picked, reloaded", dark+" | dark")
	firstFrame("dark picked, reloaded", "rgb(17, 24, 39)")
	// A picked dark theme is for the screen: the printed handout is light.
	cdpCall(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print",
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "light"}}})
	if got := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); got != "rgb(255, 255, 255)" {
		t.Errorf("dark picked, printed: the background is %q; want white", got)
	}
	system("dark")
	pick("light")
	check("light picked on a dark system", light+" | light")
	waitReady(ctx, t, page)
	check("light picked on a dark system, reloaded", light+" | light")
	firstFrame("light picked on a dark system, reloaded", "rgb(255, 255, 255)")
	pick("")
	check("system colours on a dark system", dark+" | ")
}
