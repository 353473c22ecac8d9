package laro

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"testing"
)

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{{0, 0}, {7, 0}, {3, 3}, {3, -1}, {-1, 0}} {
		if _, err := New(cfg, 1); !errors.Is(err, ErrBadConfig) {
			t.Errorf("New(%+v) error = %v, want ErrBadConfig", cfg, err)
		}
	}
}

func TestNewDeals(t *testing.T) {
	for seats := 1; seats <= MaxSeats; seats++ {
		dealer := seats - 1
		g, err := New(Config{Seats: seats, Dealer: dealer}, uint64(seats))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, g)
		if got, want := g.DeckSize(), NumCards-HandSize*seats; got != want {
			t.Errorf("%d seats: deck %d, want %d", seats, got, want)
		}
		if _, ok := g.TopDiscard(); ok {
			t.Errorf("%d seats: got a discard at the start, want an empty pile", seats)
		}
		if g.Turn() != dealer || g.Phase() != PhaseDraw {
			t.Errorf("%d seats: turn %d phase %v, want %d draw", seats, g.Turn(), g.Phase(), dealer)
		}
	}
	a, _ := New(Config{Seats: 4}, 77)
	b, _ := New(Config{Seats: 4}, 77)
	c, _ := New(Config{Seats: 4}, 78)
	if !sameState(a.state(), b.state()) {
		t.Error("same seed dealt two different games")
	}
	if sameState(a.state(), c.state()) {
		t.Error("seeds 77 and 78 dealt the same game")
	}
}

// refuse applies a and checks it fails with want and changes nothing.
func refuse(t *testing.T, g *Game, a Action, want error) {
	t.Helper()
	before := g.state()
	err := g.Apply(a)
	if !errors.Is(err, want) {
		t.Fatalf("Apply(%v) error = %v, want %v", a, err, want)
	}
	if !sameState(before, g.state()) {
		t.Fatalf("Apply(%v) was refused but changed the game", a)
	}
}

func apply(t *testing.T, g *Game, as ...Action) {
	t.Helper()
	for _, a := range as {
		if err := g.Apply(a); err != nil {
			t.Fatalf("Apply(%v): %v (%s)", a, err, describe(g))
		}
		checkInvariants(t, g)
	}
}

func card(t testing.TB, s string) Card { return cs(t, s)[0] }

