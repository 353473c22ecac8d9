package laro

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	rules "github.com/cardbot/cardbot/engine/laro"
)

// TestHandTextAsBefore checks that the hand's card rows and hints, now
// written into one builder, read exactly as the fmt-based code wrote them.
func TestHandTextAsBefore(t *testing.T) {
	var s laroScreen
	for _, hand := range []string{"C+4 C+5 C+6 S-9 V V", "C-1 T+3 T+4 S-7 S-8 S-9 V", "T-2", "V", ""} {
		cs, err := rules.ParseCards(hand)
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for _, h := range rules.Hints(cs) {
			var b strings.Builder
			s.writeHint(&b, h)
			got = append(got, b.String())
			if h.Kind != rules.NoKind {
				want = append(want, fmt.Sprintf("%s → %s ✅", s.cards(h.Cards), h.Kind))
				continue
			}
			var needs []string
			for _, n := range h.Needs {
				if c, err := rules.ParseCard(n); err == nil {
					needs = append(needs, s.card(c))
				}
			}
			want = append(want, fmt.Sprintf("%s → needs %s", s.cards(h.Cards), strings.Join(needs, " / ")))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("hints of %q:\n%s\nwant\n%s", hand, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		var rows []string
		for _, suit := range []rules.Suit{rules.Circle, rules.Triangle, rules.Square} {
			var in []rules.Card
			for _, c := range cs {
				if !c.IsVoid() && c.Suit() == suit {
					in = append(in, c)
				}
			}
			if len(in) > 0 {
				rows = append(rows, fmt.Sprintf("%s %s  %s", suit.Symbol(), suitName(s.Lang, suit), s.cards(in)))
			}
		}
		var voids []rules.Card
		for _, c := range cs {
			if c.IsVoid() {
				voids = append(voids, c)
			}
		}
		if len(voids) > 0 {
			rows = append(rows, "Void  "+s.cards(voids))
		}
		if got, want := s.suitRows(cs), strings.Join(rows, "\n"); got != want {
			t.Errorf("rows of %q:\n%s\nwant\n%s", hand, got, want)
		}
	}
}

// TestHintsFieldFitsWithEmojisOrAsText draws the hints of random hands with
// card emojis: the field shows them with emojis when those fit in Discord's
// 1,024 characters, and otherwise exactly as text, never cut.
func TestHintsFieldFitsWithEmojisOrAsText(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	deck := make([]rules.Card, rules.NumCards)
	for i := range deck {
		deck[i] = rules.Card(i + 1)
	}
	withEmojis, asText := laroScreen{Emojis: keyEmojis}, laroScreen{}
	var emojiFields, textFields int
	for range 2000 {
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		hints := rules.FirstHints(deck[:rules.HandSize+r.IntN(2)], maxHints)
		if len(hints) == 0 {
			continue
		}
		if r.IntN(3) == 0 {
			// Longer hints than hands make: with these short test emojis,
			// hints that cannot fit by far are met too.
			for i := range hints {
				more := make([]string, 0, 6)
				for _, c := range deck[20 : 20+r.IntN(6)] {
					more = append(more, c.String())
				}
				hints[i].Needs = append(slices.Clip(hints[i].Needs), more...)
			}
		}
		var full strings.Builder
		for i, h := range hints {
			if i > 0 {
				full.WriteByte('\n')
			}
			withEmojis.writeHint(&full, h)
		}
		got, text := withEmojis.hintLines(hints), asText.hintLines(hints)
		switch fits := utf8.RuneCountInString(full.String()) <= 1024; {
		case fits && got != full.String():
			t.Fatalf("hints that fit with emojis were drawn as\n%s\nwant\n%s", got, full.String())
		case !fits && got != text:
			t.Fatalf("hints too long with emojis were drawn as\n%s\nwant the text\n%s", got, text)
		case fits:
			emojiFields++
		default:
			textFields++
		}
	}
	if emojiFields == 0 || textFields == 0 {
		t.Errorf("%d fields with emojis, %d as text: both cases must be met", emojiFields, textFields)
	}
}
