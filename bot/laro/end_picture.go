package laro

import (
	"github.com/cardbot/cardbot/bot/pictures"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// The final table message of a game shows a picture of every seat's cards:
// laid clusters, the hand, and the winner's three clusters framed in gold.
// Hands are hidden while the game runs, so screenOf reveals them (Revealed)
// only once the engine says the game is over; the public view of a running
// game has no hands to draw. The embed still says the outcome in words.

// revealedHands returns every seat's hand once g is over, and nil before.
func revealedHands(g *rules.Game) [][]rules.Card {
	if !g.Over() {
		return nil
	}
	hands := make([][]rules.Card, g.Config().Seats)
	for s := range hands {
		hands[s] = g.Hand(s)
	}
	return hands
}

// withEndPicture attaches the end-of-game picture to the table message r
// of screen s, if the game is over.
func withEndPicture(r ui.Rendering, s laroScreen) ui.Rendering {
	v := s.View
	if v.Phase != rules.PhaseOver || len(s.Revealed) != len(s.Seats) {
		return r
	}
	png := pictures.LaroEndPicture(endScene(s))
	return r.AttachPicture(png.Name, png.Data)
}

// endScene is what the end picture shows of screen s. Players are named by
// their display names: a mention would show as a number in a picture.
func endScene(s laroScreen) pictures.LaroEnd {
	v, l := s.View, s.Lang
	e := pictures.LaroEnd{
		Title:  tableTitle(l, s.TableID, s.GameNo),
		Winner: v.Winner, WinClusters: v.WinClusters, Lang: l,
	}
	name := func(i int) string {
		if i < 0 || i >= len(s.Seats) {
			return l.T("laro.nobody")
		}
		return s.Seats[i].Name
	}
	switch v.End {
	case rules.EndWin:
		e.Outcome = l.T("laro.picture.wins", "Name", name(v.Winner), "Points", l.N("laro.points", v.Points))
		if v.Seats == 1 {
			e.Outcome += l.N("laro.picture.in_turns", v.Turns)
		}
	case rules.EndDefault:
		e.Outcome = l.T("laro.picture.by_default", "Name", name(v.Winner))
	case rules.EndDeckOut:
		e.Outcome = l.T("laro.picture.deck_out")
	default:
		e.Outcome = l.T("laro.picture.abandoned")
	}
	for i, seat := range s.Seats {
		ps := pictures.LaroSeat{Name: seat.Name, Hand: s.Revealed[i], Laid: v.Laid[i]}
		switch {
		case v.Forfeited[i]:
			ps.Note = l.T("laro.left_game")
		case seat.Computer:
			ps.Note = l.T("laro.computer")
		case i == v.Dealer:
			ps.Note = l.T("laro.dealer")
		}
		e.Seats = append(e.Seats, ps)
	}
	return e
}
