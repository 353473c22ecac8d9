package e2e

import (
	"testing"

	"github.com/cardbot/cardbot/bot"
	"github.com/cardbot/cardbot/engine/laro"
)

// DealWhere deals every game of a world from the first deal for the given
// number of seats (dealer seat 0, the host's) on which ok holds; ok may
// play the game on.
func DealWhere(t *testing.T, seats int, ok func(*laro.Game) bool) func(*bot.Options) {
	t.Helper()
	cfg := laro.Config{Seats: seats, Dealer: 0}
	for seed := uint64(1); seed < 10000; seed++ {
		g, err := laro.New(cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		if ok(g) {
			return Seed(seed)
		}
	}
	t.Fatalf("no deal for %d seats found", seats)
	return nil
}

// LongDeal is DealWhere a game played as PlayTurn plays lasts the given
// number of turns without a win. A test that plays a few turns and then
// looks at a running game needs one: about one deal in a hundred is won
// within the first turns, and a random deal made such tests fail that
// often.
func LongDeal(t *testing.T, seats, turns int) func(*bot.Options) {
	t.Helper()
	return DealWhere(t, seats, func(g *laro.Game) bool { return playsWithoutWin(g, turns) })
}

// playsWithoutWin plays g as PlayTurn does (draw from the deck, declare a
// win if there is one, else ChooseDiscard) and reports whether it lasts
// the given number of turns with nobody able to win.
func playsWithoutWin(g *laro.Game, turns int) bool {
	for range turns {
		if g.Over() {
			return false
		}
		seat := g.Turn()
		if g.Apply(laro.Draw{Seat: seat}) != nil {
			return false
		}
		if _, win := g.View(seat).Win(); win {
			return false
		}
		if g.Apply(laro.Discard{Seat: seat, Card: ChooseDiscard(g.Hand(seat))}) != nil {
			return false
		}
	}
	return !g.Over()
}
