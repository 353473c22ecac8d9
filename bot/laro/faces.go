package laro

import (
	"image"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/emojis"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// FaceKey names a Laro card's face in words a screen reader says well, as
// Discord reads an emoji's name aloud: "circle_plus_4", "triangle_minus_10",
// and "void" for every Void (they share one face).
func FaceKey(c rules.Card) string {
	if int(c) < len(faceKeys) {
		return faceKeys[c]
	}
	return faceKey(c)
}

// faceKeys are every card's key, made once: a hand is drawn on nearly
// every click, and each of its cards looks its face up.
var faceKeys = func() (keys [rules.NumCards + 1]string) {
	for c := range keys {
		keys[c] = faceKey(rules.Card(c))
	}
	return keys
}()

func faceKey(c rules.Card) string {
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
	return suitWords[c.Suit()] + "_" + half + "_" + strconv.Itoa(c.Value())
}

var suitWords = map[rules.Suit]string{rules.Circle: "circle", rules.Triangle: "triangle", rules.Square: "square"}

// Faces are Laro's card faces as emojis, in deck order: the 60 suited
// cards, then the Void.
func Faces() []catalog.Face {
	var fs []catalog.Face
	for _, c := range rules.Deck() {
		if c.IsVoid() && c != rules.VoidCard(0) {
			continue
		}
		fs = append(fs, catalog.Face{Key: FaceKey(c), Text: c.Symbol(), Draw: func() *image.NRGBA { return cardface.Laro(c) }})
	}
	return fs
}

// retiredFaceKeys are the keys Laro's faces had before they were named in
// words ("laro_cp4", "laro_v"): the emojis of these names are deleted once
// the worded set is complete, so the change of names replaced each face once.
func retiredFaceKeys() []string {
	keys := []string{"laro_v"}
	for _, c := range rules.Deck() {
		if c.IsVoid() {
			continue
		}
		half := "p"
		if !c.Plus() {
			half = "m"
		}
		keys = append(keys, "laro_"+strings.ToLower(c.Suit().String())+half+strconv.Itoa(c.Value()))
	}
	return keys
}

// cardEmoji is c's emoji for a button, if the set has it.
func cardEmoji(s *emojis.Set, c rules.Card) (discordgo.ComponentEmoji, bool) {
	return s.Lookup(FaceKey(c))
}

// cardText shows c in message text: its emoji inline or, without one, "●+4".
func cardText(s *emojis.Set, c rules.Card) string { return s.Text(FaceKey(c), c.Symbol()) }
