// Package lang holds every text a person reads from cardbot, in each
// language it speaks, and picks the language for a reader.
//
// The texts live in a message catalogue: TOML files under locales/<code>/,
// one file per area (laro.toml, laus.toml, table.toml, ...), embedded in the
// binary and read by github.com/nicksnyder/go-i18n with CLDR plural rules.
// A message's ID is its TOML path ("laro.hand.title"); its text is a Go
// text/template filled from name/value pairs ("{{.Name}}"). A message with
// "one" and "other" forms is plural and is read through N.
//
// Who reads which language (see Input.Lang and the table's public language):
// a private reply (a hand, an error, help) is in the clicker's Discord
// locale; a public message (a lobby, a table, a summary, a board) is in the
// server's language, chosen in /cardbot settings or else Discord's server
// locale. Any locale without a catalogue reads English.
//
// Adding a language: a locales/<code>/ folder with every file of
// locales/en/, a constant below, and its Discord locale in Of.
// TestEveryMessageHasEveryLanguage fails while a key lacks a translation.
package lang
