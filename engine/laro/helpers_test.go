package laro

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// cs parses cards for a test, failing it on bad text.
func cs(t testing.TB, s string) []Card {
	t.Helper()
	c, err := ParseCards(s)
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", s, err)
	}
	return c
}

// rig builds a game in a chosen position. hands[i] is seat i's hand, laid[i]
// its laid clusters separated by "|", deckTop the cards on top of the deck
// (top first) and discard the discard pile (bottom first). Voids are
// numbered across the whole table; every card not named goes under the
// deck, so the position holds all 63 cards.
func rig(t testing.TB, dealer int, hands, laid []string, deckTop, discard string) *Game {
	t.Helper()
	g, err := New(Config{Seats: len(hands), Dealer: dealer}, 1)
	if err != nil {
		t.Fatal(err)
	}
	used := map[Card]bool{}
	voids := 0
	take := func(s string) []Card {
		var out []Card
		for _, c := range cs(t, s) {
			if c.IsVoid() {
				c = VoidCard(voids)
				voids++
			}
			if used[c] || !c.Valid() {
				t.Fatalf("rig: card %v used twice or invalid", c)
			}
			used[c] = true
			out = append(out, c)
		}
		return out
	}
	for i, h := range hands {
		g.hands[i] = take(h)
		g.laid[i] = nil
		if i < len(laid) && laid[i] != "" {
			for _, cl := range strings.Split(laid[i], "|") {
				g.laid[i] = append(g.laid[i], take(cl))
			}
		}
	}
	top := take(deckTop)
	g.discard = take(discard)
	var rest []Card
	for _, c := range Deck() {
		if !used[c] {
			rest = append(rest, c)
		}
	}
	slices.Reverse(top)
	g.deck = append(rest, top...)
	return g
}

// gameState is everything about a game but its random source, for
// comparing two games or a game before and after a refused action.
type gameState struct {
	Deck, Discard       []Card
	Hands               [][]Card
	Laid                [][][]Card
	Out                 []bool
	Turn                int
	Phase               Phase
	Drawn               Card
	Claimable           bool
	Discarder           int
	Reshuffles, Turns   int
	End                 End
	Winner, Points      int
	WinClusters         [][]Card
	LogLen              int
	DeckLen, DiscardLen int
}

func (g *Game) state() gameState {
	s := gameState{
		Deck: slices.Clone(g.deck), Discard: slices.Clone(g.discard),
		Out: slices.Clone(g.out), Turn: g.turn, Phase: g.phase, Drawn: g.drawn,
		Claimable: g.claimable, Discarder: g.discarder, Reshuffles: g.reshuffles,
		Turns: g.turns, End: g.end, Winner: g.winner, Points: g.points,
		WinClusters: cloneGroups(g.winClusters),
	}
	for i := range g.hands {
		s.Hands = append(s.Hands, slices.Clone(g.hands[i]))
		s.Laid = append(s.Laid, cloneGroups(g.laid[i]))
	}
	s.LogLen = len(g.log)
	return s
}

func sameState(a, b gameState) bool { return reflect.DeepEqual(a, b) }

// fingerprint hashes everything state() holds, without allocating: the
// property test compares it before and after each refused action.
func (g *Game) fingerprint() uint64 {
	h := uint64(14695981039346656037)
	mix := func(x int) {
		h ^= uint64(x)
		h *= 1099511628211
	}
	cards := func(cs []Card) {
		mix(len(cs))
		for _, c := range cs {
			mix(int(c))
		}
	}
	cards(g.deck)
	cards(g.discard)
	for s := range g.hands {
		cards(g.hands[s])
		mix(len(g.laid[s]))
		for _, cl := range g.laid[s] {
			cards(cl)
		}
		if g.out[s] {
			mix(1)
		} else {
			mix(2)
		}
	}
	for _, x := range []int{g.turn, int(g.phase), int(g.drawn), g.discarder, g.reshuffles, g.turns,
		int(g.end), g.winner, g.points, len(g.winClusters), len(g.log)} {
		mix(x)
	}
	if g.claimable {
		mix(1)
	}
	return h
}

// checkInvariants fails the test if a rule every position must keep is
// broken: each card in exactly one place, holdings of eight (nine for the
// seat between draw and discard), laid clusters valid, a consistent end.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	var count [256]int
	add := func(c []Card) {
		for _, x := range c {
			count[x]++
		}
	}
	add(g.deck)
	add(g.discard)
	for s := range g.hands {
		add(g.hands[s])
		for _, cl := range g.laid[s] {
			add(cl)
			if _, ok := Classify(cl); !ok {
				t.Fatalf("seat %d laid %v: got no cluster, want one", s, cl)
			}
		}
	}
	for _, c := range Deck() {
		if count[c] != 1 {
			t.Fatalf("card %v (%d) is in %d places, want 1", c, uint8(c), count[c])
		}
	}
	if count[NoCard] != 0 || slices.ContainsFunc(count[NumCards+1:], func(n int) bool { return n != 0 }) {
		t.Fatalf("found cards that are not Laro cards: %v", count)
	}
	if g.claimable && (len(g.discard) == 0 || g.phase != PhaseDraw) {
		t.Fatalf("claimable with discard %v in phase %v", g.discard, g.phase)
	}
	for s := range g.hands {
		want := HandSize
		switch {
		case g.out[s]:
			want = 0
		case g.phase == PhaseOver:
			// A winner by default may have been between draw and discard.
			if s == g.winner && (g.end == EndWin || g.end == EndDefault && g.holds(s) == 9) {
				want = 9
			}
		case s == g.turn && g.phase != PhaseDraw:
			want = 9
		}
		if got := g.holds(s); got != want {
			t.Fatalf("seat %d holds %d (phase %v, turn %d), want %d", s, got, g.phase, g.turn, want)
		}
	}
	if g.end == EndWin {
		w := g.winner
		pts, _, ok := BestSplitWithLaid(g.hands[w], g.laid[w])
		if !ok || pts != g.points {
			t.Fatalf("winner %d: got best split %d %v, want %d", w, pts, ok, g.points)
		}
	}
}

func describe(g *Game) string {
	return fmt.Sprintf("turn %d phase %v hands %v laid %v discard %v", g.turn, g.phase, g.hands, g.laid, g.discard)
}