func TestRefusalsAndJump(t *testing.T) {
	g := rig(t, 0, []string{
		"C+1 C+2 C+3 T+4 T+5 T+6 S+1 S+2",
		"C+5 C+6 T+9 T+10 S-4 S-5 V S+9",
		"C-2 C-3 T-3 T-4 S-7 S-8 S+5 S+6",
	}, nil, "S+3 C+7", "")
	refuse(t, g, nil, ErrBadAction)
	refuse(t, g, Draw{Seat: 1}, ErrNotYourTurn)
	refuse(t, g, Draw{Seat: 3}, ErrBadSeat)
	refuse(t, g, Draw{Seat: -1}, ErrBadSeat)
	refuse(t, g, Discard{Seat: 0, Card: card(t, "C+1")}, ErrMustDraw)
	refuse(t, g, DeclareWin{Seat: 0}, ErrMustDraw)
	refuse(t, g, Draw{Seat: 0, FromDiscard: true}, ErrDiscardEmpty)
	refuse(t, g, Call{Seat: 1, Win: true}, ErrNothingToCall)

	apply(t, g, Draw{Seat: 0})
	if v := g.View(0); v.Drawn != card(t, "S+3") {
		t.Fatalf("drawn = %v, want S+3", v.Drawn)
	}
	refuse(t, g, Draw{Seat: 0}, ErrMustDiscard)
	refuse(t, g, Discard{Seat: 0, Card: card(t, "T-10")}, ErrNotInHand)
	refuse(t, g, Discard{Seat: 0, Card: VoidCard(0)}, ErrNotInHand)
	refuse(t, g, Discard{Seat: 0, Card: NoCard}, ErrNotInHand)
	refuse(t, g, Discard{Seat: 1, Card: card(t, "C+5")}, ErrNotYourTurn)
	refuse(t, g, Call{Seat: 1, Pair: [2]Card{card(t, "C+5"), card(t, "C+6")}}, ErrNothingToCall)
	if !slices.Contains(g.Legal(0), Action(DeclareWin{Seat: 0})) {
		t.Fatalf("Legal(0) = %v, want it to offer the win", g.Legal(0))
	}

	// Holding a win, seat 0 may still discard.
	apply(t, g, Discard{Seat: 0, Card: card(t, "C+1")})
	refuse(t, g, Call{Seat: 0, Win: true}, ErrOwnDiscard)
	refuse(t, g, Call{Seat: 2, Pair: [2]Card{card(t, "C-2"), card(t, "T-3")}}, ErrNotCluster)
	refuse(t, g, Call{Seat: 2, Pair: [2]Card{card(t, "C-2"), card(t, "C-2")}}, ErrNotCluster)
	refuse(t, g, Call{Seat: 2, Pair: [2]Card{card(t, "C+2"), card(t, "C+3")}}, ErrNotInHand)
	refuse(t, g, Call{Seat: 2, Win: true}, ErrNotWinning)
	refuse(t, g, Call{Seat: 1, Pair: [2]Card{card(t, "C+5"), card(t, "C+6")}}, ErrNotCluster)

	opts := g.CallOptions(2)
	if len(opts) != 1 || opts[0].Kind != Corrupt || opts[0].Win {
		t.Fatalf("CallOptions(2) = %v, want one Corrupt option", opts)
	}
	if got := g.CallOptions(1); len(got) != 0 {
		t.Fatalf("CallOptions(1) = %v, want none", got)
	}
	// Seat 2 calls with the pair in reverse order; the log keeps it sorted.
	apply(t, g, Call{Seat: 2, Pair: [2]Card{card(t, "C-3"), card(t, "C-2")}})
	if g.Turn() != 2 || g.Phase() != PhaseCallDiscard {
		t.Fatalf("after the call: turn %d phase %v, want 2 call-discard", g.Turn(), g.Phase())
	}
	if got := g.Log()[len(g.Log())-1].String(); got != "call 2 C-3 C-2" && got != "call 2 C-2 C-3" {
		t.Fatalf("logged call %q", got)
	}
	if got := FormatCards(g.Laid(2)[0]); got != "C+1 C-2 C-3" {
		t.Fatalf("laid %q, want C+1 C-2 C-3", got)
	}
	refuse(t, g, DeclareWin{Seat: 2}, ErrMustDiscard)
	refuse(t, g, Draw{Seat: 2}, ErrMustDiscard)
	refuse(t, g, Draw{Seat: 1}, ErrNotYourTurn)
	apply(t, g, Discard{Seat: 2, Card: card(t, "S+5")})
	// Play continues from the seat after the caller: seat 1 was jumped.
	if g.Turn() != 0 {
		t.Fatalf("after the caller's discard: turn %d, want 0 (seat 1 jumped)", g.Turn())
	}
	apply(t, g, Forfeit{Seat: 1})
	refuse(t, g, Call{Seat: 1, Win: true}, ErrForfeited)
	refuse(t, g, Forfeit{Seat: 1}, ErrForfeited)
	apply(t, g, Forfeit{Seat: 2})
	if !g.Over() || g.End() != EndDefault {
		t.Fatalf("after two forfeits: over %v end %v, want a default win", g.Over(), g.End())
	}
	refuse(t, g, Draw{Seat: 0}, ErrGameOver)
	if w, p, ok := g.Winner(); w != 0 || p != 0 || !ok {
		t.Fatalf("Winner() = %d, %d, %v; want 0, 0, true", w, p, ok)
	}
}

func TestDeclareWin(t *testing.T) {
	g := rig(t, 1, []string{
		"C-2 C-3 T-3 T-4 S-7 S-8 S+5 S+6",
		"V V V C+4 C+5 C+6 S-1 S-2",
	}, nil, "S-3", "")
	apply(t, g, Draw{Seat: 1}, DeclareWin{Seat: 1})
	w, pts, ok := g.Winner()
	if w != 1 || pts != 15 || !ok || g.End() != EndWin {
		t.Fatalf("Winner() = %d, %d, %v (end %v); want 1, 15, true, win", w, pts, ok, g.End())
	}
	if got := len(g.WinClusters()); got != 3 {
		t.Fatalf("got %d win clusters, want 3", got)
	}
	if g.NextDealer() != 1 {
		t.Fatalf("NextDealer() = %d, want the winner 1", g.NextDealer())
	}
	v := g.View(0)
	if v.Winner != 1 || v.Points != 15 || len(v.WinClusters) != 3 || v.Phase != PhaseOver {
		t.Fatalf("view after the win: %+v", v)
	}
	if got := g.Legal(1); got != nil {
		t.Fatalf("Legal after the end = %v, want none", got)
	}
}

