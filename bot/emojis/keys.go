package emojis

import (
	"strconv"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/engine/laus"
)

// LaroKey names a Laro card's face in words a screen reader says well, as
// Discord reads an emoji's name aloud: "circle_plus_4", "triangle_minus_10",
// and "void" for every Void (they share one face).
func LaroKey(c laro.Card) string {
	if int(c) < len(laroKeys) {
		return laroKeys[c]
	}
	return laroKey(c)
}

// laroKeys and lausKeys are every card's key, made once: a hand is drawn on
// nearly every click, and each of its cards looks its face up.
var (
	laroKeys [laro.NumCards + 1]string
	lausKeys [33]string
)

func init() {
	for c := range laroKeys {
		laroKeys[c] = laroKey(laro.Card(c))
	}
	for c := range lausKeys {
		lausKeys[c] = lausKey(laus.Card(c))
	}
}

func laroKey(c laro.Card) string {
	if c.IsVoid() {
		return "void"
	}
	if !c.Valid() {
		return ""
	}
	half := "plus"
	if !c.Plus() {
		half = "minus"
	}
	return laroSuitWords[c.Suit()] + "_" + half + "_" + strconv.Itoa(c.Value())
}

var laroSuitWords = map[laro.Suit]string{laro.Circle: "circle", laro.Triangle: "triangle", laro.Square: "square"}

// LausKey names a Laus card's face in words: "jack_clubs", "ten_hearts".
func LausKey(c laus.Card) string {
	if int(c) < len(lausKeys) {
		return lausKeys[c]
	}
	return lausKey(c)
}

func lausKey(c laus.Card) string {
	if !c.Valid() {
		return ""
	}
	return lausRankWords[c.Rank()] + "_" + lausSuitWords[c.Suit()]
}

var (
	lausRankWords = map[laus.Rank]string{laus.Seven: "seven", laus.Eight: "eight", laus.Nine: "nine", laus.Ten: "ten",
		laus.Jack: "jack", laus.Queen: "queen", laus.King: "king", laus.Ace: "ace"}
	lausSuitWords = map[laus.Suit]string{laus.Clubs: "clubs", laus.Spades: "spades", laus.Hearts: "hearts", laus.Diamonds: "diamonds"}
)

// oldKeys are the keys faces had before they were named in words
// ("laro_cp4", "laro_v", "laus_jc"). Sync deletes emojis of these names once
// the worded set is complete, so the change of names replaces each face once.
var oldKeys = sync.OnceValue(func() map[string]bool {
	keys := map[string]bool{"laro_v": true}
	for _, c := range laro.Deck() {
		if c.IsVoid() {
			continue
		}
		half := "p"
		if !c.Plus() {
			half = "m"
		}
		keys["laro_"+strings.ToLower(c.Suit().String())+half+strconv.Itoa(c.Value())] = true
	}
	for c := laus.Card(1); c <= 32; c++ {
		keys["laus_"+strings.ToLower(c.String())] = true
	}
	return keys
})

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
	key, hash, ok = splitName(name)
	if !ok || !knownKey(key) {
		return "", "", false
	}
	return key, hash, true
}

// oldName reports whether name is a face this package made under the names
// used before faces were named in words ("laro_cp4_1a2b3c4d").
func oldName(name string) bool {
	key, _, ok := splitName(name)
	return ok && oldKeys()[key]
}

// splitName splits name into a key and an eight-hex-digit hash.
func splitName(name string) (key, hash string, ok bool) {
	i := strings.LastIndexByte(name, '_')
	if i < 0 {
		return "", "", false
	}
	key, hash = name[:i], name[i+1:]
	if len(hash) != 8 || strings.Trim(hash, "0123456789abcdef") != "" {
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
