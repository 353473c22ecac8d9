package laus

import (
	"image"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/cardface"
	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/emojis"
	"github.com/cardbot/cardbot/bot/lang"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// FaceKey names a Laus card's face in words a screen reader says well:
// "jack_clubs", "ten_hearts".
func FaceKey(c rules.Card) string {
	if int(c) < len(faceKeys) {
		return faceKeys[c]
	}
	return faceKey(c)
}

// faceKeys are every card's key, made once (see Laro's).
var faceKeys = func() (keys [33]string) {
	for c := range keys {
		keys[c] = faceKey(rules.Card(c))
	}
	return keys
}()

func faceKey(c rules.Card) string {
	if !c.Valid() {
		return ""
	}
	return rankWords[c.Rank()] + "_" + suitWords[c.Suit()]
}

var (
	rankWords = map[rules.Rank]string{rules.Seven: "seven", rules.Eight: "eight", rules.Nine: "nine", rules.Ten: "ten",
		rules.Jack: "jack", rules.Queen: "queen", rules.King: "king", rules.Ace: "ace"}
	suitWords = map[rules.Suit]string{rules.Clubs: "clubs", rules.Spades: "spades", rules.Hearts: "hearts", rules.Diamonds: "diamonds"}
)

// Faces are Laus's 32 card faces as emojis.
func Faces() []catalog.Face {
	var fs []catalog.Face
	for c := rules.Card(1); c <= 32; c++ {
		fs = append(fs, catalog.Face{Key: FaceKey(c), Text: c.Symbol(), Draw: func() *image.NRGBA { return cardface.Laus(c) }})
	}
	return fs
}

// retiredFaceKeys are the keys Laus's faces had before they were named in
// words ("laus_jc"), deleted once the worded set is complete.
func retiredFaceKeys() []string {
	var keys []string
	for c := rules.Card(1); c <= 32; c++ {
		keys = append(keys, "laus_"+strings.ToLower(c.String()))
	}
	return keys
}

// cardEmoji is c's emoji for a button, if the set has it.
func cardEmoji(s *emojis.Set, c rules.Card) (discordgo.ComponentEmoji, bool) {
	return s.Lookup(FaceKey(c))
}

// cardText shows c in message text: its emoji inline or, without one, its
// label in l ("J♣", in German "B♣").
func cardText(l lang.Lang, s *emojis.Set, c rules.Card) string {
	return s.Text(FaceKey(c), cardLabel(l, c))
}

// rankLabels are the catalogue's short names of the picture cards: German
// writes B D K A (Bube, Dame, König, Ass) where English writes J Q K A.
// The numbers read the same in both.
var rankLabels = map[rules.Rank]string{rules.Jack: "laus.rank.jack", rules.Queen: "laus.rank.queen",
	rules.King: "laus.rank.king", rules.Ace: "laus.rank.ace"}

// cardLabel is c's short label in l, as on a button: "Q♠", in German "D♠".
func cardLabel(l lang.Lang, c rules.Card) string {
	id, ok := rankLabels[c.Rank()]
	if !ok || !c.Valid() {
		return c.Symbol()
	}
	return l.T(id) + c.Suit().Symbol()
}
