package emojis

import (
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// LaroKey names a Laro card's face: "laro_cp4" (circle, plus, 4),
// "laro_tm10", and "laro_v" for every Void (they share one face).
func LaroKey(c laro.Card) string {
	if c.IsVoid() {
		return "laro_v"
	}
	if !c.Valid() {
		return ""
	}
	half := "p"
	if !c.Plus() {
		half = "m"
	}
	return "laro_" + strings.ToLower(c.Suit().String()) + half + strconv.Itoa(c.Value())
}

// LausKey names a Laus card's face: "laus_jc", "laus_10h".
func LausKey(c laus.Card) string {
	if !c.Valid() {
		return ""
	}
	return "laus_" + strings.ToLower(c.String())
}

// face is one card face ready to upload.
type face struct {
	key  string
	text string // the card's text form, shown when the emoji is not
	png  []byte
	hash string // eight hex digits of the SHA-256 of the face's pixels
}

// name is the emoji's name: key and hash, at most 32 characters of
// [a-z0-9_] as Discord requires.
func (f face) name() string { return f.key + "_" + f.hash }

// parseName splits an emoji name made by name; ok is false for any emoji
// this package did not make.
func parseName(name string) (key, hash string, ok bool) {
	i := strings.LastIndexByte(name, '_')
	if i < 0 {
		return "", "", false
	}
	key, hash = name[:i], name[i+1:]
	if len(hash) != 8 || strings.Trim(hash, "0123456789abcdef") != "" || !knownKey(key) {
		return "", "", false
	}
	return key, hash, true
}

// knownKey reports whether key names a card face of either game.
func knownKey(key string) bool {
	_, ok := faceTexts()[key]
	return ok
}

// faceTexts maps the key of every card face of either game to its card's
// text form.
var faceTexts = sync.OnceValue(func() map[string]string {
	texts := map[string]string{}
	for _, c := range laro.Deck() {
		texts[LaroKey(c)] = c.Symbol()
	}
	for c := laus.Card(1); c <= 32; c++ {
		texts[LausKey(c)] = c.Symbol()
	}
	return texts
})

// Plain returns a replacer that turns the card emojis among list (an
// application's emojis, as Discord lists them), inline as a message shows
// them, back into their cards' text, as Set.Fit does for the bot itself: a
// reader of the bot's messages (the load generator) then reads the same text
// whether or not the bot had its emojis. Other emojis are left as they are.
func Plain(list []discordgo.Emoji) *strings.Replacer {
	var pairs []string
	for _, e := range list {
		if key, _, ok := parseName(e.Name); ok {
			pairs = append(pairs, inline(discordgo.ComponentEmoji{Name: e.Name, ID: e.ID}), faceTexts()[key])
		}
	}
	return strings.NewReplacer(pairs...)
}
