// The page's words and dates: the messages app.js shows (content/i18n's
// app.* keys, sent in the page as #ui-text) and dates the page language's
// way, as the engine writes them (package msg).

const uiText = JSON.parse((document.getElementById("ui-text") || {}).textContent || "{}");

// t returns the page's message of key with its {name} placeholders
// filled from args.
export function t(key, args) {
  return (uiText[key] || key).replace(/\{([a-z]+)\}/g, function (m, name) {
    return args && name in args ? String(args[name]) : m;
  });
}
// day writes a date given as YYYY-MM-DD the page language's way
// (30.11.2026 in German).
export function day(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
  return m && document.documentElement.lang === "de" ? m[3] + "." + m[2] + "." + m[1] : iso;
}
