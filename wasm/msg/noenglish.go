//go:build noenglish

package msg

// The browser module is built with the tag noenglish: without en_gen.go,
// 68 KB of its data (20 KB gzip -9), it loads English as it loads any
// language, from the catalog gen publishes (UseEnglish).
var englishKeys, englishTexts [0]string
