package laro

import (
	"strings"
	"unicode/utf8"

	"github.com/cardbot/cardbot/bot/emojis"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// The text of a hand's card rows and hints, written into one builder: the
// hand is drawn on nearly every click.

// maxHints is how many clusters-in-the-making a hand lists; more is noise.
const maxHints = 5

// writeCards writes cards in message text, separated by spaces: cards
// without the slice and the join, for the hand, which is drawn on nearly
// every click.
func (s laroScreen) writeCards(b *strings.Builder, cs []rules.Card) {
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.card(c))
	}
}

// hintLines writes hints one a line, with card emojis when they fit in an
// embed field, else as text: five hints of emojis (~45 characters a card)
// mostly overflow a field's 1,024 characters. The text is written first:
// it is short, and with the emoji set's shortest emoji it tells most
// often that the emojis cannot fit, which is then never tried (nor left to
// emojis.Set.Fit to rewrite), on nearly every hand drawn.
func (s laroScreen) hintLines(hints []rules.Hint) string {
	text := s.asText().writeHints(hints)
	if s.Emojis == nil {
		return text
	}
	// At least this many characters with emojis: the text's, each card's
	// symbol replaced by the shortest emoji.
	least := utf8.RuneCountInString(text)
	shortest := s.Emojis.ShortestText()
	for _, h := range hints {
		for _, c := range h.Cards {
			least += shortest - utf8.RuneCountInString(c.Symbol())
		}
		if h.Kind != rules.NoKind {
			continue // a cluster shows no needs (writeHint)
		}
		for _, n := range h.Needs {
			if c, err := rules.ParseCard(n); err == nil {
				least += shortest - utf8.RuneCountInString(c.Symbol())
			}
		}
	}
	if least > emojis.MaxFieldChars {
		return text
	}
	if withEmojis := s.writeHints(hints); utf8.RuneCountInString(withEmojis) <= emojis.MaxFieldChars {
		return withEmojis
	}
	return text
}

// writeHints writes hints one a line.
func (s laroScreen) writeHints(hints []rules.Hint) string {
	var b strings.Builder
	b.Grow(len(hints) * (6*s.cardSize() + 16)) // three cards, the needs, the arrow
	for i, h := range hints {
		if i > 0 {
			b.WriteByte('\n')
		}
		s.writeHint(&b, h)
	}
	return b.String()
}

// asText is the screen drawn without card emojis.
func (s laroScreen) asText() laroScreen {
	s.Emojis = nil
	return s
}

// writeHint writes a finished cluster with its kind, or a pair with the
// cards that would complete it.
func (s laroScreen) writeHint(b *strings.Builder, h rules.Hint) {
	s.writeCards(b, h.Cards)
	if h.Kind != rules.NoKind {
		b.WriteString(" → " + kindName(s.Lang, h.Kind) + " ✅")
		return
	}
	b.WriteString(" → " + s.Lang.T("laro.hand.needs") + " ")
	first := true
	for _, n := range h.Needs {
		if c, err := rules.ParseCard(n); err == nil {
			if !first {
				b.WriteString(" / ")
			}
			b.WriteString(s.card(c))
			first = false
		}
	}
}

// A card's text with a space is at most an emoji's <:name:id> (a name of 32
// characters, an ID of 20 digits) or a symbol such as "▲−10" (8 bytes); a
// row's label a suit's symbol and name. They size a hand's builders, which
// grew in steps on every hand drawn (a tenth of the bytes a click allocated).
const (
	emojiTextSize = 2 + 32 + 1 + 20 + 1 + 1
	cardTextSize  = 8 + 1
	rowLabelSize  = 24
)

// cardSize is the most bytes a card takes in s's text, with a space.
func (s laroScreen) cardSize() int {
	if s.Emojis != nil {
		return emojiTextSize
	}
	return cardTextSize
}

// suitRows groups a hand by suit for display, one line per suit, then its
// Voids.
func (s laroScreen) suitRows(hand []rules.Card) string {
	var b strings.Builder
	b.Grow(len(hand)*s.cardSize() + 4*rowLabelSize) // grown once, not at every row
	cs := make([]rules.Card, 0, len(hand))
	row := func(label string, keep func(rules.Card) bool) {
		cs = cs[:0]
		for _, c := range hand {
			if keep(c) {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			return
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(label)
		s.writeCards(&b, cs)
	}
	for _, suit := range []rules.Suit{rules.Circle, rules.Triangle, rules.Square} {
		row(suit.Symbol()+" "+suitName(s.Lang, suit)+"  ", func(c rules.Card) bool { return !c.IsVoid() && c.Suit() == suit })
	}
	row(s.Lang.T("laro.suit.void")+"  ", rules.Card.IsVoid)
	return b.String()
}
