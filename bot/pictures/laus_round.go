package pictures

import (
	"fmt"
	"image"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/engine/laus"
)

// LausRound is a finished Laus round as its picture shows it: what the
// round's summary says in words, nothing more. Piles are shown by their
// queens and jacks only (the cards that decide bonuses and tricks), which
// were face up in the tricks or are named by the summary (the skat's).
type LausRound struct {
	// Lang is the language of the picture's own words (the others come
	// written); it is part of the picture cache's key.
	Lang       lang.Lang  `json:"lang"`
	Title      string     `json:"title"`      // e.g. "Laus · table ab12 · match 1 · round 3"
	Multiplier string     `json:"multiplier"` // e.g. "×4: 1 skat pass, 1 player without a trick"
	Skat       string     `json:"skat"`       // e.g. "Skat 7♣ Q♥ went to Ada", or ""
	Seats      []LausSeat `json:"seats"`
}

// LausSeat is one seat's share of a round.
type LausSeat struct {
	Name       string      `json:"name"`
	Cards      []laus.Card `json:"cards"` // the queens and jacks in the seat's pile
	Tricks     int         `json:"tricks"`
	CardPoints int         `json:"card_points"`
	Bonus      int         `json:"bonus"`     // queen bonus kept
	Cancelled  int         `json:"cancelled"` // queen bonus lost to Q♦ (0: none)
	Score      int         `json:"score"`     // the round score, multiplier applied
	Total      int         `json:"total"`
}

// Laus round scene geometry, in pixels.
const (
	lausTile    = 52
	lausCardGap = 4
	lausNameW   = 150
	lausCardsW  = 8 * (lausTile + lausCardGap) // all four queens and four jacks fit
	lausRowH    = lausTile + 30
	lausHeadH   = 84
	lausMargin  = 16
	lausWidth   = 2*lausMargin + lausNameW + lausCardsW + 250
)

// LausRoundPicture draws a round's summary: each seat's queens and jacks,
// its tricks, card points, bonus, round score and total, under the round's
// multiplier.
func LausRoundPicture(r LausRound) PNG {
	l := r.Lang
	return cached("laus-round", r, func() PNG {
		h := lausHeadH + len(r.Seats)*lausRowH + lausMargin
		s := newScene(lausWidth, h)
		inner := lausWidth - 2*lausMargin
		s.text(s.title, lausMargin, 30, inner, ink, r.Title)
		s.text(s.body, lausMargin, 54, inner, gold, r.Multiplier)
		if r.Skat != "" {
			s.text(s.small, lausMargin, 74, inner, inkDim, r.Skat)
		}
		for i, seat := range r.Seats {
			top := lausHeadH + i*lausRowH
			back := felt
			if i%2 == 0 {
				back = feltLight
				s.fill(image.Rect(lausMargin/2, top, lausWidth-lausMargin/2, top+lausRowH-4), back)
			}
			y := top + 12
			s.text(s.body, lausMargin, y+20, lausNameW-8, ink, seat.Name)
			s.text(s.small, lausMargin, y+40, lausNameW-8, inkDim, l.N("laus.count.tricks", seat.Tricks))
			x := lausMargin + lausNameW
			if len(seat.Cards) == 0 {
				s.text(s.small, x, y+lausTile/2+5, lausCardsW, inkDim, l.T("laus.picture.no_queen_no_jack"))
			}
			for _, c := range seat.Cards {
				s.lausCard(image.Pt(x, y), c, lausTile, back)
				x += lausTile + lausCardGap
			}
			nx := lausMargin + lausNameW + lausCardsW + 8
			line := l.T("laus.picture.card_points", "Points", seat.CardPoints)
			switch {
			case seat.Cancelled > 0:
				line += " · " + l.T("laus.picture.bonus_lost", "Bonus", seat.Cancelled)
			case seat.Bonus > 0:
				line += " · " + l.T("laus.picture.bonus", "Bonus", seat.Bonus)
			}
			s.text(s.small, nx, y+16, lausWidth-nx-lausMargin, inkDim, line)
			s.text(s.body, nx, y+38, lausWidth-nx-lausMargin, ink, l.T("laus.picture.round", "Score", fmt.Sprintf("%+d", seat.Score)))
			s.text(s.body, nx+120, y+38, lausWidth-nx-120-lausMargin, gold, l.T("laus.picture.total", "Total", seat.Total))
		}
		return encode("laus-round", paletted(s.img))
	})
}
