package laro

import (
	"testing"
	"time"
)

// maxActions stops a simulated game that cycles (computer players could in
// principle pass the same cards round for ever); it is far above any real
// game's length.
const maxActions = 5000

// playGame plays a whole game between players, one per seat. After each
// discard every other seat is asked whether it calls; the calls, all
// stamped at the same instant, are settled by Contest and the winner's call
// replaces the next draw. check runs the invariants after every action.
func playGame(tb testing.TB, seed uint64, dealer int, players []Player, check bool) *Game {
	g, err := New(Config{Seats: len(players), Dealer: dealer}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	stamp := time.Unix(1_700_000_000, 0)
	closeAt := DefaultWindow.Close(stamp, time.Time{})
	var calls [MaxSeats]Call
	for n := 0; !g.Over(); n++ {
		if n == maxActions {
			tb.Fatalf("seed %d: game still running after %d actions", seed, n)
		}
		var a Action
		if _, discarder, ok := g.Claimable(); ok && len(players) > 1 {
			var claims []Claim
			for s, p := range players {
				if s == discarder || g.Forfeited(s) {
					continue
				}
				c, o, ok := ChooseCall(p, g.View(s))
				if ok {
					calls[s] = c
					claims = append(claims, o.Claim(s, stamp))
				}
			}
			if w, ok, _ := Contest(discarder, len(players), claims, closeAt); ok {
				a = calls[w]
			}
		}
		if a == nil {
			var ok bool
			a, ok = Choose(players[g.Turn()], g.View(g.Turn()))
			if !ok {
				tb.Fatalf("seed %d: seat %d to move has no move (%s)", seed, g.Turn(), describe(g))
			}
		}
		if err := g.Apply(a); err != nil {
			tb.Fatalf("seed %d: player chose %v: %v (%s)", seed, a, err, describe(g))
		}
		if check {
			checkInvariants(tb, g)
		}
	}
	return g
}
