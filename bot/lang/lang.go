package lang

import (
	"strings"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/text/language"
)

// A Lang is a language cardbot speaks. The zero value is English, the
// language every other locale falls back to.
type Lang uint8

// The languages cardbot speaks.
const (
	English Lang = iota
	German
)

// All lists every language, English first.
var All = []Lang{English, German}

// Code is the language's ISO 639-1 code, as the catalogue's folders and the
// server setting name it.
func (l Lang) Code() string {
	if l == German {
		return "de"
	}
	return "en"
}

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() language.Tag {
	if l == German {
		return language.German
	}
	return language.English
}

// Locale is the Discord locale that a command's German name and
// description are registered under (English is the command's own text).
func (l Lang) Locale() discordgo.Locale {
	if l == German {
		return discordgo.German
	}
	return discordgo.EnglishUS
}

// Of is the language a person with Discord locale loc reads: German for
// "de", English for every other locale (Discord has no locale for Austria
// or Switzerland; its "de" is all of German).
func Of(loc discordgo.Locale) Lang {
	if strings.HasPrefix(strings.ToLower(string(loc)), "de") {
		return German
	}
	return English
}

// Parse reads a language code as the server setting stores it ("en",
// "de"); ok is false for anything else.
func Parse(code string) (l Lang, ok bool) {
	for _, l := range All {
		if l.Code() == code {
			return l, true
		}
	}
	return English, false
}
