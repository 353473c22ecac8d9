package laus

import "testing"

// cs parses a card list in a test, failing it on a typo.
func cs(t testing.TB, s string) []Card {
	t.Helper()
	out, err := ParseCards(s)
	if err != nil {
		t.Fatalf("ParseCards(%q): %v", s, err)
	}
	return out
}

// c1 parses one card in a test.
func c1(t testing.TB, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatalf("ParseCard(%q): %v", s, err)
	}
	return c
}

// playRound plays the current round of m to its end with players[seat]
// choosing for each seat, and returns the result of that round.
func playRound(t testing.TB, m *Match, players []Player) RoundResult {
	t.Helper()
	round := m.Round()
	for m.Round() == round && !m.Over() {
		seat := m.Turn()
		a, ok := Decide(players[seat], m.View(seat))
		if !ok {
			t.Fatalf("round %d: Decide found no move for seat %d", round, seat)
		}
		if err := m.Apply(a); err != nil {
			t.Fatalf("round %d: Apply(%v): %v", round, a, err)
		}
	}
	r, _ := m.LastRound()
	return r
}