func TestWinningCallWithLaidCluster(t *testing.T) {
	g := rig(t, 0, []string{
		"C-2 C-3 T-3 T-4 S-7 S-8 S+5 S+6",
		"T+1 T+2 S+9 S+10 V",
		"C-6 C-7 T-6 T-7 T-9 S-2 S-3 S-4",
	}, []string{"", "C+1 C+2 C+3"}, "T+3", "")
	apply(t, g, Draw{Seat: 0}, Discard{Seat: 0, Card: card(t, "T+3")})
	opts := g.CallOptions(1)
	if len(opts) < 2 || !opts[0].Win || opts[0].Kind != Pure {
		t.Fatalf("CallOptions(1) = %+v, want a win ranked Pure first", opts)
	}
	best, ok := g.BestCall(1)
	if !ok || !best.Win {
		t.Fatalf("BestCall(1) = %+v, %v; want the win", best, ok)
	}
	apply(t, g, best.Action(1))
	if w, pts, _ := g.Winner(); w != 1 || pts != 3+3+2 {
		t.Fatalf("Winner() = %d, %d; want 1, 8 (laid Pure + Pure + Wild)", w, pts)
	}
	if got := FormatCards(g.WinClusters()[0]); got != "C+1 C+2 C+3" {
		t.Fatalf("first win cluster %q, want the laid C+1 C+2 C+3", got)
	}
}

func TestVoidsAreInterchangeable(t *testing.T) {
	g := rig(t, 0, []string{
		"C-2 C-3 T-3 T-4 S-7 S-8 S+5 V",
		"C+4 C+5 V V T+1 T+2 S+9 S+10",
	}, nil, "T-9", "")
	apply(t, g, Draw{Seat: 0}, Discard{Seat: 0, Card: VoidCard(2)})
	// Seat 0 held Void 0; naming any Void means it.
	if top, _ := g.TopDiscard(); top != VoidCard(0) {
		t.Fatalf("top %v (%d), want Void 0", top, top)
	}
	if got := g.Log()[1].String(); got != "discard 0 V" {
		t.Fatalf("logged %q, want discard 0 V", got)
	}
	opts := g.CallOptions(1)
	var texts []string
	for _, o := range opts {
		if o.Win {
			texts = append(texts, "win "+o.Kind.String())
			continue
		}
		texts = append(texts, FormatCards(o.Pair[:])+" "+o.Kind.String())
	}
	// Three Wilds also win; the win ranks by the Void cluster the card
	// could make.
	want := []string{"win Void", "V V Void", "C+4 C+5 Wild", "T+1 T+2 Wild", "S+9 S+10 Wild"}
	if !slices.Equal(texts, want) {
		t.Fatalf("CallOptions(1) = %q, want %q", texts, want)
	}
	apply(t, g, Call{Seat: 1, Pair: [2]Card{VoidCard(0), VoidCard(0)}})
	if got := FormatCards(g.Laid(1)[0]); got != "V V V" {
		t.Fatalf("laid %q, want V V V", got)
	}
}

func TestReshuffleThenDeckOut(t *testing.T) {
	g := rig(t, 0, []string{
		"C-2 C-3 T-3 T-4 S-7 S-8 S+5 S+6",
		"C+4 C+7 T+1 T+5 T+8 S+1 S+9 S-5",
	}, nil, "C+10", "")
	// Move all but the deck's top card onto the discard pile.
	n := len(g.deck)
	g.discard = append(g.discard, g.deck[:n-1]...)
	g.deck = g.deck[n-1:]
	checkInvariants(t, g)
	seat := 0
	for g.Reshuffles() < MaxReshuffles || g.DeckSize() > 0 {
		before := g.Reshuffles()
		pile := len(g.discard)
		top, _ := g.TopDiscard()
		emptyDeck := g.DeckSize() == 0
		apply(t, g, Draw{Seat: seat})
		if emptyDeck {
			if g.Reshuffles() != before+1 {
				t.Fatalf("drawing from an empty deck: reshuffles %d, want %d", g.Reshuffles(), before+1)
			}
			if nt, _ := g.TopDiscard(); nt != top || len(g.discard) != 1 || g.DeckSize() != pile-2 {
				t.Fatalf("after the reshuffle: top %v pile %d deck %d; want %v, 1, %d", nt, len(g.discard), g.DeckSize(), top, pile-2)
			}
		}
		apply(t, g, Discard{Seat: seat, Card: g.View(seat).Drawn})
		seat = 1 - seat
	}
	apply(t, g, Draw{Seat: seat})
	if !g.Over() || g.End() != EndDeckOut {
		t.Fatalf("third run-out: over %v end %v, want deck-out", g.Over(), g.End())
	}
	if _, _, ok := g.Winner(); ok {
		t.Fatal("got a winner after the deck ran out, want none")
	}
	if g.NextDealer() != 1 {
		t.Fatalf("NextDealer() = %d, want 1 (the seat after dealer 0)", g.NextDealer())
	}
}

