package pictures

import (
	"image"
	"image/color"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/engine/laro"
)

// LaroEnd is the end of a Laro game as its picture shows it. Everything in
// it is face up once the game is over: it is drawn only then.
type LaroEnd struct {
	Title   string     `json:"title"`   // e.g. "Laro · table ab12 · game 3"
	Outcome string     `json:"outcome"` // e.g. "Ada wins with 12 points"
	Seats   []LaroSeat `json:"seats"`
	// Winner is the winning seat (-1: none); its row shows WinClusters,
	// framed in gold, instead of its hand and laid clusters.
	Winner      int           `json:"winner"`
	WinClusters [][]laro.Card `json:"win_clusters"`
	// Lang is the language of the picture's own words ("winner"); it is
	// part of the cache key, so a German table never gets an English
	// picture of the same game.
	Lang lang.Lang `json:"lang"`
}

// LaroSeat is one seat at the end of a game.
type LaroSeat struct {
	Name string        `json:"name"`
	Note string        `json:"note"` // e.g. "dealer", "left the game"
	Laid [][]laro.Card `json:"laid"`
	Hand []laro.Card   `json:"hand"`
}

// Laro end scene geometry, in pixels.
const (
	laroTile     = 56  // a card
	laroCardGap  = 4   // between cards of a group
	laroGroupGap = 18  // between groups
	laroNameW    = 150 // the name column
	laroRowH     = laroTile + 28
	laroHeadH    = 64
	laroMargin   = 16
	laroWidth    = laroMargin*2 + laroNameW + 9*laroTile + 6*laroCardGap + 3*laroGroupGap
)

// LaroEndPicture draws every seat's cards at the end of a game: laid
// clusters framed, then the hand; the winner's three clusters framed in gold.
func LaroEndPicture(e LaroEnd) PNG {
	return cached("laro-end", e, func() PNG {
		h := laroHeadH + len(e.Seats)*laroRowH + laroMargin
		s := newScene(laroWidth, h)
		s.text(s.title, laroMargin, 30, laroWidth-2*laroMargin, ink, e.Title)
		s.text(s.body, laroMargin, 54, laroWidth-2*laroMargin, gold, e.Outcome)
		for i, seat := range e.Seats {
			top := laroHeadH + i*laroRowH
			win := i == e.Winner
			if win {
				s.fill(image.Rect(laroMargin/2, top, laroWidth-laroMargin/2, top+laroRowH-6), feltLight)
			}
			cardsTop := top + 10
			nameY := cardsTop + laroTile/2
			s.text(s.body, laroMargin, nameY, laroNameW-8, ink, seat.Name)
			note, noteInk := seat.Note, inkDim
			if win {
				note, noteInk = e.Lang.T("pictures.laro.winner"), gold
				if seat.Note != "" {
					note += " · " + seat.Note
				}
			}
			if note != "" {
				s.text(s.small, laroMargin, nameY+18, laroNameW-8, noteInk, note)
			}
			x := laroMargin + laroNameW
			showWin := win && len(e.WinClusters) > 0 // not when everyone else left
			groups, framed := seat.Laid, frameDim
			if showWin {
				groups, framed = e.WinClusters, gold
			}
			back := felt
			if win {
				back = feltLight
			}
			for _, g := range groups {
				x = s.laroGroup(x, cardsTop, g, framed, back)
			}
			if !showWin && len(seat.Hand) > 0 {
				s.laroGroup(x, cardsTop, seat.Hand, color.NRGBA{}, back)
			}
		}
		return encode("laro-end", paletted(s.img))
	})
}

// laroGroup draws cards side by side from x, in a frame of colour frame
// unless it is transparent, and returns where the next group starts.
func (s *scene) laroGroup(x, y int, cards []laro.Card, frame, back color.NRGBA) int {
	start := x
	for _, c := range cards {
		s.laroCard(image.Pt(x, y), c, laroTile, back)
		x += laroTile + laroCardGap
	}
	if frame.A != 0 && len(cards) > 0 {
		s.frame(image.Rect(start-3, y-3, x-laroCardGap+3, y+laroTile+3), 2, frame)
	}
	return x - laroCardGap + laroGroupGap
}
