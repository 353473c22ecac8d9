package laro

import (
	"testing"
)

// aiGames is how many games measure the Computer against Random players.
const aiGames = 2000

// TestComputerBeatsRandom seats one Computer with three Random players
// (which call LARO! on half the discards they can) and requires it to win
// well over the quarter that chance would give it. The Computer's seat and
// the dealer rotate so neither favours it.
func TestComputerBeatsRandom(t *testing.T) {
	wins, noWinner := 0, 0
	for i := range aiGames {
		seed := uint64(i)
		players := make([]Player, 4)
		me := i % 4
		for s := range players {
			if s == me {
				players[s] = Computer{}
			} else {
				players[s] = NewRandom(seed*8 + uint64(s))
			}
		}
		g := playGame(t, seed, (i/4)%4, players, i%10 == 0)
		w, _, ok := g.Winner()
		switch {
		case !ok:
			noWinner++
		case w == me:
			wins++
		}
	}
	rate := float64(wins) / float64(aiGames)
	t.Logf("Computer won %d of %d games (%.1f%%); %d games had no winner", wins, aiGames, 100*rate, noWinner)
	if rate <= 0.30 {
		t.Fatalf("Computer win rate %.3f, want > 0.30", rate)
	}
}

// TestComputerPlaysEverySeatCount runs computer-only games at every table
// size, with the invariants checked after each action.
func TestComputerPlaysEverySeatCount(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		for seed := range uint64(20) {
			players := make([]Player, seats)
			for s := range players {
				players[s] = Computer{}
			}
			playGame(t, seed, int(seed)%seats, players, true)
		}
	}
}

func TestComputerChoices(t *testing.T) {
	// Seat 0 holds a win after drawing the discard: it takes it and declares.
	g := rig(t, 0, []string{
		"C+1 C+2 C+3 T+4 T+5 T+6 S+1 S+2",
		"C-5 C-6 T-9 T-10 S-4 S-5 V S+9",
	}, nil, "C-9", "S+3")
	g.claimable, g.discarder = true, 1
	checkInvariants(t, g)
	a, ok := AutoPlay(g, 0)
	if !ok || a != (Draw{Seat: 0, FromDiscard: true}) {
		t.Fatalf("AutoPlay = %v, %v; want draw 0 discard", a, ok)
	}
	apply(t, g, a)
	if a, _ := AutoPlay(g, 0); a != (DeclareWin{Seat: 0}) {
		t.Fatalf("AutoPlay = %v, want win 0", a)
	}
	if _, ok := AutoPlay(g, 1); ok {
		t.Fatal("AutoPlay for a seat not to move: got a move, want none")
	}

	// A lone card is discarded before any part of a cluster or pair.
	h := rig(t, 0, []string{"C+1 C+2 C+3 T+4 T+5 S-9 S-8 V"}, nil, "T-1", "")
	apply(t, h, Draw{Seat: 0})
	if a, _ := AutoPlay(h, 0); a != (Discard{Seat: 0, Card: card(t, "T-1")}) {
		t.Fatalf("AutoPlay = %v, want discard 0 T-1", a)
	}
}

func TestComputerCalls(t *testing.T) {
	g := workedExample(t)
	_, o, ok := ChooseCall(Computer{}, g.View(2))
	if !ok || o.Kind != Pure {
		t.Fatalf("Computer at C: call %+v, %v; want the Pure call", o, ok)
	}
	if _, _, ok := ChooseCall(Computer{}, g.View(0)); ok {
		t.Fatal("Computer calls on its own discard")
	}
}