func TestNothingToReshuffleEndsTheGame(t *testing.T) {
	g := rig(t, 0, []string{"C-2 C-3 T-3 T-4 S-7 S-8 S+5 S+6"}, nil, "", "")
	// Not a reachable position (cards are dropped), only the rule's edge.
	g.deck, g.discard = nil, []Card{card(t, "T+9")}
	apply2 := g.Apply(Draw{Seat: 0})
	if apply2 != nil || g.End() != EndDeckOut {
		t.Fatalf("Apply = %v, end %v; want nil and deck-out", apply2, g.End())
	}
}

func TestForfeitOnOwnTurnPassesPlay(t *testing.T) {
	g, _ := New(Config{Seats: 3, Dealer: 1}, 5)
	apply(t, g, Draw{Seat: 1})
	deck := g.DeckSize()
	apply(t, g, Forfeit{Seat: 1})
	if g.Turn() != 2 || g.Phase() != PhaseDraw {
		t.Fatalf("turn %d phase %v, want 2 draw", g.Turn(), g.Phase())
	}
	if g.DeckSize() != deck+9 || len(g.Hand(1)) != 0 {
		t.Fatalf("deck %d hand %v, want %d and none", g.DeckSize(), g.Hand(1), deck+9)
	}
	apply(t, g, Draw{Seat: 2})
	apply(t, g, Discard{Seat: 2, Card: g.View(2).Drawn})
	if g.Turn() != 0 {
		t.Fatalf("turn %d, want 0 (seat 1 left)", g.Turn())
	}
	// The forfeited seat pays like any loser; here the game goes on.
	if g.Over() {
		t.Fatal("game over with two seats left")
	}
}

func TestSoloForfeitAbandons(t *testing.T) {
	g, _ := New(Config{Seats: 1}, 5)
	apply(t, g, Forfeit{Seat: 0})
	if g.End() != EndAbandoned {
		t.Fatalf("end %v, want abandoned", g.End())
	}
	if _, _, ok := g.Winner(); ok {
		t.Fatal("got a winner, want none")
	}
}

func TestSoloCountsTurns(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		g, _ := New(Config{Seats: 1}, seed)
		for !g.Over() {
			a, ok := AutoPlay(g, 0)
			if !ok {
				t.Fatalf("seed %d: no move for the solo seat", seed)
			}
			apply(t, g, a)
		}
		draws := 0
		for _, a := range g.Log() {
			if d, ok := a.(Draw); ok && d.Seat == 0 {
				draws++
			}
		}
		if g.End() == EndDeckOut {
			draws-- // the draw that found the deck out took no turn
		}
		if g.Turns() != draws || g.View(0).Turns != draws {
			t.Fatalf("seed %d: Turns() = %d, want %d draws", seed, g.Turns(), draws)
		}
	}
}

var cardText = regexp.MustCompile(`[CTS][+-]\d+`)

func TestViewShowsOnlyWhatTheSeatMaySee(t *testing.T) {
	g, _ := New(Config{Seats: 3, Dealer: 0}, 11)
	apply(t, g, Draw{Seat: 0})
	for seat := range 3 {
		v := g.View(seat)
		if !slices.Equal(v.Hand, g.Hand(seat)) {
			t.Fatalf("seat %d view hand %v, want %v", seat, v.Hand, g.Hand(seat))
		}
		if seat != 0 && v.Drawn != NoCard {
			t.Fatalf("seat %d sees seat 0's drawn card %v", seat, v.Drawn)
		}
		shown := map[string]bool{}
		for _, s := range cardText.FindAllString(fmt.Sprintf("%+v", v), -1) {
			shown[s] = true
		}
		for other := range 3 {
			if other == seat {
				continue
			}
			for _, c := range g.Hand(other) {
				if !c.IsVoid() && shown[c.String()] {
					t.Fatalf("seat %d's view shows %v from seat %d's hand", seat, c, other)
				}
			}
		}
		if v.HandSizes[0] != 9 || v.HandSizes[1] != 8 || v.DeckSize != g.DeckSize() {
			t.Fatalf("seat %d: sizes %v deck %d", seat, v.HandSizes, v.DeckSize)
		}
	}
	// A view is a copy: changing it changes nothing.
	v := g.View(0)
	v.Hand[0] = NoCard
	if g.Hand(0)[0] == NoCard {
		t.Fatal("changing a view changed the game")
	}
}

func TestNextDealerWithoutWinner(t *testing.T) {
	g, _ := New(Config{Seats: 3, Dealer: 2}, 1)
	if got := g.NextDealer(); got != 0 {
		t.Fatalf("NextDealer() = %d, want 0", got)
	}
}
