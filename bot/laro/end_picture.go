package laro

import (
	"fmt"

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
	v := s.View
	e := pictures.LaroEnd{
		Title:  fmt.Sprintf("Laro · table %s · game %d", s.TableID, s.GameNo),
		Winner: v.Winner, WinClusters: v.WinClusters,
	}
	name := func(i int) string {
		if i < 0 || i >= len(s.Seats) {
			return "nobody"
		}
		return s.Seats[i].Name
	}
	switch v.End {
	case rules.EndWin:
		e.Outcome = fmt.Sprintf("%s wins with %s", name(v.Winner), ui.Count(v.Points, "point", "points"))
		if v.Seats == 1 {
			e.Outcome += ", in " + ui.Count(v.Turns, "turn", "turns")
		}
	case rules.EndDefault:
		e.Outcome = name(v.Winner) + " wins by default: everyone else left"
	case rules.EndDeckOut:
		e.Outcome = "The deck ran out a third time: no winner"
	default:
		e.Outcome = "The game was abandoned: no winner"
	}
	for i, seat := range s.Seats {
		ps := pictures.LaroSeat{Name: seat.Name, Hand: s.Revealed[i], Laid: v.Laid[i]}
		switch {
		case v.Forfeited[i]:
			ps.Note = "left the game"
		case seat.Computer:
			ps.Note = "computer"
		case i == v.Dealer:
			ps.Note = "dealer"
		}
		e.Seats = append(e.Seats, ps)
	}
	return e
}
